// Puzzles mined from computer play (scripts/mine_puzzles.py). The page carries the themes and
// the words; the puzzles are fetched only when the learner asks for one: an index (id, rating,
// themes, chunk) and then the chunk holding the chosen puzzle. The position is drawn by the
// core in the worker (puzzle_view), each try is judged there (puzzle_try: legal? accepted?
// the refusal's clause for an illegal one) and both Glicko-2 ratings move after the first try
// (rate_try). The learner's rating, each puzzle's rating and the tries are kept in
// localStorage. Every try is announced as the "hcards:answer" event (issue 17's contract).

import { call, decimal, onPage, start, widgetReady } from "./hcards-runtime.js";
import { PROGRESS, el, fill, loadStore, onSecondPress, ruleLink, saveStore, widgetData } from "./hcards-ui.js";
import { showRefutation } from "./hcards-refute.js";

const STORE = PROGRESS.puzzles;
const BY_RATING = "";

// A broken or missing entry starts afresh; storage off: the rating is simply not kept.
const load = () => ({ learners: {}, puzzles: {}, tried: {}, ...loadStore(STORE) });
const save = (store) => saveStore(STORE, store);

const NEW_LEARNER = { rating: 1500, rd: 350, vol: 0.06 };

// A wrong but legal try played out (hcards-refute.js): in the sampled deal worst for it, beside
// the right move's line (the puzzle has shown its answer by now, so the right line gives
// nothing away). `context` = { puzzle, action, lang, assets, texts }.
export async function onWrongTry(container, context) {
  const { puzzle, action, lang, assets, texts } = context;
  container.replaceChildren(el("p", { class: "hc-ex-msg", role: "status", text: texts.loading }));
  try {
    const reply = await call("refute", { record: puzzle.record, seat: puzzle.seat, answer: action,
      correct: puzzle.answer, lang, assets, seed: puzzle.seed ?? 0 });
    showRefutation(container, reply, texts, { right: true });
    return true;
  } catch (err) {
    console.error(err);
    container.replaceChildren(el("p", { class: "hc-error", text: texts.failed }));
    return false;
  }
}

class Puzzles {
  constructor(root) {
    this.root = root;
    this.info = widgetData(root);
    this.ui = this.info.ui;
    this.lang = this.info.lang;
    this.index = null;
    this.chunks = new Map();
    this.current = null;
    this.busy = false;
    this.build();
  }

