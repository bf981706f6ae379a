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
//
// Python starts once per visit: links between pages of the same language open through
// Material's instant navigation (the page's content is swapped, the document and so the worker
// stay), see "Pages" below. A module runs once per document, so a widget never initialises
// itself from its module's top level. THE ONE WAY A WIDGET REGISTERS ITSELF:
//
//   import { onPage } from "./hcards-runtime.js";
//   onPage(".hc-walkthrough", (root, page) => new Walkthrough(root));
//
// init(root, page) runs once for every element matching the selector on every page shown —
// the page as loaded, each page instant navigation brings (Material's document$), Back and
// Forward — also when the module itself is first loaded by a later page. `page.signal` is
// aborted when the reader leaves the page: pass it to listeners on window or document
// ({signal: page.signal}); status listeners (onStatus) are dropped with the page anyway. The
// URL's #hash is the new page's when init runs (a permalink's step or clause can be read).
const assets = new URL("./", import.meta.url);
const listeners = new Set();
const pending = new Map();
let worker = null;
let nextId = 1;
const state = { status: "idle", readyMs: null, phases: null, version: null, message: null, progress: null };

export class HcardsError extends Error {
  constructor(error) {
    super(error.message || error.code);
    this.name = "HcardsError";
    this.error = error;
    this.code = error.code;
  }
}

// The worker reports its download as it goes ({type: "progress", loaded, total} in bytes).
function setStatus(status, extra = {}) {
  Object.assign(state, extra, { status });
  document.documentElement.dataset.hcardsStatus = status;
  for (const fn of listeners) fn({ ...state });
  document.dispatchEvent(new CustomEvent("hcards:status", { detail: { ...state } }));
}

// A listener belongs to the page shown (dropped when the reader moves on) unless persistent.
export function onStatus(fn, { persistent = false } = {}) {
  if (persistent) fn.persistent = true;
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
    // from a blob: URL, so that it belongs to the page's service worker (scripts/theme/main.html)
    const url = new URL("hcards-worker.js", assets).href;
    const source = URL.createObjectURL(new Blob([`import ${JSON.stringify(url)};`], { type: "text/javascript" }));
    worker = new Worker(source, { type: "module" });
  }
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") return setStatus("ready", { readyMs: msg.ms, phases: msg.phases, version: msg.version });
    if (msg.type === "failed") return setStatus("failed", { message: msg.message });
    if (msg.type === "progress") return state.status === "loading" && setStatus("loading", { progress: { loaded: msg.loaded, total: msg.total } });
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
// gets data-hcards-answered and the page a performance mark "hcards:ready" (first widget of
// the page shown: an instant navigation clears it). scripts/bench and the browser tests read
// these; they change nothing else.
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
export function strings() {
  stringsPromise ??= fetch(new URL(`i18n/${lang}.json`, assets))
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.status))))
    .catch(() => fetch(new URL("i18n/en.json", assets)).then((r) => r.json()));
  return stringsPromise;
}

// "1.2 MB": a byte count as a learner reads it, in the page's language's digits.
// By hand, not with Intl: the first NumberFormat of a page loads the locale's data, 100–150 ms
// of the main thread (traced on the widget pages), for a number the download shows many times.
const DECIMAL_SIGN = { hu: ",", ro: ",", fa: "٫" };
const DIGITS = { fa: "۰۱۲۳۴۵۶۷۸۹" }; // Persian: Extended Arabic-Indic digits, as Intl writes them
export function megabytes(bytes) {
  return `${decimal(bytes / 1e6)} MB`;
}

// "0,9", "۰٫۹": a number with `places` decimals in the page's language's sign and digits
// (the coach's values, the puzzles' values, the download's megabytes)
export function decimal(x, places = 1) {
  return localDigits(x.toFixed(places));
}

// "12.5" → "12,5" (hu, ro), "۱۲٫۵" (fa): a number already written out, in the page's sign and digits.
function localDigits(text) {
  text = text.replace(".", DECIMAL_SIGN[lang] || ".");
  return DIGITS[lang] ? text.replace(/[0-9]/g, (d) => DIGITS[lang][d]) : text;
}

// The rules engine's state in words: "The rules engine is loading… 2.1 of 4.4 MB".
export function statusText(t, s) {
  if (s.status === "loading" && s.progress && s.progress.total) {
    return fill(t.status_progress, { loaded: megabytes(s.progress.loaded), total: megabytes(s.progress.total) });
  }
  return {
    idle: t.status_idle, loading: t.status_loading, ready: t.status_ready,
    failed: `${t.status_failed} ${s.message || ""}`.trim(),
  }[s.status];
}

