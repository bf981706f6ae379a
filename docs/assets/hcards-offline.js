// "Keep this site offline" (in the footer of every page) and "a new version is ready".
// The box's data-state: unavailable | offer | downloading | kept | failed (the tests read it).
//
// The build writes one service worker per language with Workbox (scripts/offline-sw.mjs),
// scoped to the language's folder and precaching its pages and the rules engine. Nothing is
// registered until the reader asks: then the page registers it and shows the download in MB
// (the origin's storage use as it grows), then the status. A registered worker checks for a
// new build on every visit; the new one installs beside the old and waits, the reader is told,
// and "Reload" switches to it whole. Browsers run service workers only on HTTPS or localhost.

import { el, fill, languageRoot, megabytes, onPage, strings } from "./hcards-runtime.js";

const supported = "serviceWorker" in navigator && window.isSecureContext;
const scope = languageRoot().href;

async function registration() {
  if (!supported) return null;
  const reg = await navigator.serviceWorker.getRegistration(scope);
  return reg && reg.scope === scope ? reg : null;
}

// Resolves when `worker` is activated (rejects if it is thrown away: a file failed to load).
function activated(worker) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === "activated") resolve();
      else if (worker.state === "redundant") reject(new Error("the download did not complete"));
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

async function usage() {
  try {
    return (await navigator.storage.estimate()).usage || 0;
  } catch {
    return 0;
  }
}

async function keepOffline(t, box, info) {
  const status = box.querySelector(".hcards-offline-status");
  const bar = el("progress", { class: "hcards-progress-bar", max: "1", value: "0", "aria-label": t.offline_keep });
  box.querySelector("button").disabled = true;
  box.dataset.state = "downloading";
  status.replaceChildren(bar, " ", el("span"));
  const before = await usage();
  const timer = setInterval(async () => {
    const loaded = Math.max(0, (await usage()) - before);
    bar.value = info.bytes ? Math.min(1, loaded / info.bytes) : 0;
    status.lastChild.textContent = fill(t.offline_progress, { loaded: megabytes(Math.min(loaded, info.bytes)), total: megabytes(info.bytes) });
  }, 250);
  try {
    const reg = await navigator.serviceWorker.register(new URL("sw.js", scope), { scope });
    const worker = reg.installing || reg.waiting || reg.active;
    await activated(worker);
    clearInterval(timer);
    render(t, box);
  } catch (err) {
    clearInterval(timer);
    box.dataset.state = "failed";
    status.replaceChildren(el("span", { role: "alert", text: `${t.offline_failed} ${err.message || err}` }));
    box.querySelector("button").disabled = false;
  }
}

async function render(t, box) {
  box.hidden = false;
  const status = el("p", { class: "hcards-offline-status", role: "status" });
  if (!supported) {
    box.replaceChildren(el("p", { class: "hcards-offline-status", text: t.offline_unavailable }));
    box.dataset.state = "unavailable";
    return;
  }
  const reg = await registration();
  if (reg && reg.active) {
    status.textContent = t.offline_done;
    box.replaceChildren(status);
    box.dataset.state = "kept";
    return;
  }
  let info = { bytes: 0, files: 0 };
  try {
    info = await (await fetch(new URL("offline.json", scope))).json();
  } catch { /* the size is only shown */ }
  const button = el("button", { type: "button", class: "md-button", text: t.offline_keep });
  status.textContent = fill(t.offline_size, { size: megabytes(info.bytes) });
  box.replaceChildren(button, status);
  box.dataset.state = "offer";
  button.addEventListener("click", () => keepOffline(t, box, info));
}

// A new build is installed and waiting: say so, and switch to it on request.
function offerUpdate(t, reg) {
  if (document.querySelector(".hcards-update")) return;
  const button = el("button", { type: "button", class: "md-button md-button--primary", text: t.update_reload });
  const banner = el("div", { class: "hcards-update", role: "status" }, el("span", { text: t.update_ready }), " ", button);
  document.body.append(banner);
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    if (reg.waiting) reg.waiting.postMessage({ type: "SKIP_WAITING" });
  });
}

async function watchUpdates(t) {
  const reg = await registration();
  if (!reg || !navigator.serviceWorker.controller) return;
  if (reg.waiting) return offerUpdate(t, reg);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(t, reg);
    });
  });
}

// The box is in the footer, which every page shown brings anew (hcards-runtime.js onPage);
// the update watch is once per document.
onPage("[data-hcards-offline]", async (box) => render(await strings(), box));
strings().then(watchUpdates);
