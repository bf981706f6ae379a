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
