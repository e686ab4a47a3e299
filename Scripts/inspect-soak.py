#!/usr/bin/env python3
"""The inspector over a long session: `ribcage inspect`, headless Chromium on its page, and
`rides --soak N --inspect URL` streaming N whole ride cycles to it.

At every tenth of the run (each `rides K:` line) it samples the server's resident memory
(/proc/PID/status) and the page's JS heap after a garbage collection (the DevTools protocol),
with the events the page keeps. It fails when a budget is broken:
  - the page keeps at most its `keep` events (plus the quarter it trims in blocks of);
  - the page's JS heap stays under --heap-mb (default 160 MB, for the default 100,000 events);
  - the server's resident memory stays under --server-mb (default 96 MB);
  - both stop growing: the last tenth's figure is at most --growth (default 25%, plus 4 MB)
    above the largest of the run's first half.
At every tenth the page's per-RIB holdings (plugin badges, notes) may not exceed the RIBs
attached, nor its render lists and checkpoints grow with the session. At the end the page must
still follow the live tree (the app, kept up by the script, signs in
and requests a ride; the page shows it), scrub (the first kept event, the middle, back to live),
and a second page opened then must load the session's tail from the file and show the same tree.

usage: inspect-soak.py RIBCAGE RIDES [--rides N] [--keep N] [--page-tail-mb N]
                       [--heap-mb N] [--server-mb N] [--growth F] [--screenshot PNG]
"""
import argparse
import os
import re
import subprocess
import tempfile

import headless_chromium

started = []
# Absolute slack on the growth check: a few-MB heap moves by more than 25% between two samples.
SLACK_MB = 4


fail = headless_chromium.fail


def wait_for(what, check, timeout=30):
    return headless_chromium.wait_for(what, check, timeout)


def resident_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def heap_mb(driver):
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    return driver.execute_cdp_cmd("Runtime.getHeapUsage", {})["usedSize"] / 1048576


def tree_paths(driver):
    return driver.execute_script("return window.__inspector.treePaths()")


def page_counts(driver):
    return driver.execute_script(
        "return [window.__inspector.eventCount(), window.__inspector.trimmedCount()]")


