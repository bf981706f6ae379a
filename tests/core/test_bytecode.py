"""The bytecode the site's wheel carries is what Pyodide's Python imports (scripts/hooks/runtime.py).

Only meaningful inside Pyodide (tests/test_pyodide_node.py runs this folder there, from the
wheel the site ships); on the build's CPython the .pyc files are for another version.
"""

import base64
import hashlib
import importlib.metadata
import importlib.util
import sys
from pathlib import Path

import pytest

import hcards_core

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="the wheel's bytecode is Pyodide's")


def test_every_module_imports_from_the_shipped_bytecode():
    root = Path(hcards_core.__file__).parent
    # the wheel's RECORD: the sha256 of each file as shipped (a .pyc Python had found stale
    # would have been rewritten, and would no longer match)
    shipped = {str(f): f.hash.value for f in importlib.metadata.files("hcards_core") if f.hash}
    modules = sorted(root.rglob("*.py"))
    assert len(modules) > 20
    for source in modules:
        cached = Path(importlib.util.cache_from_source(str(source)))
        rel = cached.relative_to(root.parent).as_posix()
        assert cached.is_file() and rel in shipped, f"no bytecode shipped for {source.relative_to(root)}"
        data = cached.read_bytes()
        assert base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode() == shipped[rel], \
            f"{rel} was rewritten: Python did not accept the shipped bytecode"
        assert data[:4] == importlib.util.MAGIC_NUMBER, f"{rel}: compiled for another Python"
        assert int.from_bytes(data[4:8], "little") == 0b11  # checked hash: used while the source matches
        assert data[8:16] == importlib.util.source_hash(source.read_bytes()), f"{rel} is stale"
