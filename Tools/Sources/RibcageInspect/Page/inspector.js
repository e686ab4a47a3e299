// Ribcage inspector: the page. Plain JavaScript, no dependencies. It reads a `ribcage-session`
// (JSON lines, docs/inspect.md) from the server's WebSocket or from the document itself (an
// offline report), rebuilds the tree at any event from checkpoints, and draws the tree and the
// event log as virtual lists so a 10,000-RIB tree and a 100,000-event session stay fast.
"use strict";
(function () {
  const ROW = 20;
  const MODE = document.body.dataset.mode;
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- the session model

  function emptyState() {
    return {
      ribs: new Map(), flags: new Map(), coreOnly: false, workflows: new Map(),
      plugins: new Map(), notes: new Map(), leaks: [], leakedPaths: new Set(),
    };
  }

  function cloneState(s) {
    return {
      ribs: new Map(s.ribs), flags: new Map(s.flags), coreOnly: s.coreOnly,
      workflows: new Map(s.workflows), plugins: new Map(s.plugins), notes: new Map(s.notes),
      leaks: s.leaks.slice(), leakedPaths: new Set(s.leakedPaths),
    };
  }

  // Nodes are never changed in place: a checkpoint shares them with the working state.
  function update(state, id, changes) {
    const node = state.ribs.get(id);
    if (node) state.ribs.set(id, Object.assign({}, node, changes));
  }

  function setChildCount(state, id, delta) {
    const node = state.ribs.get(id);
    if (node) state.ribs.set(id, Object.assign({}, node, { childCount: node.childCount + delta }));
  }

  // A detached RIB leaves nothing behind: its node, its plugin badge and its notes go with it
  // (they would otherwise pile up over a long session, and every checkpoint would copy them).
  function forget(state, id) {
    state.ribs.delete(id);
    state.plugins.delete(id);
    state.notes.delete(id);
  }

  // After a keyframe: plugins and notes of RIBs it does not list go.
  function forgetMissing(state) {
    for (const id of Array.from(state.plugins.keys())) if (!state.ribs.has(id)) state.plugins.delete(id);
    for (const id of Array.from(state.notes.keys())) if (!state.ribs.has(id)) state.notes.delete(id);
  }

  function apply(state, ev) {
    switch (ev.type) {
      case "keyframe": {
        const old = state.ribs;
        state.ribs = new Map();
        for (const r of ev.ribs || []) {
          const prev = old.get(r.rib);
          state.ribs.set(r.rib, {
            id: r.rib, parent: r.parent, name: r.name, router: r.router, active: !!r.active,
            loaded: !!r.loaded, view: !!r.view, vmType: r.viewModelType, vm: r.viewModel,
            attachT: prev ? prev.attachT : null, hooks: prev ? prev.hooks : {}, childCount: 0,
          });
        }
        for (const node of state.ribs.values()) {
          if (node.parent != null) {
            const p = state.ribs.get(node.parent);
            if (p) p.childCount += 1; // fresh objects: safe to set before anyone shares them
          }
        }
        if (ev.flags) {
          state.flags = new Map();
          for (const f of ev.flags) state.flags.set(f.key, { value: f.value, source: f.source });
        }
        if (ev.coreOnly !== undefined) state.coreOnly = !!ev.coreOnly;
        forgetMissing(state);
        state.workflows = new Map();
        for (const w of ev.workflows || []) state.workflows.set(w.run, { kind: w.kind, phase: "running" });
        break;
      }
      case "attach":
        state.ribs.set(ev.rib, {
          id: ev.rib, parent: ev.parent, name: ev.name, router: ev.router, active: !!ev.active,
          loaded: !!ev.loaded, view: !!ev.view, vmType: undefined, vm: undefined, attachT: ev.t,
          hooks: {}, childCount: 0,
        });
        if (ev.parent != null) setChildCount(state, ev.parent, 1);
        break;
      case "detach": {
        const node = state.ribs.get(ev.rib);
        if (!node) break;
        if (node.childCount > 0) {
          // Parents come before children in insertion order: one pass finds the subtree.
          const gone = new Set([ev.rib]);
          for (const n of state.ribs.values()) if (gone.has(n.parent)) gone.add(n.id);
          for (const id of gone) forget(state, id);
        } else {
          forget(state, ev.rib);
        }
        if (node.parent != null) setChildCount(state, node.parent, -1);
        break;
      }
      case "activate": update(state, ev.rib, { active: true }); break;
      case "deactivate": update(state, ev.rib, { active: false }); break;
      case "load": update(state, ev.rib, { loaded: true }); break;
      case "hook": {
        const node = state.ribs.get(ev.rib);
        if (node) update(state, ev.rib, { hooks: Object.assign({}, node.hooks, { [ev.hook]: ev.ns }) });
        break;
      }
      case "render":
        if (ev.rib != null) update(state, ev.rib, { vmType: ev.viewModelType, vm: ev.viewModel, vmSeq: ev.seq });
        break;
      case "flag": state.flags.set(ev.key, { value: ev.to, source: ev.source }); break;
      case "coreOnly": state.coreOnly = !!ev.on; break;
      case "plugin":
        if (ev.event === "attached" && ev.pluginRib != null) {
          state.plugins.set(ev.pluginRib, { plugin: ev.plugin, flag: ev.flag, point: ev.point });
        }
        // An auto-disabled plugin leaves a note on its point's RIB until it attaches again.
        if (ev.rib != null && (ev.event === "autoDisabled" || ev.event === "attached")) {
          const notes = (state.notes.get(ev.rib) || []).filter((n) => n.plugin !== ev.plugin);
          if (ev.event === "autoDisabled") {
            notes.push({ plugin: ev.plugin, text: "plugin " + ev.plugin + " auto-disabled: " + (ev.reason || "") });
          }
          if (notes.length) state.notes.set(ev.rib, notes); else state.notes.delete(ev.rib);
        }
        break;
      case "leak":
        state.leaks = state.leaks.concat([{ subtree: ev.subtree, objects: ev.objects || [], seq: ev.seq }]).slice(-200);
        state.leakedPaths = new Set(state.leakedPaths);
        for (const o of ev.objects || []) state.leakedPaths.add(o.path);
        break;
      case "workflow":
        if (ev.phase === "completed" || ev.phase === "cancelled" || ev.phase === "failed") {
          state.workflows.delete(ev.run);
        } else {
          state.workflows.set(ev.run, { kind: ev.kind, phase: ev.phase, step: ev.step, item: ev.item });
        }
        break;
      default: break;
    }
  }

  // A live page keeps at most KEEP events (the newest; `?keep=N` in the URL changes it): a
  // session streamed for days must not grow the page's memory with its age. Older events go in
  // blocks, at a checkpoint, so what is kept can still be rebuilt at every event.
  const KEEP = Math.max(1000, Number(new URLSearchParams(location.search).get("keep")) || 100000);

  const S = {
    header: null, dropped: null, events: [], raws: [], lower: [], head: emptyState(),
    base: null, trimmed: 0, skippedBytes: 0,
    checkpoints: [], sinceCheckpoint: 0, renders: new Map(), types: new Set(),
    pos: -1, live: true, view: null, viewPos: -1, selected: null, collapsed: new Set(),
    session: null, sessions: [], pending: "", startMs: 0,
    metrics: { loadMs: 0, firstPaintMs: 0, lastSeekMs: 0, maxSeekMs: 0, latencies: [] },
  };

  function resetModel() {
    S.header = null; S.dropped = null; S.events = []; S.raws = []; S.lower = [];
    S.base = null; S.trimmed = 0; S.skippedBytes = 0;
    S.head = emptyState(); S.checkpoints = []; S.sinceCheckpoint = 0; S.renders = new Map();
    S.types = new Set(); S.pos = -1; S.view = null; S.viewPos = -1; S.pending = "";
    S.filtered = null;
  }

  // Reads complete lines; a partial last line waits for the rest.
  function ingest(text, measureLatency, forwardedAt) {
    const data = S.pending + text;
    const lines = data.split("\n");
    S.pending = lines.pop();
    const now = Date.now();
    for (const line of lines) {
      if (!line) continue;
      let ev;
      try { ev = JSON.parse(line); } catch (e) { setStatus("a line is not JSON: " + e.message, "bad"); continue; }
      if (ev.format === "ribcage-session") {
        if (!S.header) { S.header = ev; S.startMs = Date.parse(ev.start) || 0; }
        continue;
      }
      if (ev.type === "dropped") { S.dropped = ev; continue; }
      if (typeof ev.type !== "string") continue;
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
      if (measureLatency && S.startMs && typeof ev.t === "number") {
        const happened = S.startMs + ev.t / 1e6;
        S.metrics.latencies.push({ seq: ev.seq, ms: now - happened, toServer: forwardedAt ? forwardedAt - happened : null });
        if (S.metrics.latencies.length > 1000) S.metrics.latencies.shift();
      }
    }
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

  function pathOf(state, id) {
    const names = [];
    let node = state.ribs.get(id);
    let guard = 0;
    while (node && guard++ < 10000) {
      names.push(node.name);
      node = node.parent == null ? null : state.ribs.get(node.parent);
    }
    return names.reverse().join("/");
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
    $("live").classList.toggle("on", S.live);
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
    virtualList($("tree"), rows.length, (i) => treeRowHTML(state, rows[i]));
  }

  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  function treeRowHTML(state, row) {
    if (row.group) return '<div class="row group">' + esc(row.group) + "</div>";
    if (row.leak) {
      return '<div class="row leaked" data-leak="' + esc(row.leak.path) + '" style="padding-left:' + (6 + row.depth * 14) +
        'px">✖ <span class="name">' + esc(row.leak.path) + "</span> " + '<span class="badge">' + esc(row.leak.role + " " + row.leak.typeName) + "</span></div>";
    }
    const node = state.ribs.get(row.id);
    const plugin = state.plugins.get(row.id);
    const notes = state.notes.get(row.id) || [];
    const path = pathOf(state, row.id);
    const leaked = state.leakedPaths.has(path);
    let html = '<div class="row rib ' + (node.active ? "active" : "inactive") + (leaked ? " leaked" : "") +
      (S.selected === row.id ? " selected" : "") + '" data-rib="' + row.id + '" data-path="' + esc(path) +
      '" style="padding-left:' + (6 + row.depth * 14) + 'px">';
    html += '<span class="toggle" data-toggle="' + row.id + '">' + (row.hasChildren ? (S.collapsed.has(row.id) ? "▸" : "▾") : "") + "</span>";
    html += '<span class="dot" title="' + (node.active ? "active" : "inactive") + '"></span>';
    html += '<span class="name">' + esc(node.name) + "</span>";
    html += '<span class="badge">' + (node.view ? "view" : "viewless") + "</span>";
    if (plugin) html += '<span class="badge plugin" title="plugin ' + esc(plugin.plugin) + ' of ' + esc(plugin.point) + '">plugin · ' + esc(plugin.flag) + "</span>";
    for (const n of notes) html += '<span class="badge note" title="' + esc(n.text) + '">⚠ ' + esc(n.text) + "</span>";
    return html + "</div>";
  }

  // Draws only the rows in view (plus a margin); the spacer gives the scroll height.
  function virtualList(container, count, rowHTML) {
    let box = container.firstElementChild;
    if (!box) {
      box = document.createElement("div");
      box.className = "spacer-box";
      container.appendChild(box);
      container.addEventListener("scroll", () => { const f = container._redraw; if (f) f(); });
    }
    const redraw = () => {
      box.style.height = count * ROW + "px";
      const first = Math.max(0, Math.floor(container.scrollTop / ROW) - 10);
      const last = Math.min(count, first + Math.ceil((container.clientHeight || 600) / ROW) + 20);
      let html = "";
      for (let i = first; i < last; i++) {
        const row = rowHTML(i);
        html += row.replace("<div class=\"row", '<div style="top:' + i * ROW + 'px" class="row');
      }
      box.innerHTML = html;
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
    if (S.selected == null) { pane.innerHTML = '<p class="muted">Select a RIB.</p>'; return; }
    if (!node) {
      pane.innerHTML = '<p class="muted">RIB #' + S.selected + " is not in the tree at this event.</p>";
      return;
    }
    const plugin = state.plugins.get(node.id);
    let html = "<table>";
    html += row2("RIB", esc(node.name) + " <span class='muted'>#" + node.id + "</span>");
    html += row2("router", esc(node.router || ""));
    html += row2("path", esc(pathOf(state, node.id)));
    html += row2("state", (node.active ? "active" : "inactive") + " · " + (node.loaded ? "loaded" : "not loaded") + " · " + (node.view ? "view" : "viewless"));
    html += row2("attached", node.attachT == null ? "before the session's first keyframe" : fmtTime(node.attachT));
    for (const hook of Object.keys(node.hooks)) html += row2(esc(hook), (node.hooks[hook] / 1000).toFixed(1) + " µs");
    if (plugin) html += row2("plugin", esc(plugin.plugin) + " of " + esc(plugin.point) + ", flag " + esc(plugin.flag));
    for (const n of state.notes.get(node.id) || []) html += row2("note", "<span class='warn'>" + esc(n.text) + "</span>");
    html += "</table>";
    html += "<h3>View model" + (node.vmType ? " <span class='muted'>" + esc(node.vmType) + "</span>" : "") + "</h3>";
    html += node.vm === undefined ? '<p class="muted">none rendered yet</p>' : "<pre id='view-model'>" + esc(JSON.stringify(node.vm, null, 2)) + "</pre>";
    const renders = (S.renders.get(node.id) || []).filter((i) => i <= S.pos);
    if (renders.length) {
      html += "<h3>Renders <span class='muted'>" + renders.length + ", newest first; each against the one before</span></h3>";
      const shown = renders.slice(-20).reverse();
      for (const i of shown) {
        const k = renders.indexOf(i);
        const ev = S.events[i];
        const before = k > 0 ? S.events[renders[k - 1]].viewModel : undefined;
        html += "<div class='render-head'>#" + ev.seq + " · " + fmtTime(ev.t) + "</div>";
        html += "<pre class='diff'>" + (k === 0 ? "<span class='add'>" + esc(JSON.stringify(ev.viewModel, null, 2)) + "</span>" : diffHTML(before, ev.viewModel, "", 0)) + "</pre>";
      }
    }
    pane.innerHTML = html;
  }

  function row2(key, value) { return "<tr><td>" + key + "</td><td>" + value + "</td></tr>"; }

  function isObject(v) { return v !== null && typeof v === "object"; }

  // A structural diff: changed members in full, unchanged ones collapsed to a count.
  function diffHTML(a, b, key, depth) {
    const pad = "  ".repeat(depth);
    const label = key === "" ? "" : esc(key) + ": ";
    if (JSON.stringify(a) === JSON.stringify(b)) return "";
    if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
      const keys = Array.isArray(b) ? Array.from({ length: Math.max(a.length, b.length) }, (_, i) => String(i))
        : Array.from(new Set(Object.keys(a).concat(Object.keys(b))));
      let out = pad + label + (Array.isArray(b) ? "[" : "{") + "\n";
      let same = 0;
      for (const k of keys) {
        const inner = diffHTML(a[k], b[k], Array.isArray(b) ? "[" + k + "]" : k, depth + 1);
        if (inner === "") same += 1; else out += inner;
      }
      if (same) out += pad + "  <span class='same'>… " + same + " unchanged</span>\n";
      return out + pad + (Array.isArray(b) ? "]" : "}") + "\n";
    }
    let out = "";
    if (a !== undefined) out += pad + "<span class='del'>" + label + esc(JSON.stringify(a)) + "</span>\n";
    if (b !== undefined) out += pad + "<span class='add'>" + label + esc(JSON.stringify(b)) + "</span>\n";
    return out;
  }

  // ---------------------------------------------------------------- the event log

  function summary(ev) {
    switch (ev.type) {
      case "keyframe": return (ev.ribs || []).length + " RIBs";
      case "attach": case "detach": case "activate": case "deactivate": case "load": return ev.path || "";
      case "hook": return (ev.path || "") + " " + ev.hook + " " + (ev.ns / 1000).toFixed(1) + " µs";
      case "render": return (ev.path || "(no RIB)") + " " + shortType(ev.viewModelType) + (ev.viewModelOmitted ? " (" + ev.viewModelOmitted + ")" : "");
      case "flag": return ev.key + ": " + JSON.stringify(ev.from) + " → " + JSON.stringify(ev.to) + " (" + ev.source + ")";
      case "coreOnly": return ev.on ? "on" : "off";
      case "plugin": return ev.plugin + " of " + ev.point + " " + ev.event + (ev.reason ? " (" + ev.reason + ")" : "");
      case "workflow": return ev.kind + " #" + ev.run + " " + ev.phase + (ev.step ? " step " + ev.step + " " + (ev.item || "") : "") + (ev.trigger ? " ← " + ev.trigger : "") + (ev.error ? " " + ev.error : "");
      case "link": return ev.input + (ev.handled ? " → " + (ev.pattern || "") : " ✖ " + (ev.error ? ev.error.case + ": " + ev.error.message : ""));
      case "leak": return ev.subtree + " (" + (ev.objects || []).length + " objects)";
      case "diagnostic": return ev.severity + " " + ev.kind + ": " + ev.message;
      case "mark": return ev.text;
      default: return "";
    }
  }

  function shortType(t) { return t ? String(t).split(".").pop() : ""; }

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
      select.innerHTML = '<option value="">all kinds</option>' + Array.from(S.types).sort().map((t) => "<option>" + esc(t) + "</option>").join("");
      select.value = current;
    }
    const container = $("log");
    if (S.live) container.scrollTop = list.length * ROW;
    virtualList(container, list.length, (r) => {
      const i = list[r];
      const ev = S.events[i];
      return '<div class="row ev k-' + esc(ev.type) + (i === S.pos ? " current" : "") + (i > S.pos ? " future" : "") + '" data-index="' + i + '">' +
        '<span class="seq">#' + ev.seq + '</span><span class="type">' + esc(ev.type) + "</span> " + esc(summary(ev)) + "</div>";
    });
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
      select.innerHTML = keys.map((k) => "<option>" + esc(k) + "</option>").join("");
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
  $("live").addEventListener("click", () => goLive(!S.live));
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
    select.innerHTML = S.sessions.map((s) => '<option value="' + esc(s.id) + '">' + esc(s.app) + " · " + esc(String(s.instance).slice(0, 8)) +
      (s.live ? " · live" : s.readOnly ? " · file" : " · ended") + "</option>").join("");
    if (S.session) select.value = S.session;
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
      if (m.type === "sessions") {
        S.sessions = m.sessions;
        drawSessions();
        if (!S.session && S.sessions.length) {
          const newest = S.sessions.filter((s) => s.live).pop() || S.sessions[S.sessions.length - 1];
          openSession(newest.id);
          drawSessions();
        }
        const session = currentSession();
        if (session) setStatus(session.live ? "live: " + session.app : session.readOnly ? "recorded file (read-only)" : session.app + " disconnected", session.live ? "good" : "");
        drawActions(S.head);
      } else if (m.type === "lines" && m.session === S.session) {
        if (m.reset) { resetModel(); S.skippedBytes = m.skippedBytes || 0; }
        const started = performance.now();
        ingest(m.text, !m.reset && S.live, m.at);
        trim();
        S.metrics.loadMs += performance.now() - started;
        scheduleDraw();
      } else if (m.type === "error") {
        setStatus(m.message, "bad");
      }
    };
  }

  // For tests and measurements: the model, read-only helpers and timings.
  window.__inspector = {
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
  };

  if (MODE === "report") {
    const started = performance.now();
    const text = $("embedded-session").textContent;
    ingest(text, false);
    if (S.pending) ingest("\n", false);
    S.metrics.loadMs = performance.now() - started;
    S.sessions = [{ id: "report", app: S.header ? S.header.app : "session", instance: S.header ? S.header.instance : "", live: false, readOnly: true }];
    S.session = "report";
    drawSessions();
    setStatus("offline report (read-only)");
    goLive(true);
    // From navigation start (performance.now()'s origin): reading the HTML, the session and
    // the first drawing.
    S.metrics.firstPaintMs = performance.now();
  } else {
    draw();
    connect();
  }
})();
