// The core benchmark (scripts/bench_core.py) inside Pyodide under Node, offline.
//
//   node scripts/bench-pyodide.mjs --wheel FILE [--quick] [--sizes JSON]
//   node scripts/bench-pyodide.mjs --wheel FILE --serve
//   node scripts/bench-pyodide.mjs --wheel FILE --module bench_bots [--sizes JSON]
//
// The hcards_core wheel the site ships is unpacked into Pyodide's site-packages and the very
// same bench_core.py that scripts/bench runs on CPython is run here. Prints one JSON object:
// bench_core.run()'s result plus "load_pyodide_ms" and "import_core_ms".
// With --serve it prints {"load_pyodide_ms", "import_core_ms"} once ready, then answers each
// line of stdin ({"sizes": {...}, "quick": bool}) with one line: bench_core.run()'s result —
// so scripts/bench can alternate CPython and Pyodide rounds on a noisy machine.
import fs from "node:fs";
import path from "node:path";
import { blockNetwork, installWheels, loadPyodideOffline, repo } from "./pyodide-node.mjs";

const blocked = await blockNetwork("offline Pyodide benchmark");

const argv = process.argv.slice(2);
let wheel = null;
let quick = false;
let sizes = null;
let serve = false;
let moduleName = "bench_core"; // or bench_bots, bench_refute (scripts/bench --only bots|refute): the same run(sizes, quick)
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--wheel") wheel = path.resolve(argv[++i]);
  else if (argv[i] === "--quick") quick = true;
  else if (argv[i] === "--serve") serve = true;
  else if (argv[i] === "--sizes") sizes = JSON.parse(argv[++i]);
  else if (argv[i] === "--module") moduleName = argv[++i];
  else { console.error(`unknown argument ${argv[i]}`); process.exit(2); }
}
if (!["bench_core", "bench_bots", "bench_drills", "bench_refute"].includes(moduleName)) {
  console.error(`unknown module ${moduleName}`);
  process.exit(2);
}
if (!wheel) {
  console.error("usage: node scripts/bench-pyodide.mjs --wheel hcards_core-*.whl [--quick] [--sizes JSON]");
  process.exit(2);
}

const { pyodide, ms: loadMs } = await loadPyodideOffline();
installWheels(pyodide, [wheel]);
for (const name of [moduleName, "bench_common"]) {  // bench_common: what every bench module shares
  pyodide.FS.writeFile(`/home/pyodide/${name}.py`, fs.readFileSync(path.join(repo, "scripts", `${name}.py`)));
}
const t0 = performance.now();
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import hcards_core.ferbli, hcards_core.zsiros, hcards_core.filicau");
const importMs = performance.now() - t0;
const bench = pyodide.runPython(`
import json, ${moduleName} as bench_module
def bench(request):
    request = json.loads(request)
    return json.dumps(bench_module.run(request.get("sizes"), quick=request.get("quick", False)))
bench
`);
function check() {
  if (blocked.length) {
    console.error(`bench-pyodide: network access was attempted: ${blocked.join(", ")}`);
    process.exit(3);
  }
}

if (serve) {
  console.log(JSON.stringify({ load_pyodide_ms: loadMs, import_core_ms: importMs }));
  const readline = await import("node:readline");
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const out = bench(line);
    check();
    console.log(out);
  }
} else {
  const result = JSON.parse(bench(JSON.stringify({ sizes, quick })));
  result.load_pyodide_ms = loadMs;
  result.import_core_ms = importMs;
  check();
  console.log(JSON.stringify(result));
}
