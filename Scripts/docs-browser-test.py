#!/usr/bin/env python3
"""Opens the built documentation (Scripts/build-docs.sh) in headless Chromium, as a reader would.

Usage: docs-browser-test.py SITE_FOLDER [SCREENSHOT.png]

Serves SITE_FOLDER (the static-hosting form of every product's archive) over HTTP, then for each
product opens its landing page and checks that DocC's page rendered its title and topic groups;
opens the Ribcage tutorial and an article; and saves a screenshot of Ribcage's landing page.
Exits 1 with what was missing.
"""

import functools
import http.server
import os
import sys
import threading
import time

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
import headless_chromium  # noqa: E402

PRODUCTS = ["Ribcage", "RibcageTesting", "RibcageInspector", "RibcageUIKit", "RibcageSwiftUI",
            "RibcageCombine"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def wait_for_text(browser, selector, expected=None, deadline_seconds=20):
    """The text of an element matching `selector` once DocC's app has rendered it (`expected`'s,
    if one shows it before the deadline; else the first one's)."""
    deadline = time.monotonic() + deadline_seconds
    texts = []
    while time.monotonic() < deadline:
        texts = [e.text.strip() for e in browser.find_elements(By.CSS_SELECTOR, selector)]
        texts = [text for text in texts if text]
        if texts and (expected is None or expected in texts):
            return expected or texts[0]
        time.sleep(0.2)
    return texts[0] if texts else None


def main():
    site = sys.argv[1]
    screenshot = sys.argv[2] if len(sys.argv) > 2 else None
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_port}"
    browser = headless_chromium.start()
    problems = []
    try:
        for product in PRODUCTS:
            lower = product.lower()
            browser.get(f"{base}/{lower}/documentation/{lower}/")
            title = wait_for_text(browser, "h1", product)
            if title != product:
                problems.append(f"{product}: landing page title is {title!r}")
                continue
            topics = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".contenttable h3")]
            links = browser.find_elements(By.CSS_SELECTOR, ".contenttable a")
            if not topics or not links:
                problems.append(f"{product}: no topic groups on the landing page")
            print(f"{product}: {len(topics)} topic groups, {len(links)} links")
            if product == "Ribcage" and screenshot:
                browser.set_window_size(1400, 1800)
                time.sleep(0.5)
                browser.save_screenshot(screenshot)
                browser.set_window_size(1500, 900)
        pages = [("/ribcage/tutorials/ribcage/buildingatree", "Root, LoggedOut and LoggedIn"),
                 ("/ribcage/documentation/ribcage/gettingstarted", "Getting started"),
                 ("/ribcage/documentation/ribcage/streams", "Streams and their operators")]
        for path, expected in pages:
            browser.get(base + path)
            heading = wait_for_text(browser, "h1, h2", expected)
            if heading != expected:
                problems.append(f"{path}: heading is {heading!r}, expected {expected!r}")
            else:
                print(f"{path}: {heading}")
    finally:
        browser.quit()
        server.shutdown()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
