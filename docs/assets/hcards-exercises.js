// Exercises. The build prerenders each one (question, table or cards, options, hints and the
// answer in closed <details>), so the page reads without JavaScript. This script makes them
// interactive: the learner answers at the table (a card or an action; an amount when the act
// needs one) or by choosing an option; the answer goes to the rules core in the Python worker
// (check_exercise), and the feedback says at once whether it was right and why, with the
// clause linked. Hints come one at a time on request; after three wrong tries the answer is
// shown; progress (solved, tries) is kept in localStorage with a reset button; each exercise
// has its own link (#<exercise-id>), which scrolls to it and focuses it. A wrong answer that
// is a legal move is refuted by play (hcards-refute.js): the deal worst for it, played out on
// the table — a listed wrong answer from its plan made at build time, any other live in the
// worker; the right move's line joins it once the exercise is solved or the answer shown.

import { call, inTasks, onPage, onStatus, start, widgetReady } from "./hcards-runtime.js";
import { el, fill, loadProgress, onSecondPress, ruleLink, saveProgress, widgetData } from "./hcards-ui.js";
import { showRefutation } from "./hcards-refute.js";

const REVEAL_AFTER = 3;

// Solved exercises and tries, which the progress page reads too.
const load = () => loadProgress("exercises");
const save = (progress) => saveProgress("exercises", progress);

let exercises = []; // of the page shown

// Is `action` the stored answer `listed` (the same act, card, amount…)?
function sameAction(action, listed) {
  const keys = new Set([...Object.keys(action), ...Object.keys(listed)]);
  return [...keys].every((k) => action[k] === listed[k]);
}

class Exercise {
  constructor(root) {
    this.root = root;
    this.info = widgetData(root);
    this.ui = this.info.ui;
    this.id = this.info.id;
    this.board = root.querySelector(".hc-ex-board");
    this.feedback = root.querySelector(".hc-ex-feedback");
    this.answerBox = root.querySelector(".hc-ex-answer");
    this.hintBox = root.querySelector(".hc-ex-hints");
    this.shownHints = 0;
    this.busy = false;
    this.refutation = null; // the refutation on show (showRefutation's view)
    this.refuting = 0; // the latest refutation asked for: an older reply is dropped
    this.build();
    this.restore();
  }

  get record() {
    return load()[this.id] || { solved: false, tries: 0 };
  }

  set record(value) {
    const all = load();
    all[this.id] = value;
    save(all);
    updateProgress();
  }

  build() {
    const ui = this.ui;
    this.root.classList.add("hc-live");
    this.status = el("p", { class: "hc-ex-status" });
    this.hintList = el("ol", { class: "hc-ex-hint-list" });
    this.hintBtn = el("button", { type: "button", class: "md-button hc-ex-hint-btn", text: ui.ex_hint });
    const tools = el("div", { class: "hc-ex-tools" }, this.hintBtn, this.status);
    this.feedback.before(tools);
    this.feedback.after(this.hintList);
    this.refuteBox = el("div", { class: "hc-ex-refute", hidden: "" });
    this.hintList.after(this.refuteBox);
    if (this.hintBox) this.hintBox.hidden = true;
    else this.hintBtn.hidden = true;
    if (this.answerBox) this.answerBox.hidden = true;
    this.hintBtn.addEventListener("click", () => this.hint());

    if (this.info.kind === "choice") {
      const checkBtn = this.root.querySelector(".hc-ex-check");
      checkBtn.addEventListener("click", (event) => this.checkChoice(event));
      this.root.querySelector(".hc-ex-options").addEventListener("keydown", (event) => {
        if (event.key === "Enter" && event.target.matches("input[type=radio]")) {
          event.preventDefault();
          this.checkChoice(event);
        }
      });
    } else {
      this.board.addEventListener("click", (event) => {
        const button = event.target.closest("[data-action]");
        if (!button || !this.board.contains(button)) return;
        const action = JSON.parse(button.dataset.action);
        if (button.dataset.amount) this.askAmount(button, action);
        else this.submit(action, event.timeStamp);
      });
    }
    this.root.addEventListener("focusin", start, { once: true });
    this.root.addEventListener("pointerdown", start, { once: true });
  }

  restore() {
    const rec = this.record;
    this.showStatus(rec);
    if (rec.solved || rec.tries >= REVEAL_AFTER) this.reveal(false);
  }

  showStatus(rec) {
    const parts = [fill(this.ui.ex_tries, { n: rec.tries })];
    if (rec.solved) parts.unshift(this.ui.ex_solved);
    this.status.textContent = parts.join(" · ");
    this.root.classList.toggle("hc-solved", !!rec.solved);
  }

  hint() {
    const items = this.hintBox ? [...this.hintBox.querySelectorAll("li")] : [];
    if (this.shownHints < items.length) {
      this.hintList.append(el("li", { text: items[this.shownHints].textContent }));
      this.shownHints += 1;
    }
    if (this.shownHints >= items.length) {
      this.hintBtn.disabled = true;
      this.hintBtn.textContent = this.ui.ex_no_more_hints;
    }
  }

