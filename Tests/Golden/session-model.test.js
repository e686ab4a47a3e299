// The page's reader of a `ribcage-session` (Tools/Sources/RibcageInspectServer/Page/session-model.js)
// against the format's one definition (docs/session-format.json) and the golden sessions beside
// this file, which the Swift reader is checked on too (SessionFormatSchemaTests).
//
//     node --test Tests/Golden
//
// Node from Debian (`apt-get install nodejs`), nothing from npm.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..", "..");
const model = require(path.join(root, "Tools/Sources/RibcageInspectServer/Page/session-model.js"));
const schema = JSON.parse(fs.readFileSync(path.join(root, "docs/session-format.json"), "utf8"));
const goldens = path.join(__dirname, "sessions");

// A table of fields as both sides write it: type, required, nullable, `of`.
function normalized(fields) {
  const out = {};
  for (const [name, field] of Object.entries(fields)) {
    out[name] = { type: field.type, required: !!field.required, nullable: !!field.nullable, of: field.of || null };
  }
  return out;
}

test("the page's tables are the schema's", () => {
  const tables = model.tables;
  assert.deepEqual(Object.keys(tables.EVENTS).sort(), Object.keys(schema.events).sort());
  for (const kind of Object.keys(schema.events)) {
    assert.deepEqual(normalized(tables.EVENTS[kind]), normalized(schema.events[kind]), "event " + kind);
  }
  assert.deepEqual(Object.keys(tables.OBJECTS).sort(), Object.keys(schema.objects).sort());
  for (const name of Object.keys(schema.objects)) {
    assert.deepEqual(normalized(tables.OBJECTS[name]), normalized(schema.objects[name]), "object " + name);
  }
  assert.deepEqual(normalized(tables.COMMON), normalized(schema.common), "common fields");
  assert.deepEqual(normalized(tables.HEADER), normalized(schema.header), "header");
  assert.deepEqual(normalized(tables.DROPPED), normalized(schema.dropped), "dropped");
});

// ---------------------------------------------------------------- events made from the schema

// A value of `field`'s type that fits a session whose keyframe holds RIB 1 (Root) and RIB 2.
function valueFor(kind, name, field) {
  if (field.values) return field.values[0];
  switch (field.type) {
    case "id": return kind === "attach" && name === "rib" ? 3 : name === "parent" ? 1 : name === "rib" ? 2 : 1;
    case "integer": return 7;
    case "string": return name === "path" ? "Root/Child" : "text";
    case "bool": return true;
    case "scalar": return false;
    case "json": return { a: [1, "two"] };
    case "object": return objectFor(kind, schema.objects[field.of], false);
    case "array": return [objectFor(kind, schema.objects[field.of], false)];
    default: throw new Error("no value for type " + field.type);
  }
}

function objectFor(kind, fields, all) {
  const out = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.required || all) out[name] = valueFor(kind, name, field);
  }
  if (kind === "keyframe" && out.rib !== undefined && out.parent !== undefined) out.parent = null;
  return out;
}

function eventFor(kind, all) {
  const common = { seq: 10, t: 100, type: kind };
  if (all) Object.assign(common, { rib: kind === "attach" ? 3 : 2, path: "Root/Child" });
  return Object.assign(common, objectFor(kind, schema.events[kind], all));
}

// A value no field of `type` accepts.
function wrongValueFor(type) {
  return { id: -1, integer: 1.5, string: 12, bool: "yes", scalar: [1], object: [], array: {} }[type];
}

test("every event type: the fields the schema requires are enough, each is required, each is typed", () => {
  for (const kind of Object.keys(schema.events)) {
    const fields = Object.assign({}, schema.common, schema.events[kind]);
    for (const all of [false, true]) {
      const ev = eventFor(kind, all);
      assert.equal(model.invalidEvent(ev, null), null, kind + (all ? " with every field" : " with required fields"));
      assert.equal(typeof model.summary(ev), "string");
      model.apply(model.emptyState(), ev); // never throws, whatever the tree holds
    }
    for (const [name, field] of Object.entries(fields)) {
      if (name === "type") continue;
      const full = eventFor(kind, true);
      if (field.required) {
        delete full[name];
        assert.match(model.invalidEvent(full, null) || "", new RegExp('"' + name + '" is missing'), kind + "." + name);
      }
      const nulled = Object.assign(eventFor(kind, true), { [name]: null });
      const reason = model.invalidEvent(nulled, null);
      if (!field.required || field.nullable) assert.equal(reason, null, kind + "." + name + " null");
      else assert.match(reason || "", new RegExp('"' + name + '"'), kind + "." + name + " null");
      if (field.type === "json") continue;
      const wrong = Object.assign(eventFor(kind, true), { [name]: wrongValueFor(field.type) });
      assert.match(model.invalidEvent(wrong, null) || "", new RegExp('"' + name + '" must be'), kind + "." + name);
    }
  }
});

