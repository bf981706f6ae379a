"""scripts/static_server.py and the build's .gz copies: gzip when accepted, the plain file
otherwise, 304 for a current copy, directories and missing files as http.server does."""

from __future__ import annotations

import gzip
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts" / "hooks"))
from static_server import make_server  # noqa: E402

BODY = ("body { color: black; } " * 200).encode()


@pytest.fixture
def served(tmp_path):
    (tmp_path / "a.css").write_bytes(BODY)
    (tmp_path / "tiny.js").write_bytes(b"x=1")
    import compress  # scripts/hooks/compress.py

    assert compress.compress_site(tmp_path) == 1  # a.css only: tiny.js is under the minimum
    assert compress.compress_site(tmp_path) == 0  # up to date: nothing rewritten
    httpd = make_server(str(tmp_path))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def get(url, **headers):
    return urllib.request.urlopen(urllib.request.Request(url, headers=headers))


def test_gzip_when_accepted_plain_otherwise(served):
    with get(served + "a.css", **{"Accept-Encoding": "gzip, br"}) as r:
        assert r.headers["Content-Encoding"] == "gzip" and r.headers["Content-Type"] == "text/css"
        packed = r.read()
    assert gzip.decompress(packed) == BODY and len(packed) < len(BODY) // 10
    with get(served + "a.css") as r:
        assert r.headers["Content-Encoding"] is None and r.read() == BODY
    with get(served + "tiny.js", **{"Accept-Encoding": "gzip"}) as r:
        assert r.headers["Content-Encoding"] is None and r.read() == b"x=1"


def test_not_modified_and_missing(served):
    with get(served + "a.css", **{"Accept-Encoding": "gzip"}) as r:
        stamp = r.headers["Last-Modified"]
    with pytest.raises(urllib.error.HTTPError) as exc:
        get(served + "a.css", **{"Accept-Encoding": "gzip", "If-Modified-Since": stamp})
    assert exc.value.code == 304
    with pytest.raises(urllib.error.HTTPError) as exc:
        get(served + "nope.css", **{"Accept-Encoding": "gzip"})
    assert exc.value.code == 404


RUNTIME_BODY = ("export const pyodide = 'runtime';\n" * 300).encode()


@pytest.fixture
def runtime_site(tmp_path, monkeypatch):
    """A site with one Python-runtime file (assets/pyodide/) and one page, compressed with the
    strong-encoding cache in a temporary folder."""
    import compress

    monkeypatch.setattr(compress, "CACHE", tmp_path / "cache")
    site = tmp_path / "site"
    (site / "assets" / "pyodide").mkdir(parents=True)
    (site / "assets" / "pyodide" / "pyodide.asm.mjs").write_bytes(RUNTIME_BODY)
    (site / "index.html").write_bytes(BODY)
    assert compress.compress_site(site) == 3  # the runtime file: .gz and .br; the page: .gz
    return site


def test_runtime_files_get_brotli_and_zopfli_copies_pages_gzip(runtime_site):
    import brotli

    runtime = runtime_site / "assets" / "pyodide" / "pyodide.asm.mjs"
    assert brotli.decompress((runtime.parent / (runtime.name + ".br")).read_bytes()) == RUNTIME_BODY
    strong = (runtime.parent / (runtime.name + ".gz")).read_bytes()
    assert gzip.decompress(strong) == RUNTIME_BODY
    assert len(strong) <= len(gzip.compress(RUNTIME_BODY, 9))  # zopfli: never worse than gzip -9
    assert not (runtime_site / "index.html.br").exists() and (runtime_site / "index.html.gz").exists()


def test_strong_copies_are_computed_once_per_content(runtime_site, tmp_path, monkeypatch):
    import compress

    def refuse(data):
        raise AssertionError("recompressed a file whose copy is cached")

    monkeypatch.setattr(compress, "_brotli", refuse)
    monkeypatch.setattr(compress, "_gzip", lambda data, strong: refuse(data) if strong else gzip.compress(data))
    other = tmp_path / "other" / "assets" / "pyodide"
    other.mkdir(parents=True)
    (other / "pyodide.asm.mjs").write_bytes(RUNTIME_BODY)  # the same content in a new build
    assert compress.compress_site(tmp_path / "other") == 2
    assert (other / "pyodide.asm.mjs.br").read_bytes() == (
        runtime_site / "assets" / "pyodide" / "pyodide.asm.mjs.br").read_bytes()
    (other / "pyodide.asm.mjs").write_bytes(RUNTIME_BODY + b"//changed\n")  # a new Pyodide
    with pytest.raises(AssertionError, match="recompressed"):
        compress.compress_site(tmp_path / "other")


@pytest.mark.parametrize("accept, coding", [
    ("gzip, deflate, br, zstd", "br"),    # Chromium over HTTPS and from localhost
    ("gzip, deflate", "gzip"),            # Chromium over plain HTTP on a local network
    ("br;q=0, gzip", "gzip"),             # brotli refused
    ("identity", None),
])
def test_best_accepted_copy_is_sent(runtime_site, accept, coding):
    import brotli

    httpd = make_server(str(runtime_site))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/assets/pyodide/pyodide.asm.mjs"
        with get(url, **{"Accept-Encoding": accept}) as r:
            assert r.headers["Content-Encoding"] == coding
            assert r.headers["Content-Type"] == "text/javascript"
            body = r.read()
        decode = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[coding]
        assert decode(body) == RUNTIME_BODY
        with get(url.replace("assets/pyodide/pyodide.asm.mjs", ""), **{"Accept-Encoding": accept}) as r:
            # a page has no brotli copy: gzip where accepted
            assert r.headers["Content-Encoding"] == ("gzip" if coding else None)
    finally:
        httpd.shutdown()
        httpd.server_close()
