#!/usr/bin/env python3
"""The inspector in a real browser: `ribcage inspect` on a free loopback port, headless
Chromium on its page, and a scripted Rides session streaming to it with `rides --inspect`.

Asserts from the page's DOM that the tree follows the ride, that switching `coupons` off
removes Coupon, that scrubbing back shows LoggedOut, that the auto-disabled live_activity
plugin shows its note, that a view model diff is shown, that a flag switched from the page
changes the app's tree, and that the offline HTML report shows the same tree at the same
event. Stops everything it started; every wait is bounded.

usage: inspect-browser-test.py RIBCAGE RIDES [--screenshot PNG]
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By

import headless_chromium

DEADLINE = time.time() + 240
started = []


def fail(message):
    headless_chromium.fail(message)


def wait_for(what, check, timeout=15):
    return headless_chromium.wait_for(what, check, timeout, deadline=DEADLINE)


def tree_paths(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#tree [data-path]')).map(e => e.dataset.path)")


def has_path(driver, suffix):
    return any(p.endswith(suffix) for p in tree_paths(driver))


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    ribcage, rides = sys.argv[1], sys.argv[2]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    work = tempfile.mkdtemp(prefix="ribcage-inspect-")
    sessions = os.path.join(work, "sessions")

    server = subprocess.Popen(
        [ribcage, "inspect", "--port", "0", "--sessions", sessions],
        stdout=subprocess.PIPE, stderr=open(os.path.join(work, "server.log"), "w"), text=True)
    started.append(server)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
    if not match:
        fail("ribcage inspect printed no URL: " + line)
    url = match.group(1)
    print("== server:", url)

    driver = headless_chromium.start()
    driver.set_script_timeout(20)
    try:
        run(driver, url, rides, ribcage, sessions, work, screenshot)
    finally:
        driver.quit()


def run(driver, url, rides, ribcage, sessions, work, screenshot):
    # The page's debug handle (window.__inspector) exists only when the address asks for it.
    driver.get(url)
    wait_for("the page's script", lambda: driver.execute_script(
        "return document.getElementById('live') !== null && document.readyState === 'complete'"))
    if driver.execute_script("return typeof window.__inspector") != "undefined":
        fail("the page exposes window.__inspector without debug=1 in its address")
    driver.get(url + "&debug=1")
    wait_for("the page's script", lambda: driver.execute_script("return !!window.__inspector"))

    app = subprocess.Popen([rides, "--inspect", url], stdin=subprocess.PIPE,
                           stdout=open(os.path.join(work, "rides.out"), "w"),
                           stderr=subprocess.STDOUT, text=True)
    started.append(app)

    def send(command):
        app.stdin.write(command + "\n")
        app.stdin.flush()

    wait_for("LoggedOut in the tree", lambda: has_path(driver, "Root/LoggedOut"))
    print("ok: the tree shows Root/LoggedOut")
    send("login alice")
    wait_for("LoggedIn in the tree", lambda: has_path(driver, "Root/LoggedIn"))
    send("request")
    wait_for("Request under LoggedIn", lambda: has_path(driver, "Root/LoggedIn/Request"))
    print("ok: LoggedOut, then LoggedIn → Request")
    for command in ["pickup home", "dropoff airport", "select black", "card amex"]:
        send(command)
    coupon = wait_for("Coupon in the tree",
                      lambda: [p for p in tree_paths(driver) if p.endswith("/Coupon")])
    badge = driver.find_element(By.CSS_SELECTOR, f'#tree [data-path="{coupon[0]}"] .badge.plugin').text
    if "coupons" not in badge:
        fail("Coupon's row does not show its flag: " + badge)
    print("ok: Coupon is a plugin child marked with its flag:", badge)

    # A view model diff: Confirm rendered again when the card changed.
    confirm = [p for p in tree_paths(driver) if p.endswith("/Confirm")][0]
    driver.find_element(By.CSS_SELECTOR, f'#tree [data-path="{confirm}"] .name').click()
    wait_for("a view model diff of Confirm",
             lambda: driver.find_elements(By.CSS_SELECTOR, "#details pre.diff .add")
             and driver.find_elements(By.CSS_SELECTOR, "#details pre.diff .del"))
    print("ok: Confirm's renders show a diff:",
          driver.find_elements(By.CSS_SELECTOR, "#details pre.diff .add")[0].text[:60])

    send("flag coupons off")
    wait_for("Coupon gone after flag coupons off", lambda: not has_path(driver, "/Coupon"))
    print("ok: switching coupons off removes Coupon")

    # A flag switched from the page: the app's tree gets Coupon back.
    wait_for("the remote action controls", lambda: driver.find_element(By.ID, "flag-apply").is_displayed())
    driver.execute_script(
        "document.getElementById('flag-key').value = 'coupons';"
        "document.getElementById('flag-value').value = 'true';")
    driver.find_element(By.ID, "flag-apply").click()
    wait_for("Coupon back after the page switched coupons on", lambda: has_path(driver, "/Coupon"))
    wait_for("the remote action in the timeline", lambda: driver.execute_script(
        "return window.__inspector.state.events.some(e => e.type === 'mark' && e.text.includes('inspector: set flag coupons'))"))
    print("ok: the page switched coupons on; the app attached Coupon again (a mark in the timeline)")

    if screenshot:
        driver.find_element(By.CSS_SELECTOR, f'#tree [data-path="{confirm}"] .name').click()
        time.sleep(0.3)
        driver.save_screenshot(screenshot)
        print("ok: screenshot", screenshot)

    for command in ["confirm", "seats 2", "note blue door, ring twice", "flag live_activity on",
                    "request", "wait 10s", 'push {"type": "driver_arrived", "trip": 100}',
                    "wait 30s"]:
        send(command)
    note = wait_for("the auto-disabled plugin's note", lambda: [
        e.text for e in driver.find_elements(By.CSS_SELECTOR, "#tree .badge.note")
        if "live_activity" in e.text])
    print("ok: the auto-disabled plugin shows its note:", note[0][:70])

    # Scrub back: filter the log to LoggedOut's attach and click it; the tree is as it was then.
    driver.find_element(By.ID, "first").click()
    wait_for("the first event", lambda: driver.execute_script("return window.__inspector.state.pos") == 0)
    driver.execute_script("const k = document.getElementById('kind-filter'); k.value = 'attach';"
                          "k.dispatchEvent(new Event('input'));")
    driver.find_element(By.ID, "rib-filter").send_keys("loggedout")
    row = wait_for("LoggedOut's attach in the filtered log", lambda: driver.find_elements(
        By.CSS_SELECTOR, "#log .ev.k-attach"))
    row[0].click()
    wait_for("LoggedOut after scrubbing back",
             lambda: has_path(driver, "Root/LoggedOut") and not has_path(driver, "Root/LoggedIn"))
    driver.find_element(By.ID, "next").click()
    driver.find_element(By.ID, "prev").click()
    if not has_path(driver, "Root/LoggedOut"):
        fail("stepping forward and back lost LoggedOut")
    print("ok: scrubbing back shows LoggedOut again (log filtered by kind and RIB, stepping)")
    driver.find_element(By.ID, "rib-filter").clear()
    driver.execute_script("const k = document.getElementById('kind-filter'); k.value = '';"
                          "k.dispatchEvent(new Event('input'));")
    driver.find_element(By.ID, "search").send_keys("Amex")
    found = wait_for("a full-text search hit", lambda: driver.find_elements(By.CSS_SELECTOR, "#log .ev"))
    print(f"ok: searching view models for 'Amex' finds {len(found)} events")
    driver.find_element(By.ID, "search").clear()
    driver.find_element(By.ID, "live").click()
    wait_for("live again", lambda: has_path(driver, "Root/LoggedIn"))

    # From the first command on: what came before was recorded before the app connected.
    latencies = driver.execute_script(
        "const S = window.__inspector.state;"
        "const first = S.events.find(e => e.type === 'mark' && e.text === 'turn: login alice');"
        "return S.metrics.latencies.filter(l => first && l.seq >= first.seq)")
    if latencies:
        total = sorted(l["ms"] for l in latencies)
        to_server = sorted(l["toServer"] for l in latencies if l["toServer"] is not None)
        print(f"live latency (event recorded → on the page): median {total[len(total) // 2]:.1f} ms, "
              f"max {total[-1]:.1f} ms over {len(total)} events; of which recorded → forwarded by "
              f"the server: median {to_server[len(to_server) // 2]:.1f} ms, max {to_server[-1]:.1f} ms")

    send("wait 20m")
    send("done")
    app.stdin.close()
    if app.wait(timeout=30) != 0:
        fail("rides --inspect exited with " + str(app.returncode) + ": " + open(os.path.join(work, "rides.out")).read()[-2000:])
    # The page keeps the session after the app is gone.
    wait_for("the session marked ended", lambda: "ended" in driver.find_element(By.ID, "session-select").text)
    count = driver.execute_script("return window.__inspector.eventCount()")
    middle = count // 2
    live_paths = {}
    for index in [middle, count - 1]:
        driver.execute_script(f"window.__inspector.seek({index})")
        live_paths[index] = sorted(tree_paths(driver))

    files = [os.path.join(sessions, f) for f in os.listdir(sessions)]
    if len(files) != 1:
        fail(f"expected one session file, found {files}")
    report = os.path.join(work, "report.html")
    subprocess.run([ribcage, "inspect", files[0], "--html", report], check=True, timeout=60,
                   stdout=subprocess.DEVNULL)
    driver.get("file://" + report + "?debug=1")
    wait_for("the report's session", lambda: driver.execute_script(
        "return window.__inspector && window.__inspector.eventCount()") == count)
    check_report_opens_at_its_end(driver, count)
    for index, expected in live_paths.items():
        driver.execute_script(f"window.__inspector.seek({index})")
        paths = sorted(tree_paths(driver))
        if paths != expected:
            fail(f"the report's tree at event {index} differs: {paths} vs {expected}")
    print(f"ok: the offline report shows the same tree at events {middle} and {count - 1} "
          f"({count} events, no server)")


def check_report_opens_at_its_end(driver, count):
    """The report opens at its last event: the slider there, that event's row in view and
    current, the button that goes to the end not lit (nothing is live), and the tree nested."""
    opened = driver.execute_script("""
        const log = document.getElementById('log'), box = log.getBoundingClientRect();
        const current = log.querySelector('.ev.current');
        const seen = current && current.getBoundingClientRect();
        return {pos: window.__inspector.state.pos, lit: document.getElementById('live').classList.contains('on'),
                current: current ? current.dataset.index : null,
                visible: !!seen && seen.top >= box.top && seen.bottom <= box.bottom + 1,
                indents: Array.from(document.querySelectorAll('#tree [data-path]')).map(e =>
                  [e.dataset.path.split('/').length, Math.round((e.querySelector('.name') || e).getBoundingClientRect().left)])};
    """)
    if opened["pos"] != count - 1 or opened["current"] != str(count - 1) or not opened["visible"]:
        fail(f"the report does not open at its last event with that event in view: {opened}")
    if opened["lit"]:
        fail("the report's Live/End button is lit, but a report has nothing live")
    by_depth = {}
    for depth, left in opened["indents"]:
        by_depth.setdefault(depth, set()).add(left)
    lefts = [min(v) for _, v in sorted(by_depth.items())]
    if len(lefts) < 3 or lefts != sorted(set(lefts)):
        fail(f"the report's tree is not indented by depth: {opened['indents']}")
    print(f"ok: the report opens at event {count} (in view, current), End not lit, "
          f"the tree indented over {len(lefts)} levels")


if __name__ == "__main__":
    try:
        main()
    finally:
        headless_chromium.stop(started)