  build() {
    const ui = this.ui;
    const id = `hc-pz-theme-${this.info.file}`;
    this.root.classList.add("hc-live");
    this.root.querySelector(".hc-puzzles-noscript")?.remove();
    this.select = el("select", { id, class: "hc-pz-theme" },
      el("option", { value: BY_RATING, text: `${ui.by_rating} (${fill(ui.count, { n: this.info.total })})` }),
      ...this.info.themes.map((t) => el("option", { value: t.id, text: `${t.label} (${fill(ui.count, { n: t.count })})` })));
    this.startBtn = el("button", { type: "button", class: "md-button md-button--primary hc-pz-start", text: ui.start });
    this.rating = el("p", { class: "hc-pz-rating", "aria-live": "polite" });
    this.tally = el("p", { class: "hc-pz-tally" });
    this.resetBtn = el("button", { type: "button", class: "md-button hc-pz-reset", text: ui.reset });
    const controls = el("div", { class: "hc-pz-controls" },
      el("label", { for: id, text: ui.theme_label }), " ", this.select, " ", this.startBtn);
    this.task = el("p", { class: "hc-pz-task" });
    this.board = el("div", { class: "hc-pz-board" });
    this.feedback = el("div", { class: "hc-ex-feedback hc-pz-feedback", "aria-live": "polite" });
    this.values = el("div", { class: "hc-pz-values" });
    this.refutation = el("div", { class: "hc-pz-refutation" });
    this.nextBtn = el("button", { type: "button", class: "md-button hc-pz-next", text: ui.next, hidden: true });
    this.root.append(el("h2", { class: "hc-pz-title", text: ui.choose }), controls, this.rating, this.tally,
      this.task, this.board, this.feedback, this.values, this.refutation, this.nextBtn, this.resetBtn);
    this.startBtn.addEventListener("click", () => this.next());
    this.nextBtn.addEventListener("click", () => this.next());
    onSecondPress(this.resetBtn, () => this.reset());
    this.select.addEventListener("change", () => { this.startBtn.textContent = ui.start; });
    this.board.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || !this.board.contains(button) || button.disabled) return;
      this.attempt(JSON.parse(button.dataset.action), event.timeStamp);
    });
    this.root.addEventListener("focusin", start, { once: true });
    this.root.addEventListener("pointerdown", start, { once: true });
    this.showRating();
  }

  showRating(change) {
    const store = load();
    const me = store.learners[this.info.file] || NEW_LEARNER;
    const text = fill(this.ui.your_rating, { rating: Math.round(me.rating), rd: Math.round(me.rd) });
    this.rating.replaceChildren(text);
    if (change) this.rating.append(" · ", fill(this.ui.rating_change, change));
    const mine = Object.entries(store.tried).filter(([k]) => k.startsWith(`${this.info.file}:`));
    const solved = mine.filter(([, v]) => v).length;
    this.tally.textContent = mine.length ? fill(this.ui.solved, { n: solved, tried: mine.length }) : "";
  }

  async fetchJSON(name) {
    const response = await fetch(new URL(name, new URL(this.info.data, document.baseURI)));
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    return response.json();
  }

  // The next puzzle: of the chosen theme (or any), not tried yet, the nearest to the learner's
  // rating (ties: the order of the file, so every learner meets them in the same order).
  pick() {
    const store = load();
    const me = (store.learners[this.info.file] || NEW_LEARNER).rating;
    const theme = this.select.value;
    const file = this.info.file;
    let best = null;
    let bestGap = Infinity;
    for (const p of this.index) {
      if (theme && !p.themes.includes(theme)) continue;
      if (`${file}:${p.id}` in store.tried) continue;
      const rating = store.puzzles[p.id]?.rating ?? p.rating;
      const gap = Math.abs(rating - me);
      if (gap < bestGap) {
        best = p;
        bestGap = gap;
      }
    }
    return best;
  }

  async next() {
    if (this.busy) return;
    this.busy = true;
    const ui = this.ui;
    const t0 = performance.now();
    this.feedback.replaceChildren();
    this.values.replaceChildren();
    this.refutation.replaceChildren();
    this.nextBtn.hidden = true;
    const waiting = setTimeout(() => this.task.replaceChildren(ui.loading), 150);
    try {
      if (!this.index) this.index = await this.fetchJSON("index.json");
      const entry = this.pick();
      if (!entry) {
        clearTimeout(waiting);
        this.current = null;
        this.board.replaceChildren();
        this.task.textContent = ui.none_left;
        return;
      }
      if (!this.chunks.has(entry.chunk)) this.chunks.set(entry.chunk, await this.fetchJSON(`${entry.chunk}.json`));
      const puzzle = this.chunks.get(entry.chunk).find((p) => p.id === entry.id);
      const view = await call("puzzle_view", { puzzle, lang: this.lang, assets: this.info.assets });
      clearTimeout(waiting);
      widgetReady(this.root);
      this.current = { puzzle, view, tries: 0, done: false };
      const store = load();
      const rating = Math.round(store.puzzles[puzzle.id]?.rating ?? puzzle.rating);
      const game = ui[`game.${puzzle.record.game}`] || puzzle.record.game;
      this.task.replaceChildren(
        el("strong", { text: fill(ui.task, { seat: "ABCDEFG"[puzzle.seat] }) }), " ",
        el("span", { class: "hc-pz-meta", text: `${fill(ui.table_of, { game, players: puzzle.record.players })} · ${fill(ui.puzzle_rating, { rating })}` }));
      this.board.innerHTML = view.html;
      this.board.dataset.puzzle = puzzle.id;
      this.startBtn.textContent = ui.next;
      const first = this.board.querySelector("button[data-action]:not([disabled])");
      if (first) first.focus();
    } catch (err) {
      clearTimeout(waiting);
      console.error(err);
      this.task.replaceChildren(el("span", { class: "hc-error", role: "alert", text: ui.failed }));
    } finally {
      this.busy = false;
      this.root.dataset.ms = String(Math.round(performance.now() - t0));
    }
  }

  async attempt(action, t0 = performance.now()) {
    const cur = this.current;
    if (this.busy || !cur || cur.done) return;
    this.busy = true;
    const ui = this.ui;
    const puzzle = cur.puzzle;
    try {
      const out = await call("puzzle_try", { puzzle: { record: puzzle.record, seat: puzzle.seat, answer: puzzle.answer }, action, lang: this.lang });
      if (!out.legal) {
        // refused by the rules, with the clause: not a try, so neither the rating nor the log moves
        const msg = el("p", { class: "hc-ex-wrong", role: "alert" }, el("strong", { text: ui.illegal }), " ", out.message);
        if (out.rule && out.page) msg.append(" (", ruleLink(this.info.home, out.page, out.rule, ui.rule), ")");
        this.feedback.replaceChildren(msg);
        return;
      }
      const first = cur.tries === 0;
      cur.tries += 1;
      this.announce(puzzle, action, first && out.accepted);
      if (first) await this.rate(puzzle, out.accepted);
      if (out.accepted) {
        cur.done = true;
        this.feedback.replaceChildren(el("p", { class: "hc-ex-right", role: "status" },
          el("strong", { text: ui.correct }), first ? "" : ` ${ui.correct_later}`));
        this.showValues();
        this.finish();
        return;
      }
      this.feedback.replaceChildren(el("p", { class: "hc-ex-wrong", role: "alert" },
        el("strong", { text: ui.wrong }), " ", fill(ui.answer, { answer: cur.view.answer.join(ui.or) })));
      this.showValues(action);
      cur.done = true;
      this.finish();
      await onWrongTry(this.refutation, { puzzle, action, lang: this.lang, assets: this.info.assets, texts: this.info.refute_ui });
    } catch (err) {
      console.error(err);
      this.feedback.replaceChildren(el("p", { class: "hc-error", role: "alert", text: ui.failed }));
    } finally {
      this.busy = false;
      this.feedback.dataset.ms = String(Math.round(performance.now() - t0));
    }
  }

  finish() {
    for (const b of this.board.querySelectorAll("button[data-action]")) b.disabled = true;
    this.nextBtn.hidden = false;
    this.nextBtn.focus();
  }

  // What each judged move is worth over the sampled worlds (the miner's numbers).
  showValues(tried) {
    const ui = this.ui;
    const cur = this.current;
    const puzzle = cur.puzzle;
    const unit = ui[`unit.${puzzle.unit}`] || puzzle.unit;
    const same = (a, b) => ["act", "card", "amount", "call", "slave"].every((k) => a[k] === b[k]);
    const rows = puzzle.values.map((v, k) => {
      const best = puzzle.answer.some((a) => same(a, v.action));
      const mark = tried && same(tried, v.action);
      return el("tr", { class: best ? "hc-pz-best" : mark ? "hc-pz-tried" : null },
        el("td", {}, cur.view.labels[k], best ? el("strong", { text: ` (${ui.best})` }) : null),
        el("td", { text: decimal(v.value, 2) }),
        el("td", { text: `${decimal(v.best_share * 100, 0)} %` }));
    });
    const table = el("table", { class: "hc-pz-table" },
      el("caption", { text: fill(ui.values_title, { worlds: puzzle.worlds }) }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: ui.col_action }),
        el("th", { scope: "col", text: fill(ui.col_value, { unit }) }), el("th", { scope: "col", text: ui.col_share }))),
      el("tbody", {}, ...rows));
    const clauses = el("p", { class: "hc-pz-clauses" }, ui.clauses, " ");
    puzzle.clauses.forEach((rule, k) => {
      if (k) clauses.append(", ");
      clauses.append(ruleLink(this.info.home, this.page(puzzle, rule), rule, ui.rule));
    });
    this.values.replaceChildren(table, clauses);
  }

  page(puzzle, rule) {
    return this.info.pages[rule] || `${this.info.file}/rules/`;
  }

  async rate(puzzle, solved) {
    const store = load();
    const old = store.learners[this.info.file] || NEW_LEARNER;
    const mine = store.puzzles[puzzle.id] || { rating: puzzle.rating, rd: 200, vol: 0.06 };
    const out = await call("rate_try", { puzzle: mine, solved, learner: old });
    const fresh = load(); // another tab may have written meanwhile
    fresh.learners[this.info.file] = out.learner;
    fresh.puzzles[puzzle.id] = out.puzzle;
    fresh.tried[`${this.info.file}:${puzzle.id}`] = solved;
    save(fresh);
    this.showRating({ old: Math.round(old.rating), new: Math.round(out.learner.rating) });
  }

  announce(puzzle, action, correct) {
    document.dispatchEvent(new CustomEvent("hcards:answer", { detail: {
      kind: "puzzle", id: puzzle.id, game: puzzle.record.game, clauses: puzzle.clauses, themes: puzzle.themes,
      correct, answer: action, lang: this.lang, at: Date.now(),
    } }));
  }

  reset() {
    const store = load();
    delete store.learners[this.info.file];
    for (const key of Object.keys(store.tried)) if (key.startsWith(`${this.info.file}:`)) delete store.tried[key];
    save(store);
    this.showRating();
    this.feedback.replaceChildren(el("p", { role: "status", text: this.ui.reset_done }));
  }
}

export function mount(root) {
  new Puzzles(root);
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage('[data-hcards="puzzles"]', mount);
