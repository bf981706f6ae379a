// The worker of scripts/bench's bare boot page: loadPyodide() from the site's copy, one call.
const indexURL = new URL("../pyodide/", import.meta.url).href;
try {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  pyodide.runPython("1 + 1");
  postMessage({ ok: true, ms: performance.now() - t0 });
} catch (err) {
  postMessage({ ok: false, message: String(err && err.message || err) });
}
