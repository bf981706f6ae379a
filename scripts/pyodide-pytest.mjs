// Runs pytest on the core's tests INSIDE Pyodide (CPython 3.14 on WebAssembly) under Node,
// fully offline.
//
//   node scripts/pyodide-pytest.mjs --wheels DIR [--wheels DIR ...] --tests DIR [-- pytest args]
//
// Every *.whl in the --wheels folders (the hcards_core wheel the site ships, plus pytest,
// hypothesis and their pure-Python dependencies downloaded by scripts/setup) is unpacked into
// Pyodide's site-packages; the --tests folder is copied into Pyodide's file system and
// pytest.main() runs there. Exit status: pytest's.
//
// Pyodide's loadPackage() in Node silently falls back to a CDN when a file is missing, so this
// script never calls it, and any attempt to reach the network makes the run fail.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// --- no network, ever
const blocked = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (resource, init) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith("file:")) {
    blocked.push(url);
    throw new Error(`network access blocked in the offline Pyodide test run: ${url}`);
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
        throw new Error(`network access blocked in the offline Pyodide test run (${mod}.${fn})`);
      };
    }
  }
}

// --- arguments
const argv = process.argv.slice(2);
const wheelDirs = [];
let testsDir = null;
let pytestArgs = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--wheels") wheelDirs.push(path.resolve(argv[++i]));
  else if (argv[i] === "--tests") testsDir = path.resolve(argv[++i]);
  else if (argv[i] === "--") { pytestArgs = argv.slice(i + 1); break; }
  else { console.error(`unknown argument ${argv[i]}`); process.exit(2); }
}
if (!testsDir || !wheelDirs.length) {
  console.error("usage: node scripts/pyodide-pytest.mjs --wheels DIR --tests DIR [-- pytest args]");
  process.exit(2);
}

const indexURL = path.join(repo, "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);

const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL, packages: [] });
const tLoaded = performance.now();

const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheels = wheelDirs.flatMap((d) =>
  fs.readdirSync(d).filter((f) => f.endsWith(".whl")).map((f) => path.join(d, f)));
for (const wheel of wheels) {
  // unpackArchive wants a Uint8Array (not a Node Buffer) and an explicit extractDir
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}

// copy the test folder into the in-memory file system
const dest = "/home/pyodide/" + path.basename(testsDir);
function copyTree(src, dst) {
  pyodide.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const s = path.join(src, entry.name);
    const d = `${dst}/${entry.name}`;
    if (entry.isDirectory()) copyTree(s, d);
    else pyodide.FS.writeFile(d, fs.readFileSync(s));
  }
}
copyTree(testsDir, dest);

pyodide.globals.set("pytest_args", pyodide.toPy(["-p", "no:cacheprovider", "-q", dest, ...pytestArgs]));
const code = await pyodide.runPythonAsync(`
import os, sys, pytest
os.chdir("/home/pyodide")
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}; pytest {pytest.__version__}", flush=True)
int(pytest.main(list(pytest_args)))
`);
const tDone = performance.now();
console.log(`pyodide-pytest: loadPyodide ${(tLoaded - t0).toFixed(0)} ms, `
  + `tests ${(tDone - tLoaded).toFixed(0)} ms, ${wheels.length} wheels, exit ${code}`);
if (blocked.length) {
  console.error(`pyodide-pytest: FAILED — network access was attempted: ${blocked.join(", ")}`);
  process.exit(3);
}
process.exit(code);
