"""Shared fixtures for the site, Pyodide and browser layers.

Kept free of heavy imports: the core's tests (tests/core) also run inside Pyodide, where only
their own folder is copied.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def repo() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def script():
    """``script("bench")``: a module of scripts/ imported from its file (scripts/ is no package)."""
    import importlib.util

    def load(name: str):
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """``properdocs build --strict`` of all five languages into a temporary folder (once).
    HCARDS_GENERATOR=mkdocs builds with MkDocs 1.x instead: the configuration is the same.
    HCARDS_SITE=<folder> tests a site built before (while iterating on the browser tests only:
    nothing checks that the folder matches the sources)."""
    if os.environ.get("HCARDS_SITE"):
        return Path(os.environ["HCARDS_SITE"])
    site = tmp_path_factory.mktemp("site-build") / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run = subprocess.run(
        [sys.executable, "-m", os.environ.get("HCARDS_GENERATOR", "properdocs"), "build", "--strict",
         "-f", "mkdocs.yml", "--site-dir", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    if run.returncode:
        pytest.fail(f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}", pytrace=False)
    return site
