// hcards worker: Python (Pyodide) and the rules core live here, never on the page's thread.
// Messages in:  {id, request}       request = JSON text {"fn": ..., "args": {...}}
// Messages out: {type: "ready", ms, version} | {type: "failed", message}
//               {id, response, ms}   response = JSON text from hcards_core.bridge.handle
const indexURL = new URL("./pyodide/", import.meta.url).href;

async function boot() {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const problems = [];
  // The lock file served with the site lists the hcards_core wheel and its sha256:
  // the browser checks the download against it (Subresource Integrity).
  await pyodide.loadPackage("hcards_core", {
    checkIntegrity: true,
    messageCallback: () => {},
    errorCallback: (msg) => problems.push(msg),
  });
  if (problems.length) throw new Error(problems.join("\n"));
  const bridge = pyodide.pyimport("hcards_core.bridge");
  const handle = bridge.handle;
  const version = JSON.parse(handle(JSON.stringify({ fn: "ping" }))).value.version;
  postMessage({ type: "ready", ms: performance.now() - t0, version });
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
