"""Headless Chromium from Debian's packages, driven by selenium, and the waits and clean-up the
inspector's browser scripts share."""
import signal
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def start(*extra_arguments, browser_log=False):
    """Headless Chromium; with `browser_log`, the page's console is kept for
    `driver.get_log("browser")`."""
    options = Options()
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1500,900", "--disable-gpu", *extra_arguments]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def fail(message):
    """Ends the script with an error line (exit status 1)."""
    print("error: " + message, file=sys.stderr)
    raise SystemExit(1)


def wait_for(what, check, timeout=15, deadline=None):
    """Polls `check` every 50 ms until it returns something true, for at most `timeout` seconds
    (and never past `deadline`, a time.time() value); fails naming `what` and the last answer."""
    end = time.time() + timeout
    if deadline is not None:
        end = min(end, deadline)
    last = None
    while time.time() < end:
        try:
            last = check()
            if last:
                return last
        except Exception as error:  # the page may be redrawing
            last = error
        time.sleep(0.05)
    fail(f"timed out waiting for {what} (last: {last!r})")


def stop(processes):
    """Ends every process still running: SIGTERM, then SIGKILL after 5 seconds."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
