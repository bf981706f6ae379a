"""MkDocs hook: ships the browser runtime with every build.

- copies the Pyodide runtime from the pinned npm package (``node_modules/pyodide``) into
  ``<site>/assets/pyodide/`` — nothing is ever fetched from a CDN;
- builds the ``hcards_core`` wheel from the repository, with its modules compiled to bytecode
  by Pyodide's Python (cached by a hash of its sources, so ``mkdocs serve`` rebuilds stay
  fast), and registers it, with its sha256, in the
  ``pyodide-lock.json`` the site serves, so ``pyodide.loadPackage("hcards_core")`` loads it
  from the site and checks its checksum;
- builds the trimmed standard library the worker loads instead of Pyodide's full
  ``python_stdlib.zip`` (``scripts/stdlib_trim.py``: the modules the site needs, as bytecode
  compiled by Pyodide's Python; cached like the wheel), registered with its sha256 in the
  lock file's ``hcards`` section (the full zip stays only for the bare boot page of
  ``scripts/bench``, and is not precached for offline use);
- keeps the root ``404.html`` English (mkdocs-static-i18n builds the languages one after the
  other into the same site_dir, and the last one would win);
- drops the ``<link rel="alternate" hreflang=…>`` head links: Material fetches a
  ``sitemap.xml`` next to each of them on every page load (404s in every language folder), only
  to map the current page into the other language when the selector is used — and the
  selector's links made by mkdocs-static-i18n already point at the same page in each language.

The i18n plugin runs the other languages' builds from inside the default build's
``on_post_build`` (priority -100). Everything site-wide here happens once, in the outermost
build's ``on_post_build`` after that (priority -200).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.runtime")


class _InstantSwitcherNote(logging.Filter):
    """Drops mkdocs-static-i18n's warning that Material's language selector keeps the first
    page's links under ``navigation.instant``: ``hcards-runtime.js`` points them at the page
    shown after every instant navigation (and a link into another language loads in full).
    Under ``--strict`` the warning would fail the build."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


for _generator in ("mkdocs", "properdocs"):  # the logger's prefix is the generator's name
    logging.getLogger(f"{_generator}.plugins.mkdocs_static_i18n.reconfigure").addFilter(_InstantSwitcherNote())

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
# Third-party wheels the site ships as they are (scripts/site-requirements.txt; scripts/setup
# downloads them): entry name in the lock → the module it provides.
SITE_WHEELS = ROOT / ".cache" / "site-wheels"
SHIPPED = {"fsrs": "fsrs", "typing-extensions": "typing_extensions"}

# What loadPyodide() fetches in a browser: the ES module, the Emscripten module, the
# WebAssembly binary, the standard library, and the lock file (rewritten below). The full
# standard library is only for scripts/bench's bare boot page (the site's worker loads STDLIB).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The trimmed standard library (scripts/stdlib_trim.py) and where it is cached.
STDLIB = "python_stdlib-trimmed.zip"
STDLIB_CACHE = ROOT / ".cache" / "stdlib"
PACKAGE = "hcards_core"
CACHE_TAG = "cpython-314"  # Pyodide 314's Python: the bytecode scripts/pyodide-compile.mjs writes
ASSET_DIR = "assets/pyodide"

_english_404: str | None = None


# ---------------------------------------------------------------- the wheel


def source_hash() -> str:
    """sha256 over the files that go into the wheel (paths and contents), and the scripts that
    compile its bytecode."""
    h = hashlib.sha256()
    files = [ROOT / "pyproject.toml", ROOT / "scripts" / "pyodide-compile.mjs", ROOT / "scripts" / "pyodide-node.mjs"]
    files += sorted(
        p for p in (ROOT / PACKAGE).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
    )
    for p in files:
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(p.read_bytes() + b"\0")
    return h.hexdigest()


def build_wheel() -> Path:
    """The hcards_core wheel for the current sources (built once per source hash).

    ``pip wheel --no-deps --no-build-isolation`` with the pinned setuptools/wheel of the
    virtual environment: offline, and in a temporary copy so no build/ or *.egg-info lands
    in the repository.
    """
    digest = source_hash()[:16]
    out = WHEEL_CACHE / digest
    found = sorted(out.glob(f"{PACKAGE}-*-py3-none-any.whl")) if out.is_dir() else []
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="hcards-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", src)
        readme = ROOT / "README.md"
        (src / "README.md").write_text(readme.read_text("utf-8") if readme.exists() else "hcards\n", "utf-8")
        shutil.copytree(ROOT / PACKAGE, src / PACKAGE, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        dist = Path(tmp) / "dist"
        run = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--disable-pip-version-check", "-q", "-w", str(dist), str(src)],
            capture_output=True, text=True,
        )
        if run.returncode:
            raise RuntimeError(f"building the {PACKAGE} wheel failed:\n{run.stdout}{run.stderr}")
        (wheel,) = dist.glob(f"{PACKAGE}-*-py3-none-any.whl")
        add_bytecode(wheel, Path(tmp) / "bytecode")
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        shutil.copy2(wheel, out / wheel.name)
    log.info("built %s", wheel.name)
    return out / wheel.name


