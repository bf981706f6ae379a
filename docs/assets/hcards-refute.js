// A wrong move refuted by play (the core's `refute`, hcards_core/learn/refute.py): the deal the
// learner could not rule out that is worst for the move, played out by the computer players,
// step by step on the table — which trick goes wrong, how many points or chips — and, once the
// learner may see it, the right move played out in the same deal beside it.
//
//   const view = showRefutation(container, reply, texts, { right: false });
//   view.showRight();   // after the exercise is solved or its answer shown
//
// `reply` is the bridge's answer ({wrong, right, summary, comparison, …}), `texts` the labels of
// tutorials/text/<lang>/refute.json. Each line has its own controls (start, previous, a step
// counter, next, end, and "where it goes wrong"); the arrow keys step too; the narration of the
// step is read out (aria-live); a control that becomes disabled hands the focus to its partner
// so the keyboard never lands on <body>.

import { arrowSteps, el, fill, replaceTable } from "./hcards-ui.js";

let uid = 0;

class Line {
  constructor(line, texts, { title, keyStep = null }) {
    this.line = line;
    this.texts = texts;
    this.current = 0;
    this.keyStep = keyStep;
    const id = `hc-refute-${++uid}`;
    this.first = el("button", { type: "button", class: "md-button", text: texts.first });
    this.prev = el("button", { type: "button", class: "md-button", text: texts.prev });
    this.next = el("button", { type: "button", class: "md-button md-button--primary", text: texts.next });
    this.last = el("button", { type: "button", class: "md-button", text: texts.last });
    this.counter = el("span", { class: "hc-counter" });
    const controls = el("div", { class: "hc-controls" }, this.first, this.prev, this.counter, this.next, this.last);
    if (keyStep !== null) {
      this.key = el("button", { type: "button", class: "md-button hc-refute-key-btn", text: texts.key_step });
      controls.append(this.key);
      this.key.addEventListener("click", () => this.show(keyStep));
    }
    this.narration = el("p", { class: "hc-refute-narration", "aria-live": "polite", "aria-atomic": "true" });
    this.board = el("div", { class: "hc-refute-board" });
    const outcome = el("p", { class: "hc-refute-outcome" }, el("strong", { text: texts.outcome }), " ", line.outcome.text);
    this.root = el("div", { class: "hc-refute-line", role: "group", "aria-labelledby": `${id}-title`, tabindex: "-1" },
      el("h4", { id: `${id}-title`, text: title }), controls, this.narration, this.board, outcome);
    this.first.addEventListener("click", () => this.show(0));
    this.prev.addEventListener("click", () => this.show(this.current - 1));
    this.next.addEventListener("click", () => this.show(this.current + 1));
    this.last.addEventListener("click", () => this.show(line.steps.length - 1));
    arrowSteps(this.root, (by) => this.show(this.current + by));
    this.show(0, false);
  }

  show(index, announce = true) {
    const steps = this.line.steps;
    if (index < 0 || index >= steps.length) return;
    const had = this.root.contains(document.activeElement) ? document.activeElement : null;
    this.current = index;
    const step = steps[index];
    const parts = [];
    if (index === this.keyStep) parts.push(el("strong", { class: "hc-refute-key", text: `${this.texts.key_step}: ` }));
    parts.push(step.narration);
    // the first paint is silent: the summary above says what the refutation is about
    if (announce) this.narration.replaceChildren(...parts);
    else this.narration.append(...parts);
    this.root.classList.toggle("hc-refute-at-key", index === this.keyStep);
    replaceTable(this.board, step.html);
    this.counter.textContent = fill(this.texts.step, { n: index + 1, total: steps.length });
    const atStart = index === 0;
    const atEnd = index === steps.length - 1;
    this.first.disabled = this.prev.disabled = atStart;
    this.next.disabled = this.last.disabled = atEnd;
    if (had && had.disabled) (atEnd ? this.prev : this.next).focus();
  }
}

export function showRefutation(container, reply, texts, { right = false } = {}) {
  const wrong = new Line(reply.wrong, texts, {
    title: fill(texts.wrong_line, { move: reply.wrong.label }),
    keyStep: reply.refuted ? reply.wrong.key_step : null,
  });
  const lines = el("div", { class: "hc-refute-lines" }, wrong.root);
  const hidden = el("p", { class: "hc-refute-right-hidden", text: texts.right_hidden });
  const section = el("section", { class: "hc-refute hc-whatif", "data-refuted": reply.refuted ? "1" : "0" },
    el("h3", { text: texts.title }),
    el("p", { class: "hc-refute-summary", role: "status", text: reply.summary.text }),
    el("p", { class: "hc-refute-note", text: texts.world_note }),
    lines, hidden);
  container.replaceChildren(section);
  let shown = false;
  const view = {
    section,
    wrong,
    // The right move's line and how far below it the wrong one ends: only once the learner
    // has solved the exercise or been shown the answer (before, it would give the answer away).
    showRight() {
      if (shown) return;
      shown = true;
      const line = new Line(reply.right, texts, { title: fill(texts.right_line, { move: reply.right.label }) });
      line.root.classList.add("hc-refute-right");
      lines.append(line.root);
      hidden.replaceWith(el("p", { class: "hc-refute-compare", text: reply.comparison.text }));
      view.right = line;
    },
  };
  if (right) view.showRight();
  return view;
}
