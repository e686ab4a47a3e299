#!/usr/bin/env python3
"""The inspector's page at scale, in headless Chromium: a generated session of a 10,000-RIB
tree and 100,000 events, opened as an offline report. Prints the time to first paint, the time
to scrub to events across the session, and checks that what each scrub shows is right (the
tree's size at that event, computed independently here). No timing is asserted.

usage: inspect-scale.py RIBCAGE [--ribs N] [--events N]
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import headless_chromium


def generate(path, ribs, events):
    """Writes the session; returns the tree's size after each event (by position)."""
    rng = random.Random(7)
    sizes = []
    with open(path, "w") as out:
        out.write(json.dumps({"format": "ribcage-session", "version": 1, "app": "Scale",
                              "instance": "SCALE-1", "start": "2026-11-25T12:00:00.000Z",
                              "clock": "monotonic-ns", "byteBudget": 1 << 30,
                              "keyframeInterval": 1000}) + "\n")
        nodes = []  # (id, parent)
        nodes.append((1, None))
        for i in range(2, ribs + 1):
            parent = 1 if i <= 101 else rng.randint(2, min(i - 1, 101 + (i // 10)))
            nodes.append((i, parent))
        live = {i: p for i, p in nodes}
        children = {}
        for i, p in nodes:
            if p is not None:
                children.setdefault(p, set()).add(i)
        keyframe = {"seq": 1, "t": 1000, "type": "keyframe", "ribs": [
            {"rib": i, "parent": p, "name": "Rib%d" % i, "router": "Rib%dRouter" % i, "active": True,
             "loaded": True, "view": i % 3 != 0} for i, p in nodes]}
        out.write(json.dumps(keyframe, separators=(",", ":")) + "\n")
        sizes.append(len(live))
        next_id = ribs + 1
        leaves = [i for i in live if not children.get(i)]
        names = {}
        for seq in range(2, events + 1):
            t = seq * 50_000
            kind = rng.random()
            if kind < 0.45:
                rib = rng.choice(leaves)
                vm = {"title": "Screen %d" % rib, "count": rng.randint(0, 9),
                      "items": ["a", "b", str(rng.randint(0, 3))], "enabled": rng.random() < 0.5}
                ev = {"seq": seq, "t": t, "type": "render", "rib": rib, "path": "Rib1/Rib%d" % rib,
                      "viewModelType": "Scale.ScreenViewModel", "viewModel": vm}
            elif kind < 0.6 and len(leaves) > 10:
                # detach a leaf, or attach a new one
                if rng.random() < 0.5:
                    rib = leaves.pop(rng.randrange(len(leaves)))
                    parent = live.pop(rib)
                    children.get(parent, set()).discard(rib)
                    ev = {"seq": seq, "t": t, "type": "detach", "rib": rib, "path": "x", "parent": parent}
                else:
                    parent = rng.choice(list(children.keys()))
                    rib = next_id
                    next_id += 1
                    live[rib] = parent
                    children.setdefault(parent, set()).add(rib)
                    leaves.append(rib)
                    ev = {"seq": seq, "t": t, "type": "attach", "rib": rib, "path": "x", "parent": parent,
                          "name": "Rib%d" % rib, "router": "Rib%dRouter" % rib, "view": True, "active": True}
            elif kind < 0.8:
                rib = rng.choice(leaves)
                ev = {"seq": seq, "t": t, "type": "hook", "rib": rib, "path": "x",
                      "hook": "didBecomeActive", "ns": rng.randint(1000, 90000)}
            elif kind < 0.9:
                rib = rng.choice(leaves)
                ev = {"seq": seq, "t": t, "type": rng.choice(["activate", "deactivate"]), "rib": rib, "path": "x"}
            else:
                ev = {"seq": seq, "t": t, "type": "mark", "text": "mark %d" % seq}
            out.write(json.dumps(ev, separators=(",", ":")) + "\n")
            sizes.append(len(live))
    return sizes


def main():
    ribcage = sys.argv[1]
    ribs = int(sys.argv[sys.argv.index("--ribs") + 1]) if "--ribs" in sys.argv else 10_000
    events = int(sys.argv[sys.argv.index("--events") + 1]) if "--events" in sys.argv else 100_000
    work = tempfile.mkdtemp(prefix="ribcage-scale-")
    session = os.path.join(work, "scale.jsonl")
    sizes = generate(session, ribs, events)
    report = os.path.join(work, "scale.html")
    subprocess.run([ribcage, "inspect", session, "--html", report], check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    print(f"session: {ribs} RIBs, {events} events, {os.path.getsize(session) // 1024} KB")

    driver = headless_chromium.start("--js-flags=--expose-gc")
    driver.set_page_load_timeout(120)
    try:
        paints = []
        for _ in range(3):
            driver.get("file://" + report + "?debug=1")  # debug=1: the page's debug handle
            paints.append(driver.execute_script("return window.__inspector.state.metrics.firstPaintMs"))
            count = driver.execute_script("return window.__inspector.eventCount()")
            if count != events:
                raise SystemExit(f"error: the page read {count} events, not {events}")
        rng = random.Random(11)
        targets = [rng.randrange(events) for _ in range(200)] + [0, events - 1, events // 2]
        seeks = []
        for index in targets:
            ms = driver.execute_script(f"return window.__inspector.seek({index})")
            seeks.append(ms)
            shown = driver.execute_script("return window.__inspector.state.view.ribs.size")
            if shown != sizes[index]:
                raise SystemExit(f"error: at event {index} the page shows {shown} RIBs, not {sizes[index]}")
        heap = driver.execute_script("gc && gc(); return performance.memory ? performance.memory.usedJSHeapSize : 0")
        seeks.sort()
        print(f"first paint (navigation start → tree, log and timeline drawn): "
              f"{min(paints):.0f}–{max(paints):.0f} ms over 3 loads")
        print(f"scrub to an event ({len(seeks)} seeks, random and ends): median {seeks[len(seeks) // 2]:.1f} ms, "
              f"p95 {seeks[int(len(seeks) * 0.95)]:.1f} ms, max {seeks[-1]:.1f} ms")
        print(f"JS heap after loading: {heap / 1048576:.0f} MB")
        print("ok: every scrub showed the tree's size at that event")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
