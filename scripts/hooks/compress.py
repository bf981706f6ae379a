"""MkDocs hook: a gzip copy beside every compressible file of the built site.

``scripts/static_server.py`` sends them to browsers that accept gzip (any other static
server ignores them). Deterministic (no timestamp in the gzip header), and skipped for a
file whose copy is already up to date, so ``mkdocs serve`` rebuilds stay quick.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from mkdocs.plugins import event_priority

COMPRESS = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm", ".map"}
MIN_SIZE = 1024  # smaller files gain nothing worth a second file


def compress_site(site: Path) -> int:
    written = 0
    for path in site.rglob("*"):
        if path.suffix not in COMPRESS or not path.is_file() or path.stat().st_size < MIN_SIZE:
            continue
        gz = path.with_name(path.name + ".gz")
        if gz.exists() and gz.stat().st_mtime >= path.stat().st_mtime:
            continue
        level = 6 if path.suffix == ".wasm" else 9  # the 10 MB wasm: level 9 costs seconds for 1 %
        data = gzip.compress(path.read_bytes(), compresslevel=level, mtime=0)
        gz.write_bytes(data)
        os.utime(gz, (path.stat().st_atime, path.stat().st_mtime + 1))
        written += 1
    return written


@event_priority(-300)  # last: after the i18n plugin, the runtime copy and the search index split
def on_post_build(config, **kwargs):
    i18n = config["plugins"].get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outermost build finishes the site
    compress_site(Path(config["site_dir"]))
