// Small helpers shared by the page widgets (walkthroughs, exercises, the ruling checker).

import { el, fill, strings } from "./hcards-runtime.js";

// el(tag, attrs, ...children); fill("Step {n} of {total}", {n: 2, total: 6}) → "Step 2 of 6",
// unknown placeholders stay visible. Both live in hcards-runtime.js, which every widget loads.
export { el, fill };

// Seats read as the letters the table shows (seat 0 = A).
export const letter = (seat) => "ABCDEFG"[seat] ?? String(seat);

// A table's HTML (from the core) in place of the table inside `slot`.
export function replaceTable(slot, html) {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  const old = slot.querySelector(".hc-table");
  if (old && holder.firstElementChild) old.replaceWith(holder.firstElementChild);
  else slot.replaceChildren(...holder.childNodes);
}

// The arrow keys step through `root` (a walkthrough, a refutation's line): `step(+1)` goes
// forward, `step(-1)` back, forward being the reading direction (ArrowLeft on a right-to-left
// page). Keys typed into a field or a menu are left alone.
export function arrowSteps(root, step) {
  root.addEventListener("keydown", (event) => {
    if (event.target.closest("select, input, textarea")) return;
    const rtl = getComputedStyle(root).direction === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) step(1);
    else if (event.key === back) step(-1);
    else return;
    event.preventDefault();
  });
}

// A link to a rules clause: home + page + "#" + rule, labelled with the "Rule {rule}" text.
export function ruleLink(home, page, rule, label) {
  return el("a", { href: `${home}${page}#${rule}`, class: "hc-rule-link", text: fill(label, { rule }) });
}

// A text with each clause id (Z-4.3, EX-C2) in a span.hc-id that never breaks at its hyphen.
export function withIds(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/§?\b[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*\b/g)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(el("span", { class: "hc-id", text: m[0] }));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// A JSON object kept in this browser under `key`: `fallback` when there is none, when it is
// unreadable (a tampered entry) or when storage is off (a private window) — the widget then
// works without keeping anything, never fails.
export function loadStore(key, fallback = {}) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value && typeof value === "object" ? value : fallback;
  } catch {
    return fallback;
  }
}

// Keep `value` under `key`; false when storage is full or off (the page goes on unsaved).
export function saveStore(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// The data the build put in a widget's page (scripts/hooks/tutorial_data.py, data_script).
// Scroll `node` to the top of the window below the theme's sticky header (the play page's
// table, the checker's verdict): where the reader's eyes go next.
export function scrollBelowHeader(node) {
  const header = document.querySelector(".md-header")?.getBoundingClientRect().height ?? 0;
  node.style.scrollMarginTop = `${Math.ceil(header) + 8}px`;
  node.scrollIntoView?.({ block: "start" });
}

export const widgetData = (root, cls = "hc-data") => JSON.parse(root.querySelector(`script.${cls}`).textContent);

// Learner progress kept in this browser: exercises (hcards-exercises.js), walkthroughs
// stepped through to the end (hcards-walkthrough.js), the puzzle ratings and tries
// (hcards-puzzles.js) and the drill scores (hcards-drills.js); the progress page shows the
// first two, and its file carries all four to another browser.
export const PROGRESS = { exercises: "hcards:exercises", walkthroughs: "hcards:walkthroughs",
  puzzles: "hcards:puzzles", drills: "hcards:drills" };
export const loadProgress = (kind) => loadStore(PROGRESS[kind]);
export const saveProgress = (kind, value) => saveStore(PROGRESS[kind], value);
// An amount act on a table (the core draws one button and a number field beside it, the
// button carrying the smallest amount): the typed amount goes into the button's action and
// label, so a what-if can try any legal amount; an empty field leaves nothing to send, and
// Enter in the field presses the button. One listener for every table on the page.
function amountButton(input) {
  return input.closest(".hc-amount-act")?.querySelector("button[data-action]");
}

document.addEventListener("input", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.classList.contains("hc-amount")) return;
  const button = amountButton(input);
  if (!button) return;
  const amount = Number(input.value);
  const ok = input.value.trim() !== "" && Number.isInteger(amount);
  button.disabled = !ok;
  if (!ok) return;
  const action = JSON.parse(button.dataset.action);
  action.amount = amount;
  button.dataset.action = JSON.stringify(action);
  if (button.dataset.label) button.textContent = fill(button.dataset.label, { amount });
});

document.addEventListener("keydown", (event) => {
  const input = event.target;
  if (event.key !== "Enter" || !(input instanceof HTMLInputElement) || !input.classList.contains("hc-amount")) return;
  event.preventDefault();
  const button = amountButton(input);
  if (button && !button.disabled) button.click();
});

// A button that erases a learner's progress (a score, a rating, solved exercises) acts on the
// second press: the first turns it into its question ("Sure? Press again…", the runtime's
// `confirm_reset`) for a few seconds, so a stray tap on a phone erases nothing. Leaving the
// button or waiting puts its label back.
export function onSecondPress(button, action, ms = 6000) {
  let timer = 0;
  let label = "";
  const disarm = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    button.textContent = label;
    button.classList.remove("hc-armed");
  };
  button.addEventListener("click", () => {
    if (timer) {
      disarm();
      action();
      return;
    }
    label = button.textContent;
    timer = setTimeout(disarm, ms);
    button.classList.add("hc-armed");
    strings().then((t) => { if (timer) button.textContent = t.confirm_reset; });
  });
  button.addEventListener("blur", disarm);
}
