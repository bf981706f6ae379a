// hcards runtime: starts the Python worker lazily and enhances the [data-hcards] widgets.
//
//   import { call } from "./hcards-runtime.js";   or   window.hcards.call(fn, args)
//   call("describe_cards", {text: "Oa Xh 7l", lang: "en"})  -> Promise<value>
//   A rules or input error (IllegalAction, MalformedRecord) rejects with an HcardsError whose
//   .error is the core's structured error {kind, code, message, rule?, where?, params?}.
//
// A page whose content has widgets starts the worker from its head (window.hcardsBoot,
// scripts/theme/main.html) and this module adopts it; elsewhere the worker starts on the first
// interaction with a widget or at the first idle moment after this script runs (at most 50 ms
// later), whichever comes first. Pages without widgets never start Python.

const assets = new URL("./", import.meta.url);
const listeners = new Set();
const pending = new Map();
let worker = null;
let nextId = 1;
const state = { status: "idle", readyMs: null, phases: null, version: null, message: null };

export class HcardsError extends Error {
  constructor(error) {
    super(error.message || error.code);
    this.name = "HcardsError";
    this.error = error;
    this.code = error.code;
  }
}

function setStatus(status, extra = {}) {
  Object.assign(state, extra, { status });
  document.documentElement.dataset.hcardsStatus = status;
  for (const fn of listeners) fn({ ...state });
  document.dispatchEvent(new CustomEvent("hcards:status", { detail: { ...state } }));
}

export function onStatus(fn) {
  listeners.add(fn);
  fn({ ...state });
  return () => listeners.delete(fn);
}

export function status() {
  return { ...state };
}

export function start() {
  if (worker) return;
  setStatus("loading");
  // A page with widgets has started the worker from its head already (scripts/theme/main.html):
  // take it over, with the messages it sent before this module ran.
  const boot = window.hcardsBoot;
  let early = [];
  if (boot) {
    worker = boot.start();
    early = boot.early.splice(0);
  } else {
    performance.mark("hcards:start"); // scripts/bench: when the worker was started
    worker = new Worker(new URL("hcards-worker.js", assets), { type: "module" });
  }
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") return setStatus("ready", { readyMs: msg.ms, phases: msg.phases, version: msg.version });
    if (msg.type === "failed") return setStatus("failed", { message: msg.message });
    const entry = pending.get(msg.id);
    if (!entry) return;
    pending.delete(msg.id);
    const reply = JSON.parse(msg.response);
    if (reply.ok) entry.resolve(reply.value);
    else entry.reject(new HcardsError(reply.error));
  };
  worker.onerror = (event) => setStatus("failed", { message: event.message || "worker error" });
  for (const event of early) worker.onmessage(event);
}

// A widget calls widgetReady(root) once Python has answered its first call for it: the root
// gets data-hcards-answered and the page a performance mark "hcards:ready" (first widget
// only). scripts/bench and the browser tests read these; they change nothing else.
export function widgetReady(root) {
  if (root.dataset.hcardsAnswered) return;
  root.dataset.hcardsAnswered = "1";
  if (!performance.getEntriesByName("hcards:ready", "mark").length) performance.mark("hcards:ready");
}

export function call(fn, args = {}) {
  start();
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ fn, args }) });
  });
}

// ---------------------------------------------------------------- UI strings

const lang = (document.documentElement.lang || "en").slice(0, 2);
let stringsPromise = null;
function strings() {
  stringsPromise ??= fetch(new URL(`i18n/${lang}.json`, assets))
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.status))))
    .catch(() => fetch(new URL("i18n/en.json", assets)).then((r) => r.json()));
  return stringsPromise;
}

// el("a", {href, text: "…", hidden: true}, child…): an attribute that is false, null or
// undefined is left out, true sets it empty; null and undefined children are skipped.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// ---------------------------------------------------------------- widgets

const widgets = { "card-names": cardNames };

async function cardNames(root, t) {
  const uid = `hcards-${Math.random().toString(36).slice(2, 8)}`;
  const input = el("input", {
    id: `${uid}-input`, type: "text", class: "hcards-input", value: root.dataset.example || "Oa Xh 7l",
    autocomplete: "off", spellcheck: "false", dir: "auto",
  });
  const button = el("button", { type: "submit", class: "md-button md-button--primary", text: t.name_cards });
  const statusLine = el("p", { class: "hcards-status", role: "status" });
  const output = el("div", { class: "hcards-output", "aria-live": "polite" });
  const form = el(
    "form", { class: "hcards-form" },
    el("label", { for: input.id, text: t.input_label }), " ", input, " ", button,
  );
  root.replaceChildren(el("p", { class: "hcards-hint", text: t.hint }), form, output, statusLine);

  onStatus((s) => {
    statusLine.dataset.status = s.status;
    statusLine.textContent = {
      idle: t.status_idle, loading: t.status_loading, ready: t.status_ready,
      failed: `${t.status_failed} ${s.message || ""}`.trim(),
    }[s.status];
  });

  let asked = 0;
  async function answer() {
    const mine = ++asked;
    const text = input.value;
    if (state.status !== "ready") {
      output.replaceChildren(el("p", { class: "hcards-waiting", text: t.waiting }));
    }
    try {
      const value = await call("describe_cards", { text, lang });
      if (mine !== asked) return;
      const list = el("ul", { class: "hcards-cards" });
      for (const card of value.cards) {
        list.append(el("li", {}, el("code", { dir: "ltr", text: card.code }), " ", el("span", { text: card.name })));
      }
      output.replaceChildren(value.cards.length ? list : el("p", { text: t.empty }));
    } catch (err) {
      if (mine !== asked) return;
      const message = err instanceof HcardsError ? err.error.message : String(err);
      output.replaceChildren(el("p", { class: "hcards-error", role: "alert", text: message }));
    }
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer();
  });
}

async function enhance() {
  const nodes = [...document.querySelectorAll("[data-hcards]")];
  if (!nodes.length) return;
  // Start Python at the first idle moment, at most 50 ms from now (not after the UI strings
  // and the whole page have loaded: that cost ~1 s before a widget was ready, scripts/bench).
  // It runs in the worker, so reading is never held up.
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 0));
  idle(() => start(), { timeout: 50 });
  const t = await strings();
  for (const node of nodes) {
    const widget = widgets[node.dataset.hcards];
    if (!widget || node.dataset.hcardsReady) continue;
    node.dataset.hcardsReady = "1";
    node.addEventListener("focusin", start, { once: true });
    node.addEventListener("pointerdown", start, { once: true });
    await widget(node, t);
  }
}

window.hcards = { call, start, status, onStatus, widgetReady, HcardsError };
enhance();
