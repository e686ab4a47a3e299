// Ribcage inspector: the page. Plain JavaScript, no dependencies. It reads a `ribcage-session`
// (JSON lines, docs/inspect.md) from the server's WebSocket or from the document itself (an
// offline report), rebuilds the tree at any event from checkpoints, and draws the tree and the
// event log as virtual lists so a 10,000-RIB tree and a 100,000-event session stay fast.
//
// A session is data from outside — any app with the token, any file someone hands you — so the
// page treats it as such: every line is checked against the format before it is kept (a line
// with a field of the wrong type is dropped, counted and named in the status bar), and nothing is
// ever drawn by parsing HTML: elements are built with createElement, text goes in as text,
// attributes through setAttribute/dataset and geometry through CSSOM. The document's
// Content-Security-Policy (no inline script, handlers or style attributes) is the second wall.
"use strict";
(function () {
  const ROW = 20;
  const MODE = document.body.dataset.mode;
  const $ = (id) => document.getElementById(id);

  // The session model and its checks (session-model.js, inlined before this script).
  const {
    emptyState, cloneState, apply, pathOf, summary, shortType,
    invalidEvent, invalidHeader, invalidDropped, isId, isPlainObject,
  } = RibcageSessionModel;

  // Lines dropped since the session was opened, with the latest reasons.
  const rejected = { count: 0, reasons: [] };
  const rejectedNote = document.createElement("span");
  rejectedNote.id = "rejected";
  rejectedNote.className = "status bad";
  rejectedNote.hidden = true;
  $("status").after(rejectedNote);

  function reject(line, reason) {
    rejected.count += 1;
    rejected.reasons.push("line " + line + ": " + reason);
    if (rejected.reasons.length > 20) rejected.reasons.shift();
    if (rejected.count <= 5) console.warn("ribcage inspector: dropped line " + line + ": " + reason);
  }

  function showRejected() {
    rejectedNote.hidden = rejected.count === 0;
    if (!rejected.count) { rejectedNote.textContent = ""; rejectedNote.title = ""; return; }
    rejectedNote.textContent = rejected.count + (rejected.count === 1 ? " line" : " lines") + " dropped · " +
      clip(shown(rejected.reasons[rejected.reasons.length - 1]), 160);
    rejectedNote.title = "Lines of the session the page did not keep (the latest " + rejected.reasons.length + "):\n" +
      rejected.reasons.map((r) => shown(r)).join("\n");
  }

  function resetRejected() { rejected.count = 0; rejected.reasons = []; showRejected(); }

  // A live page keeps at most KEEP events (the newest; `?keep=N` in the URL changes it): a
  // session streamed for days must not grow the page's memory with its age. Older events go in
  // blocks, at a checkpoint, so what is kept can still be rebuilt at every event.
  const KEEP = Math.max(1000, Number(new URLSearchParams(location.search).get("keep")) || 100000);

  const S = {
    header: null, dropped: null, events: [], raws: [], lower: [], head: emptyState(),
    base: null, trimmed: 0, skippedBytes: 0,
    checkpoints: [], sinceCheckpoint: 0, renders: new Map(), types: new Set(),
    pos: -1, live: true, view: null, viewPos: -1, selected: null, collapsed: new Set(),
    session: null, sessions: [], pending: "", startMs: 0, lastSeq: null, lineCount: 0, generation: 0,
    metrics: { loadMs: 0, firstPaintMs: 0, lastSeekMs: 0, maxSeekMs: 0, latencies: [] },
  };

  function resetModel() {
    S.header = null; S.dropped = null; S.events = []; S.raws = []; S.lower = [];
    S.base = null; S.trimmed = 0; S.skippedBytes = 0;
    S.head = emptyState(); S.checkpoints = []; S.sinceCheckpoint = 0; S.renders = new Map();
    S.types = new Set(); S.pos = -1; S.view = null; S.viewPos = -1; S.pending = "";
    S.filtered = null; S.lastSeq = null; S.lineCount = 0; S.generation += 1;
    resetRejected();
  }

  // Reads complete lines; a partial last line waits for the rest. Each line is checked before
  // it is kept (`invalidEvent`); one that fails is dropped and counted (`reject`).
  function ingest(text, measureLatency, forwardedAt) {
    const rejectedBefore = rejected.count;
    const data = S.pending + text;
    const lines = data.split("\n");
    S.pending = lines.pop();
    const now = Date.now();
    for (const line of lines) {
      if (!line) continue;
      const lineNumber = ++S.lineCount;
      let ev;
      try { ev = JSON.parse(line); } catch (e) { reject(lineNumber, "not JSON (" + e.name + ")"); continue; }
      if (!isPlainObject(ev)) { reject(lineNumber, "not a JSON object"); continue; }
      if (ev.format === "ribcage-session") {
        const reason = invalidHeader(ev);
        if (reason) { reject(lineNumber, reason); continue; }
        if (!S.header) { S.header = ev; S.startMs = Date.parse(ev.start) || 0; }
        continue;
      }
      if (ev.type === "dropped") {
        const reason = invalidDropped(ev);
        if (reason) reject(lineNumber, reason); else S.dropped = ev;
        continue;
      }
      const reason = invalidEvent(ev, S.lastSeq);
      if (reason) { reject(lineNumber, reason); continue; }
      S.lastSeq = ev.seq;
      const index = S.events.length;
      S.events.push(ev);
      S.raws.push(line);
      S.lower.push(null);
      S.types.add(ev.type);
      if (ev.type === "render" && ev.rib != null) {
        let list = S.renders.get(ev.rib);
        if (!list) S.renders.set(ev.rib, (list = []));
        list.push(index);
      }
      apply(S.head, ev);
      S.sinceCheckpoint += 1;
      // Checkpoints at keyframes and every max(1000, 2 × tree size) events: memory stays about
      // half an entry per event, and a seek replays at most that many events.
      if (ev.type === "keyframe" || S.sinceCheckpoint >= Math.max(1000, 2 * S.head.ribs.size)) {
        S.checkpoints.push({ index, state: cloneState(S.head) });
        S.sinceCheckpoint = 0;
      }
      if (measureLatency && S.startMs) {
        const happened = S.startMs + ev.t / 1e6;
        S.metrics.latencies.push({ seq: ev.seq, ms: now - happened, toServer: typeof forwardedAt === "number" ? forwardedAt - happened : null });
        if (S.metrics.latencies.length > 1000) S.metrics.latencies.shift();
      }
    }
    if (rejected.count !== rejectedBefore) showRejected();
  }

  // Drops the oldest events of a live page beyond KEEP (in blocks of a quarter, so it runs
  // rarely): the cut is right after a checkpoint, whose state becomes the base the kept events
  // apply to, and every index the page holds moves down with the events.
  function trim() {
    if (MODE !== "live" || S.events.length <= KEEP + (KEEP >> 2)) return;
    const atLeast = S.events.length - KEEP;
    const at = S.checkpoints.findIndex((cp) => cp.index + 1 >= atLeast && cp.index < S.events.length - 1);
    if (at < 0) return;
    const cp = S.checkpoints[at];
    const cut = cp.index + 1;
    S.base = cp.state;
    S.events = S.events.slice(cut); S.raws = S.raws.slice(cut); S.lower = S.lower.slice(cut);
    S.checkpoints = S.checkpoints.slice(at + 1);
    for (const c of S.checkpoints) c.index -= cut;
    for (const [rib, list] of S.renders) {
      const kept = list.filter((i) => i >= cut).map((i) => i - cut);
      if (kept.length) S.renders.set(rib, kept); else S.renders.delete(rib);
    }
    if (S.filtered) {
      S.filtered.list = S.filtered.list.filter((i) => i >= cut).map((i) => i - cut);
      S.filtered.scanned -= cut;
    }
    S.pos = S.pos < 0 ? -1 : Math.max(0, S.pos - cut);
    S.trimmed += cut;
    S.generation += 1; // the log's rows are keyed by index: they all moved
    if (S.live || S.view === S.head) { S.viewPos = S.pos; return; }
    // A user scrubbing back keeps their moment (the first kept one if theirs was cut).
    S.view = null; S.viewPos = -1;
    S.view = stateAt(S.pos); S.viewPos = S.pos;
  }

  // The state before the first kept event: empty, or where the trimmed events left it.
  function baseState() { return S.base ? cloneState(S.base) : emptyState(); }

  // The state right after event `index`.
  function stateAt(index) {
    if (index < 0) return baseState();
    if (index === S.events.length - 1) return S.head;
    if (S.view && S.viewPos >= 0 && S.viewPos <= index) {
      // Going forward from where we are, unless a checkpoint is closer.
      const cp = lastCheckpoint(index);
      if (!cp || cp.index <= S.viewPos) {
        const state = S.view === S.head ? cloneState(S.head) : S.view;
        for (let i = S.viewPos + 1; i <= index; i++) apply(state, S.events[i]);
        return state;
      }
    }
    const cp = lastCheckpoint(index);
    const state = cp ? cloneState(cp.state) : baseState();
    for (let i = cp ? cp.index + 1 : 0; i <= index; i++) apply(state, S.events[i]);
    return state;
  }

  function lastCheckpoint(index) {
    let lo = 0, hi = S.checkpoints.length - 1, found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (S.checkpoints[mid].index <= index) { found = S.checkpoints[mid]; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  }

  function seek(index) {
    const started = performance.now();
    index = Math.max(-1, Math.min(index, S.events.length - 1));
    S.view = stateAt(index);
    S.viewPos = index;
    S.pos = index;
    draw();
    const ms = performance.now() - started;
    S.metrics.lastSeekMs = ms;
    S.metrics.maxSeekMs = Math.max(S.metrics.maxSeekMs, ms);
    return ms;
  }

  // ---------------------------------------------------------------- drawing

  let drawQueued = false;
  function scheduleDraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; if (S.live) { S.pos = S.events.length - 1; S.view = S.head; S.viewPos = S.pos; } draw(); });
  }

  function draw() {
    const state = S.view || S.head;
    drawTimeline();
    drawTree(state);
    drawDetails(state);
    drawLog();
    drawActions(state);
  }

  function drawTimeline() {
    const scrub = $("scrub");
    scrub.max = String(Math.max(0, S.events.length - 1));
    scrub.value = String(Math.max(0, S.pos));
    const ev = S.events[S.pos];
    $("position").textContent = S.events.length === 0 ? "no events" :
      "event " + (S.pos + 1) + " of " + S.events.length + (ev ? " · #" + ev.seq + " · " + fmtTime(ev.t) : "") +
      (S.dropped ? " · " + S.dropped.count + " dropped before" : "") +
      (S.trimmed ? " · " + S.trimmed + " older not kept by the page" : "") +
      (S.skippedBytes ? " · the first " + (S.skippedBytes / 1048576).toFixed(1) + " MB of the file not loaded" : "");
    // A report has nothing to follow: its button goes to the last event and is never lit.
    $("live").classList.toggle("on", S.live && MODE !== "report");
  }

  function fmtTime(t) {
    if (typeof t !== "number") return "";
    const ms = t / 1e6;
    return ms < 1000 ? ms.toFixed(1) + " ms" : (ms / 1000).toFixed(3) + " s";
  }

  // The visible rows of the tree: depth-first, collapsed subtrees skipped, leaks at the end.
  function treeRows(state) {
    const children = new Map();
    const roots = [];
    for (const node of state.ribs.values()) {
      if (node.parent == null || !state.ribs.has(node.parent)) roots.push(node.id);
      else {
        let list = children.get(node.parent);
        if (!list) children.set(node.parent, (list = []));
        list.push(node.id);
      }
    }
    const rows = [];
    const stack = [];
    for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i], 0]);
    while (stack.length) {
      const [id, depth] = stack.pop();
      const kids = children.get(id);
      rows.push({ id, depth, hasChildren: !!kids });
      if (kids && !S.collapsed.has(id)) for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
    }
    if (state.leaks.length) {
      rows.push({ group: "Leaked (" + state.leaks.length + " reports)" });
      for (const leak of state.leaks.slice(-50)) {
        for (const o of leak.objects) rows.push({ leak: o, depth: 1 });
      }
    }
    return rows;
  }

  let treeRowsCache = { state: null, pos: -2, count: 0, collapsedKey: "", rows: [] };
  function drawTree(state) {
    const key = Array.from(S.collapsed).join(",");
    // A state is advanced in place when stepping forward: the position is part of the key.
    if (treeRowsCache.state !== state || treeRowsCache.pos !== S.pos || treeRowsCache.collapsedKey !== key ||
        treeRowsCache.count !== S.events.length) {
      treeRowsCache = { state, pos: S.pos, count: S.events.length, collapsedKey: key, rows: treeRows(state) };
    }
    const rows = treeRowsCache.rows;
    $("tree-count").textContent = state.ribs.size + " RIBs" + (state.coreOnly ? " · core only" : "");
    virtualList($("tree"), rows.length, (i) => {
      const row = rows[i];
      return row.group ? "group" : row.leak ? "leak " + i : "rib " + row.id;
    }, (i, old) => treeRow(state, rows[i], old));
  }

  // ---------------------------------------------------------------- building elements

  // An element with a class and children: strings become text nodes, never markup.
  function h(tag, className, ...children) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    for (const child of children) if (child !== null && child !== undefined) el.append(child);
    return el;
  }

  // Text as it is shown: control characters, line and paragraph separators and the invisible
  // bidirectional controls (which would reorder what is drawn around them) are written as
  // escapes (`\n`, `\u202E`), as JSON would. `shownLines` keeps line breaks (a pretty-printed
  // view model: JSON.stringify has escaped those inside its strings already).
  const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
  const HIDDEN_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
  const ESCAPES = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  function escaped(c) {
    return ESCAPES[c] || "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  }
  function shown(text) {
    text = String(text);
    HIDDEN_CHARACTERS.lastIndex = 0;
    return HIDDEN_CHARACTERS.test(text) ? text.replace(HIDDEN_CHARACTERS, escaped) : text;
  }
  function shownLines(text) {
    text = String(text);
    HIDDEN_BUT_NEWLINE.lastIndex = 0;
    return HIDDEN_BUT_NEWLINE.test(text) ? text.replace(HIDDEN_BUT_NEWLINE, escaped) : text;
  }

  // At most `limit` characters of a one-line text (a row need not hold a megabyte).
  function clip(text, limit) {
    return text.length > limit ? text.slice(0, limit) + "…" : text;
  }
  const ROW_TEXT = 400;

  function sameDeps(a, b) {
    if (!a || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  function treeRow(state, row, old) {
    if (row.group) {
      if (old && old._deps[0] === row.group) return old;
      const el = h("div", "row group", row.group);
      el._deps = [row.group];
      return el;
    }
    if (row.leak) {
      const deps = [row.leak, row.depth];
      if (old && sameDeps(old._deps, deps)) return old;
      const leak = row.leak;
      const el = h("div", "row leaked", "✖ ", h("span", "name", clip(shown(leak.path || ""), ROW_TEXT)), " ",
        h("span", "badge", clip(shown((leak.role || "") + " " + (leak.typeName || "")), ROW_TEXT)));
      el.dataset.leak = leak.path || "";
      el.style.paddingLeft = 6 + row.depth * 14 + "px";
      el._deps = deps;
      return el;
    }
    const node = state.ribs.get(row.id);
    const plugin = state.plugins.get(row.id);
    const notes = state.notes.get(row.id);
    const path = pathOf(state, row.id);
    const leaked = state.leakedPaths.has(path);
    const selected = S.selected === row.id;
    const glyph = row.hasChildren ? (S.collapsed.has(row.id) ? "▸" : "▾") : "";
    const deps = [node, plugin, notes, path, leaked, selected, glyph, row.depth];
    if (old && sameDeps(old._deps, deps)) return old;
    const el = h("div", "row rib " + (node.active ? "active" : "inactive") + (leaked ? " leaked" : "") + (selected ? " selected" : ""));
    el.dataset.rib = String(row.id);
    el.dataset.path = path;
    el.style.paddingLeft = 6 + row.depth * 14 + "px";
    const toggle = h("span", "toggle", glyph);
    toggle.dataset.toggle = String(row.id);
    const dot = h("span", "dot");
    dot.title = node.active ? "active" : "inactive";
    el.append(toggle, dot, h("span", "name", clip(shown(node.name), ROW_TEXT)), h("span", "badge", node.view ? "view" : "viewless"));
    if (plugin) {
      const badge = h("span", "badge plugin", "plugin · " + clip(shown(plugin.flag), ROW_TEXT));
      badge.title = shown("plugin " + plugin.plugin + " of " + plugin.point);
      el.append(badge);
    }
    for (const n of notes || []) {
      const badge = h("span", "badge note", "⚠ " + clip(shown(n.text), ROW_TEXT));
      badge.title = shown(n.text);
      el.append(badge);
    }
    el._deps = deps;
    return el;
  }

  // Draws only the rows in view (plus a margin); the spacer gives the scroll height. Rows are
  // elements kept between draws by `keyOf(i)`: `make(i, old)` returns `old` when it still shows
  // row i as it is, or a new element. Only rows that scrolled in or changed are built.
  function virtualList(container, count, keyOf, make) {
    let box = container.firstElementChild;
    if (!box) {
      box = document.createElement("div");
      box.className = "spacer-box";
      container.appendChild(box);
      container.addEventListener("scroll", () => { const f = container._redraw; if (f) f(); });
    }
    const redraw = () => {
      const height = count * ROW + "px";
      if (box.style.height !== height) box.style.height = height;
      const first = Math.max(0, Math.floor(container.scrollTop / ROW) - 10);
      const last = Math.min(count, first + Math.ceil((container.clientHeight || 600) / ROW) + 20);
      const before = container._rows || new Map();
      const rows = new Map();
      const wanted = [];
      for (let i = first; i < last; i++) {
        const key = keyOf(i);
        if (rows.has(key)) continue; // never one element twice
        const old = before.get(key);
        const el = make(i, old);
        const top = i * ROW;
        if (el._top !== top) { el.style.top = top + "px"; el._top = top; }
        rows.set(key, el);
        wanted.push(el);
      }
      container._rows = rows;
      const children = box.children;
      let same = children.length === wanted.length;
      for (let i = 0; same && i < wanted.length; i++) same = children[i] === wanted[i];
      if (!same) box.replaceChildren(...wanted);
    };
    container._redraw = redraw;
    redraw();
  }

  // ---------------------------------------------------------------- details and diffs

  // The details pane is redrawn only when what it shows changed: nodes are replaced, never
  // changed in place, so the same node, plugin and notes and the same renders mean the same pane.
  let detailsShown = {};
  function drawDetails(state) {
    const pane = $("details");
    const node = S.selected == null ? undefined : state.ribs.get(S.selected);
    const renderCount = S.selected == null ? 0 : (S.renders.get(S.selected) || []).filter((i) => i <= S.pos).length;
    const key = { selected: S.selected, node, renderCount, plugin: node && state.plugins.get(node.id), notes: node && state.notes.get(node.id) };
    if (Object.keys(key).every((k) => detailsShown[k] === key[k]) && pane.firstChild) return;
    detailsShown = key;
    if (S.selected == null) { pane.replaceChildren(h("p", "muted", "Select a RIB.")); return; }
    if (!node) {
      pane.replaceChildren(h("p", "muted", "RIB #" + S.selected + " is not in the tree at this event."));
      return;
    }
    const plugin = state.plugins.get(node.id);
    const table = h("table");
    const row2 = (label, ...value) => table.append(h("tr", null, h("td", null, label), h("td", null, ...value)));
    row2("RIB", shown(node.name) + " ", h("span", "muted", "#" + node.id));
    row2("router", shown(node.router || ""));
    row2("path", shown(pathOf(state, node.id)));
    row2("state", (node.active ? "active" : "inactive") + " · " + (node.loaded ? "loaded" : "not loaded") + " · " + (node.view ? "view" : "viewless"));
    row2("attached", node.attachT == null ? "before the session's first keyframe" : fmtTime(node.attachT));
    for (const hook of Object.keys(node.hooks)) row2(shown(hook), (node.hooks[hook] / 1000).toFixed(1) + " µs");
    if (plugin) row2("plugin", shown(plugin.plugin + " of " + plugin.point + ", flag " + plugin.flag));
    for (const n of state.notes.get(node.id) || []) row2("note", h("span", "warn", shown(n.text)));
    const parts = [table];
    parts.push(h("h3", null, "View model", node.vmType ? " " : null, node.vmType ? h("span", "muted", shown(node.vmType)) : null));
    if (node.vm === undefined) {
      parts.push(h("p", "muted", "none rendered yet"));
    } else {
      const pre = h("pre", null, shownLines(JSON.stringify(node.vm, null, 2)));
      pre.id = "view-model";
      parts.push(pre);
    }
    const renders = (S.renders.get(node.id) || []).filter((i) => i <= S.pos);
    if (renders.length) {
      parts.push(h("h3", null, "Renders ", h("span", "muted", renders.length + ", newest first; each against the one before")));
      const shownRenders = renders.slice(-20).reverse();
      for (const i of shownRenders) {
        const k = renders.indexOf(i);
        const ev = S.events[i];
        parts.push(h("div", "render-head", "#" + ev.seq + " · " + fmtTime(ev.t)));
        const pre = h("pre", "diff");
        if (k === 0) {
          pre.append(h("span", "add", shownLines(String(JSON.stringify(ev.viewModel, null, 2)))));
        } else {
          const out = [];
          diff(S.events[renders[k - 1]].viewModel, ev.viewModel, "", 0, out);
          pre.append(...out);
        }
        parts.push(pre);
      }
    }
    pane.replaceChildren(...parts);
  }

  function isObject(v) { return v !== null && typeof v === "object"; }

  // A member of a parsed JSON value, only if it is its own (never one inherited from Object).
  function member(v, k) {
    return isObject(v) && Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
  }

  // A structural diff: changed members in full, unchanged ones collapsed to a count. Appends
  // text and spans to `out`; returns whether a and b differ.
  function diff(a, b, key, depth, out) {
    if (JSON.stringify(a) === JSON.stringify(b)) return false;
    const pad = "  ".repeat(depth);
    const label = key === "" ? "" : shown(key) + ": ";
    if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
      const array = Array.isArray(b);
      const keys = array ? Array.from({ length: Math.max(a.length, b.length) }, (_, i) => String(i))
        : Array.from(new Set(Object.keys(a).concat(Object.keys(b))));
      out.push(pad + label + (array ? "[" : "{") + "\n");
      let same = 0;
      for (const k of keys) {
        if (!diff(member(a, k), member(b, k), array ? "[" + k + "]" : k, depth + 1, out)) same += 1;
      }
      if (same) out.push(pad + "  ", h("span", "same", "… " + same + " unchanged"), "\n");
      out.push(pad + (array ? "]" : "}") + "\n");
      return true;
    }
    if (a !== undefined) out.push(pad, h("span", "del", label + shown(JSON.stringify(a))), "\n");
    if (b !== undefined) out.push(pad, h("span", "add", label + shown(JSON.stringify(b))), "\n");
    return true;
  }

  // ---------------------------------------------------------------- the event log

  // What a row says about an event (text: it is drawn with textContent).
  function matches(i, kind, rib, text) {
    const ev = S.events[i];
    if (kind && ev.type !== kind) return false;
    if (rib && !(ev.path || "").toLowerCase().includes(rib)) return false;
    if (text) {
      let lower = S.lower[i];
      if (lower === null) lower = S.lower[i] = S.raws[i].toLowerCase();
      if (!lower.includes(text)) return false;
    }
    return true;
  }

  function filterKey() {
    return $("kind-filter").value + "\u0000" + $("rib-filter").value.toLowerCase() + "\u0000" + $("search").value.toLowerCase();
  }

  function drawLog() {
    const key = filterKey();
    const [kind, rib, text] = key.split("\u0000");
    if (!S.filtered || S.filtered.key !== key) {
      const list = [];
      for (let i = 0; i < S.events.length; i++) if (matches(i, kind, rib, text)) list.push(i);
      S.filtered = { key, list, scanned: S.events.length };
    } else {
      for (let i = S.filtered.scanned; i < S.events.length; i++) if (matches(i, kind, rib, text)) S.filtered.list.push(i);
      S.filtered.scanned = S.events.length;
    }
    const list = S.filtered.list;
    $("log-count").textContent = (kind || rib || text) ? list.length + " of " + S.events.length : String(S.events.length);
    const select = $("kind-filter");
    if (select.options.length - 1 !== S.types.size) {
      const current = select.value;
      select.replaceChildren(new Option("all kinds", ""), ...Array.from(S.types).sort().map((t) => new Option(t, t)));
      select.value = current;
    }
    const container = $("log");
    if (S.live) container.scrollTop = list.length * ROW;
    // A row shows one event (its index in this generation of the model) as past, current or
    // to come: that is its key, and a kept row needs no change.
    const when = (i) => (i === S.pos ? " current" : i > S.pos ? " future" : "");
    virtualList(container, list.length, (r) => S.generation + " " + list[r] + when(list[r]), (r, old) => {
      if (old) return old;
      const i = list[r];
      const ev = S.events[i];
      const el = h("div", "row ev k-" + ev.type + when(i), h("span", "seq", "#" + ev.seq), h("span", "type", ev.type), " ",
        h("span", "summary", clip(shown(summary(ev)), ROW_TEXT)));
      el.dataset.index = String(i);
      return el;
    });
    // The list follows the timeline: at the newest event while live, else at the current event
    // whenever it moves (the slider, stepping). Set once the list has its height: a scroll set
    // before it is clamped to the top, and a report would open at #1 with the slider at the end.
    if (S.live) container.scrollTop = list.length * ROW;
    else if (container._shownPos !== S.pos) {
      const r = list.indexOf(S.pos);
      const top = r * ROW;
      if (r >= 0 && (top < container.scrollTop || top + ROW > container.scrollTop + container.clientHeight)) {
        container.scrollTop = Math.max(0, top - (container.clientHeight >> 1));
      }
    }
    container._shownPos = S.pos;
  }

  // ---------------------------------------------------------------- remote actions

  function currentSession() { return S.sessions.find((s) => s.id === S.session); }

  function drawActions(state) {
    const session = currentSession();
    const allowed = MODE === "live" && session && session.live ? session.remoteActions || [] : [];
    $("actions").hidden = allowed.length === 0;
    $("flag-key").hidden = $("flag-value").hidden = $("flag-apply").hidden = !allowed.includes("flag");
    $("link-url").hidden = $("link-open").hidden = !allowed.includes("link");
    $("sweep").hidden = !allowed.includes("sweep");
    const keys = Array.from(S.head.flags.keys()).sort();
    const select = $("flag-key");
    if (select.dataset.keys !== keys.join(",")) {
      const current = select.value;
      select.replaceChildren(...keys.map((k) => new Option(shown(k), k)));
      select.dataset.keys = keys.join(",");
      if (keys.includes(current)) select.value = current;
    }
  }

  function sendAction(action) {
    if (!socket || socket.readyState !== 1 || !S.session) return;
    socket.send(JSON.stringify({ type: "action", session: S.session, action }));
  }

  // ---------------------------------------------------------------- wiring

  function setStatus(text, kind) {
    const status = $("status");
    status.textContent = text;
    status.className = "status " + (kind || "");
  }

  function goLive(on) {
    S.live = on;
    if (on) { S.pos = S.events.length - 1; S.view = S.head; S.viewPos = S.pos; }
    draw();
  }

  function step(delta) { S.live = false; seek(S.pos + delta); }

  $("scrub").addEventListener("input", (e) => { S.live = false; seek(Number(e.target.value)); });
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("first").addEventListener("click", () => { S.live = false; seek(0); });
  $("live").addEventListener("click", () => goLive(MODE === "report" || !S.live));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") { step(-1); e.preventDefault(); }
    if (e.key === "Home") { S.live = false; seek(0); e.preventDefault(); }
    if (e.key === "End") { goLive(true); e.preventDefault(); }
    if (e.key === "ArrowRight") { step(1); e.preventDefault(); }
  });
  $("tree").addEventListener("click", (e) => {
    const toggle = e.target.closest("[data-toggle]");
    if (toggle) {
      const id = Number(toggle.dataset.toggle);
      if (S.collapsed.has(id)) S.collapsed.delete(id); else S.collapsed.add(id);
      draw();
      return;
    }
    const row = e.target.closest("[data-rib]");
    if (row) { S.selected = Number(row.dataset.rib); draw(); }
  });
  $("log").addEventListener("click", (e) => {
    const row = e.target.closest("[data-index]");
    if (row) { S.live = false; seek(Number(row.dataset.index)); }
  });
  for (const id of ["kind-filter", "rib-filter", "search"]) $(id).addEventListener("input", () => draw());
  $("flag-apply").addEventListener("click", () => {
    const raw = $("flag-value").value;
    sendAction({ action: "flag", key: $("flag-key").value, value: raw === "true" });
  });
  $("link-open").addEventListener("click", () => { const url = $("link-url").value.trim(); if (url) sendAction({ action: "link", url }); });
  $("sweep").addEventListener("click", () => sendAction({ action: "sweep" }));
  $("session-select").addEventListener("change", (e) => openSession(e.target.value));

  let socket = null;
  let reconnectDelay = 250;

  function openSession(id) {
    S.session = id;
    resetModel();
    S.live = true;
    draw();
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "open", session: id }));
  }

  function drawSessions() {
    const select = $("session-select");
    select.replaceChildren(...S.sessions.map((s) => new Option(
      clip(shown(s.app), 80) + " · " + shown(s.instance.slice(0, 8)) + (s.live ? " · live" : s.readOnly ? " · file" : " · ended"), s.id)));
    if (S.session) select.value = S.session;
  }

  // A session the server lists, as the page uses it, or null when it is not one.
  function sessionEntry(s) {
    if (!isPlainObject(s) || typeof s.id !== "string" || typeof s.app !== "string" || typeof s.instance !== "string") return null;
    return {
      id: s.id, app: s.app, instance: s.instance, live: s.live === true, readOnly: s.readOnly === true,
      remoteActions: Array.isArray(s.remoteActions) ? s.remoteActions.filter((a) => typeof a === "string") : [],
      broken: typeof s.broken === "string" ? s.broken : null,
    };
  }

  function connect() {
    const token = new URLSearchParams(location.search).get("token") || "";
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/page?token=" + encodeURIComponent(token));
    socket.onopen = () => { reconnectDelay = 250; setStatus("connected", "good"); if (S.session) openSession(S.session); };
    socket.onclose = () => {
      setStatus("server unreachable: reconnecting…", "bad");
      setTimeout(connect, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 5000);
    };
    socket.onmessage = (message) => {
      let m;
      try { m = JSON.parse(message.data); } catch (e) { return; }
      if (!isPlainObject(m)) return;
      if (m.type === "sessions" && Array.isArray(m.sessions)) {
        S.sessions = m.sessions.map(sessionEntry).filter((s) => s !== null);
        drawSessions();
        if (!S.session && S.sessions.length) {
          const newest = S.sessions.filter((s) => s.live).pop() || S.sessions[S.sessions.length - 1];
          openSession(newest.id);
          drawSessions();
        }
        const session = currentSession();
        const app = session && clip(shown(session.app), 80);
        if (session && session.broken) {
          // The server could not write part of this session (a full disk): say what is missing.
          setStatus((session.live ? "live: " : "") + app + " · lines missing: " + clip(shown(session.broken), 160), "bad");
        } else if (session) setStatus(session.live ? "live: " + app : session.readOnly ? "recorded file (read-only)" : app + " disconnected", session.live ? "good" : "");
        drawActions(S.head);
      } else if (m.type === "lines" && m.session === S.session && typeof m.text === "string") {
        if (m.reset === true) { resetModel(); S.skippedBytes = isId(m.skippedBytes) ? m.skippedBytes : 0; }
        const started = performance.now();
        ingest(m.text, !m.reset && S.live, m.at);
        trim();
        S.metrics.loadMs += performance.now() - started;
        scheduleDraw();
      } else if (m.type === "error") {
        setStatus(clip(shown(String(m.message)), 200), "bad");
      }
    };
  }

  // For tests and measurements: the model, read-only helpers and timings — only when the page's
  // address asks for them with debug=1, as the browser tests do; a page opened as usual exposes
  // nothing of its model to other scripts.
  if (new URLSearchParams(location.search).get("debug") === "1") window.__inspector = {
    state: S,
    seek: (i) => { S.live = false; return seek(i); },
    live: () => goLive(true),
    treePaths: () => { const st = S.view || S.head; return Array.from(st.ribs.keys()).map((id) => pathOf(st, id)); },
    eventCount: () => S.events.length,
    trimmedCount: () => S.trimmed,
    // What the page holds per RIB and per event, for tests that count it over a long session.
    holdings: () => ({ ribs: S.head.ribs.size, plugins: S.head.plugins.size, notes: S.head.notes.size,
      renderLists: S.renders.size, checkpoints: S.checkpoints.length, events: S.events.length }),
    keep: KEEP,
    indexOfSeq: (seq) => S.events.findIndex((e) => e.seq === seq),
    loadText: (text) => { const t0 = performance.now(); resetModel(); ingest(text, false); S.pending && ingest("\n", false); S.live = true; S.pos = S.events.length - 1; S.view = S.head; S.viewPos = S.pos; draw(); return performance.now() - t0; },
    select: (id) => { S.selected = id; draw(); },
    // The lines the page dropped since the session was opened, and the latest reasons.
    rejected: () => ({ count: rejected.count, reasons: rejected.reasons.slice() }),
  };

  if (MODE === "report") {
    const started = performance.now();
    const text = $("embedded-session").textContent;
    ingest(text, false);
    if (S.pending) ingest("\n", false);
    S.metrics.loadMs = performance.now() - started;
    S.sessions = [{ id: "report", app: S.header ? S.header.app : "session", instance: S.header ? S.header.instance : "", live: false, readOnly: true, remoteActions: [] }];
    S.session = "report";
    drawSessions();
    setStatus("offline report (read-only)");
    $("live").textContent = "End";
    $("live").title = "Go to the last event";
    goLive(true);
    // From navigation start (performance.now()'s origin): reading the HTML, the session and
    // the first drawing.
    S.metrics.firstPaintMs = performance.now();
  } else {
    draw();
    connect();
  }
})();
