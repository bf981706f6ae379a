// The progress page: marks each walkthrough and exercise this browser has done (the progress the
// walkthroughs and exercises keep in localStorage), counts them per game and points the
// "continue" button to the first one not done yet, in the learning order of the page.

import { onPage } from "./hcards-runtime.js";
import { fill, loadProgress } from "./hcards-ui.js";

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