def open_page(url, keep):
    driver = headless_chromium.start()
    driver.set_script_timeout(60)
    driver.get(url + f"&keep={keep}&debug=1")  # debug=1: the page's debug handle
    wait_for("the page's script", lambda: driver.execute_script("return !!window.__inspector"))
    return driver


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ribcage")
    parser.add_argument("rides")
    parser.add_argument("--rides", dest="count", type=int, default=300)
    parser.add_argument("--keep", type=int, default=100000)
    parser.add_argument("--page-tail-mb", type=int, default=32)
    parser.add_argument("--heap-mb", type=float, default=160)
    parser.add_argument("--server-mb", type=float, default=96)
    parser.add_argument("--growth", type=float, default=0.25)
    parser.add_argument("--screenshot")
    options = parser.parse_args()

    work = tempfile.mkdtemp(prefix="ribcage-soak-")
    server = subprocess.Popen(
        [options.ribcage, "inspect", "--port", "0", "--sessions", os.path.join(work, "sessions"),
         "--page-tail-mb", str(options.page_tail_mb)],
        stdout=subprocess.PIPE, stderr=open(os.path.join(work, "server.log"), "w"), text=True)
    started.append(server)
    match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", server.stdout.readline())
    if not match:
        fail("ribcage inspect printed no URL")
    url = match.group(1)
    print(f"== server {url}; {options.count} rides; the page keeps {options.keep} events", flush=True)

    driver = open_page(url, options.keep)
    second = None
    try:
        app = subprocess.Popen(
            [options.rides, "--soak", str(options.count), "--seed", "7", "--inspect", url],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        started.append(app)
        samples = []
        summary = []
        for line in app.stdout:
            line = line.rstrip("\n")
            if line.startswith("rides "):
                rides = int(line.split()[1].rstrip(":"))
                events, trimmed = page_counts(driver)
                sample = {"rides": rides, "server": resident_mb(server.pid), "heap": heap_mb(driver),
                          "events": events, "trimmed": trimmed,
                          "app": re.search(r"resident ([\d.]+ MB)", line).group(1)}
                samples.append(sample)
                print(f"rides {rides}: server {sample['server']:.1f} MB, page heap "
                      f"{sample['heap']:.1f} MB, page keeps {events} events ({trimmed} trimmed), "
                      f"app {sample['app']}", flush=True)
                if events > options.keep + options.keep // 4:
                    fail(f"the page keeps {events} events, over its {options.keep}")
                # Per-RIB holdings follow the live tree, never the RIBs ever seen.
                held_now = driver.execute_script("return window.__inspector.holdings()")
                if held_now["plugins"] > held_now["ribs"] or held_now["notes"] > held_now["ribs"]:
                    fail(f"the page holds plugin badges or notes of detached RIBs: {held_now}")
                if held_now["renderLists"] > events or held_now["checkpoints"] > events // 500 + 8:
                    fail(f"the page's render lists or checkpoints grow: {held_now}")
                # Halfway, a user scrubs back and stays there while the page trims under them:
                # their moment stays (or becomes the first kept event if it was cut), then live.
                if len(samples) == 5:
                    driver.execute_script(f"window.__inspector.seek({events // 2})")
                    held = driver.execute_script(
                        "const s = window.__inspector.state; return s.events[s.pos].seq")
                elif len(samples) == 6:
                    seq, pos = driver.execute_script(
                        "const s = window.__inspector.state; return [s.events[s.pos].seq, s.pos]")
                    if seq != held and pos != 0:
                        fail(f"scrubbed to #{held}, the page shows #{seq} at {pos} after trimming")
                    if not tree_paths(driver):
                        fail("the scrubbed page shows no tree after trimming")
                    driver.execute_script("window.__inspector.live()")
                    print(f"ok: a page scrubbed back to #{held} while trimming shows "
                          f"#{seq} (index {pos}), then goes live", flush=True)
            elif line.startswith("soak:"):
                summary.append(line)
                print(line, flush=True)
                if "reading commands" in line:
                    break
        if not summary or "every count flat, no leaks" not in " ".join(summary):
            fail("the soak did not end flat and without leaks: " + " | ".join(summary))

        peak_heap = max(s["heap"] for s in samples)
        peak_server = max(s["server"] for s in samples)
        if peak_heap > options.heap_mb:
            fail(f"the page's heap reached {peak_heap:.1f} MB, over its {options.heap_mb} MB budget")
        if peak_server > options.server_mb:
            fail(f"the server reached {peak_server:.1f} MB, over its {options.server_mb} MB budget")
        half = samples[: max(1, len(samples) // 2)]
        for key, name in (("heap", "page heap"), ("server", "server memory")):
            reference = max(s[key] for s in half)
            if samples[-1][key] > reference * (1 + options.growth) + SLACK_MB:
                fail(f"the {name} still grows: {samples[-1][key]:.1f} MB at the end against "
                     f"{reference:.1f} MB in the run's first half")
        print(f"ok: page heap ≤ {peak_heap:.1f} MB (budget {options.heap_mb:.0f}), server ≤ "
              f"{peak_server:.1f} MB (budget {options.server_mb:.0f}), both flat in the second half")

        # The page follows the live tree after all those rides.
        wait_for("the page caught up: Root/LoggedOut", lambda: sorted(tree_paths(driver))
                 == ["Root", "Root/LoggedOut"], timeout=60)

        def send(command):
            app.stdin.write(command + "\n")
            app.stdin.flush()

        send("login alice")
        send("request")
        wait_for("the live tree: Root/LoggedIn/Request", lambda: any(
            p.endswith("Root/LoggedIn/Request") for p in tree_paths(driver)), timeout=60)
        print("ok: after the soak the page follows the live tree (sign in, request)")

        # Scrubbing: the first kept event, the middle, then live again.
        events, trimmed = page_counts(driver)
        timings = []
        for index in (0, events // 2, events - 2):
            timings.append(driver.execute_script(f"return window.__inspector.seek({index})"))
            if not tree_paths(driver):
                fail(f"scrubbing to event {index} of {events} shows no tree")
        driver.execute_script("window.__inspector.live()")
        wait_for("Request again when live", lambda: any(
            p.endswith("Root/LoggedIn/Request") for p in tree_paths(driver)))
        print(f"ok: the page scrubs its {events} events ({trimmed} older trimmed): "
              + ", ".join(f"{t:.0f} ms" for t in timings) + ", then live again")

        # A page opened now gets the file's tail (from a keyframe) and shows the same tree.
        second = open_page(url, options.keep)
        wait_for("the second page's tree", lambda: any(
            p.endswith("Root/LoggedIn/Request") for p in tree_paths(second)), timeout=120)
        skipped = second.execute_script("return window.__inspector.state.skippedBytes")
        # Both pages may still be drawing the last lines: wait until they agree.
        wait_for("the second page's tree equal to the first's", lambda: sorted(tree_paths(second))
                 == sorted(tree_paths(driver)))
        print(f"ok: a page opened after the soak loads the tail ({skipped / 1048576:.1f} MB of the "
              f"file skipped) and shows the same live tree; server "
              f"{resident_mb(server.pid):.1f} MB after it")
        if options.screenshot:
            driver.save_screenshot(options.screenshot)

        app.stdin.close()
        rest = app.stdout.read()
        code = app.wait(timeout=60)
        if code != 0:
            fail(f"rides exited {code}: {rest[-500:]}")
        print("ok: rides exited 0")
    finally:
        driver.quit()
        if second:
            second.quit()


if __name__ == "__main__":
    try:
        main()
    finally:
        headless_chromium.stop(started)
