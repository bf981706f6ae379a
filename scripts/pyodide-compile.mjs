// Compiles a pure-Python wheel's modules to bytecode with Pyodide's own Python, offline, so
// the browser imports them without compiling (scripts/hooks/runtime.py adds the .pyc files to
// the hcards_core wheel the site ships).
//
//   node scripts/pyodide-compile.mjs WHEEL OUT_DIR
//
// Writes OUT_DIR/<package path>/__pycache__/<module>.<cache tag>.pyc for every .py file of the
// wheel and prints {"cache_tag": ..., "files": [...]} as JSON. The .pyc files are
// "checked-hash" ones: Python uses them only while the source beside them hashes to what they
// were compiled from (a wheel unpacked in the browser has no meaningful file times).
// Needed because the build's Python is not Pyodide's (3.14): bytecode is version-specific.
import fs from "node:fs";
import path from "node:path";
import { blockNetwork, installWheels, loadPyodideOffline } from "./pyodide-node.mjs";

const [wheel, outDir] = process.argv.slice(2);
if (!wheel || !outDir) {
  console.error("usage: node scripts/pyodide-compile.mjs WHEEL OUT_DIR");
  process.exit(2);
}
await blockNetwork("bytecode compilation");
// compiled without the column ranges of PEP 657 (tracebacks keep file and line, lose the ^^^
// markers): the bytecode is a quarter smaller (scripts/stdlib_trim.py compiles the same way)
const { pyodide } = await loadPyodideOffline({ env: { PYTHONNODEBUGRANGES: "1" } });
const root = "/tmp/hcards-compile";
pyodide.FS.mkdirTree(root);
installWheels(pyodide, [path.resolve(wheel)], root);
const result = JSON.parse(pyodide.runPython(`
import json, pathlib, py_compile, sys
root = pathlib.Path(${JSON.stringify(root)})
files = []
for source in sorted(root.rglob("*.py")):
    pyc = py_compile.compile(str(source), doraise=True,
                             invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    files.append(str(pathlib.Path(pyc).relative_to(root)))
json.dumps({"cache_tag": sys.implementation.cache_tag, "files": files})
`));
for (const rel of result.files) {
  const dest = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.writeFileSync(dest, pyodide.FS.readFile(`${root}/${rel}`));
}
console.log(JSON.stringify(result));
