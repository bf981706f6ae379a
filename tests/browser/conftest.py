"""Browser fixtures: the built site on a local HTTP server, Debian's Chromium driven by the
Python playwright package (never `playwright install`), and a guard that aborts and records
every request to a host other than 127.0.0.1 and fails the test if there was one."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SUBPATH = "/mirror/hcards/"  # the same site, served under a sub-path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from static_server import make_server  # noqa: E402  (scripts/static_server.py)


def chromium_path() -> str:
    path = os.environ.get("HCARDS_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("Chromium not found: install Debian's chromium (scripts/setup does, as root) "
                    "or set HCARDS_CHROMIUM", pytrace=False)
    return path


@pytest.fixture(scope="session")
def server(built_site):
    """Base URL of the built site served on a random port by the server ``scripts/serve``
    uses (precompressed files when the browser accepts gzip; also under SUBPATH)."""
    httpd = make_server(str(built_site), subpath=SUBPATH)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # launch() starts Chromium with a fresh temporary profile of its own; every test
        # then gets a fresh browser context.
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


class Outside:
    """Requests to hosts other than 127.0.0.1 (aborted when routed)."""

    def __init__(self):
        self.requests: list[str] = []
        self.local: list[str] = []
        self.failed: list[str] = []  # local responses with an HTTP error status

    def check(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return True
        if parts.hostname == "127.0.0.1":
            self.local.append(url)
            return True
        self.requests.append(url)
        return False


@pytest.fixture
def outside():
    return Outside()


def guarded_context(browser, outside, **options):
    """A fresh browser context (``options`` as for ``new_context``, e.g. a phone's viewport)
    whose every request is checked: outside ones are aborted and recorded, local failures too."""
    ctx = browser.new_context(**options)

    def guard(route):
        if outside.check(route.request.url):
            route.continue_()
        else:
            route.abort()

    ctx.route("**/*", guard)
    ctx.on("response", lambda r: outside.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return ctx


@pytest.fixture
def guarded(browser, outside):
    """``guarded(**options)``: another checked context in the same test (closed by the caller)."""
    return lambda **options: guarded_context(browser, outside, **options)


@pytest.fixture
def context(browser, outside):
    """A fresh browser context whose every request is checked: outside ones are aborted."""
    ctx = guarded_context(browser, outside)
    yield ctx
    ctx.close()
    assert not outside.requests, f"requests left the machine: {outside.requests}"
    assert not outside.failed, f"failed requests: {outside.failed}"


@pytest.fixture
def page(context, request):
    p = context.new_page()
    p.set_default_timeout(30_000)
    # The page's console errors and warnings, its uncaught exceptions and failed requests, shown with a failed
    # test's report (pytest_runtest_makereport below): a timeout alone says nothing of why.
    log = request.node.hcards_console = []
    p.on("console", lambda m: log.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    p.on("pageerror", lambda e: log.append(f"uncaught: {e}"))
    p.on("requestfailed", lambda r: log.append(f"request failed: {r.url} ({r.failure})"))
    return p


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    log = getattr(item, "hcards_console", None)
    if report.failed and log:
        report.sections.append(("browser console", "\n".join(log[-40:])))
