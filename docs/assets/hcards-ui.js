// Small helpers shared by the page widgets (walkthroughs, exercises, the ruling checker).

import { el } from "./hcards-runtime.js";

export { el };

// "Step {n} of {total}" + {n: 2, total: 6} → "Step 2 of 6"; unknown placeholders stay visible.
export const fill = (template, params) => template.replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));

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

// A link to a rules clause: home + page + "#" + rule, labelled with the "Rule {rule}" text.
export function ruleLink(home, page, rule, label) {
  return el("a", { href: `${home}${page}#${rule}`, class: "hc-rule-link", text: fill(label, { rule }) });
}