// fill("Step {n} of {total}", {n: 2, total: 6}): a number (or a string of digits, such as a
// data-* attribute's count) is written in the page's digits and decimal sign, as the core
// writes its own texts ("گام ۲ از ۶"); any other string as it is (card codes, clause ids).
export const fill = (template, params) => template.replace(/\{(\w+)\}/g, (m, k) => {
  if (!(k in params)) return m;
  const v = params[k];
  if (typeof v === "number") return decimal(v, Number.isInteger(v) ? 0 : 1);
  return typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? localDigits(v) : v;
});

// el("a", {href, text: "…", hidden: true}, child…): an attribute that is false, null or
// undefined is left out, true sets it empty; null, undefined and false children are skipped
// (so `cond && el(…)` may stand among the children).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
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
    statusLine.textContent = statusText(t, s);
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

// Every [data-hcards] widget's page starts Python at the first idle moment, at most 50 ms from
// now (not after the UI strings and the whole page have loaded: that cost ~1 s before a widget
// was ready, scripts/bench). It runs in the worker, so reading is never held up. The runtime's
// own widgets (the table above) are built here; the others register with onPage themselves.
async function enhance(node) {
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 0));
  idle(() => start(), { timeout: 50 });
  const widget = widgets[node.dataset.hcards];
  if (!widget) return;
  node.addEventListener("focusin", start, { once: true });
  node.addEventListener("pointerdown", start, { once: true });
  const t = await strings();
  await nextTask(); // every widget waiting for the strings would otherwise render in one task
  if (node.isConnected) await widget(node, t);
}

// ---------------------------------------------------------------- the engine's progress

// While the engine loads on a page with widgets, one indicator says so where the reader looks
// (fixed at the foot of the window), with the download in MB, and goes once it is ready.
// It sits in the page's <main> (every content in a landmark), so it goes with the page and the
// next page shows it again while the engine is still loading.
let indicator = null;
async function showProgress() {
  if (indicator?.isConnected || state.status === "ready") return;
  const main = document.querySelector("main");
  if (!main || !document.querySelector("[data-hcards], .hc-walkthrough, .hc-exercise, .hc-checker")) return;
  indicator = {}; // being made
  const t = await strings();
  const text = el("span", { class: "hcards-progress-text" });
  const bar = el("progress", { class: "hcards-progress-bar", max: "1", "aria-label": t.status_loading });
  indicator = el("div", { class: "hcards-progress", role: "status", "aria-live": "polite" }, text, bar);
  main.append(indicator);
  const off = onStatus((s) => {
    text.textContent = statusText(t, s);
    if (s.progress && s.progress.total) bar.value = Math.min(1, s.progress.loaded / s.progress.total);
    else bar.removeAttribute("value");
    indicator.hidden = !(s.status === "loading" || s.status === "failed");
    if (s.status === "ready") {
      indicator.remove();
      off();
    }
  }); // dropped with the page
}

// ---------------------------------------------------------------- pages

// Links between pages of the same language open by Material's instant navigation: the content
// is fetched and swapped, and the document — with the Python worker — stays. Material decides
// which links it may open that way from sitemap.xml, which needs the site's absolute URL
// (site_url); this site works at any address and under any sub-path, so it routes the links
// itself and hands the URL to Material (location$), which fetches, swaps and scrolls as it does
// for its own. A link into another language loads in full: <html lang>, <body dir> (Persian is
// right to left), the search index and the UI strings are the page's language.
const root = new URL("../", assets); // the site's root: assets/ sits there
const languages = new Map(); // hreflang -> folder prefix ("" for the default language)
for (const a of document.querySelectorAll(".md-select__link[hreflang]")) {
  const path = a.href.startsWith(root.href) ? a.href.slice(root.href.length) : "";
  languages.set(a.hreflang, path.startsWith(`${a.hreflang}/`) ? `${a.hreflang}/` : "");
}

// The folder of the page's language ("" for the default language, else "hu/" …), as a URL.
export function languageRoot() {
  return new URL(languages.get(languageOf(new URL(location.href))) || "", root);
}

export function languageOf(url) {
  if (!url.href.startsWith(root.href)) return null;
  const path = url.href.slice(root.href.length);
  let fallback = null;
  for (const [code, prefix] of languages) {
    if (prefix && path.startsWith(prefix)) return code;
    if (!prefix) fallback = code;
  }
  return fallback;
}

