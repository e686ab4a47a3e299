#!/usr/bin/env python3
"""The inspector's page against a hostile session, in headless Chromium.

Writes a session whose string and id fields carry markup, script, `javascript:` URLs, control
and bidirectional characters, `__proto__` keys, huge, negative and fractional numbers and
objects where numbers belong, mixed with valid lines, and opens it four ways:

  offline   `ribcage inspect FILE --port 0`, the page served with its Content-Security-Policy
  report    `ribcage inspect FILE --html OUT`, opened from file://
  bare      the same report with the browser told to ignore the CSP (DevTools'
            Page.setBypassCSP): the page's own drawing must be safe without the policy
  live      `ribcage inspect --port 0 --sessions DIR` and a fake app on the app WebSocket (a
            minimal client written here with the standard library) streaming the same lines
            one per message, reconnecting when the server refuses one and closes

On each page it scrubs through every event, selects every RIB (details, view models, diffs),
filters and searches the log, and asserts: no script ran (`window.__pwned` undefined, nothing
polluted Object.prototype); no element came from data (a MutationObserver installed before the
page's own script records every element ever inserted: only the page's own kinds of element,
no `on*`, `src`, `href` or `srcdoc` attribute); 0 console errors; 0 CSP violations; the lines
with wrong types dropped (and counted on the page) and the valid ones kept; the valid RIBs shown,
the hostile names among them as plain text. Saves a screenshot of the report.

usage: inspect-hostile-test.py RIBCAGE [--screenshot PNG] [--keep-work]
"""
import base64
import hashlib
import json
import os
import re
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

import headless_chromium

DEADLINE = time.time() + 270
started = []

PWN = "window.__pwned=1"
# Strings an attacker would put anywhere a string goes.
HOSTILE_STRINGS = [
    '1"><img src=x onerror=' + PWN + '>',
    "</script><script>" + PWN + "</script>",
    "<svg onload=" + PWN + "><circle/></svg>",
    "javascript:" + PWN,
    "<iframe srcdoc='<script>parent.__pwned=1</script>'></iframe>",
    '<a href="javascript:' + PWN + '">click me</a>',
    "<!-- <script>" + PWN + "</script> -->",
    '" style="position:fixed;inset:0;background:red" x="',
    "<style>*{display:none!important}</style>",
    "{{constructor.constructor('" + PWN + "')()}} ${" + PWN + "}",
    "<math><mtext><table><mglyph><style><img src=x onerror=" + PWN + ">",
    "ctl:\n\r\t\x00\x07\x1b[31m\x7f\x85 end",
    "bidi:\u202eevil.exe\u202c \u2066iso\u2069 \u200f\u061c \u2028\u2029 end",
    "__proto__",
    "constructor",
    "A" * 20000,
]
IMG = HOSTILE_STRINGS[0]
SCRIPT = HOSTILE_STRINGS[1]
SVG = HOSTILE_STRINGS[2]
BIDI = HOSTILE_STRINGS[12]
CTL = HOSTILE_STRINGS[11]
JS_URL = HOSTILE_STRINGS[3]

# What the page may hold: the elements of index.html and those the page builds.
ALLOWED_ELEMENTS = {
    "HTML", "HEAD", "META", "TITLE", "STYLE", "BODY", "HEADER", "STRONG", "SELECT", "OPTION", "SPAN",
    "INPUT", "BUTTON", "SECTION", "MAIN", "H2", "H3", "DIV", "P", "SCRIPT", "TABLE", "TBODY", "TR",
    "TD", "PRE",
}

# Installed before the page's own script (DevTools runs it at document start, outside the CSP):
# every element inserted, ever, is checked; CSP violations are counted.
WATCH = """
(() => {
  const allowed = new Set(%s);
  window.__foreign = [];
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
  });
  // What the server sends the page, to compare with what the page kept.
  window.__received = [];
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new NativeWebSocket(...args);
    socket.addEventListener('message', (e) => {
      try { const m = JSON.parse(e.data); if (m.type === 'lines') window.__received.push(m.text); } catch (error) {}
    });
    return socket;
  };
  window.WebSocket.prototype = NativeWebSocket.prototype;
  const look = (el) => {
    const bad = !allowed.has(el.tagName) || Array.from(el.attributes).some((a) =>
      /^on/i.test(a.name) || ['src', 'href', 'srcdoc', 'action', 'formaction', 'xlink:href'].includes(a.name.toLowerCase()));
    if (bad && window.__foreign.length < 50) window.__foreign.push(el.outerHTML.slice(0, 200));
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      look(n);
      for (const d of n.querySelectorAll('*')) look(d);
    }
  }).observe(document, { childList: true, subtree: true });
})();
""" % json.dumps(sorted(ALLOWED_ELEMENTS))


