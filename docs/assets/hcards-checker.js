// The ruling checker. The build writes the page's data (labels, clause texts, games, cases)
// into <script class="hc-checker-data">; this script builds the widget:
//   - build a situation (game, players, dealer, options, cards typed or picked),
//   - or paste / edit a game record (the textarea is always what gets ruled on),
//   - the ruling from the core in the worker: every step legal or not, the clause (id, text in
//     the page's language, link), the results, the record stepped through on the card table,
//     the legal actions at the end (buttons on the table) and a box to ask about any action,
//   - Share: the record deflate-raw compressed (the browser's own CompressionStream) and
//     base64url-encoded in the URL fragment (#r=…); #case=<id> opens a disputed situation.
// Bad input never loses what was typed: the message says what is wrong and where.

import { call, onPage, onStatus, start, HcardsError } from "./hcards-runtime.js";
import { el, fill, letter, scrollBelowHeader, widgetData } from "./hcards-ui.js";

const CARD_RE = /^[AKOUX987][alhb]$/;

// ------------------------------------------------------------------ the link format

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function packRecord(text) {
  const compact = JSON.stringify(JSON.parse(text));
  return toBase64Url(await pipe(new TextEncoder().encode(compact), new CompressionStream("deflate-raw")));
}

export async function unpackRecord(fragment) {
  const bytes = await pipe(fromBase64Url(fragment), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

// ------------------------------------------------------------------ the widget

// Bring `node` to the top of the window below the theme's sticky header, and focus it (a
// screen reader starts reading there).
function bringIntoView(node) {
  scrollBelowHeader(node);
  node.focus({ preventScroll: true });
}

class Checker {
  constructor(root, page) {
    this.root = root;
    this.page = page;
    this.data = widgetData(root, "hc-checker-data");
    this.ui = this.data.ui;
    this.lang = this.data.lang;
    this.record = null; // the parsed record last ruled on
    this.ruling = null;
    this.positions = []; // [{deal, after, label}]
    this.pos = 0;
    this.asked = 0;
    this.build();
    onStatus((s) => {
      this.statusLine.textContent = { loading: this.ui.loading, ready: this.ui.ready, failed: this.ui.failed }[s.status] ?? "";
    });
    const { signal } = this.page;
    window.addEventListener("hashchange", () => this.fromHash(), { signal });
    // "Open in the checker" on the case already in the address bar opens it again
    document.addEventListener("click", (event) => {
      const link = event.target.closest("a.hc-open-case");
      if (link && link.getAttribute("href") === location.hash) {
        event.preventDefault();
        this.fromHash();
      }
    }, { signal });
    this.fromHash();
  }

  // ---------------------------------------------------------------- layout
  build() {
    const ui = this.ui;
    const app = this.root.querySelector(".hc-checker-app");
    this.statusLine = el("p", { class: "hc-runtime-status", role: "status" });

    // Build a situation
    this.gameSelect = el("select", { id: "hc-ck-game" });
    for (const g of Object.keys(this.data.games)) this.gameSelect.append(el("option", { value: g, text: ui[`game_${g}`] }));
    this.playersSelect = el("select", { id: "hc-ck-players" });
    this.dealerSelect = el("select", { id: "hc-ck-dealer" });
    this.optionsBox = el("div", { class: "hc-ck-options" });
    this.pilesBox = el("div", { class: "hc-ck-piles" });
    this.picker = el("div", { class: "hc-ck-picker", role: "group", "aria-label": ui.picker });
    this.buildError = el("div", { class: "hc-ck-build-error", "aria-live": "polite" });
    const startBtn = el("button", { type: "button", class: "md-button md-button--primary hc-ck-start", text: ui.start });
    const randomBtn = el("button", { type: "button", class: "md-button hc-ck-random", text: ui.random_fill });
    const clearBtn = el("button", { type: "button", class: "md-button hc-ck-clear", text: ui.clear_cards });
    const buildBox = el(
      "details", { class: "hc-ck-build", open: true },
      el("summary", { text: ui.tab_build }),
      el("div", { class: "hc-ck-row" },
        el("label", { for: "hc-ck-game", text: ui.game }), this.gameSelect,
        el("label", { for: "hc-ck-players", text: ui.players }), this.playersSelect,
        el("label", { for: "hc-ck-dealer", text: ui.dealer }), this.dealerSelect),
      el("fieldset", { class: "hc-ck-options-set" }, el("legend", { text: ui.options }), this.optionsBox),
      el("fieldset", { class: "hc-ck-cards-set" }, el("legend", { text: ui.cards }),
        el("p", { class: "hc-hint", text: ui.cards_hint }), this.pilesBox,
        el("p", { class: "hc-hint", text: ui.picker_hint }), this.picker,
        el("p", { class: "hc-ck-row" }, randomBtn, clearBtn)),
      el("p", {}, startBtn), this.buildError,
    );

    // Paste / edit the record
    this.textarea = el("textarea", { id: "hc-ck-record", class: "hc-ck-record", rows: "10", spellcheck: "false", dir: "ltr" });
    const checkBtn = el("button", { type: "button", class: "md-button md-button--primary hc-ck-check", text: ui.check });
    const shareBtn = el("button", { type: "button", class: "md-button hc-ck-share", text: ui.share });
    this.shareBox = el("p", { class: "hc-ck-share-box", hidden: true });
    const pasteBox = el(
      "div", { class: "hc-ck-paste" },
      el("h2", { text: ui.tab_paste }),
      el("label", { for: "hc-ck-record", text: ui.paste_label }),
      el("p", { class: "hc-hint", text: ui.paste_hint }),
      this.textarea,
      el("p", { class: "hc-ck-row" }, checkBtn, shareBtn), this.shareBox,
    );

    // The ruling
    this.message = el("div", { class: "hc-ck-message", "aria-live": "polite" });
    this.output = el("div", { class: "hc-ck-output" });
    // what a link (a shared ruling, an opened case) says when it cannot be opened: at the top,
    // where a reader who followed the link looks
    this.linkNote = el("div", { class: "hc-ck-link-note", "aria-live": "assertive", tabindex: "-1" });
    app.replaceChildren(this.linkNote, el("p", { text: ui.intro }), buildBox, pasteBox, this.message, this.output, this.statusLine);

    this.gameSelect.addEventListener("change", () => this.onGame());
    this.playersSelect.addEventListener("change", () => this.onPlayers());
    startBtn.addEventListener("click", () => this.startSituation());
    randomBtn.addEventListener("click", () => this.randomFill());
    clearBtn.addEventListener("click", () => { for (const p of this.piles) p.input.value = ""; this.syncPicker(); });
    checkBtn.addEventListener("click", () => this.check());
    shareBtn.addEventListener("click", () => this.share());
    this.root.addEventListener("focusin", start, { once: true });
    this.root.addEventListener("pointerdown", start, { once: true });
    this.onGame();
    this.setupFilter();
  }

  info() {
    return this.data.games[this.gameSelect.value];
  }

  onGame() {
    const info = this.info();
    this.playersSelect.replaceChildren(...info.players.map((n) => el("option", { value: String(n), text: String(n) })));
    this.optionsBox.replaceChildren();
    this.optionInputs = {};
    for (const opt of info.options) {
      const id = `hc-ck-opt-${opt.name}`;
      let input;
      if (opt.kind === "bool") {
        input = el("input", { type: "checkbox", id, checked: opt.default === true });
      } else if (opt.choices) {
        // each choice in the page's words; the value sent is the record's
        input = el("select", { id }, ...opt.choices.map((c) => el("option", {
          value: String(c), text: opt.choice_labels?.[String(c)] ?? String(c), selected: c === opt.default })));
      } else {
        input = el("input", { type: "number", id, value: String(opt.default), min: "0", step: "1" });
      }
      input.dataset.kind = opt.kind;
      input.dataset.default = JSON.stringify(opt.default);
      input.dataset.option = opt.name;
      this.optionInputs[opt.name] = input;
      const refs = opt.rules.map((r) => this.clauseLink(r, true));
      this.optionsBox.append(el("div", { class: "hc-ck-option" },
        el("label", { for: id, text: opt.label ?? opt.name }), " ", input, " ",
        el("span", { class: "hc-ck-option-default", text: `(${this.ui.option_default}: ${opt.default_label ?? opt.default})` }), " ", ...refs));
    }
    this.onPlayers();
  }

  onPlayers() {
    const n = Number(this.playersSelect.value);
    // A new table size starts from its default dealer (the last seat, so that A leads): a
    // dealer kept from the old size would quietly change who leads.
    this.dealerSelect.replaceChildren(...Array.from({ length: n }, (_, s) => el("option", { value: String(s), text: letter(s) })));
    this.dealerSelect.value = String(n - 1);
    const layout = this.info().layouts[String(n)];
    this.layout = layout;
    this.piles = [];
    this.pilesBox.replaceChildren();
    const mk = (key, label, size) => {
      const id = `hc-ck-pile-${key}`;
      const radio = el("input", { type: "radio", name: "hc-ck-target", value: key, id: `${id}-target`, "aria-label": `${this.ui.picker}: ${label}` });
      const input = el("input", { type: "text", id, class: "hc-ck-pile", autocomplete: "off", spellcheck: "false", dir: "ltr", "data-pile": key });
      const count = el("span", { class: "hc-ck-count", text: `0/${size}` });
      this.pilesBox.append(el("div", { class: "hc-ck-pile-row" }, radio, el("label", { for: id, text: label }), input, count));
      input.addEventListener("input", () => this.syncPicker());
      this.piles.push({ key, size, input, radio, count });
    };
    layout.hands.forEach((size, s) => mk(`hands[${s}]`, fill(this.ui.pile_hand, { seat: letter(s) }), size));
    for (const [name, size] of Object.entries(layout.piles)) mk(name, name === "talon" ? this.ui.pile_talon : name, size);
    this.piles[0].radio.checked = true;
    this.picker.replaceChildren(...layout.pack.map((code) => {
      const btn = el("button", { type: "button", class: "hc-ck-pick", "data-card": code, "aria-pressed": "false", title: code },
        el("img", { src: `${this.data.assets}cards/${code}.svg`, alt: code, width: "40", height: "64" }));
      btn.addEventListener("click", () => this.pick(code));
      return btn;
    }));
    this.syncPicker();
  }

  tokens(input) {
    return input.value.split(/[\s,]+/).filter(Boolean);
  }

  pick(code) {
    const target = this.piles.find((p) => p.radio.checked) ?? this.piles[0];
    for (const p of this.piles) {
      const t = this.tokens(p.input);
      if (t.includes(code)) {
        p.input.value = t.filter((c) => c !== code).join(" ");
        if (p === target) { this.syncPicker(); return; }
      }
    }
    const t = this.tokens(target.input);
    t.push(code);
    target.input.value = t.join(" ");
    if (t.length >= target.size) {
      const next = this.piles.find((p) => this.tokens(p.input).length < p.size);
      if (next) next.radio.checked = true;
    }
    this.syncPicker();
  }

  syncPicker() {
    const where = new Map();
    for (const p of this.piles) {
      const t = this.tokens(p.input);
      p.count.textContent = `${t.length}/${p.size}`;
      for (const c of t) if (CARD_RE.test(c)) where.set(c, p.key);
    }
    for (const btn of this.picker.querySelectorAll("[data-card]")) {
      const used = where.get(btn.dataset.card);
      btn.setAttribute("aria-pressed", used ? "true" : "false");
      btn.dataset.pile = used ?? "";
    }
  }

  randomFill() {
    const used = new Set(this.piles.flatMap((p) => this.tokens(p.input)));
    const free = this.layout.pack.filter((c) => !used.has(c));
    for (let i = free.length - 1; i > 0; i--) {
      const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
      [free[i], free[j]] = [free[j], free[i]];
    }
    for (const p of this.piles) {
      const t = this.tokens(p.input);
      while (t.length < p.size && free.length) t.push(free.pop());
      p.input.value = t.join(" ");
    }
    this.syncPicker();
  }

  situation() {
    const n = Number(this.playersSelect.value);
    const options = {};
    for (const [name, input] of Object.entries(this.optionInputs)) {
      const dflt = JSON.parse(input.dataset.default);
      let value;
      if (input.dataset.kind === "bool") value = input.checked;
      else if (input.dataset.kind === "int") value = Number.isInteger(Number(input.value)) && input.value.trim() !== "" ? Number(input.value) : input.value;
      else value = input.value;
      if (value !== dflt) options[name] = value;
    }
    const cards = { hands: [] };
    for (const p of this.piles) {
      const t = this.tokens(p.input);
      if (p.key.startsWith("hands[")) cards.hands.push(t);
      else cards[p.key] = t;
    }
    const record = { game: this.gameSelect.value, players: n, dealer: Number(this.dealerSelect.value) };
    if (Object.keys(options).length) record.options = options;
    record.deals = [{ cards, actions: [] }];
    return record;
  }

  startSituation() {
    this.textarea.value = JSON.stringify(this.situation(), null, 1);
    this.check({ fromBuild: true });
  }

  // ---------------------------------------------------------------- links
  // A link: #case=<id> (a disputed situation), #r=<packed record> (a shared ruling), or the
  // same as a query (?case=…, ?r=…, as some apps rewrite links). Each opens in the builder and
  // the record box and lands on the ruling; one that cannot be opened says why at the top.
  linkTarget() {
    const hash = location.hash.slice(1);
    if (hash.startsWith("case=") || hash.startsWith("r=")) return hash;
    const query = new URLSearchParams(location.search);
    if (query.has("case")) return `case=${query.get("case")}`;
    if (query.has("r")) return `r=${query.get("r")}`;
    return hash === "case" || hash === "r" ? `${hash}=` : null;
  }

  linkProblem(text) {
    this.linkNote.replaceChildren(el("p", { class: "hc-error", role: "alert", text }));
    bringIntoView(this.linkNote);
  }

  async fromHash() {
    const target = this.linkTarget();
    if (target === null) return;
    this.linkNote.replaceChildren();
    if (target.startsWith("case=")) {
      let id = target.slice(5);
      try { id = decodeURIComponent(id); } catch { /* keep it as it is */ }
      const item = this.data.cases[id];
      if (!item) {
        this.linkProblem(fill(this.ui.bad_case, { id }));
        return;
      }
      this.textarea.value = JSON.stringify(item.record, null, 1);
      this.loadIntoBuilder(item.record);
      await this.check({ focus: item.focus, opened: item.question, reveal: true });
      return;
    }
    let text;
    try {
      text = await unpackRecord(target.slice(2));
    } catch (err) {
      this.linkProblem(this.ui.bad_link);
      return;
    }
    try {
      text = JSON.stringify(JSON.parse(text), null, 1);
    } catch (err) {
      this.textarea.value = text;
      this.linkProblem(this.ui.bad_link_json);
      return;
    }
    this.textarea.value = text;
    this.loadIntoBuilder(JSON.parse(text));
    await this.check({ reveal: true });
  }

  // The builder shows the record that is ruled on (an opened case, a shared link): its game,
  // table, dealer, options and explicit cards; none of the old cards stays behind.
  loadIntoBuilder(record) {
    if (!record || !this.data.games[record.game]) return;
    this.gameSelect.value = record.game;
    this.onGame();
    if (this.info().players.includes(record.players)) {
      this.playersSelect.value = String(record.players);
      this.onPlayers();
    }
    if (Number.isInteger(record.dealer) && record.dealer < Number(this.playersSelect.value)) this.dealerSelect.value = String(record.dealer);
    for (const [name, value] of Object.entries(record.options || {})) {
      const input = this.optionInputs[name];
      if (!input) continue;
      if (input.dataset.kind === "bool") input.checked = value === true;
      else input.value = String(value);
    }
    const cards = record.deals?.[0]?.cards || {};
    for (const p of this.piles) {
      const m = /^hands\[(\d+)\]$/.exec(p.key);
      const list = m ? cards.hands?.[Number(m[1])] : cards[p.key];
      p.input.value = Array.isArray(list) ? list.join(" ") : "";
      p.input.removeAttribute("aria-invalid");
    }
    this.syncPicker();
  }

  async share() {
    let packed;
    try {
      packed = await packRecord(this.textarea.value);
    } catch (err) {
      // not JSON: let the core say exactly what is wrong and where
      await this.check();
      return;
    }
    const url = new URL(location.href);
    url.hash = `r=${packed}`;
    history.replaceState(null, "", url.hash);
    const field = el("input", { type: "text", readonly: true, class: "hc-ck-link", value: url.href, dir: "ltr", "aria-label": this.ui.share_done });
    const copy = el("button", { type: "button", class: "md-button", text: this.ui.share_copy });
    copy.addEventListener("click", () => {
      field.select();
      navigator.clipboard?.writeText(field.value).catch(() => document.execCommand("copy"));
    });
    this.shareBox.replaceChildren(el("span", { text: this.ui.share_done }), " ", field, " ", copy);
    this.shareBox.hidden = false;
  }

  // ---------------------------------------------------------------- ruling
  showMessage(text, cls = "", extra = []) {
    this.message.replaceChildren(el("p", { class: cls, role: cls === "hc-error" ? "alert" : null, text }), ...extra);
  }

  inputError(err) {
    const e = err instanceof HcardsError ? err.error : { message: String(err) };
    const parts = [el("p", { class: "hc-error", role: "alert" }, el("strong", { text: this.ui.error_input }), " ", e.message)];
    if (e.where) parts.push(el("p", { class: "hc-ck-where" }, fill(this.ui.error_where, { where: "" }), el("code", { dir: "ltr", text: e.where })));
    this.message.replaceChildren(...parts);
    // point at the field of the situation builder when the place is one of its piles
    for (const p of this.piles) p.input.removeAttribute("aria-invalid");
    const m = e.where && /^deals\[0\]\.cards\.([a-z]+(?:\[\d+\])?)/.exec(e.where);
    const pile = m && this.piles.find((p) => p.key === m[1]);
    if (pile) pile.input.setAttribute("aria-invalid", "true");
  }

  async check({ focus = null, opened = null, reveal = false } = {}) {
    const text = this.textarea.value;
    const mine = ++this.asked;
    this.showMessage(this.ui.waiting);
    let ruling;
    try {
      ruling = await call("checker_rule", { record: text, lang: this.lang });
    } catch (err) {
      if (mine !== this.asked) return;
      this.output.replaceChildren();
      this.inputError(err);
      return;
    }
    if (mine !== this.asked) return;
    for (const p of this.piles) p.input.removeAttribute("aria-invalid");
    this.record = JSON.parse(text);
    this.ruling = ruling;
    this.message.replaceChildren();
    this.renderRuling();
    // an opened case names its question above the verdict it lands on
    if (opened) this.output.prepend(el("p", { class: "hc-ck-opened", text: fill(this.ui.case_opened, { question: opened }) }));
    const target = focus ? this.positions.findIndex((p) => p.deal === focus[0] && p.after === focus[1]) : -1;
    await this.showPosition(target >= 0 ? target : this.positions.length - 1);
    if (reveal) {
      // a link or an opened case lands on the verdict, not on the builder above it
      const verdict = this.output.querySelector(".hc-ck-verdict");
      if (verdict) bringIntoView(verdict);
    }
  }

  clauseLink(rule, short = false) {
    const page = this.data.pages[rule];
    const href = page ? `${this.data.home}${page}#${rule}` : null;
    const text = this.data.clauses[rule];
    return el("a", { class: "hc-clause-ref", dir: "ltr", href, title: short ? text ?? null : null, text: `§${rule}` });
  }

  // A clause quoted whole: its lead-in, its list ("• " lines) and any further paragraph.
  clauseBlock(rule) {
    const text = this.data.clauses[rule] ?? this.ui.clause_missing;
    const body = el("div", { class: "hc-ck-clause-text" });
    let list = null;
    for (const line of text.split("\n")) {
      if (line.startsWith("• ")) {
        if (!list) body.append(list = el("ul", { class: "hc-clause-items" }));
        list.append(el("li", { text: line.slice(2) }));
      } else {
        list = null;
        body.append(el("p", { text: line }));
      }
    }
    return el("div", { class: "hc-ck-clause" }, this.clauseLink(rule), " ", body);
  }

  renderRuling() {
    const ui = this.ui;
    const r = this.ruling;
    const parts = [el("h2", { class: "hc-ck-verdict", tabindex: "-1", text: ui.ruling })];
    const moves = r.steps.filter((s) => s.action !== null);
    if (r.error) {
      const n = moves.findIndex((s) => !s.legal) + 1;
      parts.push(el("p", { class: "hc-ck-summary hc-verdict--illegal" }, el("strong", { text: fill(ui.illegal_at, { n }) }), " ",
        `${r.error.label} — ${r.error.message}`));
      parts.push(this.clauseBlock(r.error.rule));
    } else {
      parts.push(el("p", { class: "hc-ck-summary hc-verdict--legal" }, el("strong", { text: ui.all_legal })));
    }
    // the steps, each a position on the table
    this.positions = [];
    if (!r.steps.length || r.steps[0].action !== null) this.positions.push({ deal: 0, after: 0 });
    const list = el("ol", { class: "hc-ck-steps" });
    let n = 0;
    for (const step of r.steps) {
      const index = this.positions.length;
      if (step.action === null) {
        this.positions.push({ deal: step.deal, after: 0 });
      } else if (step.legal) {
        this.positions.push({ deal: step.deal, after: step.action + 1 });
      }
      const label = step.action === null ? `${ui.step_deal} ${step.deal + 1}` : `${++n}. ${step.label}`;
      const li = el("li", { class: `hc-ck-step ${step.legal ? "hc-step--legal" : "hc-step--illegal"}`, "data-pos": step.legal ? String(index) : null });
      const head = el("button", { type: "button", class: "hc-ck-step-btn", disabled: !step.legal }, label);
      if (step.action !== null) head.append(" ", el("span", { class: "hc-badge", text: step.legal ? ui.step_legal : ui.step_illegal }));
      head.addEventListener("click", () => this.showPosition(index));
      li.append(head);
      if (step.events.length) li.append(el("ul", { class: "hc-events" }, ...step.events.map((t) => el("li", { text: t }))));
      if (!step.legal) {
        li.append(el("p", { class: "hc-error" }, step.message, " (", this.clauseLink(step.rule), ")"));
      }
      list.append(li);
    }
    parts.push(list);
    // results
    const results = [];
    r.deals.forEach((d, i) => {
      if (d.rows.length) results.push(el("h3", { text: fill(ui.deal_result, { n: i + 1 }) }), this.rows(d.rows));
    });
    if (r.session_rows.length) results.push(el("h3", { text: ui.session }), this.rows(r.session_rows));
    if (results.length) parts.push(el("section", { class: "hc-ck-results" }, el("h2", { text: ui.results }), ...results));
    // the table with its step controls
    this.prevBtn = el("button", { type: "button", class: "md-button", text: ui.prev });
    this.nextBtn = el("button", { type: "button", class: "md-button", text: ui.next });
    this.counter = el("span", { class: "hc-counter", role: "status" });
    this.tableBox = el("div", { class: "hc-ck-table" });
    this.legalBox = el("div", { class: "hc-ck-legal" });
    this.prevBtn.addEventListener("click", () => this.showPosition(this.pos - 1));
    this.nextBtn.addEventListener("click", () => this.showPosition(this.pos + 1));
    this.tableBox.addEventListener("click", (event) => {
      const btn = event.target.closest("[data-action]");
      if (btn) this.onTableAction(JSON.parse(btn.dataset.action));
    });
    // asking
    this.askInput = el("input", { type: "text", id: "hc-ck-ask", class: "hc-ck-ask", autocomplete: "off", spellcheck: "false", dir: "ltr" });
    const askBtn = el("button", { type: "submit", class: "md-button md-button--primary", text: ui.ask });
    this.askOut = el("div", { class: "hc-ck-ask-out", "aria-live": "polite" });
    const askForm = el("form", { class: "hc-ck-ask-form" },
      el("label", { for: "hc-ck-ask", text: ui.ask_label }), " ", this.askInput, " ", askBtn,
      el("p", { class: "hc-hint", text: ui.ask_hint }));
    askForm.addEventListener("submit", (event) => { event.preventDefault(); this.ask(this.askInput.value); });
    const controls = el("div", { class: "hc-controls" }, this.prevBtn, this.counter, this.nextBtn);
    controls.addEventListener("keydown", (event) => {
      const rtl = getComputedStyle(this.root).direction === "rtl";
      if (event.key === (rtl ? "ArrowLeft" : "ArrowRight")) this.showPosition(this.pos + 1);
      else if (event.key === (rtl ? "ArrowRight" : "ArrowLeft")) this.showPosition(this.pos - 1);
      else return;
      event.preventDefault();
    });
    parts.push(el("section", { class: "hc-ck-position" }, el("h2", { text: ui.table }), controls, this.tableBox, this.legalBox, askForm, this.askOut));
    this.output.replaceChildren(...parts);
  }

  rows(rows) {
    return el("dl", { class: "hc-result" }, ...rows.map((r) => el("div", {}, el("dt", { text: r.label }), el("dd", { text: r.value }))));
  }

  atEnd() {
    return this.pos === this.positions.length - 1;
  }

  async showPosition(index) {
    if (index < 0 || index >= this.positions.length) return;
    this.pos = index;
    const { deal, after } = this.positions[index];
    this.counter.textContent = after === 0 ? fill(this.ui.start_pos, { n: deal + 1 }) : fill(this.ui.step, { n: after, total: this.countActions(deal) });
    this.prevBtn.disabled = index === 0;
    this.nextBtn.disabled = index === this.positions.length - 1;
    for (const li of this.output.querySelectorAll(".hc-ck-step")) li.classList.toggle("hc-current", li.dataset.pos === String(index));
    try {
      const value = await call("table_at", { record: this.record, deal, after, lang: this.lang, assets: this.data.assets, interactive: this.atEnd() });
      if (this.pos !== index) return;
      this.tableBox.innerHTML = value.html;
    } catch (err) {
      this.inputError(err);
    }
    this.renderLegal();
  }

  countActions(deal) {
    const r = this.ruling;
    if (r.error && r.error.deal === deal) return r.error.action;
    return (this.record.deals[deal].actions || []).length;
  }

  renderLegal() {
    if (!this.atEnd()) { this.legalBox.replaceChildren(); return; }
    const r = this.ruling;
    if (r.over) { this.legalBox.replaceChildren(el("p", { class: "hc-ck-over", text: this.ui.over })); return; }
    const items = r.legal.map((l) => {
      const b = el("button", { type: "button", class: "md-button hc-ck-legal-btn", text: l.label });
      b.addEventListener("click", () => this.onTableAction(l.action, l.words));
      return el("li", {}, b);
    });
    // every act of the game in the page's words, legal now or not: a click asks about it
    const asks = (r.ask || []).map((a) => {
      const b = el("button", { type: "button", class: "md-button hc-ck-ask-btn", text: a.label });
      b.addEventListener("click", () => { this.askInput.value = a.label; this.ask(a.action); });
      return el("li", {}, b);
    });
    this.legalBox.replaceChildren(el("p", { text: this.ui.legal_now }), el("ul", { class: "hc-ck-legal-list" }, ...items),
      ...(asks.length ? [el("p", { text: this.ui.ask_about }), el("ul", { class: "hc-ck-ask-list" }, ...asks)] : []));
  }

  onTableAction(action, words = null) {
    if ("min" in action && !("amount" in action)) {
      // an amount to choose: the question box gets the words with the smallest amount, to change
      this.askInput.value = words ?? `${letter(action.seat)} ${action.act} ${action.min}`;
      this.askInput.focus();
      return;
    }
    this.ask(action);
  }

  async ask(action) {
    try {
      const value = await call("checker_ask", { record: this.record, action, lang: this.lang });
      if (value.legal) {
        this.textarea.value = JSON.stringify(value.record, null, 1);
        await this.check();
        this.askOut.replaceChildren(el("p", { class: "hc-ck-ask-legal" }, el("strong", { text: this.ui.ask_legal }), " ", value.label, " — ", this.ui.added));
        this.askInput.value = "";
      } else {
        const e = value.error;
        this.askOut.replaceChildren(
          el("p", { class: "hc-error", role: "alert" }, el("strong", { text: this.ui.ask_illegal }), " ", `${value.label} — ${e.message}`),
          this.clauseBlock(e.rule));
      }
    } catch (err) {
      // words the checker cannot read as a move: say how to put it (the engine's message
      // would list its internal act names), and keep what was typed
      const e = err instanceof HcardsError ? err.error : { message: String(err) };
      const unread = err instanceof HcardsError && e.kind === "MalformedRecord";
      this.askOut.replaceChildren(el("p", { class: "hc-error", role: "alert" }, el("strong", { text: this.ui.error_input }), " ",
        unread ? this.ui.ask_unknown : e.message));
    }
  }

  // ---------------------------------------------------------------- the case list filter
  setupFilter() {
    const section = document.querySelector(".hc-rulings");
    if (!section) return;
    const box = section.querySelector(".hc-rulings-filter");
    const input = section.querySelector(".hc-filter");
    const count = section.querySelector(".hc-filter-count");
    const none = section.querySelector(".hc-filter-none");
    const cases = [...section.querySelectorAll(".hc-ruling")];
    const norm = (s) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase();
    let texts = null; // read on the first search, not while the page is being set up
    box.hidden = false;
    input.addEventListener("input", () => {
      texts ??= cases.map((c) => norm(c.textContent));
      const words = norm(input.value).split(/\s+/).filter(Boolean);
      let shown = 0;
      cases.forEach((c, i) => {
        const ok = words.every((w) => texts[i].includes(w));
        c.hidden = !ok;
        if (ok) shown++;
      });
      for (const g of section.querySelectorAll(".hc-rulings-game")) g.hidden = ![...g.querySelectorAll(".hc-ruling")].some((c) => !c.hidden);
      count.textContent = words.length ? `${shown}/${cases.length}` : "";
      none.hidden = shown > 0;
    });
  }
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage(".hc-checker", (root, page) => new Checker(root, page));
