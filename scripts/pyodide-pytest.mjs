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
import path from "node:path";
import { blockNetwork, copyTree, installWheels, loadPyodideOffline, wheelsIn } from "./pyodide-node.mjs";

// --- no network, ever
const blocked = await blockNetwork("offline Pyodide test run");

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

const { pyodide, ms: loadMs } = await loadPyodideOffline();
const wheels = wheelsIn(wheelDirs);
installWheels(pyodide, wheels);

// copy the test folder into the in-memory file system
const dest = "/home/pyodide/" + path.basename(testsDir);
copyTree(pyodide, testsDir, dest);

pyodide.globals.set("pytest_args", pyodide.toPy(["-p", "no:cacheprovider", "-q", dest, ...pytestArgs]));
const tTests = performance.now();
const code = await pyodide.runPythonAsync(`
import os, sys, pytest
os.chdir("/home/pyodide")
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}; pytest {pytest.__version__}", flush=True)
int(pytest.main(list(pytest_args)))
`);
console.log(`pyodide-pytest: loadPyodide ${loadMs.toFixed(0)} ms, `
  + `tests ${(performance.now() - tTests).toFixed(0)} ms, ${wheels.length} wheels, exit ${code}`);
if (blocked.length) {
  console.error(`pyodide-pytest: FAILED — network access was attempted: ${blocked.join(", ")}`);
  process.exit(3);
}
process.exit(code);