def fail(message):
    headless_chromium.fail(message)


def wait_for(what, check, timeout=20):
    return headless_chromium.wait_for(what, check, timeout, deadline=DEADLINE)


# ---------------------------------------------------------------------------- the session

def session_lines():
    """[(text, keep)]: the header first (keep None), then events the page must keep (True) and
    lines it must drop (False). Every line gets the next seq, so a dropped line never makes a
    later valid one out of order."""
    lines = []
    seq = [0]

    def next_seq():
        seq[0] += 1
        return seq[0]

    def add(obj, keep, raw=False, ascii=False):
        # Raw UTF-8 for most lines (the servers and the report read the file as UTF-8); escapes
        # where the text holds what UTF-8 cannot (a lone surrogate).
        lines.append((obj if raw else json.dumps(obj, ensure_ascii=ascii), keep))

    def event(type_, keep=True, **fields):
        s = next_seq()
        ev = {"seq": s, "t": s * 1_000_000, "type": type_}
        ev.update(fields)
        add(ev, keep)

    def bad(type_, **fields):
        event(type_, keep=False, **fields)

    add({"format": "ribcage-session", "version": 1, "app": IMG, "instance": SVG + "-HOSTILE-1",
         "start": "2026-11-25T12:00:00.000Z", "clock": "monotonic-ns", "byteBudget": 1 << 20,
         "keyframeInterval": 1000, "extra": SCRIPT}, None)

    view_model = {
        "title": IMG, "subtitle": SCRIPT, "link": JS_URL, "__proto__": {"polluted": 1},
        "constructor": {"prototype": {"polluted": 1}}, IMG: SVG, "bidi": BIDI, "ctl": CTL,
        "nested": {"deeper": [SVG, {"x": IMG}], "n": 1},
    }
    # A valid keyframe whose strings are all hostile; RIB 2 is a plain one.
    event("keyframe", ribs=[
        {"rib": 1, "parent": None, "name": "Root", "router": "RootRouter", "active": True, "loaded": True, "view": True},
        {"rib": 2, "parent": 1, "name": "Home", "router": "HomeRouter", "active": True, "loaded": True, "view": True,
         "viewModelType": "App.HomeViewModel", "viewModel": {"title": "Welcome"}},
        {"rib": 3, "parent": 1, "name": IMG, "router": SVG, "active": True, "loaded": False, "view": True,
         "viewModelType": SCRIPT, "viewModel": view_model, "__proto__": {"polluted": 1}},
        {"rib": 4, "parent": 2, "name": BIDI, "router": JS_URL, "active": False, "loaded": True, "view": False},
    ], flags=[{"key": IMG, "value": SCRIPT, "source": SVG}, {"key": "__proto__", "value": True, "source": "runtime"}],
        coreOnly=False, workflows=[{"run": 1, "kind": SVG}])
    event("attach", rib=5, parent=1, name="Settings", router="SettingsRouter", view=True, active=True,
          path="Root/Settings", extra=IMG)
    event("attach", rib=6, parent=2, name=CTL, router=HOSTILE_STRINGS[7], view=True, path=SCRIPT)
    event("attach", rib=7, parent=5, name=HOSTILE_STRINGS[15], router="LongRouter", view=False, path="x")
    event("render", rib=3, path=IMG, viewModelType=SCRIPT, viewModel=dict(view_model, title=SVG, added=[IMG]))
    event("render", rib=3, path=IMG, viewModelType=SCRIPT, viewModel={"title": JS_URL, IMG: {"__proto__": SVG}})
    event("render", rib=2, path="Root/Home", viewModelType="App.HomeViewModel", viewModel={"title": "Welcome back"})
    event("render", rib=None, path=SVG, viewModelType=IMG, viewModelOmitted=SCRIPT)
    event("hook", rib=2, path="Root/Home", hook="__proto__", ns=5000)
    event("hook", rib=2, path="Root/Home", hook=IMG, ns=7000)
    event("hook", rib=3, path=IMG, hook="constructor", ns=-3)
    event("flag", key=IMG, **{"from": SCRIPT}, to=SVG, source=JS_URL)
    event("plugin", rib=1, pluginRib=6, point=SVG, plugin=IMG, event="attached", flag=SCRIPT)
    event("plugin", rib=2, point=IMG, plugin=SVG, event="autoDisabled", flag=JS_URL, reason=SCRIPT + BIDI)
    event("leak", subtree=IMG, objects=[{"role": SVG, "typeName": SCRIPT, "path": IMG},
                                        {"role": "router", "typeName": "X", "path": JS_URL}])
    event("diagnostic", kind=IMG, severity=SVG, message=SCRIPT)
    event("link", input=JS_URL, handled=False, error={"case": IMG, "message": SVG})
    event("link", input=HOSTILE_STRINGS[5], handled=True, pattern=SCRIPT)
    event("workflow", run=1, kind=SVG, phase="started", trigger=JS_URL)
    event("workflow", run=1, kind=SVG, phase="waiting", step=1, item=IMG)
    event("workflow", run=2, kind=IMG, phase=SCRIPT)
    event("coreOnly", on=False)
    for text in HOSTILE_STRINGS:
        event("mark", text=text)
    s = next_seq()
    add({"seq": s, "t": s * 1_000_000, "type": "mark", "text": "lone \ud800 surrogate"}, True, ascii=True)
    # A top-level __proto__ member (JSON.parse makes it an own property: no pollution).
    s = next_seq()
    add('{"__proto__":{"polluted":1},"seq":%d,"t":%d,"type":"mark","text":"proto"}' % (s, s * 1_000_000), True, raw=True)
    event("load", rib=5, path="Root/Settings")
    event("activate", rib=4, path=BIDI)

    # Wrong types: each of these must be dropped whole.
    for rib in [IMG, "8", -1, 1.5, 9007199254740993, 1e308, {"valueOf": 8}, [8], True, None, SVG]:
        bad("attach", rib=rib, parent=1, name="Bad", router="BadRouter", view=True)
    bad("attach", rib=9, name="NoParentTypeCheck", parent=SCRIPT, view=True)
    bad("attach", rib=9, parent={"__proto__": 1}, name="Bad", view=True)
    bad("attach", rib=9, parent=1, name={"toString": IMG}, view=True)
    bad("attach", rib=9, parent=1, name=[IMG], view=True)
    bad("attach", rib=9, parent=1, name=12, view=True)
    bad("attach", rib=9, parent=1, name="Bad", view=IMG)
    bad("activate", rib=SVG, path="x")
    bad("detach", rib=1, parent="1")
    bad("hook", rib=2, hook={}, ns=1)
    bad("hook", rib=2, hook="didLoad", ns=IMG)
    bad("render", rib=3, viewModelType=7, viewModel={})
    bad("render", rib="3", viewModelType="T")
    deep = {}
    for _ in range(200):
        deep = {"d": deep}
    bad("render", rib=2, viewModelType="Deep", viewModel=deep)
    bad("flag", key=IMG, to={"a": SCRIPT}, source="x")
    bad("flag", key=["k"], to=True, source="x")
    bad("coreOnly", on="true")
    bad("plugin", rib=1, pluginRib=IMG, point="p", plugin="q", event="attached", flag="f")
    bad("leak", subtree="s", objects=[{"role": "r", "typeName": "t", "path": 5}])
    bad("leak", subtree="s", objects=IMG)
    bad("link", input="x", handled=True, error=IMG)
    bad("link", input="x", handled="yes")
    bad("workflow", run=IMG, kind="k", phase="started")
    bad("diagnostic", kind="k", severity="s", message={"m": IMG})
    bad("mark", text=None)
    bad("mark", text=["<img>"])
    bad("keyframe", ribs=[{"rib": 1, "parent": None, "name": "Root"}, {"rib": IMG, "parent": 1, "name": "X"}])
    bad("keyframe", ribs=IMG)
    bad("keyframe", ribs=[{"rib": 1, "name": "Root"}], flags=[{"key": {"k": 1}}])
    for kind in [IMG, ["render"], None, "Render", "__proto__", "constructor", "toString", "hasOwnProperty"]:
        bad(kind, rib=2, path="x", viewModelType="T")
    s = next_seq()
    for bad_seq in [IMG, -5, 1.5, {"a": 1}, None, 1e300]:
        add({"seq": bad_seq, "t": 1, "type": "mark", "text": "bad seq"}, False)
    add({"t": 1, "type": "mark", "text": "no seq"}, False)
    add({"seq": s, "t": s * 1_000_000, "type": "mark", "text": "ok after the bad seqs"}, True)
    add({"seq": s, "t": s * 1_000_000, "type": "mark", "text": "the same seq again"}, False)
    add({"seq": s - 3, "t": 1, "type": "mark", "text": "an older seq"}, False)
    for t in [IMG, {}, None, 1.25, 2 ** 60]:
        bad("mark", t=t, text="bad t")
    s = next_seq()
    add({"seq": s, "type": "mark", "text": "no t"}, False)
    add({"type": "dropped", "count": IMG, "throughSeq": 3}, False)
    add({"format": "ribcage-session", "version": 2, "app": "v2", "instance": "i", "start": "x"}, False)
    add({"format": "ribcage-session", "version": 1, "app": {"name": IMG}, "instance": "i", "start": "x"}, False)
    for raw in [json.dumps([IMG]), json.dumps(SCRIPT), "null", "42", IMG, SCRIPT, "{" + SVG,
                "[" * 60000 + "]" * 60000]:
        add(raw, False, raw=True)
    # Valid again after all that: the page goes on.
    event("attach", rib=10, parent=5, name="After", router="AfterRouter", view=True, path="Root/Settings/After")
    event("mark", text="the end")
    return lines


