// The answer log and the spaced-repetition memory, on every page (scripts/theme/main.html).
//
// - Listens, once, on document, to "hcards:answer" (every exercise check, puzzle try and drill
//   answer; the event's detail is the answer) and appends it to the log in localStorage.
// - Updates the memory (hcards_core.learn.memory, FSRS in the worker) from the log when the
//   page has a worker; a page without one leaves it for the next page that has one (the memory
//   is a function of the log, so nothing is lost by waiting). Fires "hcards:memory" after.
// - Draws the "due today" deck (.hc-review, review page) and the mastery map (.hc-mastery, each
//   game's overview) from the memory, with the answers not scheduled yet counted in.
//
// localStorage: "hcards:answers" (the log: a JSON array of answers), "hcards:memory" (the
// memory, a cache of the log's schedule), "hcards:learner" (the name the export asked for). A
// log that cannot be read is moved aside to "hcards:answers:unreadable:<ms>", never
// overwritten; when storage refuses a write the answers stay in this page until it accepts one.

import { call, el, fill, onPage, onStatus, status, widgetReady } from "./hcards-runtime.js";
import { loadProgress } from "./hcards-ui.js";
import { answerKey, validAnswer } from "./hcards-progress-file.js";

export const KEYS = { log: "hcards:answers", memory: "hcards:memory", learner: "hcards:learner" };
const UNREADABLE = "hcards:answers:unreadable:";
const MINUTE = 60000;

let unsaved = null; // the log, when storage refused it

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function loadLog() {
  if (unsaved) return unsaved.slice();
  const raw = read(KEYS.log);
  if (raw === null) return [];
  try {
    const log = JSON.parse(raw);
    if (Array.isArray(log)) return log;
  } catch { /* below */ }
  // Unreadable (edited by hand, cut short): keep it aside for whoever can repair it.
  if (write(UNREADABLE + Date.now(), raw)) {
    try { localStorage.removeItem(KEYS.log); } catch { /* kept as it is */ }
  }
  return [];
}

export function saveLog(log) {
  if (write(KEYS.log, JSON.stringify(log))) {
    unsaved = null;
    return true;
  }
  unsaved = log.slice();
  return false;
}

export function loadMemory() {
  try {
    const memory = JSON.parse(read(KEYS.memory));
    return memory && typeof memory === "object" && memory.cards ? memory : null;
  } catch {
    return null;
  }
}

export function saveMemory(memory) {
  return write(KEYS.memory, JSON.stringify(memory));
}

// The answer as the log keeps it: the contract's fields (and the exercises' right/hints).
function entry(detail) {
  const a = {};
  for (const k of ["kind", "id", "game", "clauses", "themes", "correct", "right", "hints", "answer", "lang", "at"]) {
    if (detail[k] !== undefined) a[k] = detail[k];
  }
  if (!Number.isInteger(a.at)) a.at = Date.now();
  if (a.themes === undefined) a.themes = [];
  return a;
}

export function record(detail) {
  const a = entry(detail || {});
  if (!validAnswer(a)) {
    console.warn("hcards:answer ignored: not an answer", detail);
    return false;
  }
  const log = loadLog();
  log.push(a);
  saveLog(log);
  failures = 0;
  refresh();
  return true;
}

export const isStale = (memory, log) => !memory || (memory.applied || 0) + (memory.skipped || 0) !== log.length;

// Bring the memory up to the log, in the worker; only when this page has one, unless asked.
// A failed update (the scheduler's wheel not fetched, say) is tried again: at once when an
// answer came in meanwhile, else after RETRY_MS[n], and again after each new answer.
// `running` is cleared when the run's promise settles, never inside it: a run that found the
// memory up to date finishes without awaiting, before `running` is even assigned, and clearing
// it there left every later answer of the page waiting on a run that was over.
let running = null;
let again = false;
let failures = 0;
let retry = null;
const RETRY_MS = [2000, 5000, 15000, 60000];
export function refresh({ start = false } = {}) {
  if (!start && status().status === "idle") return Promise.resolve(loadMemory());
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(retry);
  running = (async () => {
    let memory = loadMemory();
    do {
      again = false;
      const log = loadLog();
      if (!isStale(memory, log)) break;
      let next;
      try {
        next = await call("memory_update", { log, memory });
      } catch (err) {
        console.error("hcards: the memory could not be updated", err);
        if (!again && failures < RETRY_MS.length) retry = setTimeout(refresh, RETRY_MS[failures]);
        failures += 1;
        continue; // to the loop's test: again, if an answer came in meanwhile
      }
      failures = 0;
      memory = next;
      saveMemory(memory);
      document.dispatchEvent(new CustomEvent("hcards:memory", { detail: memory }));
    } while (again);
    return memory;
  })().finally(() => {
    running = null;
    if (again) refresh(); // an answer that came in as the run ended
  });
  return running;
}

