// Step-through walkthroughs. The build prerenders every step (narration, events, card table)
// so the page reads without JavaScript; this script shows one step at a time with
// previous/next buttons, the arrow keys, a step counter and a permalink per step
// (#<walkthrough-id>-<n>). Once Python is ready in the worker, the view can switch to one
// seat's eyes and the learner can branch off ("what if I play this?"): the core in the
// browser applies the move, or explains with the clause why it is illegal.

import { call, onPage, onStatus, start, widgetReady, HcardsError } from "./hcards-runtime.js";
import { arrowSteps, el, fill, letter, loadProgress, replaceTable, ruleLink, saveProgress, widgetData, withIds } from "./hcards-ui.js";

class Walkthrough {
  constructor(root, page) {
    this.root = root;
    this.page = page;
    this.data = widgetData(root);
    this.ui = this.data.ui;
    this.steps = [...root.querySelectorAll(".hc-step")];
    this.static = this.steps.map((li) => li.querySelector(".hc-table")?.outerHTML ?? "");
    this.current = 0;
    this.seat = null; // null: all cards
    this.branch = []; // the learner's own actions from the current step
    this.ready = false;
    this.build();
    this.show(this.stepFromHash() ?? 0, false);
    onStatus((s) => this.onStatus(s));
  }

  build() {
    const ui = this.ui;
    const id = this.data.id;
    this.prevBtn = el("button", { type: "button", class: "md-button", text: ui.prev });
    this.nextBtn = el("button", { type: "button", class: "md-button md-button--primary", text: ui.next });
    this.counter = el("span", { class: "hc-counter", role: "status", "aria-live": "polite" });
    this.link = el("a", { class: "hc-permalink", text: ui.permalink });
    this.viewSelect = el("select", { id: `${id}-view`, disabled: "" });
    this.viewSelect.append(el("option", { value: "", text: ui.all_cards }));
    for (let s = 0; s < this.data.players; s++) {
      this.viewSelect.append(el("option", { value: String(s), text: fill(ui.seat_view, { seat: letter(s) }) }));
    }
    this.statusLine = el("span", { class: "hc-runtime-status" });
    const controls = el(
      "div", { class: "hc-controls" },
      this.prevBtn, this.counter, this.nextBtn,
      el("label", { for: this.viewSelect.id, text: ui.view }), this.viewSelect,
      this.link, this.statusLine,
    );
    this.whatif = el("div", { class: "hc-whatif", "aria-live": "polite", hidden: "" });
    this.root.querySelector(".hc-steps").before(controls);
    this.root.querySelector(".hc-steps").after(el("p", { class: "hc-hint", text: ui.whatif_hint }), this.whatif);
    this.root.classList.add("hc-live");

    this.prevBtn.addEventListener("click", () => this.show(this.current - 1));
    this.nextBtn.addEventListener("click", () => this.show(this.current + 1));
    this.viewSelect.addEventListener("change", () => {
      this.seat = this.viewSelect.value === "" ? null : Number(this.viewSelect.value);
      this.refresh();
    });
    arrowSteps(this.root, (by) => this.show(this.current + by));
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (button && this.root.contains(button)) this.tryAction(JSON.parse(button.dataset.action));
    });
    this.root.addEventListener("focusin", start, { once: true });
    this.root.addEventListener("pointerdown", start, { once: true });
    window.addEventListener("hashchange", () => {
      const n = this.stepFromHash();
      if (n !== null) this.show(n, false);
    }, { signal: this.page.signal });
  }

  stepFromHash() {
    const prefix = `#${this.data.id}-`;
    if (!location.hash.startsWith(prefix)) return null;
    const n = Number(location.hash.slice(prefix.length));
    return Number.isInteger(n) && n >= 1 && n <= this.steps.length ? n - 1 : null;
  }

  show(index, updateUrl = true) {
    if (index < 0 || index >= this.steps.length) return;
    this.current = index;
    this.branch = [];
    this.steps.forEach((li, i) => li.classList.toggle("hc-current", i === index));
    const n = index + 1;
    this.counter.textContent = fill(this.ui.step, { n, total: this.steps.length });
    this.prevBtn.disabled = index === 0;
    this.nextBtn.disabled = index === this.steps.length - 1;
    const hash = `#${this.data.id}-${n}`;
    this.link.href = hash;
    if (updateUrl && location.hash !== hash) history.replaceState(null, "", hash);
    if (updateUrl) this.root.focus({ preventScroll: true });
    this.whatif.hidden = true;
    this.whatif.replaceChildren();
    if (index === this.steps.length - 1) this.markDone();
    this.refresh();
  }

  // Stepped through to the end: the progress page counts this walkthrough as done.
  markDone() {
    const done = loadProgress("walkthroughs");
    if (!done[this.data.id]) saveProgress("walkthroughs", { ...done, [this.data.id]: { done: true } });
  }

  step() {
    return this.data.steps[this.current];
  }

  tableSlot() {
    return this.steps[this.current].querySelector(".hc-table");
  }

  setTable(html) {
    if (!this.tableSlot()) return;
    replaceTable(this.steps[this.current], html);
    // On a phone, the seat whose eyes the view follows keeps its full-size cards.
    if (this.seat !== null) this.tableSlot().querySelector(`.hc-seat[data-seat="${this.seat}"]`)?.classList.add("hc-seat--own");
  }

  onStatus(s) {
    this.statusLine.textContent = { loading: this.ui.loading, ready: this.ui.ready, failed: this.ui.failed }[s.status] ?? "";
    if (s.status === "ready" && !this.ready) {
      this.ready = true;
      this.viewSelect.disabled = false;
      this.refresh();
    }
  }

  // The current step's table from the core: in the chosen view, with the legal moves as buttons.
  async refresh() {
    if (!this.ready) {
      if (this.static[this.current]) this.setTable(this.static[this.current]);
      return;
    }
    const { deal, after } = this.step();
    const want = this.current;
    try {
      const value = await call("table_at", {
        record: this.data.record, deal, after, seat: this.seat, lang: this.data.lang,
        assets: this.data.assets, interactive: true,
      });
      if (want === this.current && !this.branch.length) {
        this.setTable(value.html);
        this.root.dataset.liveStep = String(want + 1); // the core's table of this step is shown
      }
      widgetReady(this.root);
    } catch (err) {
      this.report(err);
    }
  }

  async tryAction(action) {
    const { deal, after } = this.step();
    const actions = [...this.branch, action];
    // A move made from the keyboard keeps the focus on the table after it is redrawn.
    const focused = this.root.contains(document.activeElement) && document.activeElement.closest("[data-action]");
    try {
      const value = await call("try_actions", {
        record: this.data.record, deal, after, actions, seat: this.seat, lang: this.data.lang, assets: this.data.assets,
      });
      if (!value.error) this.branch = actions;
      this.setTable(value.html);
      this.showWhatif(value.events, value.error);
      if (focused) this.refocus(focused.dataset.action);
    } catch (err) {
      this.report(err);
    }
  }

  // Focus the same move on the new table if it is still offered, else the first move, else the
  // way back: never <body>, so that the arrow keys and Tab go on from the table.
  refocus(action) {
    const slot = this.steps[this.current];
    const buttons = [...slot.querySelectorAll(".hc-table [data-action]")];
    const target = buttons.find((b) => b.dataset.action === action) ?? buttons[0] ?? this.whatif.querySelector("button");
    target?.focus({ preventScroll: true });
  }

  showWhatif(events, error) {
    const ui = this.ui;
    const back = el("button", { type: "button", class: "md-button", text: ui.back });
    back.addEventListener("click", () => this.show(this.current, false));
    const parts = [el("h3", { text: ui.whatif_title })];
    if (events.length) parts.push(el("ul", {}, ...events.map((t) => el("li", { text: t }))));
    if (error) {
      const rule = ruleLink(this.data.home, error.page, error.rule, ui.rule);
      parts.push(el("p", { class: "hc-error", role: "alert" }, `${ui.illegal} `, ...withIds(error.message), " (", rule, ")"));
    }
    parts.push(back);
    this.whatif.replaceChildren(...parts);
    this.whatif.hidden = false;
  }

  report(err) {
    const message = err instanceof HcardsError ? err.error.message : String(err);
    this.whatif.replaceChildren(el("p", { class: "hc-error", role: "alert", text: message }));
    this.whatif.hidden = false;
  }
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage(".hc-walkthrough", (root, page) => new Walkthrough(root, page));
