// The Play pages: a whole session against the computer players, with a coach and a review.
//
// The session is a record (hcards_core.table_session) kept with its set-up in localStorage,
// so a reload resumes it; every rule, every computer move and every remark comes from the
// core in the worker (the page never decides anything itself). A link (#play=<set-up>)
// reproduces the deal and the computer's play exactly: the cards and the moves are drawn from
// the set-up's seed. Keyboard: every card and action is a button; Tab and Enter play.

import { call, decimal, onPage, onStatus, start, widgetReady, HcardsError } from "./hcards-runtime.js";
import { el, fill, letter, replaceTable, ruleLink, saveStore, scrollBelowHeader, widgetData } from "./hcards-ui.js";

const PACES = { pace_0: 0, pace_fast: 350, pace_normal: 900, pace_slow: 1800, pace_manual: -1 };
const TIERS = ["beginner", "club", "expert", "random"];
const VERSION = 1; // of what localStorage keeps; a different one is not loaded

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const message = (err) => (err instanceof HcardsError ? err.error.message : String(err));

// base64url of UTF-8 JSON, and back (null when the text is not such a value).
function encode(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decode(text) {
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const value = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

class Play {
  constructor(root, page) {
    this.root = root;
    this.data = widgetData(root);
    this.ui = this.data.ui;
    this.lang = this.data.lang;
    this.assets = new URL("./", import.meta.url).href;
    this.key = `hcards-play:${this.lang}:${this.data.page}`;
    this.session = null; // {version, setup, record, remarks, log, pace}
    this.busy = false;
    this.runId = 0;
    this.build();
    onStatus((s) => this.onStatus(s));
    // A #play link pasted into the address bar of this page opens at once (no reload needed)
    window.addEventListener("hashchange", () => this.ready && location.hash.startsWith("#play=") && this.openLink(),
      { signal: page?.signal });
    start();
  }

  t(key, params = {}) {
    return fill(this.ui[key] ?? key, params);
  }

  // ---- the frame --------------------------------------------------------------------------
  build() {
    this.root.querySelector(".hc-play-noscript")?.remove();
    this.notice = el("p", { class: "hc-play-notice", role: "alert", hidden: "" });
    this.statusLine = el("p", { class: "hc-runtime-status", "aria-live": "polite" });
    this.form = this.buildForm();
    this.turn = el("p", { class: "hc-play-turn", role: "status", "aria-live": "polite" });
    // focusable, so a reader whose card left with the old table stays on the table (not <body>)
    this.tableSlot = el("div", { class: "hc-play-table", tabindex: "-1" });
    this.actions = el("div", { class: "hc-play-actions", role: "group", "aria-label": this.t("your_turn") });
    this.controls = el("div", { class: "hc-play-controls" });
    this.coachBox = el("div", { class: "hc-play-coach", "aria-live": "polite" });
    this.errorBox = el("div", { class: "hc-play-error", role: "alert", hidden: "" });
    this.facts = el("div", { class: "hc-play-facts" });
    this.logList = el("ol", { class: "hc-play-log" });
    this.reviewBox = el("div", { class: "hc-play-review", hidden: "" });
    const board = el("div", { class: "hc-play-board", hidden: "" },
      this.turn, this.tableSlot, this.errorBox, this.actions, this.controls, this.coachBox, this.facts,
      el("details", { class: "hc-play-logbox" }, el("summary", { text: this.t("log") }), this.logList),
      this.reviewBox);
    this.board = board;
    this.root.append(this.notice, this.statusLine, this.form, board);
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("[data-action]");
      if (!button || !this.tableSlot.contains(button) || button.disabled) return;
      event.preventDefault();
      this.act(JSON.parse(button.dataset.action));
    });
  }

  buildForm() {
    const ui = this.ui;
    const form = el("form", { class: "hc-play-setup" });
    // the set-up folds away while a session is on (the table is what the learner looks at,
    // a phone's screen is short) and opens again for a new session or on a tap
    const fs = el("fieldset", { "aria-label": ui.setup });
    this.setupBox = el("details", { class: "hc-play-setup-box", open: "" }, el("summary", { text: ui.setup }), fs);
    const id = (s) => `hc-play-${this.data.page}-${s}`;
    const field = (labelText, control) => el("p", { class: "hc-play-field" },
      el("label", { for: control.id, text: labelText }), control);
    this.gameSelect = el("select", { id: id("game") });
    for (const g of this.data.games) this.gameSelect.append(el("option", { value: g.game, text: this.gameName(g.game) }));
    this.playersSelect = el("select", { id: id("players") });
    this.seatSelect = el("select", { id: id("seat") });
    this.tierBox = el("div", { class: "hc-play-tiers" });
    this.optionBox = el("div", { class: "hc-play-options" });
    this.coachCheck = el("input", { type: "checkbox", id: id("coach"), checked: "" });
    this.legalCheck = el("input", { type: "checkbox", id: id("legal"), checked: "" });
    this.paceSelect = el("select", { id: id("pace") });
    for (const [k, ms] of Object.entries(PACES)) this.paceSelect.append(el("option", { value: String(ms), text: ui[k] }));
    this.paceSelect.value = String(PACES.pace_normal);
    if (this.data.games.length > 1) fs.append(field(ui.game, this.gameSelect));
    fs.append(field(ui.players, this.playersSelect), field(ui.seat, this.seatSelect), this.tierBox,
      el("details", { class: "hc-play-variants" }, el("summary", { text: ui.options }), this.optionBox),
      el("p", { class: "hc-play-field" }, this.coachCheck, el("label", { for: this.coachCheck.id, text: ui.coach })),
      el("p", { class: "hc-play-field" }, this.legalCheck, el("label", { for: this.legalCheck.id, text: ui.legal })),
      field(ui.pace, this.paceSelect));
    this.startBtn = el("button", { type: "submit", class: "md-button md-button--primary", text: ui.start, disabled: "" });
    this.dailyBtn = el("button", { type: "button", class: "md-button", text: ui.daily, disabled: "" });
    form.append(this.setupBox, el("p", { class: "hc-play-buttons" }, this.startBtn, this.dailyBtn));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.begin(this.readForm(String(Date.now() % 1e9)));
    });
    this.dailyBtn.addEventListener("click", () => this.begin(this.readForm(`day-${new Date().toISOString().slice(0, 10)}`)));
    this.gameSelect.addEventListener("change", () => this.fillGame());
    this.playersSelect.addEventListener("change", () => this.fillSeats());
    this.paceSelect.addEventListener("change", () => {
      if (this.session) { this.session.pace = Number(this.paceSelect.value); this.save(); }
    });
    this.fillGame();
    return form;
  }

  gameName(game) {
    return { zsiros: "Zsíros", filicau: "Filicău", filko: "Filkó", ferbli: "Ferbli" }[game] ?? game;
  }

  gameInfo(name = this.gameSelect.value) {
    return this.data.games.find((g) => g.game === name) ?? this.data.games[0];
  }

  fillGame() {
    const info = this.gameInfo();
    this.playersSelect.replaceChildren(...info.players.map((n) => el("option", { value: String(n), text: String(n) })));
    this.optionBox.replaceChildren();
    for (const opt of info.options) {
      const oid = `hc-play-${this.data.page}-opt-${opt.name}`;
      let control;
      if (opt.kind === "bool") {
        control = el("input", { type: "checkbox", id: oid, "data-option": opt.name });
        if (opt.default) control.checked = true;
      } else if (opt.kind === "choice") {
        control = el("select", { id: oid, "data-option": opt.name });
        for (const c of opt.choices) {
          const name = opt.choice_labels?.[String(c)] ?? String(c);
          control.append(el("option", { value: JSON.stringify(c), text: c === opt.default ? `${name} (${this.ui.option_default})` : name }));
        }
        control.value = JSON.stringify(opt.default);
      } else {
        control = el("input", { type: "number", id: oid, "data-option": opt.name, value: String(opt.default), min: "0", step: "1" });
      }
      const label = el("label", { for: oid, text: opt.label });
      const link = ruleLink(this.data.home, opt.page, opt.rule, "§{rule}");
      this.optionBox.append(el("p", { class: "hc-play-option" }, ...(opt.kind === "bool" ? [control, label] : [label, control]), " ", link));
    }
    this.fillSeats();
  }

  fillSeats() {
    const n = Number(this.playersSelect.value);
    const seat = Math.min(Number(this.seatSelect.value || 0), n - 1);
    this.seatSelect.replaceChildren(...Array.from({ length: n }, (_, s) =>
      el("option", { value: String(s), text: this.t("seat_name", { seat: letter(s) }) })));
    this.seatSelect.value = String(seat);
    this.tierBox.replaceChildren();
    for (let s = 0; s < n; s++) {
      const tid = `hc-play-${this.data.page}-tier-${s}`;
      const sel = el("select", { id: tid, "data-seat": String(s) });
      for (const tier of TIERS) sel.append(el("option", { value: tier, text: this.ui[`tier_${tier}`] }));
      sel.value = "club";
      this.tierBox.append(el("p", { class: "hc-play-field hc-play-tier" },
        el("label", { for: tid, text: this.t("tier_for", { seat: letter(s) }) }), sel));
    }
    this.seatSelect.onchange = () => this.markSeat();
    this.markSeat();
  }

  markSeat() {
    const seat = Number(this.seatSelect.value);
    for (const p of this.tierBox.children) {
      const sel = p.querySelector("select");
      const mine = Number(sel.dataset.seat) === seat;
      p.hidden = mine;
      sel.disabled = mine;
    }
  }

  readForm(seed) {
    const seat = Number(this.seatSelect.value);
    const options = {};
    const info = this.gameInfo();
    for (const control of this.optionBox.querySelectorAll("[data-option]")) {
      const opt = info.options.find((o) => o.name === control.dataset.option);
      const value = opt.kind === "bool" ? control.checked : opt.kind === "choice" ? JSON.parse(control.value) : Number(control.value);
      if (value !== opt.default) options[opt.name] = value;
    }
    const tiers = [...this.tierBox.querySelectorAll("select")].map((s) => (Number(s.dataset.seat) === seat ? null : s.value));
    return { game: this.gameSelect.value, players: Number(this.playersSelect.value), options, seat, tiers, seed,
      coach: this.coachCheck.checked, legal: this.legalCheck.checked };
  }

  showForm(setup) {
    if (this.data.games.some((g) => g.game === setup.game)) this.gameSelect.value = setup.game;
    this.fillGame();
    this.playersSelect.value = String(setup.players);
    this.fillSeats();
    this.seatSelect.value = String(setup.seat);
    this.markSeat();
    for (const sel of this.tierBox.querySelectorAll("select")) {
      const tier = setup.tiers?.[Number(sel.dataset.seat)];
      if (tier) sel.value = tier;
    }
    for (const control of this.optionBox.querySelectorAll("[data-option]")) {
      const name = control.dataset.option;
      if (!(name in (setup.options || {}))) continue;
      if (control.type === "checkbox") control.checked = Boolean(setup.options[name]);
      else if (control.tagName === "SELECT") control.value = JSON.stringify(setup.options[name]);
      else control.value = String(setup.options[name]);
    }
    this.coachCheck.checked = setup.coach !== false;
    this.legalCheck.checked = setup.legal !== false;
  }

  // ---- status, storage --------------------------------------------------------------------
  onStatus(s) {
    this.statusLine.textContent = { loading: this.ui.loading, ready: "", failed: `${this.ui.failed} ${s.message ?? ""}` }[s.status] ?? "";
    if (s.status === "ready" && !this.ready) {
      this.ready = true;
      this.startBtn.disabled = false;
      this.dailyBtn.disabled = false;
      this.resume();
    }
  }

  say(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  save() {
    saveStore(this.key, this.session); // storage full or off: the session goes on unkept
  }

  load() {
    try {
      const value = JSON.parse(localStorage.getItem(this.key) || "null");
      return value && value.version === VERSION && value.setup && value.record ? value : (value ? false : null);
    } catch {
      return false;
    }
  }

  // The set-up in the address bar's #play=… link: a new deal from it, or why it cannot be.
  openLink() {
    const setup = decode(location.hash.slice("#play=".length));
    if (!setup) {
      this.say(this.t("broken_link", { reason: "#play" }));
      return;
    }
    this.showForm(setup);
    return this.begin(setup, true);
  }

  async resume() {
    if (location.hash.startsWith("#play=")) return this.openLink();
    const stored = this.load();
    if (stored === false) {
      this.say(this.ui.stored_broken);
      return;
    }
    if (!stored) return;
    try {
      const view = await call("play_view", { record: stored.record, setup: stored.setup, lang: this.lang, assets: this.assets });
      this.session = stored;
      this.showForm(stored.setup);
      this.paceSelect.value = String(stored.pace ?? PACES.pace_normal);
      this.say(this.ui.resumed);
      this.renderLog();
      this.show(view);
      this.onTable();
      widgetReady(this.root);
      this.run();
    } catch (err) {
      localStorage.removeItem(this.key);
      this.say(this.ui.stored_broken);
    }
  }

  async begin(setup, fromLink = false) {
    this.runId++;
    try {
      const out = await call("play_start", { setup, lang: this.lang, assets: this.assets });
      this.session = { version: VERSION, setup: out.setup, record: out.record, remarks: {}, log: [],
        pace: Number(this.paceSelect.value) };
      this.say(""); // a message about an earlier set-up or link no longer applies
      this.save();
      this.reviewBox.hidden = true;
      this.renderLog();
      this.show(out.view);
      this.onTable();
      widgetReady(this.root);
      this.tableSlot.focus({ preventScroll: true }); // not the Deal button: a second Enter would deal again
      await this.run();
      this.focusTurn();
    } catch (err) {
      this.say(fromLink ? this.t("broken_link", { reason: message(err) }) : message(err));
      if (this.session) this.run(); // the deal on the table goes on (its computer seats were paused)
    }
  }

  // ---- the table ----------------------------------------------------------------------------
  // A session on the table (dealt, resumed, opened from a link): the set-up folds away and the
  // table comes up below the header, so a phone shows the cards, not the form.
  onTable() {
    this.setupBox.open = false;
    scrollBelowHeader(this.board);
  }

  show(view) {
    this.view = view;
    this.board.hidden = false;
    const holder = this.tableSlot;
    const hadFocus = this.board.contains(document.activeElement);
    replaceTable(holder, view.html);
    this.errorBox.hidden = true;
    const legalKeys = new Set(view.legal.map((l) => JSON.stringify(this.plain(l.action))));
    // Cards: legal ones stay buttons; with "show legal moves" the others are disabled and the
    // legal ones outlined (hc-legal-shown). Without it nothing shows which: the learner finds out.
    holder.classList.toggle("hc-legal-shown", !!this.session.setup.legal);
    for (const button of holder.querySelectorAll(".hc-card-btn[data-action]")) {
      const legal = legalKeys.has(JSON.stringify(this.plain(JSON.parse(button.dataset.action))));
      button.classList.toggle("hc-card-btn--legal", legal);
      if (this.session.setup.legal && !legal) {
        button.disabled = true;
        button.setAttribute("aria-disabled", "true");
      }
    }
    holder.querySelector(".hc-actions")?.remove(); // the page draws the actions below the table
    this.drawActions(view);
    this.drawControls(view);
    this.drawFacts(view);
    if (hadFocus && !this.board.contains(document.activeElement)) holder.focus({ preventScroll: true });
    this.root.dataset.turn = view.mine && !view.call_pending ? "mine" : view.over ? "over" : "computer";
    if (view.mine) this.turn.textContent = this.ui.your_turn;
    else if (view.over) this.turn.textContent = view.game_over ? this.ui.game_over : this.ui.deal_over;
    else this.turn.textContent = this.t(this.pace() < 0 ? "waiting_next" : "thinking", { seat: view.to_act_label });
  }

  plain(action) {
    const out = {};
    for (const k of Object.keys(action).sort()) if (!["min", "max", "note"].includes(k)) out[k] = action[k];
    return out;
  }

  drawActions(view) {
    this.actions.replaceChildren();
    const nonCard = view.legal.filter((l) => l.action.act !== "play");
    for (const { action, label } of nonCard) {
      if ("min" in action) {
        const aid = `hc-play-${this.data.page}-amount-${action.act}`;
        const input = el("input", { type: "number", id: aid, min: String(action.min), step: "1", inputmode: "numeric", value: String(action.min) });
        if (action.max !== null && action.max !== undefined) input.max = String(action.max);
        const range = action.max === null || action.max === undefined ? this.t("amount_from", { min: action.min })
          : this.t("amount_range", { min: action.min, max: action.max });
        const go = el("button", { type: "button", class: "md-button hc-action", "data-act": action.act, text: label.replace(/\d+/, "…") });
        const hint = el("span", { class: "hc-play-range", text: range });
        go.addEventListener("click", () => {
          if (input.value.trim() === "") {
            this.showError({ message: this.ui.amount_empty });
            input.focus();
            return;
          }
          const { min, max, ...rest } = action;
          this.act({ ...rest, amount: Number(input.value) });
        });
        this.actions.append(el("span", { class: "hc-play-amount" }, el("label", { for: aid, text: this.ui.amount }), input, hint, go));
      } else {
        const button = el("button", { type: "button", class: "md-button hc-action", "data-act": action.act, text: label });
        button.addEventListener("click", () => this.act(action));
        this.actions.append(button);
      }
    }
    if (view.calls?.length) {
      this.actions.append(el("span", { class: "hc-play-calls-label", text: this.ui.calls }));
      for (const { action, label } of view.calls) {
        const button = el("button", { type: "button", class: "md-button hc-action", "data-act": action.act, text: label });
        button.addEventListener("click", () => this.act(action));
        this.actions.append(button);
      }
    }
  }

  drawControls(view) {
    const ui = this.ui;
    this.controls.replaceChildren();
    const add = (text, fn, primary = false, role = "") => {
      const b = el("button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""}`, text, "data-role": role });
      b.addEventListener("click", fn);
      this.controls.append(b);
      return b;
    };
    if (!view.mine && !view.over && this.pace() < 0) add(ui.next_move, () => this.step(), true, "next-move");
    if (view.mine && this.session.setup.coach) add(ui.hint, () => this.hint(), false, "hint");
    if (view.over && !view.game_over) add(ui.next_deal, () => this.nextDeal(), true, "next-deal");
    if (view.over) add(ui.review, () => this.review(view.deal), false, "review");
    add(ui.link, () => this.copyLink(), false, "link");
    add(ui.download, () => this.download(), false, "download");
    const checker = el("a", { class: "md-button", href: `${this.data.home}checker/`, text: ui.checker });
    checker.addEventListener("click", async (event) => {
      event.preventDefault(); // the ruling checker's own link format: the record deflated, base64url
      const { packRecord } = await import("./hcards-checker.js");
      location.href = `${this.data.home}checker/#r=${await packRecord(JSON.stringify(this.session.record))}`;
    });
    this.controls.append(checker);
    add(ui.restart, () => {
      localStorage.removeItem(this.key);
      this.session = null;
      this.runId++;
      this.board.hidden = true;
      this.setupBox.open = true;
      this.form.scrollIntoView?.({ block: "start" });
      this.startBtn.focus();
    });
  }

  drawFacts(view) {
    this.facts.replaceChildren();
    const table = (title, rows) => {
      if (!rows?.length) return;
      const dl = el("dl", { class: "hc-play-rows" });
      for (const r of rows) dl.append(el("div", {}, el("dt", { text: r.label }), el("dd", { text: r.value })));
      this.facts.append(el("h3", { text: title }), dl);
    };
    table(this.ui.result, view.result);
    table(this.ui.session, view.session);
    if (view.over && this.compared !== `${view.deal}:${this.session.record.deals.length}`) this.compare(view.deal);
  }

  pace() {
    return Number(this.session?.pace ?? this.paceSelect.value);
  }

  // ---- playing --------------------------------------------------------------------------------
  async run() {
    const id = ++this.runId;
    // The computer seats act; a computer partner's call to the learner (view.call_pending)
    // comes before the learner's turn.
    while (this.session && id === this.runId && this.view && (!this.view.mine || this.view.call_pending) && !this.view.over) {
      const pace = this.pace();
      if (pace < 0) return; // "Next" steps
      await sleep(pace);
      if (id !== this.runId) return;
      await this.step(id);
    }
  }

  async step(id = this.runId) {
    if (this.busy) return;
    this.busy = true;
    try {
      const out = await call("play_bot", { record: this.session.record, setup: this.session.setup, lang: this.lang, assets: this.assets });
      if (id !== this.runId && this.pace() >= 0) return;
      this.session.record = out.record;
      if (out.label) this.addLog(out.label, out.view.events);
      this.save();
      this.show(out.view);
      if (this.pace() < 0) this.controls.querySelector(".md-button--primary")?.focus();
    } catch (err) {
      this.showError(err instanceof HcardsError ? err.error : { message: String(err) });
    } finally {
      this.busy = false;
    }
    if (this.pace() < 0 && this.view.mine) this.focusTable();
  }

  async act(action) {
    if (this.busy || !this.session) return;
    this.busy = true;
    try {
      const before = this.session.record;
      const out = await call("play_move", { record: before, setup: this.session.setup, action, lang: this.lang, assets: this.assets });
      if (out.error) {
        this.showError(out.error);
        return; // the position is kept
      }
      const deal = before.deals.length - 1;
      const index = before.deals[deal].actions.length;
      this.session.record = out.record;
      if (out.coach?.grade) this.session.remarks[`${deal}:${index}`] = out.coach;
      this.addLog(out.label, out.view.events, out.coach);
      this.save();
      this.show(out.view);
      this.showCoach(out.coach);
    } catch (err) {
      this.showError(err instanceof HcardsError ? err.error : { message: String(err) });
    } finally {
      this.busy = false;
    }
    await this.run(); // the computer seats' moves, up to the learner's next turn
    this.focusTurn();
  }

  // Where the keyboard goes once the computer seats have moved, if it is still on the table:
  // the learner's cards, else the next deal's button when the deal is over.
  focusTurn() {
    if (!this.view || !this.board.contains(document.activeElement)) return; // the reader moved elsewhere
    if (this.view.mine) this.focusTable();
    else if (this.view.over) this.controls.querySelector("[data-role=next-deal], [data-role=review]")?.focus();
  }

  focusTable() {
    (this.tableSlot.querySelector(".hc-card-btn:not([disabled])") || this.actions.querySelector("button"))?.focus();
  }

  showError(error) {
    this.errorBox.replaceChildren(el("strong", { text: `${this.ui.illegal} ` }), error.message ?? "");
    if (error.rule && error.page) this.errorBox.append(" ", ruleLink(this.data.home, error.page, error.rule, this.ui.rule));
    this.errorBox.hidden = false;
  }

  showCoach(coach) {
    this.coachBox.replaceChildren();
    if (!coach || !this.session.setup.coach) return;
    if (coach.choices === 1) return; // a forced move earns no "good move"
    const text = coach.remark || this.ui.good;
    const cls = coach.grade ? `hc-play-remark hc-play-remark--${coach.grade}` : "hc-play-remark hc-play-remark--good";
    // the remark names its grade itself ("A mistake: …"): no grade word before it
    const p = el("p", { class: cls }, el("strong", { text: `${this.ui.coach_says} ` }), text);
    this.coachBox.append(p);
    if (coach.reason) this.coachBox.append(this.ruleOfThumb(coach.reason, coach.followed));
  }

  // the beginner's rule of thumb for the position, said as followed or as the rule here
  ruleOfThumb(reason, followed) {
    return el("p", { class: "hc-play-reason" },
      el("strong", { text: `${followed ? this.ui.rule_followed : this.ui.rule_of_thumb} ` }), reason);
  }

  async hint() {
    try {
      const out = await call("play_hint", { record: this.session.record, setup: this.session.setup, lang: this.lang });
      this.coachBox.replaceChildren();
      const unit = out.unit ? this.unitName(out.unit) : "";
      const known = (x) => x !== null && x !== undefined;
      if (out.rows.length < 2) { // one choice only: nothing to weigh, the rule of thumb says why
        if (out.reason) this.coachBox.append(this.ruleOfThumb(out.reason, false));
        return;
      }
      // the chance to take the trick only where a choice plays a card to a trick: Ferbli's acts
      // and a call or a bid have none, and a column of dashes would only puzzle the learner
      const tricks = out.rows.some((row) => known(row.p_trick));
      const tableEl = el("table", { class: "hc-play-hint" },
        el("caption", { text: this.ui.hint_title }),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: this.ui.col_action }),
          el("th", { scope: "col", text: this.t("col_value", { unit }) }),
          ...(tricks ? [el("th", { scope: "col", text: this.ui.col_trick })] : []))));
      const body = el("tbody");
      for (const row of out.rows) {
        const value = known(row.value) ? `${decimal(row.value)} ± ${decimal(row.spread ?? 0)}` : "—";
        const trick = known(row.p_trick) ? `${decimal(row.p_trick * 100, 0)} %` : "—";
        body.append(el("tr", { class: row.best ? "hc-play-best" : "" },
          el("th", { scope: "row", text: row.best ? `${row.label} (${this.ui.best})` : row.label }),
          el("td", { text: value }), ...(tricks ? [el("td", { text: trick })] : [])));
      }
      tableEl.append(body);
      this.coachBox.append(tableEl);
      if (out.reason) this.coachBox.append(this.ruleOfThumb(out.reason, false));
    } catch (err) {
      this.showError(err instanceof HcardsError ? err.error : { message: String(err) });
    }
  }

  unitName(unit) {
    return this.ui[`unit_${String(unit).replace(/ /g, "_")}`] ?? unit;
  }

  async nextDeal() {
    try {
      const out = await call("play_next", { record: this.session.record, setup: this.session.setup, lang: this.lang, assets: this.assets });
      this.session.record = out.record;
      this.addLog("—", []);
      this.save();
      this.reviewBox.hidden = true;
      this.coachBox.replaceChildren();
      this.show(out.view);
      await this.run();
      this.focusTurn();
    } catch (err) {
      this.showError(err instanceof HcardsError ? err.error : { message: String(err) });
    }
  }

  async compare(deal) {
    this.compared = `${deal}:${this.session.record.deals.length}`;
    try {
      const out = await call("play_compare", { record: this.session.record, setup: this.session.setup, deal, lang: this.lang });
      if (out.learner === null || out.club === null) return;
      const fmt = (x) => { const r = Math.round(x * 10) / 10; return decimal(r, Number.isInteger(r) ? 0 : 1); };
      this.facts.append(el("p", { class: "hc-play-compare", text: this.t("compare", { club: fmt(out.club), learner: fmt(out.learner), unit: this.unitName(this.view?.unit ?? "") }) }));
    } catch {
      /* the comparison is a bonus: the deal and its result stand without it */
    }
  }

  // ---- log, review, link --------------------------------------------------------------------
  addLog(label, events, coach) {
    this.session.log.push({ label, events: events || [], grade: coach?.grade ?? null });
    if (this.session.log.length > 400) this.session.log.splice(0, this.session.log.length - 400);
    this.renderLog();
  }

  renderLog() {
    this.logList.replaceChildren(...(this.session?.log ?? []).map((e) =>
      el("li", { class: e.grade ? `hc-play-log--${e.grade}` : "" }, e.label, e.events.length ? ` — ${e.events.join(" ")}` : "")));
  }

  async review(deal) {
    try {
      const remarks = {};
      for (const [k, v] of Object.entries(this.session.remarks)) {
        const [d, i] = k.split(":").map(Number);
        if (d === deal) remarks[String(i)] = v.remark;
      }
      const out = await call("play_review", { record: this.session.record, setup: this.session.setup, deal, remarks, lang: this.lang });
      this.reviewBox.replaceChildren(el("h3", { text: this.ui.review }));
      const table = el("div", { class: "hc-play-review-table" });
      const counter = el("span", { class: "hc-counter", role: "status", "aria-live": "polite" });
      const detail = el("div", { class: "hc-play-review-step", "aria-live": "polite" });
      const prev = el("button", { type: "button", class: "md-button", text: this.ui.prev });
      const next = el("button", { type: "button", class: "md-button md-button--primary", text: this.ui.next });
      let at = out.count;
      const draw = async () => {
        counter.textContent = this.t("review_step", { n: at, total: out.count });
        prev.disabled = at === 0;
        next.disabled = at === out.count;
        const step = out.steps[at - 1];
        detail.replaceChildren();
        if (step) {
          detail.append(el("p", { class: step.mine ? "hc-play-mine" : "", text: step.label }));
          step.events.forEach((e, i) => {
            const link = step.event_rules?.[i]; // the clause the event applies, where one does
            detail.append(el("p", { class: "hc-play-event" }, e,
              ...(link ? [" ", ruleLink(this.data.home, link.page, link.rule, "§{rule}")] : [])));
          });
          if (step.remark) detail.append(el("p", { class: "hc-play-remark", text: step.remark }));
        }
        const t = await call("table_at", { record: this.session.record, deal, after: at, seat: null, lang: this.lang, assets: this.assets, interactive: true });
        replaceTable(table, t.html);
      };
      prev.addEventListener("click", () => { at--; draw(); });
      next.addEventListener("click", () => { at++; draw(); });
      table.addEventListener("click", async (event) => {
        const button = event.target.closest("[data-action]");
        if (!button) return;
        const r = await call("try_actions", { record: this.session.record, deal, after: at, actions: [JSON.parse(button.dataset.action)], seat: null, lang: this.lang, assets: this.assets });
        replaceTable(table, r.html);
        detail.replaceChildren(...r.events.map((e) => el("p", { class: "hc-play-event", text: e })));
        if (r.error) detail.append(el("p", { class: "hc-play-error" }, r.error.message, " ", ruleLink(this.data.home, r.error.page, r.error.rule, this.ui.rule)));
      });
      this.reviewBox.append(el("div", { class: "hc-controls" }, prev, counter, next), el("p", { class: "hc-hint", text: this.ui.whatif }), table, detail);
      this.reviewBox.hidden = false;
      await draw();
      this.reviewBox.scrollIntoView?.({ block: "nearest" });
      prev.focus();
    } catch (err) {
      this.showError(err instanceof HcardsError ? err.error : { message: String(err) });
    }
  }

  link() {
    const url = new URL(location.href);
    url.hash = `play=${encode(this.session.setup)}`;
    return url.href;
  }

  async copyLink() {
    const href = this.link();
    history.replaceState(null, "", href);
    try {
      await navigator.clipboard.writeText(href);
      this.say(this.ui.link_copied);
    } catch {
      this.say(href);
    }
  }

  download() {
    const blob = new Blob([JSON.stringify(this.session.record, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `hcards-${this.session.setup.game}-${this.session.setup.seed}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}

export function mount(root, page) {
  if (!root.dataset.hcardsMounted) {
    root.dataset.hcardsMounted = "1";
    new Play(root, page);
  }
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage('[data-hcards="play"]', mount);