// ---------------------------------------------------------------- reading the memory

export function endOfToday(now = new Date()) {
  const d = new Date(now);
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

function cardKeys(a) {
  return [...new Set(a.clauses)].map((c) => `clause:${c}`).concat([...new Set(a.themes || [])].map((t) => `theme:${t}`));
}

// The memory's cards, with the log's answers it has not scheduled yet counted in the simplest
// way (a wrong one: due in a minute; a right one on a new card: known), until the worker has.
export function cards(memory = loadMemory(), log = loadLog()) {
  const out = {};
  for (const [key, card] of Object.entries(memory?.cards || {})) out[key] = { ...card, key };
  if (!isStale(memory, log)) return out;
  const last = memory?.last ? `${memory.last[0]}\u0000${memory.last[1]}\u0000${memory.last[2]}` : null;
  const newer = log.filter(validAnswer).filter((a) => !last || a.at > memory.last[0] || (a.at === memory.last[0] && answerKey(a) > last));
  for (const a of newer.sort((x, y) => x.at - y.at)) {
    const right = a.right ?? a.correct;
    for (const key of cardKeys(a)) {
      const card = out[key] || { key, game: a.game, reviews: 0, wrong: 0, missed: [], due: a.at, pending: true };
      card.reviews += 1;
      if (!right) {
        card.wrong += 1;
        card.due = a.at + MINUTE;
        card.missed = [{ kind: a.kind, id: a.id, game: a.game, at: a.at },
          ...card.missed.filter((m) => m.kind !== a.kind || m.id !== a.id)].slice(0, 5);
      } else if (card.pending) {
        card.due = Math.max(card.due, a.at + 86400000);
      }
      card.pending = true;
      out[key] = card;
    }
  }
  return out;
}

// ---------------------------------------------------------------- the pages

const ltr = (text) => el("bdi", { dir: "ltr", text });
const info = (root) => JSON.parse(root.querySelector("script.hc-data").textContent);

function when(ms, lang) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

function cardTitle(card, data) {
  const { texts, index } = data;
  const game = index.games[card.game] || index.games[{ filko: "filicau" }[card.game]] || { name: card.game };
  const [kind, id] = [card.key.slice(0, card.key.indexOf(":")), card.key.slice(card.key.indexOf(":") + 1)];
  const head = el("strong", { class: "hc-review-name" });
  if (kind === "clause") {
    const clause = index.clauses[id];
    head.append(clause ? el("a", { href: clause.page, dir: "ltr", text: `§${id}` }) : ltr(`§${id}`));
  } else {
    const label = index.themes[id] || id;
    head.append(`${texts.review_theme} `, label === id ? ltr(id) : label);
  }
  return [head, ` · ${game.name}`];
}

function itemLink(ref, index, texts) {
  const item = index.items[`${ref.kind}:${ref.id}`];
  if (item) return el("a", { href: item[1], text: item[0] });
  const game = index.games[ref.game] || index.games[{ filko: "filicau" }[ref.game]];
  if (ref.kind === "drill" && game?.drills) return el("a", { href: game.drills, text: texts.review_drill });
  if (ref.kind === "puzzle" && game?.puzzles) return el("a", { href: `${game.puzzles}#${ref.id}`, text: fill(texts.review_puzzle, { id: ref.id }) });
  return null;
}

function practice(card, data) {
  const { index, texts } = data;
  const id = card.key.slice(card.key.indexOf(":") + 1);
  const refs = [];
  if (card.key.startsWith("clause:")) for (const ex of index.clauses[id]?.exercises || []) refs.push(ex);
  refs.push(...(index.puzzles[card.key] || []));
  const links = refs.map((ref) => {
    const item = index.items[ref];
    return item && el("a", { href: item[1], text: item[0] });
  }).filter(Boolean);
  const game = index.games[card.game] || index.games[{ filko: "filicau" }[card.game]];
  if (game?.drills) links.push(el("a", { href: game.drills, text: texts.review_drills }));
  if (!links.length && game) links.push(el("a", { href: game.exercises, text: texts.review_exercises_page }));
  return links;
}

function joined(label, links) {
  if (!links.length) return null;
  const p = el("p", { class: "hc-review-links" }, el("span", { text: label }), " ");
  links.forEach((a, i) => p.append(...(i ? [" · ", a] : [a])));
  return p;
}

export function renderReview(root) {
  const data = info(root);
  const { texts, lang } = data;
  const all = Object.values(cards()).sort((a, b) => a.due - b.due || (a.key < b.key ? -1 : 1));
  const until = endOfToday();
  const due = all.filter((c) => c.due <= until);
  const now = Date.now();
  root.querySelector(".hc-review-summary").textContent = due.length ? fill(texts.review_due, { n: due.length }) : texts.review_none;
  const deck = root.querySelector(".hc-review-deck");
  deck.replaceChildren(...due.map((card) => {
    const missed = (card.missed || []).map((m) => itemLink(m, data.index, texts)).filter(Boolean);
    return el("li", { class: "hc-review-card", "data-key": card.key },
      el("p", { class: "hc-review-title" }, ...cardTitle(card, data)),
      el("p", { class: "hc-review-when" },
        card.due <= now ? texts.review_due_now : fill(texts.review_due_at, { when: when(card.due, lang) }),
        " · ", fill(texts.review_answers, { reviews: card.reviews, wrong: card.wrong })),
      joined(texts.review_missed, missed),
      joined(texts.review_practise, practice(card, data)));
  }));
  const later = all.filter((c) => c.due > until).slice(0, 12);
  root.querySelector(".hc-review-later").replaceChildren(...(later.length ? later.map((card) => el("li", { "data-key": card.key },
    ...cardTitle(card, data), " — ", fill(texts.review_due_at, { when: when(card.due, lang) }))) : [el("li", { class: "hc-review-none", text: texts.review_later_none })]));
  root.dataset.due = String(due.length);
  widgetReady(root);
}

export function renderMastery(root) {
  const data = info(root);
  const { texts } = data;
  const all = cards();
  const until = endOfToday();
  const seen = new Set();
  const done = loadProgress("walkthroughs");
  for (const [id, clauses] of Object.entries(data.walkthroughs)) if (done[id]?.done) clauses.forEach((c) => seen.add(c));
  const counts = { known: 0, due: 0, seen: 0, new: 0 };
  for (const li of root.querySelectorAll("li[data-clause]")) {
    const card = all[`clause:${li.dataset.clause}`];
    const state = card ? (card.due <= until ? "due" : "known") : seen.has(li.dataset.clause) ? "seen" : "new";
    counts[state] += 1;
    li.className = `hc-m-${state}`;
    li.dataset.state = state;
    li.querySelector(".hc-m-state").textContent = texts[`state_${state}`];
  }
  root.querySelector(".hc-mastery-summary").textContent = fill(texts.mastery_summary, counts);
}

function renderAll() {
  document.querySelectorAll(".hc-review").forEach(renderReview);
  document.querySelectorAll(".hc-mastery").forEach(renderMastery);
}

// Once per window, however many times the module is evaluated or the page is switched.
if (!window.hcardsMemory) {
  window.hcardsMemory = { record, refresh, loadLog, loadMemory, cards, KEYS };
  document.addEventListener("hcards:answer", (event) => record(event.detail));
  document.addEventListener("hcards:memory", renderAll);
  // A page with a worker schedules the answers earlier pages could not (for every page: the
  // listener is persistent).
  onStatus((s) => { if (s.status === "ready") refresh(); }, { persistent: true });
  // Every page shown (instant navigation too): hcards-runtime.js onPage.
  onPage("main", () => renderAll());
  window.addEventListener("storage", (event) => { if (event.key === KEYS.memory || event.key === KEYS.log) renderAll(); });
}
