"""The core's test suite (tests/core) again, inside real Pyodide under Node, offline.

The core is loaded from the very wheel the site ships; pytest, hypothesis and their
dependencies are the pure-Python wheels scripts/setup downloads into .cache/pyodide-wheels.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess

import pytest


def load_runtime_hook(repo):
    spec = importlib.util.spec_from_file_location("hcards_runtime_hook", repo / "scripts/hooks/runtime.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_core_suite_passes_inside_pyodide(repo):
    node = shutil.which("node")
    assert node, "node is not on PATH"
    wheels = repo / ".cache" / "pyodide-wheels"
    assert any(wheels.glob("pytest-*.whl")), "run scripts/setup first (downloads the test wheels)"
    assert any((repo / "tests" / "core").glob("test_*.py")), "no core tests found"
    wheel = load_runtime_hook(repo).build_wheel()
    run = subprocess.run(
        [node, str(repo / "scripts" / "pyodide-pytest.mjs"),
         "--wheels", str(wheels), "--wheels", str(wheel.parent), "--tests", str(repo / "tests" / "core")],
        cwd=repo, capture_output=True, text=True, timeout=540,
    )
    print(run.stdout[-4000:])
    if run.returncode:
        pytest.fail(f"pytest inside Pyodide failed (exit {run.returncode}):\n"
                    f"{run.stdout[-8000:]}\n{run.stderr[-4000:]}", pytrace=False)
    assert "Pyodide: Python 3.14" in run.stdout