  askAmount(button, action) {
    const old = this.board.querySelector(".hc-ex-amount");
    if (old) old.remove();
    const input = el("input", { type: "number", inputmode: "numeric", step: "1", min: "0", required: "", id: `${this.id}-amount`, class: "hc-ex-amount-input" });
    const ok = el("button", { type: "submit", class: "md-button md-button--primary", text: this.ui.ex_ok });
    const note = el("p", { class: "hc-ex-amount-note", role: "alert" });
    // "Charge…" on the button; "Charge: Amount (chips):" would say it twice, so the field names the amount only
    const act = button.textContent.replace(/[….:：]+$/u, "");
    const form = el("form", { class: "hc-ex-amount", novalidate: "" },
      el("label", { for: input.id, text: `${act} · ${this.ui.ex_amount}` }), " ", input, " ", ok, note);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // An empty or broken field is refused here and costs no try; a whole number goes to the
      // core, which names the limit it breaks (the rule's clause) if any.
      const raw = input.value.trim();
      const amount = Number(raw);
      if (raw === "" || !Number.isInteger(amount) || amount < 0) {
        note.textContent = this.ui.ex_amount_empty;
        input.setAttribute("aria-invalid", "true");
        return input.focus();
      }
      note.textContent = "";
      input.removeAttribute("aria-invalid");
      this.submit({ ...action, amount }, event.timeStamp);
    });
    button.closest(".hc-actions").after(form);
    input.focus();
  }

  checkChoice(event) {
    const chosen = this.root.querySelector(".hc-ex-options input:checked");
    if (!chosen) {
      this.feedback.replaceChildren(el("p", { class: "hc-ex-msg", text: this.ui.ex_choose_first }));
      return;
    }
    this.submit(chosen.value, event.timeStamp);
  }

  async submit(answer, t0 = performance.now()) {
    if (this.busy) return;
    this.busy = true;
    const waiting = setTimeout(() => this.feedback.replaceChildren(el("p", { class: "hc-ex-msg", text: this.ui.loading })), 150);
    try {
      const value = await call("check_exercise", {
        exercise: this.info.exercise, answer, lang: this.info.lang, assets: this.info.assets,
      });
      clearTimeout(waiting);
      this.show(value, answer);
      // Every judged answer, for the spaced-repetition memory (hcards-memory.js): "correct" is
      // right at the first answer of this visit (or since the reset).
      this.answered = (this.answered || 0) + 1;
      document.dispatchEvent(new CustomEvent("hcards:answer", { detail: {
        kind: "exercise", id: this.id, game: this.info.exercise.record?.game || this.info.game, clauses: [this.info.exercise.rule],
        themes: [], correct: !!value.correct && this.answered === 1, right: !!value.correct, hints: this.shownHints, answer,
        lang: this.info.lang, at: Date.now() } }));
    } catch (err) {
      clearTimeout(waiting);
      // Only a refused move is the learner's business (it comes back as feedback, not as an
      // error); anything else is ours: the engine's own words (act names, field paths) never
      // reach the learner, the console keeps them.
      console.error(err);
      this.feedback.replaceChildren(el("p", { class: "hc-error", role: "alert", text: this.ui.ex_bad_answer }));
    } finally {
      this.busy = false;
      this.feedback.dataset.ms = String(Math.round(performance.now() - t0));
    }
  }

  show(value, answer) {
    const ui = this.ui;
    const rec = this.record;
    if (!rec.solved) rec.tries += 1;
    if (value.correct) rec.solved = true;
    this.record = rec;
    this.showStatus(rec);
    const head = value.correct ? ui.ex_correct : value.illegal ? ui.ex_illegal : ui.ex_wrong;
    const msg = el("p", { class: value.correct ? "hc-ex-right" : "hc-ex-wrong", role: value.correct ? "status" : "alert" },
      el("strong", { text: head }), " ", value.feedback);
    if (value.rule && value.page) msg.append(" (", ruleLink(this.info.home, value.page, value.rule, ui.rule), ")");
    const parts = [msg];
    const refutable = this.info.kind === "move" && !value.correct && !value.illegal && Array.isArray(this.info.exercise.correct);
    if (!value.correct) this.clearRefutation();
    if (refutable) this.refute(answer);
    else if (value.html && this.info.kind === "move") {
      parts.push(el("p", { class: "hc-ex-after", text: ui.ex_after_move }));
      const holder = el("div", { class: "hc-ex-after-table" });
      holder.innerHTML = value.html;
      parts.push(holder);
    }
    this.feedback.replaceChildren(...parts);
    this.feedback.dataset.correct = value.correct ? "1" : "0";
    if (rec.solved || rec.tries >= REVEAL_AFTER) this.reveal(!rec.solved);
  }

  // The wrong legal move played out: the prebuilt plan of a listed wrong answer (drawn by the
  // worker at once), else a live search in the worker.
  async refute(answer) {
    const texts = this.info.refute_ui;
    const ex = this.info.exercise;
    const listed = (this.info.refutations || []).find((r) => sameAction(answer, r.answer));
    const ticket = ++this.refuting;
    this.refuteBox.hidden = false;
    this.refuteBox.dataset.source = listed ? "prebuilt" : "live";
    this.refuteBox.replaceChildren(el("p", { class: "hc-ex-msg", role: "status", text: texts.loading }));
    const t0 = performance.now();
    try {
      const reply = await call("refute", {
        record: ex.record, seat: ex.seat, answer, correct: ex.correct, lang: this.info.lang,
        assets: this.info.assets, seed: this.info.refute_seed ?? 0, ...(listed ? { plan: listed.plan } : {}),
      });
      if (ticket !== this.refuting) return;
      const rec = this.record;
      this.refutation = showRefutation(this.refuteBox, reply, texts, { right: rec.solved || rec.tries >= REVEAL_AFTER });
      this.refuteBox.dataset.ms = String(Math.round(performance.now() - t0));
    } catch (err) {
      if (ticket !== this.refuting) return;
      console.error(err);
      this.refuteBox.replaceChildren(el("p", { class: "hc-error", text: texts.failed }));
    }
  }

  clearRefutation() {
    this.refuting += 1;
    this.refutation = null;
    this.refuteBox.hidden = true;
    this.refuteBox.replaceChildren();
    delete this.refuteBox.dataset.source;
  }

  reveal(announce) {
    this.refutation?.showRight(); // solved or shown: the right line is no longer a give-away
    if (!this.answerBox) return;
    this.answerBox.hidden = false;
    this.answerBox.open = true;
    if (announce && !this.root.querySelector(".hc-ex-revealed")) {
      this.answerBox.before(el("p", { class: "hc-ex-revealed", role: "status", text: this.ui.ex_revealed }));
    }
  }

  reset() {
    this.clearRefutation();
    this.feedback.replaceChildren();
    this.hintList.replaceChildren();
    this.shownHints = 0;
    this.answered = 0;
    this.hintBtn.disabled = false;
    this.hintBtn.textContent = this.ui.ex_hint;
    this.root.querySelector(".hc-ex-revealed")?.remove();
    if (this.answerBox) {
      this.answerBox.open = false;
      this.answerBox.hidden = true;
    }
    this.root.querySelectorAll(".hc-ex-options input").forEach((i) => { i.checked = false; });
    this.showStatus({ solved: false, tries: 0 });
  }
}

