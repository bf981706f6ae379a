// hcards worker: Python (Pyodide) and the rules core live here, never on the page's thread.
// Messages in:  {id, request}       request = JSON text {"fn": ..., "args": {...}}
// Messages out: {type: "progress", loaded, total} (bytes of the download so far, of the whole)
//               {type: "ready", ms, version, phases} | {type: "failed", message}
//               (phases: ms from the start to the module, Pyodide, the package and the import)
//               {id, response, ms}   response = JSON text from hcards_core.bridge.handle
const indexURL = new URL("./pyodide/", import.meta.url).href;
const LOCK_ENTRY = "hcards-core"; // the wheel's entry in pyodide-lock.json (scripts/hooks/runtime.py)
// The trimmed standard library (only the modules the site needs, as bytecode), passed to
// loadPyodide as its stdLibURL; the lock's "hcards" section holds its name and sha256.
const STDLIB_URL = new URL("python_stdlib-trimmed.zip", indexURL).href;

// The lock file served with the site lists the hcards_core wheel and its sha256. The wheel is
// fetched with that checksum as its Subresource Integrity, so the browser refuses a file that
// does not match, while Pyodide boots; then Pyodide unpacks it. (loadPackage() would do the
// same checks, but only after the boot, and its installer added ~0.2 s: scripts/bench.)
async function fetchWheel(lock, name = LOCK_ENTRY) {
  return fetchChecked((await lock).packages[name]);
}

async function fetchChecked(entry, fetchFn = self.fetch) {
  const bytes = entry.sha256.match(/../g).map((h) => parseInt(h, 16));
  const integrity = `sha256-${btoa(String.fromCharCode(...bytes))}`;
  let response;
  try {
    response = await fetchFn(new URL(entry.file_name, indexURL), { integrity });
  } catch (err) {
    throw new Error(`${entry.file_name}: the download failed or does not match its sha256 in pyodide-lock.json (${err.message})`);
  }
  if (!response.ok) throw new Error(`${entry.file_name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The download's progress, for the page's "loading… 2.1 of 4.4 MB": the bytes of every
// response the worker reads (Pyodide's files and the wheel), against their sizes, which the
// build writes into the lock file (scripts/hooks/runtime.py). Reported at most every 100 ms.
function countDownloads(lock) {
  let loaded = 0;
  let total = null;
  let last = 0;
  lock.then((l) => { total = (l.hcards && l.hcards.download_bytes) || null; }, () => {});
  const report = (force) => {
    const now = performance.now();
    if (!total || (!force && now - last < 100)) return;
    last = now;
    postMessage({ type: "progress", loaded: Math.min(loaded, total), total });
  };
  const fetch0 = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await fetch0(input, init);
    if (!response.ok || !response.body) return response;
    const counter = new TransformStream({
      transform(chunk, out) {
        loaded += chunk.byteLength;
        report(false);
        out.enqueue(chunk);
      },
      flush() { report(true); },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
  return () => { self.fetch = fetch0; };
}

// Answers fetch(url) with the bytes of the promise `bytes` (a file fetched and checked already).
function serveFile(url, bytes) {
  const fetch0 = self.fetch;
  self.fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input) !== url) return fetch0(input, init);
    return new Response(await bytes, { status: 200, headers: { "content-type": "application/zip" } });
  };
  return () => { self.fetch = fetch0; };
}

let resolvePyodide;
const pyodideReady = new Promise((resolve) => { resolvePyodide = resolve; });

async function boot() {
  const t0 = performance.now();
  const phases = {}; // ms since t0 at the end of each step: scripts/bench reports them
  const lap = (name) => { phases[name] = performance.now() - t0; };
  const lock = fetch(new URL("pyodide-lock.json", indexURL)).then((r) => {
    if (!r.ok) throw new Error(`pyodide-lock.json: HTTP ${r.status}`);
    return r.json();
  });
  const uncount = countDownloads(lock);
  const wheel = fetchWheel(lock);
  // Pyodide fetches its stdLibURL itself: it is handed these bytes, checked like the wheel's
  const counted = self.fetch; // (not serveFile's below, which waits for these very bytes)
  const stdlib = lock.then((l) => fetchChecked(l.hcards.stdlib, counted));
  const unserve = serveFile(STDLIB_URL, stdlib);
  for (const p of [lock, wheel, stdlib]) p.catch(() => {}); // reported where they are awaited below
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  lap("module");
  let pyodide;
  try {
    pyodide = await loadPyodide({ indexURL, lockFileContents: lock, packages: [], stdLibURL: STDLIB_URL });
  } catch (err) {
    await stdlib; // the standard library's own error (its download, its checksum) comes first
    throw err;
  } finally {
    unserve();
  }
  resolvePyodide(pyodide);
  lap("pyodide");
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  lap("package");
  uncount();
  const bridge = pyodide.pyimport("hcards_core.bridge");
  lap("import");
  const handle = bridge.handle;
  lazy.install = (wheel) => pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  lazy.lock = lock;
  const version = JSON.parse(handle(JSON.stringify({ fn: "ping" }))).value.version;
  postMessage({ type: "ready", ms: performance.now() - t0, version, phases });
  return handle;
}

// Wheels a few functions need, fetched (checked against the lock like the core's) and unpacked
// the first time one of them is called: the spaced-repetition memory's scheduler.
const LAZY = { memory_: ["typing-extensions", "fsrs"] };
const lazy = { loaded: {} };
function needs(request) {
  const prefix = Object.keys(LAZY).find((p) => request.startsWith(`{"fn":"${p}`));
  if (!prefix) return null;
  lazy.loaded[prefix] ??= Promise.all(LAZY[prefix].map((name) => fetchWheel(lazy.lock, name)))
    .then((wheels) => wheels.forEach(lazy.install))
    .catch((err) => { delete lazy.loaded[prefix]; throw err; });
  return lazy.loaded[prefix];
}

const booting = boot();
booting.catch((err) => postMessage({ type: "failed", message: String(err && err.message || err) }));

// Python starts once per visit and the reader moves between pages (instant navigation), so once
// it is ready every game is loaded too, one per task (a page's request waits for one at most):
// the first answer on the next page, whatever its game, comes in milliseconds.
const WARM_GAMES = "import hcards_core.games as g; sorted(set(getattr(g, 'GAME_MODULES', {})))";
booting.then(async (handle) => {
  const pyodide = await pyodideReady;
  let games = [];
  try { games = pyodide.runPython(WARM_GAMES).toJs(); } catch { return; }
  // after the page's own first requests (a second of quiet), so its first answer never waits
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const game of games) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    handle(JSON.stringify({ fn: "warm_up", args: { game } }));
  }
}, () => {});

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let response;
  const t0 = performance.now();
  try {
    const handle = await booting;
    await needs(request);
    response = handle(request);
  } catch (err) {
    response = JSON.stringify({
      ok: false,
      error: { kind: "runtime_error", code: "runtime_error", message: String(err && err.message || err) },
    });
  }
  postMessage({ id, response, ms: performance.now() - t0 });
};