test("the fields of nested objects are checked with their path", () => {
  const ev = eventFor("keyframe", true);
  delete ev.ribs[0].active;
  assert.match(model.invalidEvent(ev, null), /"ribs\[0\]\.active" is missing/);
  const link = eventFor("link", true);
  link.error.case = 3;
  assert.match(model.invalidEvent(link, null), /"error\.case" must be a string/);
});

// ---------------------------------------------------------------- the golden sessions

// What the page makes of a whole session: the lines it drops, the events it keeps, and the
// state after the last one, in the words of the `.expected.json` files.
function readSession(text) {
  const result = { events: 0, dropped: 0, skippedLines: [], rejected: [] };
  const state = model.emptyState();
  let lastSeq = null;
  text.split("\n").forEach((line, index) => {
    if (!line) return;
    const number = index + 1;
    const ev = JSON.parse(line);
    if (ev.format === "ribcage-session") {
      const reason = model.invalidHeader(ev);
      if (reason) result.rejected.push({ line: number, reason });
      return;
    }
    if (ev.type === "dropped") {
      const reason = model.invalidDropped(ev);
      if (reason) result.rejected.push({ line: number, reason }); else result.dropped += ev.count;
      return;
    }
    const reason = model.invalidEvent(ev, lastSeq);
    if (reason && reason.startsWith("an event type the page does not know")) {
      result.skippedLines.push(number);
      lastSeq = ev.seq;
      return;
    }
    if (reason) { result.rejected.push({ line: number, reason }); return; }
    lastSeq = ev.seq;
    result.events += 1;
    model.apply(state, ev);
  });
  // The tree parents first, children in the order they joined (the Map's order).
  const children = new Map();
  for (const node of state.ribs.values()) {
    const key = node.parent == null ? null : node.parent;
    if (!children.has(key)) children.set(key, []);
    children.get(key).push(node);
  }
  result.tree = [];
  const visit = (node) => {
    result.tree.push({
      path: model.pathOf(state, node.id), router: node.router || "", active: node.active, loaded: node.loaded,
      view: node.view, viewModelType: node.vmType == null ? null : node.vmType,
      viewModel: node.vm === undefined ? null : node.vm,
    });
    for (const child of children.get(node.id) || []) visit(child);
  };
  for (const rootNode of children.get(null) || []) visit(rootNode);
  result.flags = {};
  for (const [key, flag] of state.flags) result.flags[key] = { value: flag.value, source: flag.source };
  result.coreOnly = state.coreOnly;
  result.workflows = {};
  for (const [run, workflow] of state.workflows) result.workflows[String(run)] = workflow.kind;
  return result;
}

const names = fs.readdirSync(goldens).filter((f) => f.endsWith(".ribcage-session")).sort();

test("there are golden sessions, each with its expected outcome", () => {
  assert.ok(names.length >= 5);
  for (const name of names) assert.ok(fs.existsSync(path.join(goldens, name.replace(/\.ribcage-session$/, ".expected.json"))), name);
});

for (const name of names) {
  test("golden " + name, () => {
    const text = fs.readFileSync(path.join(goldens, name), "utf8");
    const expected = JSON.parse(fs.readFileSync(path.join(goldens, name.replace(/\.ribcage-session$/, ".expected.json")), "utf8"));
    const outcome = readSession(text);
    if (expected.rejects) {
      assert.ok(outcome.rejected.length > 0, "no line was dropped");
      const first = outcome.rejected[0];
      assert.equal(first.line, expected.rejects.line, first.reason);
      assert.ok(first.reason.includes('"' + expected.rejects.field + '"'), first.reason);
      return;
    }
    assert.deepEqual(outcome.rejected, []);
    for (const key of ["events", "dropped", "skippedLines", "tree", "flags", "coreOnly", "workflows"]) {
      assert.deepEqual(outcome[key], expected[key], key);
    }
  });
}