// ---- page-level: progress, reset, permalinks --------------------------------------------------

let bar = null;

function updateProgress() {
  if (!bar || !exercises.length) return;
  const all = load();
  const solved = exercises.filter((ex) => all[ex.id]?.solved).length;
  const ui = exercises[0].ui;
  bar.querySelector(".hc-ex-progress-text").textContent = fill(ui.ex_progress, { solved, total: exercises.length });
  bar.querySelector(".hc-ex-reset").hidden = false;
}

function focusFromHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = exercises.find((ex) => ex.id === id);
  if (!target) return;
  target.root.scrollIntoView({ block: "start" });
  target.root.focus({ preventScroll: true });
}

// Every page shown (instant navigation: hcards-runtime.js onPage) gets its exercises set up.
onPage("main", async (main, page) => {
  const built = await inTasks(main.querySelectorAll(".hc-exercise"), (root) => new Exercise(root), page.signal);
  if (page.signal.aborted) return; // another page is shown
  exercises = built;
  bar = main.querySelector(".hc-ex-progress");
  if (!exercises.length) return;
  if (bar) {
    onSecondPress(bar.querySelector(".hc-ex-reset"), () => {
      const all = load();
      for (const ex of exercises) {
        delete all[ex.id];
        ex.reset();
      }
      save(all);
      updateProgress();
      bar.querySelector(".hc-ex-progress-text").append(" ", exercises[0].ui.ex_reset_done);
    });
  }
  updateProgress();
  let warmed = false;
  onStatus((s) => {
    if (s.status === "failed") {
      for (const ex of exercises) ex.status.textContent = ex.ui.failed;
    }
    if (s.status === "ready" && !warmed && exercises.length) {
      // Load the checker and this page's game now, so the first answer is as quick as the rest;
      // then the exercises are ready (scripts/bench measures this mark).
      warmed = true;
      const games = [...new Set(exercises.map((ex) => ex.info.game).filter(Boolean))];
      Promise.all(games.map((game) => call("warm_up", { game })))
        .then(() => widgetReady(exercises[0].root))
        .catch(() => {});
    }
  });
  window.addEventListener("hashchange", focusFromHash, { signal: page.signal });
  if (location.hash) focusFromHash();
});
