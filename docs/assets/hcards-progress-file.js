// The progress file: what the progress page exports and imports and the Class page reads.
// No DOM here (tests/test_memory.py runs canonical() under Node against Python's).
//
// {"format": "hcards-progress", "version": 1, "name": "…", "exported": ISO time, "lang": "en",
//  "log": [answers], "memory": {…},
//  "progress": {"exercises": {…}, "walkthroughs": {…}, "puzzles": {…}, "drills": {…}},
//  "checksum": "sha256:<64 hex>"}   — README, "Spaced repetition and progress files".
// The checksum is SHA-256 over canonical(file): every field but "checksum", keys sorted by
// code point, no spaces, non-ASCII as is (Python: hcards_core.learn.memory.canonical).

export const FORMAT = "hcards-progress";
export const VERSION = 1;
const KINDS = ["exercise", "puzzle", "drill"];

function byCodePoint(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

function canon(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort(byCodePoint);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`;
}

export function canonical(data) {
  const body = { ...data };
  delete body.checksum;
  return canon(body);
}

export async function checksum(data) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical(data)));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

// An answer the log may hold (hcards_core.learn.memory.valid_answer).
export function validAnswer(a) {
  const strings = (list) => Array.isArray(list) && list.every((s) => typeof s === "string" && s);
  return !!a && typeof a === "object" && !Array.isArray(a) && KINDS.includes(a.kind)
    && typeof a.id === "string" && !!a.id && typeof a.game === "string" && Number.isInteger(a.at)
    && typeof a.correct === "boolean" && strings(a.clauses) && (a.themes === undefined || strings(a.themes));
}

export const answerKey = (a) => `${a.at}\u0000${a.kind}\u0000${a.id}`;

// Both logs, each answer once (by answer id and time), in time order.
export function mergeLogs(mine, theirs) {
  const seen = new Map(mine.map((a) => [answerKey(a), a]));
  let added = 0;
  for (const a of theirs) {
    if (!seen.has(answerKey(a))) {
      seen.set(answerKey(a), a);
      added += 1;
    }
  }
  const log = [...seen.values()].sort((a, b) => a.at - b.at || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)
    || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { log, added, known: theirs.length - added };
}

// The page's own progress maps merged: solved/done wins, the larger count of tries.
export function mergeProgress(mine = {}, theirs = {}) {
  const out = { ...mine };
  for (const [id, rec] of Object.entries(theirs || {})) {
    if (!rec || typeof rec !== "object") continue;
    const old = out[id] || {};
    const merged = { ...rec, ...old };
    if (old.solved || rec.solved) merged.solved = true;
    if (old.done || rec.done) merged.done = true;
    if (Number.isInteger(old.tries) || Number.isInteger(rec.tries)) merged.tries = Math.max(old.tries || 0, rec.tries || 0);
    out[id] = merged;
  }
  return out;
}

const entry = (v) => v && typeof v === "object" && !Array.isArray(v);
const rated = (r) => entry(r) && Number.isFinite(r.rating) && Number.isFinite(r.rd) && Number.isFinite(r.vol);

// The puzzles' store (hcards-puzzles.js: the learner's rating per puzzle file, each puzzle's
// rating, the tries) of two browsers: per file the more certain rating (the smaller rd), each
// puzzle's rating as this browser has it, every try (solved if either solved it).
export function mergePuzzles(mine = {}, theirs = {}) {
  const pick = (a = {}, b = {}, better) => {
    const out = { ...(entry(a) ? a : {}) };
    for (const [k, v] of Object.entries(entry(b) ? b : {})) if (better(v, out[k])) out[k] = v;
    return out;
  };
  return {
    learners: pick(mine.learners, theirs.learners, (v, old) => rated(v) && (!rated(old) || v.rd < old.rd)),
    puzzles: pick(mine.puzzles, theirs.puzzles, (v, old) => rated(v) && !rated(old)),
    tried: pick(mine.tried, theirs.tried, (v, old) => typeof v === "boolean" && (old === undefined || (v && !old))),
  };
}

// The drills' scores per game (hcards-drills.js) of two browsers: the one with more answers,
// and the better best streak of the two.
export function mergeDrills(mine = {}, theirs = {}) {
  const ok = (s) => entry(s) && ["right", "total", "streak", "best"].every((k) => Number.isInteger(s[k]) && s[k] >= 0);
  const out = { ...(entry(mine) ? mine : {}) };
  for (const [game, s] of Object.entries(entry(theirs) ? theirs : {})) {
    if (!ok(s)) continue;
    const old = out[game];
    if (!ok(old)) out[game] = s;
    else out[game] = { ...(s.total > old.total ? s : old), best: Math.max(s.best, old.best) };
  }
  return out;
}

export async function makeFile({ name, log, memory, progress, lang, now = new Date() }) {
  const data = { format: FORMAT, version: VERSION, name, exported: now.toISOString(), lang, log, memory, progress };
  data.checksum = await checksum(data);
  return data;
}

// {ok: true, data} or {ok: false, problem, field}: problem is "bad_json" (not JSON), "bad_format"
// (not a progress file of this version), "bad_field" (field names the first wrong one) or
// "bad_checksum" (edited after export).
export async function readFile(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: "bad_json" };
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT || data.version !== VERSION) {
    return { ok: false, problem: "bad_format" };
  }
  const bad = (field) => ({ ok: false, problem: "bad_field", field });
  if (typeof data.name !== "string" || !data.name.trim()) return bad("name");
  if (typeof data.exported !== "string" || Number.isNaN(Date.parse(data.exported))) return bad("exported");
  if (!Array.isArray(data.log)) return bad("log");
  const wrong = data.log.findIndex((a) => !validAnswer(a));
  if (wrong >= 0) return bad(`log[${wrong}]`);
  if (!data.memory || typeof data.memory !== "object" || typeof data.memory.cards !== "object") return bad("memory");
  if (data.progress !== undefined && !entry(data.progress)) return bad("progress");
  for (const kind of ["exercises", "walkthroughs", "puzzles", "drills"]) {
    if (data.progress?.[kind] !== undefined && !entry(data.progress[kind])) return bad(`progress.${kind}`);
  }
  if (typeof data.checksum !== "string" || !/^sha256:[0-9a-f]{64}$/.test(data.checksum)) return bad("checksum");
  if ((await checksum(data)) !== data.checksum) return { ok: false, problem: "bad_checksum" };
  return { ok: true, data };
}
