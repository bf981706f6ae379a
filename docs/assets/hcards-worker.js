// hcards worker: Python (Pyodide) and the rules core live here, never on the page's thread.
// Messages in:  {id, request}       request = JSON text {"fn": ..., "args": {...}}
// Messages out: {type: "ready", ms, version, phases} | {type: "failed", message}
//               {id, response, ms}   response = JSON text from hcards_core.bridge.handle
const indexURL = new URL("./pyodide/", import.meta.url).href;
const PACKAGE = "hcards_core"; // its name in pyodide-lock.json (scripts/hooks/runtime.py)

async function boot() {
  const t0 = performance.now();
  const phases = {}; // ms since t0 at the end of each step: scripts/bench reports them
  const lap = (name) => { phases[name] = performance.now() - t0; };
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  lap("module");
  // Naming the package here, not in a loadPackage() afterwards, lets Pyodide fetch the wheel
  // while the interpreter boots. The lock file served with the site lists the wheel and its
  // sha256: the browser checks the download against it (Subresource Integrity), and a wheel
  // that fails the check is simply not installed, which is caught just below.
  const pyodide = await loadPyodide({ indexURL, packages: [PACKAGE] });
  lap("pyodide");
  if (!pyodide.loadedPackages[PACKAGE]) {
    throw new Error(`${PACKAGE}: the package did not load (a failed download, or a file that does not match its sha256 in pyodide-lock.json)`);
  }
  const bridge = pyodide.pyimport("hcards_core.bridge");
  lap("import");
  const handle = bridge.handle;
  const version = JSON.parse(handle(JSON.stringify({ fn: "ping" }))).value.version;
  postMessage({ type: "ready", ms: performance.now() - t0, version, phases });
  return handle;
}

const booting = boot();
booting.catch((err) => postMessage({ type: "failed", message: String(err && err.message || err) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let response;
  const t0 = performance.now();
  try {
    const handle = await booting;
    response = handle(request);
  } catch (err) {
    response = JSON.stringify({
      ok: false,
      error: { kind: "runtime_error", code: "runtime_error", message: String(err && err.message || err) },
    });
  }
  postMessage({ id, response, ms: performance.now() - t0 });
};