VALID_PATHS = ["Root", "Root/Home", "Root/Settings", "Root/Settings/After", "Root/" + IMG,
               "Root/Home/" + BIDI, "Root/Home/" + CTL, "Root/Settings/" + HOSTILE_STRINGS[15]]


# ---------------------------------------------------------------------------- the fake app

class WebSocketClient:
    """A client WebSocket (RFC 6455) over a plain socket: text frames, masked as a client's must
    be; reads only to notice the server closing."""

    def __init__(self, host, port, target):
        self.sock = socket.create_connection((host, port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the server closed during the handshake: %r" % response)
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError("handshake refused: " + head.decode(errors="replace").splitlines()[0])
        fields = dict(line.split(":", 1) for line in head.decode().split("\r\n")[1:] if ":" in line)
        fields = {name.strip().lower(): value.strip() for name, value in fields.items()}
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        if fields.get("sec-websocket-accept") != accept.decode():
            raise ConnectionError("a wrong Sec-WebSocket-Accept")
        self.closed = None

    def _frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        repeated = (mask * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big") if n else b""
        return head + mask + masked

    def send_text(self, text):
        self.sock.sendall(self._frame(0x1, text.encode("utf-8")))

    def poll(self, seconds):
        """Reads what the server sent within `seconds`; returns the close reason once closed."""
        end = time.time() + seconds
        while self.closed is None:
            left = end - time.time()
            if left <= 0:
                break
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                break
            try:
                chunk = self.sock.recv(65536)
            except OSError as error:
                self.closed = "reset: %s" % error
                break
            if not chunk:
                self.closed = "the connection ended"
                break
            self.buffer += chunk
            while len(self.buffer) >= 2:
                opcode, length = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F
                at = 2
                if length == 126:
                    if len(self.buffer) < 4:
                        break
                    length, at = struct.unpack("!H", self.buffer[2:4])[0], 4
                elif length == 127:
                    if len(self.buffer) < 10:
                        break
                    length, at = struct.unpack("!Q", self.buffer[2:10])[0], 10
                if len(self.buffer) < at + length:
                    break
                payload, self.buffer = self.buffer[at:at + length], self.buffer[at + length:]
                if opcode == 0x8:
                    code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                    self.closed = "closed %s %s" % (code, payload[2:].decode(errors="replace"))
                    break
                if opcode == 0x9:
                    self.sock.sendall(self._frame(0xA, payload))
        return self.closed

    def close(self):
        try:
            self.sock.sendall(self._frame(0x8, struct.pack("!H", 1000)))
        except OSError:
            pass
        self.sock.close()


def stream_live(url, lines):
    """Plays a hostile app: a hello (with hostile names), the header, then each line in a message
    of its own; when the server refuses one and closes, says hello again and goes on. Returns
    the refusals seen."""
    match = re.match(r"http://([^:/]+):(\d+)/\?token=(\w+)", url)
    host, port, token = match.group(1), int(match.group(2)), match.group(3)
    hello = json.dumps({"hello": "ribcage-inspect", "version": 1, "app": IMG, "instance": "HOSTILE-" + SVG,
                        "remoteActions": ["flag", IMG, "sweep"]})
    header = lines[0][0]
    refusals = []
    client = None

    def connect():
        c = WebSocketClient(host, port, "/app?token=" + token)
        c.send_text(hello)
        c.send_text(header + "\n")
        return c

    for text, _ in lines[1:]:
        if client is None:
            client = connect()
        client.send_text(text + "\n")
        reason = client.poll(0.05)
        if reason:
            refusals.append((text[:60], reason))
            client.sock.close()
            client = None
    if client is not None:
        client.poll(0.3)
    return refusals, client


# ---------------------------------------------------------------------------- the page

def errors_in_log(driver):
    try:
        entries = driver.get_log("browser")
    except Exception as error:  # a driver without the log: say so, do not pass silently
        fail("cannot read the browser's console log: %s" % error)
    return [e for e in entries if e.get("level") == "SEVERE"]


def exercise(driver):
    """Draws everything the session can make the page draw: every event, every RIB's details,
    the log filtered and searched, scrolled end to end."""
    count = driver.execute_script("return window.__inspector.eventCount()")
    for index in range(-1, count):
        driver.execute_script("window.__inspector.seek(arguments[0])", index)
        ids = driver.execute_script("const s = window.__inspector.state; return Array.from((s.view || s.head).ribs.keys())")
        for rib in ids:
            driver.execute_script("window.__inspector.select(arguments[0])", rib)
    driver.execute_script("window.__inspector.live()")
    for rib in [3, 2, 6, 1]:
        driver.execute_script("window.__inspector.select(arguments[0])", rib)
    for text in ["<img", "script", "__proto__", "javascript:", "\u202e"]:
        driver.execute_script("const s = document.getElementById('search'); s.value = arguments[0];"
                              "s.dispatchEvent(new Event('input'));", text)
    driver.execute_script("const s = document.getElementById('search'); s.value = '';"
                          "s.dispatchEvent(new Event('input'));")
    for kind in driver.execute_script("return Array.from(document.getElementById('kind-filter').options).map(o => o.value)"):
        driver.execute_script("const k = document.getElementById('kind-filter'); k.value = arguments[0];"
                              "k.dispatchEvent(new Event('input'));", kind)
    driver.execute_script("const k = document.getElementById('kind-filter'); k.value = '';"
                          "k.dispatchEvent(new Event('input'));")
    for pane in ["log", "tree", "details"]:
        driver.execute_script("const p = document.getElementById(arguments[0]); p.scrollTop = 0;"
                              "p.dispatchEvent(new Event('scroll')); p.scrollTop = p.scrollHeight;"
                              "p.dispatchEvent(new Event('scroll'));", pane)
    driver.find_element("id", "first").click()
    driver.find_element("id", "next").click()
    driver.find_element("id", "live").click()
    driver.execute_script("window.__inspector.live(); window.__inspector.select(3);"
                          "document.getElementById('log').scrollTop = 0;")
    time.sleep(0.3)


def expected(driver, mode, verdict):
    """What the page must keep and drop of the lines it was given (a server or the report
    writer may have refused some already): (kept, dropped)."""
    given = driver.execute_script(
        "return document.body.dataset.mode === 'report' ? document.getElementById('embedded-session').textContent"
        " : window.__received.join('')")
    lines = [line for line in given.split("\n") if line]
    if mode.startswith("report"):  # as PageDocument.scriptSafe wrote them
        lines = [line.replace("<\\/", "</").replace("<\\u0021--", "<!--") for line in lines]
    unknown = [line for line in lines if line not in verdict]
    if unknown:
        fail("%s: the page was given lines the session does not have: %r" % (mode, [u[:60] for u in unknown[:5]]))
    keep = sum(1 for line in lines if verdict[line])
    drop = sum(1 for line in lines if verdict[line] is False)
    every_keep = sum(1 for v in verdict.values() if v)
    every_drop = sum(1 for v in verdict.values() if v is False)
    print(f"== {mode}: the page was given {keep} of the {every_keep} valid lines and {drop} of the "
          f"{every_drop} with wrong types")
    return keep, drop


def check_page(driver, mode, expected_events, expected_rejected):
    """The assertions, on the page as it is now."""
    result = driver.execute_script("""
      const I = window.__inspector;
      const paths = Array.from(document.querySelectorAll('#tree [data-path]')).map(e => e.dataset.path);
      const names = Array.from(document.querySelectorAll('#tree .rib .name')).map(e => e.textContent);
      return {
        pwned: typeof window.__pwned, parentPwned: typeof top.__pwned,
        polluted: typeof ({}).polluted, protoPolluted: Object.prototype.hasOwnProperty('polluted'),
        foreign: window.__foreign, csp: window.__csp,
        scripts: document.scripts.length, styles: document.querySelectorAll('style').length,
        bad: document.querySelectorAll('img, svg, iframe, object, embed, a, form, math, video, audio, base, link, frame').length,
        events: I.eventCount(), rejected: I.rejected(), paths, names,
        modelPaths: I.treePaths(),
        note: (document.getElementById('rejected') || {}).textContent || '',
        title: document.title,
      };""")
    problems = []
    if result["pwned"] != "undefined" or result["parentPwned"] != "undefined":
        problems.append("a payload ran: window.__pwned is set")
    if result["polluted"] != "undefined" or result["protoPolluted"]:
        problems.append("Object.prototype was polluted")
    if result["foreign"]:
        problems.append("elements from data were inserted: %r" % result["foreign"][:5])
    if result["bad"]:
        problems.append("%d img/svg/iframe/a/... elements in the document" % result["bad"])
    if result["scripts"] != 2 or result["styles"] != 1:
        problems.append("the document has %d scripts and %d styles (expected its own 2 and 1)"
                        % (result["scripts"], result["styles"]))
    if result["csp"]:
        problems.append("CSP violations: %r" % result["csp"][:5])
    errors = errors_in_log(driver)
    # The browser's own request for /favicon.ico (answered by the server, not the page) is no
    # error of the page's.
    errors = [e for e in errors if "favicon.ico" not in e.get("message", "")]
    if errors:
        problems.append("console errors: %r" % [e["message"][:200] for e in errors[:5]])
    if result["events"] != expected_events:
        problems.append("the page kept %d events, expected %d" % (result["events"], expected_events))
    if result["rejected"]["count"] != expected_rejected:
        problems.append("the page dropped %d lines, expected %d (latest: %r)"
                        % (result["rejected"]["count"], expected_rejected, result["rejected"]["reasons"][-5:]))
    if expected_rejected and not re.match(r"\d+ lines? dropped", result["note"]):
        problems.append("no visible note of the dropped lines: %r" % result["note"])
    missing = [p for p in VALID_PATHS if p not in result["modelPaths"]]
    if missing:
        problems.append("valid RIBs missing from the tree: %r" % [m[:40] for m in missing])
    shown = [p for p in ["Root", "Root/Home", "Root/Settings", "Root/" + IMG] if p not in result["paths"]]
    if shown:
        problems.append("valid RIBs not drawn: %r" % [m[:40] for m in shown])
    if IMG not in result["names"]:
        problems.append("the RIB named with markup is not shown as its text")
    if problems:
        fail("%s: %s" % (mode, "; ".join(problems)))
    print("ok: %s: no script ran, no element from data, %d CSP violations, 0 console errors; "
          "%d events kept, %d lines dropped (%s); %d RIBs drawn"
          % (mode, len(result["csp"]), result["events"], result["rejected"]["count"],
             result["note"][:70], len(result["paths"])))
    return result


def open_page(driver, url, bypass_csp=False):
    driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": bypass_csp})
    driver.get(url + ("&" if "?" in url else "?") + "debug=1")  # the page's debug handle
    wait_for("the page's script", lambda: driver.execute_script("return !!window.__inspector"))
    driver.get_log("browser")  # nothing before this navigation counts


def server(ribcage, arguments, work, name):
    process = subprocess.Popen([ribcage, "inspect", *arguments], stdout=subprocess.PIPE,
                               stderr=open(os.path.join(work, name + ".log"), "w"), text=True)
    started.append(process)
    line = process.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
    if not match:
        fail("ribcage inspect printed no URL: " + line)
    return process, match.group(1)


def main():
    if len(sys.argv) < 2:
        fail(__doc__)
    ribcage = sys.argv[1]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    work = tempfile.mkdtemp(prefix="ribcage-hostile-")
    lines = session_lines()
    keep = sum(1 for _, k in lines if k)
    drop = sum(1 for _, k in lines if k is False)
    session = os.path.join(work, "hostile.jsonl")
    with open(session, "w", encoding="utf-8") as out:
        for text, _ in lines:
            out.write(text + "\n")
    print(f"== session: {len(lines)} lines, {keep} valid, {drop} with wrong types")

    driver = headless_chromium.start(browser_log=True)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    try:
        # offline: served by `ribcage inspect FILE` (the page gets the file over its WebSocket).
        verdict = {text: k for text, k in lines}
        process, url = server(ribcage, [session, "--port", "0"], work, "offline")
        open_page(driver, url)
        wait_for("the offline session", lambda: driver.execute_script("return window.__inspector.eventCount()") > 0)
        time.sleep(0.5)  # the rest of it
        exercise(driver)
        check_page(driver, "offline", *expected(driver, "offline", verdict))
        headless_chromium.stop([process])

        # report: the self-contained file, from disk; then again with the CSP switched off.
        report = os.path.join(work, "hostile.html")
        subprocess.run([ribcage, "inspect", session, "--html", report], check=True,
                       stdout=subprocess.DEVNULL, timeout=60)
        for mode, bypass in [("report", False), ("report without CSP", True)]:
            open_page(driver, "file://" + report, bypass_csp=bypass)
            exercise(driver)
            check_page(driver, mode, *expected(driver, mode, verdict))
            if not bypass and screenshot:
                driver.execute_script("window.__inspector.select(3); window.__inspector.seek(8);")
                time.sleep(0.2)
                driver.save_screenshot(screenshot)
                print("screenshot:", screenshot)

        # live: a hostile app streaming the same lines to a server, the page following it.
        sessions = os.path.join(work, "sessions")
        process, url = server(ribcage, ["--port", "0", "--sessions", sessions], work, "live")
        open_page(driver, url)
        refusals, client = stream_live(url, lines)
        print(f"== live: the server refused {len(refusals)} lines, closing the connection each time"
              + (" (first: %s)" % refusals[0][1] if refusals else ""))
        wait_for("the live session on the page", lambda: driver.execute_script(
            "return window.__inspector.eventCount()") > 0)
        time.sleep(1)  # the rest of it
        exercise(driver)
        live_keep, live_drop = expected(driver, "live", verdict)
        check_page(driver, "live", live_keep, live_drop)
        select_text = driver.execute_script("return document.getElementById('session-select').options[0].text")
        if IMG[:10] not in select_text:
            fail("live: the session's hostile app name is not shown as text: %r" % select_text)
        if client is not None:
            client.close()
    finally:
        driver.quit()
        headless_chromium.stop(started)
    if "--keep-work" not in sys.argv:
        shutil.rmtree(work, ignore_errors=True)
    print("ok: the hostile session ran no script in any mode")


if __name__ == "__main__":
    try:
        main()
    finally:
        headless_chromium.stop(started)
