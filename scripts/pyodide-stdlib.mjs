// The trimmed standard library the site ships, built and checked with Pyodide's own Python
// under Node, offline (the rules: scripts/stdlib_trim.py; the build: scripts/hooks/runtime.py).
//
//   node scripts/pyodide-stdlib.mjs build --wheel W [--wheel W ...] --out ZIP
//     boots Pyodide on its full python_stdlib.zip, unpacks the wheels, runs the site's workload,
//     finds the modules needed and writes ZIP (bytecode only); prints {"modules", ...} as JSON.
//   node scripts/pyodide-stdlib.mjs check --stdlib ZIP --wheel W [--wheel W ...]
//     boots Pyodide on ZIP (loadPyodide's stdLibURL, as the worker does), unpacks the wheels
//     and runs the same workload; exit 1 (with the missing module) if anything fails.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { blockNetwork, installWheels, repo } from "./pyodide-node.mjs";

const [mode, ...argv] = process.argv.slice(2);
const wheels = [];
let out = null;
let stdlib = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--wheel") wheels.push(path.resolve(argv[++i]));
  else if (argv[i] === "--out") out = path.resolve(argv[++i]);
  else if (argv[i] === "--stdlib") stdlib = path.resolve(argv[++i]);
  else { console.error(`unknown argument ${argv[i]}`); process.exit(2); }
}
if (!["build", "check"].includes(mode) || !wheels.length || (mode === "build" ? !out : !stdlib)) {
  console.error("usage: node scripts/pyodide-stdlib.mjs build --wheel W... --out ZIP | check --stdlib ZIP --wheel W...");
  process.exit(2);
}

const blocked = await blockNetwork(`stdlib ${mode}`);
const indexURL = path.join(repo, "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const t0 = performance.now();
// build: compiled without the column ranges of PEP 657 (tracebacks keep file and line, lose the
// ^^^ markers; the bytecode is a quarter smaller)
const env = mode === "build" ? { PYTHONNODEBUGRANGES: "1" } : {};
const pyodide = await loadPyodide({ indexURL, packages: [], env, ...(stdlib ? { stdLibURL: stdlib } : {}) });
const bootMs = performance.now() - t0;
// the worker's steps (docs/assets/hcards-worker.js): site-packages, then the wheels
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
installWheels(pyodide, wheels, sitePackages);
pyodide.FS.mkdirTree("/tmp/hcards-stdlib");
pyodide.FS.writeFile("/tmp/hcards-stdlib/stdlib_trim.py", fs.readFileSync(path.join(repo, "scripts", "stdlib_trim.py")));

let result;
try {
  const ran = pyodide.runPython(`
import sys, json
sys.path.insert(0, "/tmp/hcards-stdlib")
import stdlib_trim
full = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
done = {"workload": stdlib_trim.workload()}
if ${JSON.stringify(mode)} == "build":
    done["not_importable"] = stdlib_trim.import_named(stdlib_trim.stdlib_names(stdlib_trim.zip_names(full)))
    done["loaded"] = sorted(sys.modules)
json.dumps(done)
`);
  result = JSON.parse(ran);
  if (mode === "build") {
    pyodide.globals.set("loaded", pyodide.toPy(result.loaded));
    const built = pyodide.runPython(`
modules = stdlib_trim.needed(full, list(loaded))
info = stdlib_trim.build_zip(full, modules, "/tmp/hcards-stdlib/out.zip")
json.dumps({**info, "names": modules, "full_modules": len(stdlib_trim.stdlib_names(stdlib_trim.zip_names(full)))})
`);
    result = { ...result, ...JSON.parse(built) };
    fs.writeFileSync(out, pyodide.FS.readFile("/tmp/hcards-stdlib/out.zip"));
  } else {
    // the zip really is the one in use: a module the site does not need is not there
    result.trimmed = pyodide.runPython(`
import importlib.util, json
json.dumps({"json_from": importlib.util.find_spec("json").origin,
            "has_unittest": importlib.util.find_spec("unittest") is not None})
`);
  }
} catch (err) {
  console.error(`pyodide-stdlib ${mode}: FAILED — ${err.message}`);
  process.exit(1);
}
delete result.loaded;
result.boot_ms = Math.round(bootMs);
console.log(JSON.stringify(result));
if (blocked.length) {
  console.error(`pyodide-stdlib: network access was attempted: ${blocked.join(", ")}`);
  process.exit(3);
}
