"""MkDocs hook: compressed copies beside the built site's files, for the servers that send them.

- ``<file>.gz`` beside every compressible file: gzip, which every browser accepts, over
  plain HTTP too (a classroom's server on the local network);
- ``<file>.br`` beside the Python runtime's files (``assets/pyodide/``): brotli, which
  browsers accept over HTTPS and from localhost. Pyodide's 9.6 MB wasm is 2.74 MB as brotli,
  3.42 MB as the best gzip.

``scripts/static_server.py`` sends the best copy the browser accepts (any other static server
ignores them). Deterministic (no timestamp in the gzip header), and skipped for a file whose
copies are already up to date, so ``mkdocs serve`` rebuilds stay quick.

The runtime's files are what a learner waits for before the first exercise answers, so they
get the strongest encoders: zopfli for their gzip (3–6 % smaller than gzip -9) and brotli at
quality 11. That costs about two minutes for the wasm, once: Pyodide's files never change
between builds, so their copies are cached by content hash in ``.cache/compressed``.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.compress")

COMPRESS = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm", ".map"}
MIN_SIZE = 1024  # smaller files gain nothing worth a second file
RUNTIME = "assets/pyodide"  # the worker's download: the strongest encoders, and a .br copy
CACHE = Path(__file__).resolve().parents[2] / ".cache" / "compressed"


def _gzip(data: bytes, strong: bool) -> bytes:
    if strong:
        import zopfli.gzip  # scripts/requirements.txt

        # zopfli writes no timestamp (mtime 0) either: the copy is as deterministic
        return zopfli.gzip.compress(data, numiterations=1)
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(data: bytes) -> bytes:
    import brotli  # scripts/requirements.txt

    return brotli.compress(data, quality=11)


def _cached(data: bytes, suffix: str, make) -> bytes:
    """``make(data)``, kept under the content's hash: a strong encoding is worth computing once."""
    path = CACHE / f"{hashlib.sha256(data).hexdigest()}{suffix}"
    try:
        return path.read_bytes()
    except OSError:
        pass
    if len(data) > 2_000_000:
        log.info("compressing %s (%.1f MB) for the first time; cached in .cache/compressed",
                 suffix, len(data) / 1e6)
    out = make(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # several builds may share the cache
    tmp.write_bytes(out)
    os.replace(tmp, path)
    return out


def copies(rel: str) -> dict[str, object]:
    """The compressed copies a site file gets: suffix → encoder (``rel`` is its path in the site).

    >>> sorted(copies("assets/pyodide/pyodide.asm.wasm")), sorted(copies("zsiros/index.html"))
    (['.br', '.gz'], ['.gz'])
    """
    if rel.startswith(RUNTIME + "/"):
        return {".gz": lambda d: _cached(d, ".gz", lambda x: _gzip(x, True)),
                ".br": lambda d: _cached(d, ".br", _brotli)}
    return {".gz": lambda d: _gzip(d, False)}


def compress_site(site: Path) -> int:
    """Write the missing or stale copies under ``site``; returns how many were written."""
    written = 0
    for path in site.rglob("*"):
        if path.suffix not in COMPRESS or not path.is_file() or path.stat().st_size < MIN_SIZE:
            continue
        stamp = path.stat()
        data = None
        for suffix, encode in copies(path.relative_to(site).as_posix()).items():
            copy = path.with_name(path.name + suffix)
            if copy.exists() and copy.stat().st_mtime_ns == stamp.st_mtime_ns:
                continue  # written from this very file: a copy carries its file's time
            data = path.read_bytes() if data is None else data
            copy.write_bytes(encode(data))
            os.utime(copy, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
            written += 1
    return written


@event_priority(-300)  # last: after the i18n plugin, the runtime copy and the search index split
def on_post_build(config, **kwargs):
    i18n = config["plugins"].get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outermost build finishes the site
    compress_site(Path(config["site_dir"]))
