// Ribcage inspector: the page's reader of a `ribcage-session` — what each line must hold, what
// each event changes, and how it reads in the log. No DOM: the page (inspector.js) draws what
// this builds, and `node --test Tests/Golden` loads the same file to check it against the
// format's one definition (docs/session-format.json) and the golden sessions.
"use strict";
const RibcageSessionModel = (function () {
  // ---------------------------------------------------------------- the state at an event

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

  // A RIB's hook times by hook name: objects without a prototype, so a name such as
  // `__proto__` or `constructor` is a key like any other.
  const NO_HOOKS = Object.freeze(Object.create(null));
  function withHook(hooks, name, ns) {
    const next = Object.create(null);
    for (const k of Object.keys(hooks)) next[k] = hooks[k];
    next[name] = ns;
    return next;
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
            attachT: prev ? prev.attachT : null, hooks: prev ? prev.hooks : NO_HOOKS, childCount: 0,
          });
        }
        for (const node of state.ribs.values()) {
          if (node.parent != null) {
            const p = state.ribs.get(node.parent);
            if (p) p.childCount += 1; // fresh objects: safe to set before anyone shares them
          }
        }
        // The whole state: a keyframe without flags (the app handed the recorder no flag store)
        // leaves none, as `SessionTimeline` reads it.
        state.flags = new Map();
        for (const f of ev.flags || []) state.flags.set(f.key, { value: f.value, source: f.source });
        state.coreOnly = !!ev.coreOnly;
        forgetMissing(state);
        state.workflows = new Map();
        for (const w of ev.workflows || []) state.workflows.set(w.run, { kind: w.kind, phase: "running" });
        break;
      }
      case "attach":
        state.ribs.set(ev.rib, {
          id: ev.rib, parent: ev.parent, name: ev.name, router: ev.router, active: !!ev.active,
          loaded: !!ev.loaded, view: !!ev.view, vmType: undefined, vm: undefined, attachT: ev.t,
          hooks: NO_HOOKS, childCount: 0,
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
        if (node) update(state, ev.rib, { hooks: withHook(node.hooks, ev.hook, ev.ns) });
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
        for (const o of ev.objects || []) if (typeof o.path === "string") state.leakedPaths.add(o.path);
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

  // ---------------------------------------------------------------- checking what comes in

  // Every line is checked against the format before the page keeps it, with the tables below:
  // docs/session-format.json in this file's words (Tests/Golden/session-model.test.js checks
  // that they say the same). Ids and counts are safe non-negative integers, names are strings,
  // view models are JSON at most 128 deep (as `SessionTimeline` reads them). A line that fails
  // is dropped whole, counted, and the reason shown; fields the page does not know are ignored.
  const MAX_DEPTH = 128;

  function kindOf(v) {
    if (v === null) return "null";
    if (Array.isArray(v)) return "an array";
    if (typeof v === "number") return Number.isInteger(v) ? (Number.isSafeInteger(v) ? "the integer " + v : "an integer too large") : "a fraction";
    return { string: "a string", boolean: "a boolean", object: "an object" }[typeof v] || typeof v;
  }

  function isId(v) { return typeof v === "number" && Number.isSafeInteger(v) && v >= 0; }
  function isInt(v) { return typeof v === "number" && Number.isSafeInteger(v); }
  function isPlainObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function isScalar(v) { return v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)); }

  // Whether a JSON value nests at most MAX_DEPTH deep (recursion bounded by that depth).
  function shallow(v, depth) {
    if (depth > MAX_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const c = v[i];
        if (c !== null && typeof c === "object" && !shallow(c, depth + 1)) return false;
      }
    } else {
      for (const k in v) {
        const c = v[k];
        if (c !== null && typeof c === "object" && !shallow(c, depth + 1)) return false;
      }
    }
    return true;
  }

  // The format's types: [test, what a value must be].
  const TYPES = {
    id: [isId, "a non-negative integer"],
    integer: [isInt, "an integer"],
    string: [(v) => typeof v === "string", "a string"],
    bool: [(v) => typeof v === "boolean", "a boolean"],
    scalar: [isScalar, "a JSON scalar"],
    json: [(v) => v === null || typeof v !== "object" || shallow(v, 1), "JSON at most " + MAX_DEPTH + " deep"],
    object: [isPlainObject, "an object"],
    array: [Array.isArray, "an array"],
  };

  // A field: its type, whether it must be there, whether null is a value (not an absence) for
  // a required field, and for an object or array the fields of its objects (`of`).
  const must = (type, of) => ({ type, required: true, nullable: false, of: of || null });
  const mustOrNull = (type) => ({ type, required: true, nullable: true, of: null });
  const may = (type, of) => ({ type, required: false, nullable: false, of: of || null });

  const OBJECTS = {
    keyframeRib: { rib: must("id"), parent: mustOrNull("id"), name: must("string"), router: may("string"),
      active: must("bool"), loaded: may("bool"), view: may("bool"), viewModelType: may("string"), viewModel: may("json") },
    keyframeFlag: { key: must("string"), value: mustOrNull("scalar"), source: must("string") },
    keyframeWorkflow: { run: must("id"), kind: must("string") },
    linkError: { case: may("string"), message: may("string") },
    leakedObject: { role: may("string"), typeName: may("string"), path: may("string") },
  };
  const RIB_EVENT = { rib: must("id") };
  const EVENTS = {
    keyframe: { ribs: must("array", "keyframeRib"), flags: may("array", "keyframeFlag"), coreOnly: may("bool"),
      workflows: may("array", "keyframeWorkflow") },
    attach: { rib: must("id"), parent: mustOrNull("id"), name: must("string"), router: may("string"), view: may("bool"),
      active: may("bool"), loaded: may("bool") },
    detach: { rib: must("id"), parent: may("id") },
    activate: RIB_EVENT, deactivate: RIB_EVENT, load: RIB_EVENT,
    hook: { rib: must("id"), hook: must("string"), ns: must("integer") },
    render: { rib: may("id"), viewModelType: must("string"), viewModel: may("json"), viewModelOmitted: may("string") },
    workflow: { run: must("id"), kind: must("string"), phase: must("string"), trigger: may("string"), step: may("id"),
      item: may("string"), error: may("string") },
    link: { input: must("string"), handled: must("bool"), pattern: may("string"), error: may("object", "linkError") },
    flag: { key: must("string"), from: may("scalar"), to: mustOrNull("scalar"), source: must("string") },
    coreOnly: { on: must("bool") },
    plugin: { point: must("string"), plugin: must("string"), event: must("string"), flag: must("string"),
      reason: may("string"), pluginRib: may("id") },
    leak: { subtree: must("string"), objects: must("array", "leakedObject") },
    diagnostic: { kind: must("string"), severity: must("string"), message: must("string") },
    mark: { text: must("string") },
  };
  // Every event's own fields (`type` is checked first, `seq` and `t` with their order).
  const COMMON = { seq: must("id"), t: must("integer"), type: must("string"), rib: may("id"), path: may("string") };
  const HEADER = { format: must("string"), version: must("integer"), app: must("string"), instance: must("string"),
    start: must("string"), clock: may("string"), byteBudget: may("id"), keyframeInterval: may("id") };
  const DROPPED = { type: must("string"), count: must("id"), throughSeq: may("id") };

  // The first field of `object` that breaks `fields`, as a reason, or null. An absent field and
  // a null one are the same unless the field is required and nullable.
  function check(object, fields, prefix) {
    if (!isPlainObject(object)) return (prefix || "the line") + " must be an object, found " + kindOf(object);
    for (const name in fields) {
      const field = fields[name];
      const has = Object.prototype.hasOwnProperty.call(object, name);
      const v = has ? object[name] : undefined;
      if (!has || (v === null && !field.required)) {
        if (field.required) return "\"" + (prefix || "") + name + "\" is missing";
        continue;
      }
      if (v === null && field.nullable) continue;
      const type = TYPES[field.type];
      if (!type[0](v)) return "\"" + (prefix || "") + name + "\" must be " + type[1] + ", found " + kindOf(v);
      if (field.of && field.type === "object") {
        const reason = check(v, OBJECTS[field.of], (prefix || "") + name + ".");
        if (reason) return reason;
      } else if (field.of) {
        for (let i = 0; i < v.length; i++) {
          const reason = check(v[i], OBJECTS[field.of], (prefix || "") + name + "[" + i + "].");
          if (reason) return reason;
        }
      }
    }
    return null;
  }

  const TYPE_NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

  // Why an event line cannot be kept, or null. `lastSeq`: the seq of the last event kept.
  function invalidEvent(ev, lastSeq) {
    if (typeof ev.type !== "string") return "\"type\" must be a string, found " + kindOf(ev.type);
    // Own members only: `__proto__`, `constructor` or `toString` is no event type.
    const fields = Object.prototype.hasOwnProperty.call(EVENTS, ev.type) ? EVENTS[ev.type] : null;
    if (!fields) return "an event type the page does not know (" + (TYPE_NAME.test(ev.type) ? ev.type : "not a name") + ")";
    const common = check(ev, COMMON, "");
    if (common) return common;
    if (lastSeq !== null && ev.seq <= lastSeq) return "seq " + ev.seq + " does not follow " + lastSeq;
    return check(ev, fields, "");
  }

  // Why a header line cannot be read, or null.
  function invalidHeader(ev) {
    return check(ev, HEADER, "header.") || (ev.version !== 1 ? "format version " + ev.version + " (this page reads 1)" : null);
  }

  // Why a `dropped` marker cannot be read, or null.
  function invalidDropped(ev) { return check(ev, DROPPED, "dropped."); }

  // ---------------------------------------------------------------- reading events

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
      case "link": return ev.input + (ev.handled ? " → " + (ev.pattern || "") : " ✖ " + (ev.error ? (ev.error.case || "") + ": " + (ev.error.message || "") : ""));
      case "leak": return ev.subtree + " (" + (ev.objects || []).length + " objects)";
      case "diagnostic": return ev.severity + " " + ev.kind + ": " + ev.message;
      case "mark": return ev.text;
      default: return "";
    }
  }

  function shortType(t) { return t ? String(t).split(".").pop() : ""; }

  return {
    emptyState, cloneState, apply, pathOf, summary, shortType,
    invalidEvent, invalidHeader, invalidDropped, kindOf, isId, isPlainObject,
    tables: { EVENTS, OBJECTS, COMMON, HEADER, DROPPED },
  };
})();

// Node (the tests) loads this file as a module; the page reads the constant above.
if (typeof module === "object" && module.exports) module.exports = RibcageSessionModel;
