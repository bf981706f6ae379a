"""The trimmed standard library the site ships (run INSIDE Pyodide by scripts/pyodide-stdlib.mjs).

Pyodide's ``python_stdlib.zip`` holds 559 modules as source; the site needs about 160 of them
(most of which Pyodide's own start-up imports). Which ones is found, not listed by hand: the
modules in ``sys.modules`` after

- Pyodide's start-up and the worker's steps (``sysconfig``, unpacking the wheels),
- :func:`workload`: every module of the site's packages imported and the bridge's functions
  called as the pages call them (a replay, bot moves, a drill, a memory schedule, errors),
- :func:`import_named`: every standard-library module an ``import`` statement of the site's
  packages names anywhere (inside a function, behind ``try``: the code paths the workload did
  not take), imported with all it imports in turn,
- and :data:`BY_NAME`, what Python imports lazily by a name in a string.

(``modulefinder`` was tried instead of the last two: its closure over the standard library's
own function-level imports reaches 300 modules — asyncio's subprocess support, email, http,
unittest — that nothing the site runs imports.)

:func:`build_zip` compiles them with Pyodide's Python into a zip of bytecode only
(``name.pyc``, which ``zipimport`` loads without a source), docstrings and asserts stripped
(``optimize=2``) except for Pyodide's own packages (:data:`KEEP_DOCS`).

:func:`workload` is also the test's (tests/test_stdlib_trimmed.py): started on the trimmed
zip, it must run, and a module missing from the zip fails it with the module's name.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys

# The packages of the site (the wheels the worker unpacks).
SITE_PACKAGES = ("hcards_core", "fsrs", "typing_extensions")

# Imported by name at run time, which neither modulefinder nor one workload run can be relied
# on to see:
BY_NAME = (
    # codecs.lookup(): the text codecs a page's strings, JSON and the zip reader meet
    "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp437", "encodings.idna", "encodings.utf_16", "encodings.utf_32",
    "encodings.unicode_escape", "encodings.raw_unicode_escape",
    # a Python exception that reaches JavaScript is formatted by Pyodide with traceback
    "traceback", "linecache", "tokenize", "_colorize",
)

# Pyodide's own packages read their docstrings at run time (``_pyodide.docstring`` copies them
# onto JavaScript proxies' methods): compiled with optimize=1 (asserts only).
KEEP_DOCS = ("_pyodide", "pyodide")


def site_modules() -> list[str]:
    """Every module of the site's packages, by walking their folders (no pkgutil: the walk
    itself must not pull modules into ``sys.modules``)."""
    names = []
    for top in SITE_PACKAGES:
        spec = importlib.util.find_spec(top)
        if spec is None:
            raise ImportError(f"{top} is not installed")
        if not spec.submodule_search_locations:
            names.append(top)
            continue
        root = list(spec.submodule_search_locations)[0]
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            rel = os.path.relpath(folder, os.path.dirname(root)).replace(os.sep, ".")
            for f in sorted(files):
                stem, ext = os.path.splitext(f)
                if ext not in (".py", ".pyc") or (ext == ".pyc" and stem + ".py" in files) or stem == "__main__":
                    continue  # (a package's __main__ runs its command line when imported)
                names.append(rel if stem == "__init__" else f"{rel}.{stem}")
    return sorted(set(names))


def workload() -> dict:
    """Import every module of the site and call the bridge as the pages do; returns counts.

    Raises on the first failure (an ImportError names the missing module)."""
    modules = site_modules()
    for name in modules:
        importlib.import_module(name)
    from hcards_core.bridge import handle
    from hcards_core.games import GAME_MODULES

    def call(fn, **args):
        reply = json.loads(handle(json.dumps({"fn": fn, "args": args})))
        if not reply.get("ok"):
            raise RuntimeError(f"{fn}: {reply}")
        return reply["value"]

    calls = 0
    for game in sorted(set(GAME_MODULES)):
        call("warm_up", game=game)
        setup = {"game": game, "seed": "stdlib"}
        started = call("play_start", setup=setup, lang="fa")
        record, setup = started["record"], started["setup"]
        for _ in range(6):  # the computer seats' moves (bots), as far as they go before the learner's turn
            record = call("play_bot", record=record, setup=setup, lang="ja")["record"]
        call("play_hint", record=record, setup=setup, lang="hu")
        call("replay_record", record=record, lang="ro")
        call("table_at", record=record, deal=0, after=0, lang="en")
        call("checker_game", game=game, lang="hu")
        call("drill_next", game=game, seed=7, lang="fa")
        calls += 17
    at = 1_764_000_000_000
    log = [{"kind": "exercise", "id": f"x{i}", "game": "zsiros", "clauses": ["Z-4.3"], "themes": [],
            "correct": i % 2 == 0, "answer": {"act": "stop"}, "lang": "en", "at": at + i * 60_000}
           for i in range(4)]
    memory = call("memory_update", log=log)
    call("memory_due", log=log, until=at + 10 * 86_400_000, memory=memory)
    call("describe_cards", text="鈴の7, Oa", lang="ja")
    # the error paths: a clear message, never a traceback
    for bad in ("not json", '{"fn": "nope"}', json.dumps({"fn": "replay_record", "args": {"record": "{"}})):
        if json.loads(handle(bad)).get("ok"):
            raise RuntimeError(f"{bad!r} was accepted")
    return {"modules": len(modules), "calls": calls + 5}


def stdlib_names(names: list[str]) -> set[str]:
    """The modules the files ``names`` of a stdlib zip provide (``a/b.py`` → ``a.b``,
    ``a/__init__.py`` → ``a``)."""
    out = set()
    for name in names:
        if name.endswith(".py"):
            parts = name[:-3].split("/")
            out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def source_path(name: str, names: set[str]) -> str:
    base = name.replace(".", "/")
    return f"{base}/__init__.py" if f"{base}/__init__.py" in names else f"{base}.py"


def named_imports() -> set[str]:
    """Every absolute module name an ``import`` statement of the site's packages names, anywhere
    in a module (inside functions, behind ``try`` or ``TYPE_CHECKING`` too); ``from a import b``
    also names ``a.b``, in case it is a module. Read from the sources with ``ast``."""
    import ast

    names = set()
    for module in site_modules():
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec else None
        if not origin or not origin.endswith(".py"):
            raise ImportError(f"{module}: no source to read its imports from ({origin})")
        with open(origin, "rb") as f:
            tree = ast.parse(f.read(), origin)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def import_named(available: set[str]) -> list[str]:
    """Import every standard-library module the site's code names (:func:`named_imports`) and
    :data:`BY_NAME`, so that ``sys.modules`` holds them with everything they import in turn.
    Returns the names Pyodide cannot import (a platform's module: ``winreg``, ``_winapi``…)."""
    failed = []
    for name in sorted((named_imports() | set(BY_NAME)) & available):
        try:
            importlib.import_module(name)
        except ImportError:
            failed.append(name)
    return failed


def needed(stdlib_zip: str, loaded: list[str]) -> list[str]:
    """The stdlib modules to ship: ``loaded`` (``sys.modules`` after Pyodide's start, the
    worker's steps, :func:`workload` and :func:`import_named`) that ``stdlib_zip`` provides,
    each with its parent packages."""
    available = stdlib_names(zip_names(stdlib_zip))
    missing = [m for m in BY_NAME if m not in available]
    if missing:
        raise ImportError(f"not in Pyodide's standard library: {missing}")
    keep = {m for m in loaded if m in available}
    for name in list(keep):
        parts = name.split(".")
        keep.update(".".join(parts[:i]) for i in range(1, len(parts)))
    return sorted(keep)


def zip_names(stdlib_zip: str) -> list[str]:
    import zipfile  # already imported by Pyodide's wheel unpacking (the worker's step)

    with zipfile.ZipFile(stdlib_zip) as zf:
        return zf.namelist()


def build_zip(stdlib_zip: str, modules: list[str], out: str) -> dict:
    """Compile ``modules`` from ``stdlib_zip`` into the zip ``out`` (bytecode only)."""
    import importlib._bootstrap_external as bootstrap
    import zipfile

    raw = 0
    with zipfile.ZipFile(stdlib_zip) as full, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        names = set(full.namelist())
        for name in modules:
            rel = source_path(name, names)
            source = full.read(rel)
            raw += len(source)
            optimize = 1 if name.split(".")[0] in KEEP_DOCS else 2
            # the file name tracebacks show: where the module lives in Pyodide's file system
            code = compile(source, f"{stdlib_zip}/{rel}", "exec", dont_inherit=True, optimize=optimize)
            # an unchecked hash-based .pyc: zipimport uses it as it is (there is no source beside it)
            data = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
            info = zipfile.ZipInfo(rel[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, bytes(data))
    return {"modules": len(modules), "source_bytes": raw, "zip_bytes": os.path.getsize(out)}
