// The Class page: a teacher drops the learners' progress files (several at once, or picks them
// with the file input) and gets, in this page only, a table of learners × exercises, one of
// learners × rule clauses (the learner's memory: known / due today) and the spread of first
// answers per exercise. Each file is checked like an import (hcards-progress-file.js): an edited
// or malformed one is named and left out. Printable (hcards-memory.css: print).

import { el, fill, onPage } from "./hcards-runtime.js";
import { readFile } from "./hcards-progress-file.js";

const ltr = (text) => el("bdi", { dir: "ltr", text });

function endOfToday() {
  const d = new Date();
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

// An answer in words: an option id as it is, a move as its act and card or amount.
export function answerText(answer) {
  if (answer === null || answer === undefined) return "—";
  if (typeof answer !== "object") return String(answer);
  const parts = [answer.act, answer.card, answer.amount, answer.call, answer.slave].filter((x) => x !== undefined);
  return parts.length ? parts.join(" ") : JSON.stringify(answer);
}

// One learner's answers to one exercise: {first, right (at which try, or 0), tries}.
function exerciseResult(log, id) {
  const mine = log.filter((a) => a.kind === "exercise" && a.id === id).sort((a, b) => a.at - b.at);
  if (!mine.length) return null;
  const k = mine.findIndex((a) => a.right ?? a.correct);
  return { first: mine[0], right: k + 1, tries: mine.length };
}

function setUp(root) {
  const data = JSON.parse(root.querySelector("script.hc-data").textContent);
  const { texts } = data;
  const learners = new Map(); // name → file data
  const messages = root.querySelector(".hc-class-messages");
  const out = root.querySelector(".hc-class-out");
  const printBtn = root.querySelector(".hc-class-print");

  async function take(files) {
    const notes = [];
    for (const file of files) {
      const result = await readFile(await file.text());
      if (!result.ok) {
        notes.push(el("p", { class: "hc-error", text: fill(texts[`class_${result.problem}`], { file: file.name, field: result.field || "" }) }));
        continue;
      }
      const d = result.data;
      const old = learners.get(d.name);
      if (old) notes.push(el("p", { text: fill(texts.class_dup, { file: file.name, name: d.name }) }));
      if (!old || old.exported < d.exported) learners.set(d.name, d);
    }
    notes.unshift(el("p", { text: fill(texts.class_read, { n: learners.size }) }));
    messages.replaceChildren(...notes);
    render();
  }

  function learnerHead(d) {
    return el("th", { scope: "row" }, d.name, el("br"),
      el("small", { text: fill(texts.class_exported_at, { when: new Date(d.exported).toLocaleDateString(data.lang) }) }));
  }

  function gameHeaderRow(groups, first) {
    const row = el("tr", {}, el("td", { class: "hc-class-corner", text: first }));
    for (const [game, items] of groups) {
      row.append(el("th", { scope: "colgroup", colspan: items.length, text: data.games[game] ?? texts.class_other }));
    }
    return row;
  }

  function exercisesTable(people) {
    const groups = [];
    for (const game of Object.keys(data.games)) {
      const items = data.exercises.filter((e) => e.game === game);
      if (items.length) groups.push([game, items]);
    }
    const numbers = el("tr", {}, el("th", { scope: "col", text: texts.class_learner }));
    for (const [, items] of groups) {
      for (const e of items) {
        numbers.append(el("th", { scope: "col" },
          el("a", { href: e.href, title: `${e.label}: ${e.title}`, "aria-label": `${data.games[e.game]}, ${e.label}: ${e.title}`, text: String(e.n) })));
      }
    }
    const body = el("tbody");
    for (const d of people) {
      const row = el("tr", {}, learnerHead(d));
      for (const [, items] of groups) {
        for (const e of items) {
          const r = exerciseResult(d.log, e.id);
          let text = "–", cls = "hc-class-none";
          if (r && r.right === 1) [text, cls] = [texts.class_right_first, "hc-class-right"];
          else if (r && r.right) [text, cls] = [fill(texts.class_right_after, { n: r.right }), "hc-class-later"];
          else if (r) [text, cls] = [fill(texts.class_wrong, { n: r.tries }), "hc-class-wrong"];
          row.append(el("td", { class: cls, text }));
        }
      }
      body.append(row);
    }
    return scrollTable(texts.class_exercises_title, "hc-class-exercises", groups, numbers, body);
  }

  // A wide table in a region of its own that scrolls sideways (a class has many columns).
  function scrollTable(title, cls, groups, columns, body) {
    return el("div", { class: "hc-class-scroll", tabindex: "0", role: "region", "aria-label": title },
      el("table", { class: `hc-class-table ${cls}` }, el("caption", { text: title }),
        el("thead", {}, gameHeaderRow(groups, ""), columns), body));
  }

  function clausesTable(people) {
    const until = endOfToday();
    const used = new Set(people.flatMap((d) => Object.keys(d.memory.cards || {}).filter((k) => k.startsWith("clause:")).map((k) => k.slice(7))));
    const groups = [];
    for (const game of Object.keys(data.games)) {
      const ids = data.clauses[game].filter((c) => used.has(c));
      // clauses a file has that this site's list has not (another version of the site): still shown
      if (ids.length) groups.push([game, ids]);
    }
    const known = new Set(groups.flatMap(([, ids]) => ids));
    const other = [...used].filter((c) => !known.has(c)).sort();
    if (other.length) groups.push(["", other]);
    if (!groups.length) return el("p", { text: texts.class_no_clauses });
    const ids = el("tr", {}, el("th", { scope: "col", text: texts.class_learner }));
    for (const [, list] of groups) for (const c of list) ids.append(el("th", { scope: "col" }, ltr(c)));
    const body = el("tbody");
    for (const d of people) {
      const row = el("tr", {}, learnerHead(d));
      for (const [, list] of groups) {
        for (const c of list) {
          const card = d.memory.cards[`clause:${c}`];
          if (!card) {
            row.append(el("td", { class: "hc-class-none", text: "–" }));
            continue;
          }
          const state = card.due <= until ? "due" : "known";
          row.append(el("td", { class: `hc-class-${state}` }, texts[`state_${state}`], el("br"),
            el("small", { text: fill(texts.class_ratio, { right: card.reviews - card.wrong, reviews: card.reviews }) })));
        }
      }
      body.append(row);
    }
    return scrollTable(texts.class_clauses_title, "hc-class-clauses", groups, ids, body);
  }

  function spread(people) {
    const list = el("div", { class: "hc-class-spread" });
    for (const e of data.exercises) {
      const counts = new Map();
      for (const d of people) {
        const r = exerciseResult(d.log, e.id);
        if (!r) continue;
        const key = answerText(r.first.answer);
        const c = counts.get(key) || { n: 0, right: !!(r.first.right ?? r.first.correct) };
        c.n += 1;
        counts.set(key, c);
      }
      if (!counts.size) continue;
      const total = [...counts.values()].reduce((s, c) => s + c.n, 0);
      const rows = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).map(([answer, c]) =>
        el("tr", { class: c.right ? "hc-class-right" : "hc-class-wrong" },
          el("td", {}, ltr(answer)), el("td", { text: c.right ? texts.class_right_mark : texts.class_wrong_mark }),
          el("td", { text: `${c.n} / ${total}` }),
          el("td", {}, el("span", { class: "hc-class-bar", style: `inline-size: ${Math.round((100 * c.n) / total)}%` }))));
      list.append(el("table", { class: "hc-class-table hc-class-spread-table" },
        el("caption", {}, el("a", { href: e.href, text: `${data.games[e.game]} · ${e.label}: ${e.title}` })),
        el("thead", {}, el("tr", {}, ...[texts.class_answer, texts.class_verdict, texts.class_count, texts.class_share]
          .map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", {}, ...rows)));
    }
    if (!list.children.length) list.append(el("p", { text: texts.class_no_answers }));
    return list;
  }

  function render() {
    const people = [...learners.values()].sort((a, b) => a.name.localeCompare(b.name, data.lang));
    printBtn.hidden = !people.length;
    if (!people.length) {
      out.replaceChildren();
      return;
    }
    out.replaceChildren(
      exercisesTable(people), clausesTable(people),
      el("h2", { text: texts.class_spread_title }), el("p", { text: texts.class_spread_intro }), spread(people));
    root.dataset.learners = String(people.length);
  }

  const input = root.querySelector(".hc-class-files");
  input.addEventListener("change", async () => {
    await take([...input.files]);
    input.value = "";
  });
  const drop = root.querySelector(".hc-class-drop");
  for (const type of ["dragenter", "dragover"]) {
    drop.addEventListener(type, (event) => {
      event.preventDefault();
      drop.classList.add("hc-class-drag");
    });
  }
  drop.addEventListener("dragleave", () => drop.classList.remove("hc-class-drag"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("hc-class-drag");
    take([...event.dataTransfer.files]);
  });
  printBtn.addEventListener("click", () => window.print());
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage(".hc-class", setUp);
