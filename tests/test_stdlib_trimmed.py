"""The trimmed standard library the site ships (scripts/stdlib_trim.py, scripts/hooks/runtime.py):
Pyodide under Node started on it, as the worker starts it, with the wheels the site ships
(the core's as bytecode only: runtime.site_wheel), imports every module of the site's
packages (every hcards_core module, fsrs, typing_extensions) and runs the bridge's functions
(a replay, bot moves, a drill, a memory schedule); a zip missing one module fails.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile

import pytest

from test_pyodide_node import load_runtime_hook


@pytest.fixture(scope="module")
def shipped(repo):
    hook = load_runtime_hook(repo)
    wheels = [hook.build_wheel(), *sorted(hook.SITE_WHEELS.glob("*.whl"))]
    assert {w.name.split("-")[0] for w in wheels[1:]} == {"fsrs", "typing_extensions"}, "run scripts/setup"
    return hook, hook.build_stdlib(wheels), [hook.site_wheel(wheels[0]), *wheels[1:]]


def check(repo, stdlib, wheels):
    node = shutil.which("node")
    assert node, "node is not on PATH"
    args = [node, str(repo / "scripts" / "pyodide-stdlib.mjs"), "check", "--stdlib", str(stdlib)]
    for wheel in wheels:
        args += ["--wheel", str(wheel)]
    return subprocess.run(args, cwd=repo, capture_output=True, text=True, timeout=300)


def test_the_site_runs_on_the_trimmed_standard_library(repo, shipped):
    _, stdlib, wheels = shipped
    run = check(repo, stdlib, wheels)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["workload"]["modules"] > 40 and out["workload"]["calls"] > 50
    trimmed = json.loads(out["trimmed"])
    # the modules come from the trimmed zip, as bytecode, and what the site does not use is not there
    assert trimmed["json_from"].endswith(".zip/json/__init__.pyc") and not trimmed["has_unittest"]


def test_the_trimmed_zip_is_bytecode_for_pyodide_only(shipped):
    _, stdlib, _ = shipped
    with zipfile.ZipFile(stdlib) as zf:
        names = zf.namelist()
        magic = {zf.read(n)[:4] for n in names}
    assert names and all(n.endswith(".pyc") for n in names)
    assert len(magic) == 1  # one Python's bytecode (Pyodide's, compiled by it at build time)
    assert {"encodings/__init__.pyc", "encodings/utf_8.pyc", "json/__init__.pyc", "dataclasses.pyc",
            "_pyodide/__init__.pyc", "pyodide/__init__.pyc"} <= set(names)
    assert 100 < len(names) < 300  # of Pyodide's 559 modules


def test_a_module_missing_from_the_zip_fails_the_check(repo, shipped, tmp_path):
    _, stdlib, wheels = shipped
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile(broken, "w") as dst:
        for info in src.infolist():
            if info.filename != "statistics.pyc":  # imported by the bots' match module only
                dst.writestr(info, src.read(info))
    run = check(repo, broken, wheels)
    assert run.returncode == 1 and "statistics" in run.stderr, run.stdout[-2000:] + run.stderr[-2000:]
