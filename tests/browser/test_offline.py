"""Offline where browsers allow it (127.0.0.1 counts as a secure origin): after one visit with
"Keep this site offline", the network cut, every page type of that language reloads, an
exercise is checked by the rules engine from the cache, and a second reload still works — in
Hungarian and Persian. A new build replaces the old whole on the next visit, after the reader
is told: never new pages with the old runtime or the reverse. No request leaves 127.0.0.1.

These contexts are not routed (a routed context bypasses the service worker): every request
is recorded instead, and one to another host fails the test."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from static_server import make_server  # noqa: E402

PAGE_TYPES = ["", "zsiros/", "zsiros/rules/", "zsiros/variants/", "zsiros/walkthroughs/", "zsiros/exercises/",
              "cards/", "checker/", "glossary/", "teachers/", "sources/"]
SLOW = 300_000  # Pyodide from the cache on a busy 2-core machine (30-100 s seen under load)


@pytest.fixture
def recorded(browser):
    ctx = browser.new_context()
    outside: list[str] = []
    ctx.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else outside.append(r.url))
    yield ctx
    ctx.close()
    assert not outside, f"requests left the machine: {outside}"


def keep_offline(page, url: str):
    page.goto(url)
    box = page.locator("[data-hcards-offline]")
    box.locator("button").click()
    page.wait_for_function("document.querySelector('[data-hcards-offline]').dataset.state === 'downloading'")
    page.wait_for_function("['kept', 'failed'].includes(document.querySelector('[data-hcards-offline]').dataset.state)",
                           timeout=SLOW)
    assert box.get_attribute("data-state") == "kept", box.inner_text()


def engine_ready(page):
    page.wait_for_function("['ready', 'failed'].includes(document.documentElement.dataset.hcardsStatus)", timeout=SLOW)
    status = page.evaluate("window.hcards.status()")
    assert status["status"] == "ready", status.get("message")


def answer_first_choice(page):
    section = page.locator(".hc-exercise:has(input[type=radio])").first
    section.locator("input[type=radio]").first.check()
    section.locator(".hc-ex-check").click()
    page.wait_for_function("(id) => ['0', '1'].includes(document.querySelector(`#${id} .hc-ex-feedback`).dataset.correct)",
                           arg=section.get_attribute("id"), timeout=SLOW)


def test_kept_offline_every_page_type_reloads_without_network(recorded, server):
    page = recorded.new_page()
    page.set_default_timeout(60_000)
    for lang in ("hu", "fa"):
        keep_offline(page, f"{server}{lang}/")
    recorded.set_offline(True)
    for lang in ("hu", "fa"):
        for path in PAGE_TYPES:
            page.goto(f"{server}{lang}/{path}")
            assert page.get_attribute("html", "lang") == lang, path
            assert page.get_attribute("body", "dir") == ("rtl" if lang == "fa" else "ltr")
            assert page.locator("article h1").count() >= 1, f"{lang}/{path} offline"
        page.goto(f"{server}{lang}/zsiros/exercises/")
        engine_ready(page)
        answer_first_choice(page)
        for _ in range(2):  # and again: nothing was used up by the first reload
            page.reload()
            assert page.locator("article h1").count() >= 1
        engine_ready(page)
        answer_first_choice(page)


def test_a_new_build_replaces_the_old_whole(recorded, built_site, tmp_path):
    old, new, current = tmp_path / "a", tmp_path / "b", tmp_path / "current"
    shutil.copytree(built_site, old)
    current.symlink_to(old)
    httpd = make_server(str(current))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    try:
        page = recorded.new_page()
        page.set_default_timeout(60_000)
        keep_offline(page, base + "ro/")
        page.goto(base + "ro/zsiros/")
        # build B: a page's text and a runtime file change; its service worker is written anew
        shutil.copytree(old, new)
        for rel, marker in (("ro/zsiros/index.html", "<!-- build B -->"), ("assets/hcards-ui.js", "// build B")):
            f = new / rel
            f.write_text(f.read_text("utf-8").replace("</body>", f"{marker}</body>") if rel.endswith(".html")
                         else f.read_text("utf-8") + marker + "\n", "utf-8")
            (new / f"{rel}.gz").unlink(missing_ok=True)
        run = subprocess.run(["node", str(ROOT / "scripts" / "offline-sw.mjs"), str(new),
                              json.dumps([{"lang": "ro", "folder": "ro/"}])], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        (new / "ro" / "sw.js.gz").unlink(missing_ok=True)
        current.unlink()
        current.symlink_to(new)

        def versions():
            return page.evaluate("""async () => [document.documentElement.outerHTML.includes('build B'),
                (await (await fetch('../../assets/hcards-ui.js')).text()).includes('build B')]""")

        page.reload()  # the visit that finds the new build: still the old one, whole
        page.wait_for_selector(".hcards-update button", timeout=SLOW)
        assert versions() == [False, False]
        with page.expect_navigation():
            page.locator(".hcards-update button").click()
        page.wait_for_load_state("load")
        assert versions() == [True, True]
        recorded.set_offline(True)
        page.reload()
        assert versions() == [True, True]
    finally:
        httpd.shutdown()
        httpd.server_close()
