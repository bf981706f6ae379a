"""A static server for the built site: Python's ``http.server`` plus precompressed files.

The build writes ``<file>.gz`` beside every text asset and the WebAssembly, and
``<file>.br`` beside the Python runtime's files (``scripts/hooks/compress.py``); this
handler sends the best copy the browser accepts, with its ``Content-Encoding``: brotli
(browsers accept it over HTTPS and from localhost), else gzip (over plain HTTP too).
Material's own CSS and JavaScript shrink to a fifth, Pyodide's wasm to 29 % as brotli and
36 % as gzip: a page without Python stays well under 300 KB. Any server works for the site (``python3 -m
http.server -d site`` included); this one is what ``scripts/serve``, the browser tests and
the benchmark use. A missing page gets the site's own ``404.html`` (status 404), as a web
host serves it, not Python's bare error page.

    python scripts/static_server.py site [port]        # serves at http://127.0.0.1:port/
"""

from __future__ import annotations

import email.utils
import functools
import os
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


# The precompressed copies the build writes, best first: (content coding, file suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/octet-stream"}
    subpath = ""  # serve the site under this prefix as well, e.g. "/sub/path/"
    quiet = True

    def translate_path(self, path):
        if self.subpath and path.startswith(self.subpath):
            path = "/" + path[len(self.subpath):]
        return super().translate_path(path)

    def accepted(self) -> set[str]:
        """The content codings of the request's Accept-Encoding, without those refused (q=0)."""
        out = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.partition(";")
            q = params.strip()
            try:
                refused = q.startswith("q=") and float(q[2:]) == 0
            except ValueError:
                refused = False
            if name.strip() and not refused:
                out.add(name.strip().lower())
        return out

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # a page's address (http.server's index)
        if not os.path.isfile(path):
            return super().send_head()  # a folder's redirect to "…/", a listing, or a 404
        accepted = self.accepted()
        for coding, suffix in ENCODINGS:
            if coding in accepted and os.path.isfile(path + suffix):
                break
        else:
            return super().send_head()
        try:
            f = open(path + suffix, "rb")
        except OSError:
            return super().send_head()
        fs = os.fstat(f.fileno())
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                fresh = email.utils.parsedate_to_datetime(since).timestamp() >= mtime
            except (TypeError, ValueError, IndexError, OverflowError):
                fresh = False
            if fresh:  # the browser's copy is current: no body (as http.server does)
                f.close()
                self.send_response(304)
                self.end_headers()
                return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(fs.st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return f

    def send_error(self, code, message=None, explain=None):
        """A 404 answered with the site's own 404.html (its links point at the site root, or
        at the sub-path the request came under); any other error as http.server does."""
        page = os.path.join(self.directory, "404.html")
        if code != 404 or self.command not in ("GET", "HEAD") or not os.path.isfile(page):
            return super().send_error(code, message, explain)
        with open(page, "rb") as f:
            body = f.read()
        if self.subpath and self.path.startswith(self.subpath):
            prefix = self.subpath.rstrip("/").encode()
            body = body.replace(b'="/', b'="' + prefix + b"/")
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)

    def log_message(self, *args):
        if not self.quiet:
            super().log_message(*args)


class Server(ThreadingHTTPServer):
    # A page opens up to six connections at once (HTTP/1.0: one per file), a classroom's
    # phones many more: the standard backlog of 5 refuses some of them on a busy machine, and
    # a refused module script is a page that silently lacks its widgets.
    request_queue_size = 128


def make_server(directory: str, port: int = 0, host: str = "127.0.0.1", subpath: str = "",
                quiet: bool = True) -> ThreadingHTTPServer:
    handler = type("SiteHandler", (Handler,), {"subpath": subpath, "quiet": quiet})
    return Server((host, port), functools.partial(handler, directory=directory))


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else "site"
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    httpd = make_server(folder, port, quiet=False)
    print(f"serving {folder}/ at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
