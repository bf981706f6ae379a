// Endless rule drills. The page carries only the frame and the picker; each drill is generated
// by the rules core in the worker from a fresh seed (drill_next) and judged there (drill_answer),
// so the position, the right answer and the explanation of a wrong one are all the core's.
// The learner answers by pointer or keyboard (1–9 choose, Enter checks, N the next drill); the
// verdict links the clause; the score and streak per game are kept in localStorage; every answer
// is announced as the "hcards:answer" event (the memory listens). A drill's link is
// #drill=<game>:<type>:<seed>, which brings back exactly that question.

import { call, onPage, onStatus, widgetReady } from "./hcards-runtime.js";
import { PROGRESS, el, fill, loadStore, onSecondPress, ruleLink, saveStore, widgetData, withIds } from "./hcards-ui.js";

const STORE = PROGRESS.drills;

const load = () => loadStore(STORE);
const save = (all) => saveStore(STORE, all); // storage off: the score is simply not kept

const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0] % 1000000000;

class Drills {
  constructor(root) {
    this.root = root;
    this.info = widgetData(root);
    this.ui = this.info.ui;
    this.lang = this.info.lang;
    this.drill = null;
    this.answered = false;
    this.asked = 0;
    this.build();
  }

  build() {
    const ui = this.ui;
    const uid = `hc-drills-${this.info.page}`;
    this.gameSelect = el("select", { id: `${uid}-game`, class: "hc-drills-game" });
    for (const g of this.info.games) this.gameSelect.append(el("option", { value: g.game, text: g.label }));
    this.typeSelect = el("select", { id: `${uid}-type`, class: "hc-drills-type" });
    const gameField = el("span", { class: "hc-drills-field", hidden: this.info.games.length < 2 },
      el("label", { for: this.gameSelect.id, text: ui.game }), " ", this.gameSelect);
    const typeField = el("span", { class: "hc-drills-field" },
      el("label", { for: this.typeSelect.id, text: ui.type }), " ", this.typeSelect);
    this.scoreLine = el("p", { class: "hc-drills-score" });
    this.resetBtn = el("button", { type: "button", class: "md-button hc-drills-reset", text: ui.reset });
    const picker = el("div", { class: "hc-drills-picker" }, gameField, " ", typeField);
    this.questionText = el("p", { class: "hc-drills-question", tabindex: "-1" });
    this.board = el("div", { class: "hc-drills-board" });
    this.options = el("fieldset", { class: "hc-ex-options hc-drills-options" });
    this.checkBtn = el("button", { type: "submit", class: "md-button md-button--primary hc-drills-check", text: ui.check });
    this.nextBtn = el("button", { type: "button", class: "md-button hc-drills-next", text: ui.next });
    this.form = el("form", { class: "hc-drills-form", novalidate: "" }, this.options, this.checkBtn, " ", this.nextBtn);
    this.feedback = el("div", { class: "hc-ex-feedback hc-drills-feedback", "aria-live": "polite" });
    this.link = el("a", { class: "hc-drills-link", href: "#", text: ui.link });
    const keys = el("p", { class: "hc-drills-keys", text: ui.keys });
    this.root.replaceChildren(picker, el("div", { class: "hc-drills-tools" }, this.scoreLine, this.resetBtn),
      this.questionText, this.board, this.form, this.feedback, el("p", {}, this.link), keys);
    this.root.classList.add("hc-live");

    this.gameSelect.addEventListener("change", () => {
      this.fillTypes();
      this.showScore();
      this.next();
    });
    this.typeSelect.addEventListener("change", () => this.next());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.check();
    });
    this.nextBtn.addEventListener("click", () => this.next());
    onSecondPress(this.resetBtn, () => {
      const all = load();
      delete all[this.game];
      save(all);
      this.showScore();
    });
    this.root.addEventListener("keydown", (event) => this.key(event));
    this.fillTypes();
    const fromHash = this.fromHash();
    this.showScore();
    if (fromHash) this.show(fromHash);
    else this.next();
  }

  get game() {
    return this.gameSelect.value;
  }

  fillTypes(selected) {
    const game = this.info.games.find((g) => g.game === this.game);
    this.typeSelect.replaceChildren(el("option", { value: this.info.mixed.type, text: this.info.mixed.label }),
      ...game.types.map((t) => el("option", { value: t.type, text: t.label })));
    if (selected) this.typeSelect.value = selected;
  }

  // #drill=<game>:<type>:<seed> of this page: select its game and type, return its parts
  fromHash() {
    const m = decodeURIComponent(location.hash).match(/^#drill=([a-z]+):([a-z_]+):(\d+)$/);
    if (!m || !this.info.games.some((g) => g.game === m[1] && g.types.some((t) => t.type === m[2]))) return null;
    this.gameSelect.value = m[1];
    this.fillTypes(m[2]);
    return { game: m[1], type: m[2], seed: Number(m[3]) };
  }

  score() {
    return load()[this.game] || { right: 0, total: 0, streak: 0, best: 0 };
  }

  showScore() {
    const s = this.score();
    this.scoreLine.textContent = [fill(this.ui.score, { right: s.right, total: s.total }),
      fill(this.ui.streak, { streak: s.streak }), fill(this.ui.best, { best: s.best })].join(" · ");
  }

  next() {
    this.show({ game: this.game, type: this.typeSelect.value, seed: newSeed() });
  }

  async show(which) {
    const mine = ++this.asked;
    this.answered = false;
    this.feedback.replaceChildren();
    delete this.feedback.dataset.correct;
    this.checkBtn.disabled = true;
    const waiting = setTimeout(() => this.questionText.replaceChildren(this.ui.loading), 150);
    const t0 = performance.now();
    let q;
    try {
      q = await call("drill_next", { ...which, lang: this.lang, assets: new URL("./", import.meta.url).href });
    } catch (err) {
      clearTimeout(waiting);
      if (mine !== this.asked) return;
      this.questionText.replaceChildren(el("span", { class: "hc-error", role: "alert",
        text: fill(this.ui.failed, { message: err.error?.message || String(err) }) }));
      return;
    }
    clearTimeout(waiting);
    if (mine !== this.asked) return;
    this.drill = q;
    this.root.dataset.drill = q.id;
    this.root.dataset.ms = String(Math.round(performance.now() - t0));
    this.questionText.replaceChildren(...withIds(q.question));
    this.board.innerHTML = q.html; // the core's table, escaped there
    const name = `${q.id}-answer`;
    const legend = el("legend", { text: q.form === "multi" ? this.ui.select_all : this.ui.answer });
    const items = q.choices.map((c, i) => {
      const id = `${name}-${i}`;
      const input = el("input", { type: q.form === "multi" ? "checkbox" : "radio", name, id, value: String(i) });
      return el("label", { for: id }, input, el("kbd", { class: "hc-drills-key", "aria-hidden": "true", text: `${i + 1}` }), " ", c.label);
    });
    this.options.replaceChildren(legend, ...items);
    this.options.disabled = false;
    this.checkBtn.disabled = false;
    this.link.href = `#drill=${q.id}`;
    widgetReady(this.root);
    performance.mark("hcards:drill");
    if (this.root.contains(document.activeElement) && document.activeElement !== this.gameSelect &&
        document.activeElement !== this.typeSelect) {
      this.options.querySelector("input").focus();
    }
  }

  chosen() {
    const picked = [...this.options.querySelectorAll("input:checked")].map((i) => this.drill.choices[Number(i.value)].value);
    if (this.drill.form === "multi") return picked;
    return picked.length ? picked[0] : undefined;
  }

  async check() {
    const q = this.drill;
    if (!q || this.answered) return;
    const answer = this.chosen();
    if (answer === undefined) {
      this.feedback.replaceChildren(el("p", { class: "hc-ex-msg", text: this.ui.choose_first }));
      return;
    }
    this.answered = true;
    this.checkBtn.disabled = true;
    let v;
    try {
      v = await call("drill_answer", { id: q.id, answer, lang: this.lang });
    } catch (err) {
      this.answered = false;
      this.checkBtn.disabled = false;
      this.feedback.replaceChildren(el("p", { class: "hc-error", role: "alert", text: err.error?.message || String(err) }));
      return;
    }
    if (q !== this.drill) return;
    this.options.disabled = true;
    this.verdict(q, v);
    this.count(v.correct);
    document.dispatchEvent(new CustomEvent("hcards:answer", { detail: {
      kind: "drill", id: q.id, game: q.game, clauses: q.clauses, themes: [q.type], correct: v.correct,
      answer, lang: this.lang, at: Date.now(),
    } }));
    this.nextBtn.focus();
  }

  verdict(q, v) {
    const ui = this.ui;
    const home = this.info.home;
    const explain = (item) => el("p", { class: "hc-drills-reason" }, ...withIds(item.text), " ",
      ruleLink(home, item.page, item.clause, ui.rule));
    const head = el("p", { class: v.correct ? "hc-ex-right" : "hc-ex-wrong", role: v.correct ? "status" : "alert" },
      el("strong", { text: v.correct ? ui.right : ui.wrong }),
      v.correct ? null : ` ${fill(ui.the_answer, { answer: v.right.join(" · ") })}`);
    const parts = [head, ...v.wrong.map(explain), explain(v.why)];
    this.feedback.replaceChildren(...parts);
    this.feedback.dataset.correct = v.correct ? "1" : "0";
    for (const input of this.options.querySelectorAll("input")) {
      const value = q.choices[Number(input.value)].value;
      const right = q.form === "multi" ? q.accepted[0].includes(value) : q.accepted.includes(value);
      const label = input.closest("label");
      label.classList.toggle("hc-drills-right", right);
      if (right) label.append(el("span", { class: "hc-drills-mark", "aria-hidden": "true", text: " ✓" }));
    }
  }

  count(correct) {
    const all = load();
    const s = all[this.game] || { right: 0, total: 0, streak: 0, best: 0 };
    s.total += 1;
    if (correct) {
      s.right += 1;
      s.streak += 1;
      s.best = Math.max(s.best, s.streak);
    } else {
      s.streak = 0;
    }
    all[this.game] = s;
    save(all);
    this.showScore();
  }

  key(event) {
    const t = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey || t instanceof HTMLSelectElement) return;
    if (/^[1-9]$/.test(event.key) && !this.answered) {
      const input = this.options.querySelectorAll("input")[Number(event.key) - 1];
      if (!input) return;
      event.preventDefault();
      event.stopPropagation();
      if (input.type === "checkbox") input.checked = !input.checked;
      else input.checked = true;
      input.focus();
    } else if (event.key === "Enter" && t instanceof HTMLInputElement && this.options.contains(t)) {
      event.preventDefault();
      this.check();
    } else if ((event.key === "n" || event.key === "N") && !(t instanceof HTMLInputElement && t.type === "text")) {
      event.preventDefault();
      event.stopPropagation(); // Material's own "n" goes to the next page
      this.next();
    }
  }
}

// Every drills frame of every page shown (instant navigation too): hcards-runtime.js onPage.
// A failed engine start is said in the frame (the status listener goes with its page).
onPage('[data-hcards="drills"]', (root) => {
  new Drills(root);
  onStatus((s) => {
    if (s.status !== "failed") return;
    const question = root.querySelector(".hc-drills-question");
    const ui = JSON.parse(root.querySelector("script.hc-data")?.textContent || "{}").ui;
    if (question) question.textContent = ui ? fill(ui.failed, { message: s.message || "" }) : s.message || "";
  });
});
