// The progress page: marks each walkthrough and exercise this browser has done (the progress the
// walkthroughs and exercises keep in localStorage), counts them per game and points the
// "continue" button to the first one not done yet, in the learning order of the page; and
// exports and imports the learner's progress as a file (below).

import { onPage } from "./hcards-runtime.js";
import { PROGRESS, fill, loadProgress, saveProgress } from "./hcards-ui.js";
import { KEYS, loadLog, loadMemory, refresh, saveLog } from "./hcards-memory.js";
import { makeFile, mergeDrills, mergeLogs, mergeProgress, mergePuzzles, readFile } from "./hcards-progress-file.js";

function show(root) {
  const texts = JSON.parse(root.querySelector("script.hc-data").textContent);
  const done = { walkthroughs: loadProgress("walkthroughs"), exercises: loadProgress("exercises") };
  const isDone = (li) => {
    const rec = done[li.dataset.kind][li.dataset.id];
    return !!(rec && (rec.done || rec.solved));
  };
  const items = [...root.querySelectorAll(".hc-progress-item")];
  for (const li of items) {
    const yes = isDone(li);
    li.classList.toggle("hc-progress-done", yes);
    li.classList.toggle("hc-progress-todo", !yes);
    li.querySelector(".hc-progress-state").textContent = `(${yes ? texts.progress_done : texts.progress_todo})`;
  }
  for (const game of root.querySelectorAll(".hc-progress-game")) {
    for (const count of game.querySelectorAll(".hc-progress-count")) {
      const kind = count.dataset.kind;
      const n = [...game.querySelectorAll(`.hc-progress-item[data-kind="${kind}"]`)].filter(isDone).length;
      const text = fill(texts[`progress_${kind}`], { done: n, total: count.dataset.total });
      count.textContent = text;
      const bar = game.querySelector(`.hc-progress-bar[data-kind="${kind}"]`);
      bar.value = n;
      bar.setAttribute("aria-label", text);
    }
  }
  const next = items.find((li) => !isDone(li));
  const box = root.querySelector(".hc-progress-continue");
  const label = box.querySelector("strong");
  const link = box.querySelector("a");
  if (!next) {
    label.textContent = texts.progress_all_done;
    link.hidden = true;
    return;
  }
  label.textContent = items.some(isDone) ? texts.progress_continue : texts.progress_start;
  const target = next.querySelector("a");
  link.href = target.getAttribute("href");
  link.textContent = target.textContent;
  link.hidden = false;
}

// Every page shown (instant navigation too): hcards-runtime.js onPage.
onPage(".hc-progress", show);

// ---------------------------------------------------------------- the progress file
// Export: the learner's name (asked), the answer log, the memory and the page's progress maps,
// with a SHA-256 checksum over the canonical form (hcards-progress-file.js). Import: a file
// that is malformed or was edited is refused with the problem named; a good one is merged
// into what is here (answers by id and time, solved/done kept), never replacing it.

function slug(name) {
  return name.normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "").toLowerCase() || "learner";
}

function transfer(root) {
  const { texts, lang } = JSON.parse(root.querySelector("script.hc-data").textContent);
  const statusLine = root.querySelector(".hc-transfer-status");
  const say = (text, bad = false) => {
    statusLine.textContent = text;
    statusLine.classList.toggle("hc-error", bad);
    statusLine.setAttribute("role", bad ? "alert" : "status");
  };
  const nameInput = root.querySelector(".hc-export input");
  try { nameInput.value = localStorage.getItem(KEYS.learner) || ""; } catch { /* no storage */ }

  root.querySelector(".hc-export").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (!name) {
      say(texts.file_name_missing, true);
      nameInput.focus();
      return;
    }
    try { localStorage.setItem(KEYS.learner, name); } catch { /* the file still gets the name */ }
    const memory = (await refresh({ start: true })) || loadMemory() || { version: 1, cards: {} };
    const log = loadLog();
    const progress = Object.fromEntries(Object.keys(PROGRESS).map((kind) => [kind, loadProgress(kind)]));
    const data = await makeFile({ name, log, memory, progress, lang });
    const file = `hcards-progress-${slug(name)}-${data.exported.slice(0, 10)}.json`;
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: file });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(fill(texts.file_exported, { file, answers: log.length }));
  });

  const input = root.querySelector(".hc-import");
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    const result = await readFile(await file.text());
    input.value = "";
    if (!result.ok) {
      say(fill(texts[`file_${result.problem}`], { file: file.name, field: result.field || "" }), true);
      return;
    }
    const { data } = result;
    const merged = mergeLogs(loadLog(), data.log);
    const theirs = data.progress || {};
    const progress = {
      exercises: mergeProgress(loadProgress("exercises"), theirs.exercises),
      walkthroughs: mergeProgress(loadProgress("walkthroughs"), theirs.walkthroughs),
      puzzles: mergePuzzles(loadProgress("puzzles"), theirs.puzzles),
      drills: mergeDrills(loadProgress("drills"), theirs.drills),
    };
    if (!saveLog(merged.log)) {
      say(texts.file_storage, true);
      return;
    }
    for (const [kind, value] of Object.entries(progress)) saveProgress(kind, value);
    for (const list of document.querySelectorAll(".hc-progress")) show(list);
    say(fill(texts.file_imported, { name: data.name, added: merged.added, known: merged.known }));
    refresh({ start: true }); // the memory follows the merged log (in the worker)
  });
}

onPage(".hc-transfer", transfer);