function routable(a, event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  if (a.target || a.hasAttribute("download") || !window.location$) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.href.startsWith(root.href)) return null;
  const path = url.href.slice(root.href.length).split(/[?#]/)[0];
  if (path.startsWith("assets/") || !(path === "" || path.endsWith("/") || path.endsWith(".html"))) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null; // a jump in the page
  const here = languageOf(new URL(location.href));
  if (languages.size && languageOf(url) !== here) return null; // another language: a full load
  return url;
}

document.addEventListener("click", (event) => {
  const a = event.target instanceof Element && event.target.closest("a[href]");
  const url = a && routable(a, event);
  if (!url) return;
  event.preventDefault();
  performance.clearMarks("hcards:navigate");
  performance.mark("hcards:navigate"); // scripts/bench: "second widget page ready" counts from the click
  history.replaceState({ x: scrollX, y: scrollY }, "");
  history.pushState(null, "", url.href);
  window.location$.next(url);
});

// After a swap: the language selector points at this page in every language (Material's header
// stays, with the links of the first page), the page's module scripts run again for it, and
// the runtime's own widgets are enhanced.
function relinkLanguages() {
  const here = languageOf(new URL(location.href));
  const rel = location.href.slice(root.href.length).split("#")[0];
  const page = rel.slice((languages.get(here) || "").length);
  for (const a of document.querySelectorAll(".md-select__link[hreflang]")) {
    if (languages.has(a.hreflang)) a.href = new URL(languages.get(a.hreflang) + page, root).href;
  }
}

let pageAbort = new AbortController();

// The signal of the page shown: aborted when the reader moves to another page (for listeners
// on window or document a widget wants gone with its page: {signal: pageSignal()}).
export function pageSignal() {
  return pageAbort.signal;
}

// ---------------------------------------------------------------- onPage: the widgets' registry

const registered = []; // [{selector, init, done: WeakSet of the roots it has initialised}]

// The browser's turn: input and paint between two stretches of a page's set-up.
export const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield()
  : new Promise((resolve) => setTimeout(resolve, 0)));

// `fn` over `items`, in tasks of about 30 ms: a page's many widgets are set up without one
// long task that would hold a click or a scroll (scripts/bench's long-task goal). Stops when
// the reader has moved on to another page (`signal`).
export async function inTasks(items, fn, signal) {
  const out = [];
  let since = performance.now();
  for (const item of items) {
    if (performance.now() - since > 30) {
      await nextTask();
      since = performance.now();
    }
    if (signal?.aborted) break;
    out.push(fn(item));
  }
  return out;
}

function mount(entry) {
  const roots = [...document.querySelectorAll(entry.selector)].filter((root) => !entry.done.has(root));
  for (const root of roots) entry.done.add(root);
  inTasks(roots, (root) => {
    if (!root.isConnected) return; // the page went while the ones before it were set up
    try {
      const result = entry.init(root, { signal: pageAbort.signal });
      if (result && typeof result.catch === "function") result.catch((err) => console.error(err));
    } catch (err) {
      console.error(err); // one broken widget never stops the others of the page
    }
  }, pageAbort.signal);
}

export function onPage(selector, init) {
  const entry = { selector, init, done: new WeakSet() };
  registered.push(entry);
  mount(entry);
}

// A new page's content: the previous page's listeners, signal and marks go, once per swap and
// before anything of the new page is set up. Material's document$ says the page is there before
// a MutationObserver hears of the swap (both in the swap's task), so whichever comes first
// does it: set up with the old page's signal, a widget's listeners would be dropped at once.
let content = null; // the container whose page the listeners and the signal belong to
function leaveOldPage() {
  const now = document.querySelector('[data-md-component="container"]');
  if (!now || now === content) return;
  content = now;
  pageAbort.abort();
  pageAbort = new AbortController();
  for (const fn of [...listeners]) if (!fn.persistent) listeners.delete(fn);
  performance.clearMarks("hcards:ready");
  performance.mark("hcards:page"); // scripts/bench: "second widget page ready" counts from here
}

function showPage() {
  relinkLanguages();
  for (const entry of registered) mount(entry);
  showProgress();
}

window.hcards = { call, start, status, onStatus, onPage, widgetReady, pageSignal, HcardsError };
onPage("[data-hcards]", enhance);
showProgress();
// Material's bundle (deferred) may run after this module — a widget module in the content,
// which imports this one, comes before it in the page — but always before DOMContentLoaded.
// A jump within the page shown (a clause's permalink, Back or Forward between its anchors) is the
// browser's own: Material would take it for its first navigation (it sees none of ours before
// it: it drops only a repeated path), fetch the same page again and swap the content under the
// reader — losing the :target highlight and what the widgets hold. So location$ only hears of
// another page.
function keepJumpsInPage(location$) {
  const next = location$.next.bind(location$);
  location$.next = (url) => {
    if (url.pathname === shown.pathname && url.search === shown.search) return;
    shown = { pathname: url.pathname, search: url.search };
    next(url);
  };
}
let shown = { pathname: location.pathname, search: location.search };

function followPages() {
  if (!window.document$) return; // a page without Material (assets/bench/boot.html)
  if (window.location$) keepJumpsInPage(window.location$);
  content = document.querySelector('[data-md-component="container"]');
  new MutationObserver(leaveOldPage).observe(document.body, { childList: true });
  let first = true;
  window.document$.subscribe(() => {
    if (first) first = false; // document$ replays the page as loaded
    else {
      leaveOldPage();
      showPage();
    }
  });
}
if (window.document$) followPages();
else document.addEventListener("DOMContentLoaded", followPages, { once: true });
