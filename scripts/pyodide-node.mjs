// Shared by the Node scripts that run Python inside Pyodide, fully offline
// (scripts/pyodide-pytest.mjs: the core's tests; scripts/bench-pyodide.mjs: the benchmark).
//
//   import { blockNetwork, loadPyodideOffline, installWheels, copyTree } from "./pyodide-node.mjs";
//
// Pyodide's loadPackage() in Node silently falls back to a CDN when a file is missing, so
// these helpers never call it: wheels are unpacked straight into site-packages, and
// blockNetwork() makes any attempt to reach the network fail (and records it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// --- no network, ever; returns the list of blocked attempts (filled in as they happen)
export async function blockNetwork(label = "offline Pyodide run") {
  const blocked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith("file:")) {
      blocked.push(url);
      throw new Error(`network access blocked in the ${label}: ${url}`);
    }
    return realFetch(resource, init);
  };
  for (const mod of ["node:http", "node:https", "node:net"]) {
    const m = await import(mod);
    const target = m.default;
    for (const fn of ["request", "get", "connect", "createConnection"]) {
      if (typeof target[fn] === "function") {
        target[fn] = (...args) => {
          blocked.push(`${mod}.${fn}`);
          throw new Error(`network access blocked in the ${label} (${mod}.${fn})`);
        };
      }
    }
  }
  return blocked;
}

// --- Pyodide from the pinned npm package (node_modules/pyodide); resolves to {pyodide, ms}
// (env: the environment Python starts with, e.g. {PYTHONNODEBUGRANGES: "1"})
export async function loadPyodideOffline({ env = {} } = {}) {
  const indexURL = path.join(repo, "node_modules", "pyodide") + path.sep;
  const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL, packages: [], env });
  return { pyodide, ms: performance.now() - t0 };
}

// --- unpack wheel files (paths) into Pyodide's site-packages, or into extractDir
export function installWheels(pyodide, wheels, extractDir = null) {
  const dir = extractDir ?? pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of wheels) {
    // unpackArchive wants a Uint8Array (not a Node Buffer) and an explicit extractDir
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: dir });
  }
}

// --- every *.whl in the given folders
export function wheelsIn(dirs) {
  return dirs.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".whl")).map((f) => path.join(d, f)));
}

// --- copy a folder of the host into Pyodide's in-memory file system
export function copyTree(pyodide, src, dst) {
  pyodide.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const s = path.join(src, entry.name);
    const d = `${dst}/${entry.name}`;
    if (entry.isDirectory()) copyTree(pyodide, s, d);
    else pyodide.FS.writeFile(d, fs.readFileSync(s));
  }
}