def add_bytecode(wheel: Path, work: Path) -> None:
    """Put Pyodide-compiled ``__pycache__/*.pyc`` files into ``wheel`` (and its RECORD).

    Compiling the package's modules is most of the time ``import hcards_core`` takes in the
    browser (~10 ms a module under Pyodide; scripts/bench). The build's Python is not
    Pyodide's, so ``scripts/pyodide-compile.mjs`` compiles them with Pyodide under Node.
    """
    run = subprocess.run(["node", str(ROOT / "scripts" / "pyodide-compile.mjs"), str(wheel), str(work)],
                         capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(f"compiling the {PACKAGE} wheel to bytecode failed:\n{run.stdout}{run.stderr}")
    files = json.loads(run.stdout.strip().splitlines()[-1])["files"]
    with zipfile.ZipFile(wheel) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    record_name = next(info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    rows = [row for info, data in entries if info.filename == record_name
            for row in data.decode().splitlines() if row]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in entries:
            if info.filename != record_name:
                new.writestr(info, data)
        for rel in files:
            data = (work / rel).read_bytes()
            new.writestr(rel, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.insert(-1, f"{rel},sha256={digest},{len(data)}")
        new.writestr(record_name, "\n".join(rows) + "\n")


def site_wheel(wheel: Path) -> Path:
    """The wheel the browser gets: ``wheel`` with each module's Pyodide bytecode in place of
    its source (``pkg/mod.pyc``, which Python imports when no ``mod.py`` is beside it) and
    without the long description (the README) in its METADATA.

    The browser never reads the sources (a traceback's file and line are enough for a bug
    report), and they were a quarter of the download. The tests inside Pyodide and the
    doctests use ``wheel`` itself, sources and checked-hash bytecode both (tests/core/test_bytecode.py).
    """
    out = wheel.parent / "site" / wheel.name
    if out.is_file():
        return out
    with zipfile.ZipFile(wheel) as old:
        entries = [(info.filename, old.read(info)) for info in old.infolist()]
    names = {name for name, _ in entries}
    files = []
    for name, data in entries:
        folder, _, file = name.rpartition("/")
        if name.endswith(".py"):
            if f"{folder}/__pycache__/{file[:-3]}.{CACHE_TAG}.pyc" in names:
                continue  # replaced by its bytecode below
        elif folder.endswith("/__pycache__") and file.endswith(f".{CACHE_TAG}.pyc"):
            name = f"{folder.rpartition('/')[0]}/{file.split('.')[0]}.pyc"
        elif name.endswith(".dist-info/METADATA"):
            data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers; the body is the README
        files.append((name, data))
    record_name = next(name for name, _ in files if name.endswith(".dist-info/RECORD"))
    rows = []
    for name, data in files:
        if name != record_name:
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{name},sha256={digest},{len(data)}")
    rows.append(f"{record_name},,")
    out.parent.mkdir(exist_ok=True)
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            new.writestr(info, "\n".join(rows) + "\n" if name == record_name else data)
    tmp.replace(out)
    return out


def lock_entry(wheel: Path, module: str = PACKAGE) -> dict:
    name, version = wheel.name.split("-")[:2]
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [module],
        "depends": [],
        "unvendored_tests": False,
        "tool": {},
    }


def build_stdlib(wheels: list[Path]) -> Path:
    """The trimmed standard library for these wheels (built once per input hash: the wheels,
    Pyodide's own zip, and the scripts that choose and compile the modules)."""
    h = hashlib.sha256()
    inputs = [*wheels, PYODIDE_NPM / "python_stdlib.zip", PYODIDE_NPM / "package.json",
              ROOT / "scripts" / "stdlib_trim.py", ROOT / "scripts" / "pyodide-stdlib.mjs"]
    for p in inputs:
        h.update(p.name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    out = STDLIB_CACHE / h.hexdigest()[:16] / STDLIB
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    args = ["node", str(ROOT / "scripts" / "pyodide-stdlib.mjs"), "build", "--out", str(tmp)]
    for wheel in wheels:
        args += ["--wheel", str(wheel)]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(f"building the trimmed standard library failed:\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
    info = json.loads(run.stdout.strip().splitlines()[-1])
    tmp.replace(out)
    log.info("trimmed standard library: %s of %s modules, %.2f MB", info["modules"], info["full_modules"],
             info["zip_bytes"] / 1e6)
    return out


def install_runtime(site_dir: Path) -> Path:
    """Copy Pyodide and the wheel into ``site_dir/assets/pyodide``; returns that folder."""
    if not (PYODIDE_NPM / "pyodide.mjs").exists():
        raise SystemExit("node_modules/pyodide is missing: run scripts/setup (npm ci)")
    dest = site_dir / ASSET_DIR
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = PYODIDE_NPM / name, dest / name
        if not dst.exists() or dst.stat().st_size != src.stat().st_size or dst.stat().st_mtime < src.stat().st_mtime:
            shutil.copy2(src, dst)
    source_wheel = build_wheel()
    wheel = site_wheel(source_wheel)
    for old in dest.glob(f"{PACKAGE}-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    shutil.copy2(wheel, dest / wheel.name)
    shipped = {module: ship_wheel(module, dest) for module in SHIPPED.values()}
    # the standard library for the core and the memory's wheels: the same modules whichever
    # pages are visited (found from the core's sources: the wheel with them)
    stdlib = build_stdlib([source_wheel, *shipped.values()])
    shutil.copy2(stdlib, dest / STDLIB)
    # The served lock file: Pyodide's own header (ABI, Python version) and only the packages
    # the site ships — ours. The npm package carries no other wheels, so listing them would
    # only point at files that are not there.
    npm_lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text("utf-8"))
    # "hcards" (ignored by Pyodide): the bytes the worker downloads through fetch — the wasm,
    # the standard library and the wheel — so the page can say "loading… 2.1 of 4.4 MB"
    # (the memory's wheels come later, on its first call, and are not counted); and the
    # trimmed standard library with its sha256, which the worker checks as it does the wheel's.
    fetched = ("pyodide.asm.wasm", STDLIB, wheel.name)
    lock = {"info": npm_lock["info"], "packages": {"hcards-core": lock_entry(dest / wheel.name)},
            "hcards": {"download_bytes": sum((dest / name).stat().st_size for name in fetched),
                       "stdlib": {"file_name": STDLIB,
                                  "sha256": hashlib.sha256((dest / STDLIB).read_bytes()).hexdigest()}}}
    for entry, module in SHIPPED.items():
        lock["packages"][entry] = lock_entry(shipped[module], module)
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", "utf-8")
    return dest


def ship_wheel(module: str, dest: Path) -> Path:
    """Copy the downloaded wheel of ``module`` (scripts/site-requirements.txt) into ``dest``."""
    found = sorted(SITE_WHEELS.glob(f"{module}-*-py3-none-any.whl"))
    if not found:
        raise SystemExit(f"{SITE_WHEELS}/{module}-*.whl is missing: run scripts/setup")
    shutil.copy2(found[-1], dest / found[-1].name)
    return dest / found[-1].name


# ---------------------------------------------------------------- MkDocs events


def _i18n(config):
    return config.plugins.get("i18n")


def _language(config) -> str:
    i18n = _i18n(config)
    return (getattr(i18n, "current_language", None) or "en") if i18n else "en"


def _default_language(config) -> str:
    i18n = _i18n(config)
    return (getattr(i18n, "default_language", None) or "en") if i18n else "en"


_HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def drop_head_alternates(html: str) -> str:
    head_end = html.find("</head>")
    if head_end < 0:
        return html
    return _HEAD_ALTERNATE.sub("", html[:head_end]) + html[head_end:]


def on_post_page(output: str, page, config) -> str:
    return drop_head_alternates(output)


def on_post_template(output: str, template_name: str, config) -> str:
    """Remember the default language's 404 page; the other builds must not replace it."""
    global _english_404
    if template_name != "404.html":
        return output
    output = drop_head_alternates(output)
    if _language(config) == _default_language(config):
        _english_404 = output
        return output
    return _english_404 if _english_404 is not None else output


@event_priority(-200)
def on_post_build(config) -> None:
    i18n = _i18n(config)
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outermost build finishes the site
    site = Path(config.site_dir)
    install_runtime(site)
    if _english_404 is not None:
        (site / "404.html").write_text(_english_404, "utf-8")
