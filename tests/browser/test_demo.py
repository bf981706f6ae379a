"""The home-page demo in the browser: Python in a worker, answers in the page's language."""

from __future__ import annotations

import json
import time

import pytest

from hcards_core.bridge import handle
from hcards_core.cards import card_name, parse_cards

READY = "html[data-hcards-status=ready]"
LOADING = "html[data-hcards-status=loading]"


def expected_error(text: str, lang: str) -> str:
    reply = json.loads(handle(json.dumps({"fn": "describe_cards", "args": {"text": text, "lang": lang}})))
    assert reply["ok"] is False
    return reply["error"]["message"]


def ask(page, text: str):
    widget = page.locator("[data-hcards=card-names]")
    field = widget.locator("input")
    field.fill(text)
    field.press("End")  # fill() with non-ASCII text sends no key event
    widget.locator("button[type=submit]").click()
    return widget


@pytest.mark.parametrize("lang, path", [("en", ""), ("fa", "fa/"), ("hu", "hu/"), ("ja", "ja/"), ("ro", "ro/")])
def test_demo_names_cards_in_the_page_language(page, server, lang, path):
    page.goto(server + path)
    assert page.get_attribute("html", "lang") == lang
    assert page.get_attribute("body", "dir") == ("rtl" if lang == "fa" else "ltr")
    page.wait_for_selector(READY)
    widget = ask(page, "Oa Xh 7l")
    items = widget.locator(".hcards-cards li")
    items.first.wait_for()
    names = [items.nth(i).locator("span").inner_text() for i in range(items.count())]
    assert names == [card_name(c, lang) for c in parse_cards("Oa Xh 7l")]
    # the UI strings are the page's language too
    strings = json.loads(page.evaluate("fetch('../assets/i18n/%s.json'.replace('../', %r)).then(r => r.text())"
                                       % (lang, "../" if path else "")))
    assert widget.locator("button[type=submit]").inner_text() == strings["name_cards"]
    assert page.locator(".hcards-status").inner_text() == strings["status_ready"]


@pytest.mark.parametrize("lang, path", [("en", ""), ("fa", "fa/")])
def test_invalid_input_shows_the_core_message(page, server, lang, path):
    page.goto(server + path)
    widget = ask(page, "Oa Zz 7l")
    error = widget.locator(".hcards-error")
    error.wait_for()
    assert error.inner_text() == expected_error("Oa Zz 7l", lang)


def test_persian_long_names_are_accepted(page, server):
    page.goto(server + "fa/")
    text = "، ".join(card_name(c, "fa") for c in ("Oa", "7l"))  # long names: comma-separated
    widget = ask(page, text)
    widget.locator(".hcards-cards li").first.wait_for()
    assert widget.locator(".hcards-cards code").all_inner_texts() == ["Oa", "7l"]


def test_page_stays_responsive_while_python_boots(page, server, outside):
    page.add_init_script("""
      window.__longTasks = [];
      window.__loadingAt = null;
      document.addEventListener("hcards:status", (e) => {
        if (e.detail.status === "loading" && window.__loadingAt === null) window.__loadingAt = performance.now();
      });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
      }).observe({type: "longtask", buffered: true});
    """)
    page.goto(server)
    page.wait_for_selector(LOADING, timeout=5_000)
    # Python lives only in the worker
    assert page.evaluate("typeof window.loadPyodide === 'undefined' && typeof window.pyodide === 'undefined'")
    widget = page.locator("[data-hcards=card-names]")
    widget.locator(".hcards-output").wait_for(state="attached")
    # the page's own reaction time: from the click event to the DOM answering it
    page.evaluate("""() => {
      window.__reaction = null;
      const out = document.querySelector('[data-hcards=card-names] .hcards-output');
      let clicked = null;
      document.addEventListener('click', (e) => { clicked = e.timeStamp; }, {capture: true, once: true});
      new MutationObserver(() => {
        if (window.__reaction === null && clicked !== null && out.querySelector('.hcards-waiting'))
          window.__reaction = performance.now() - clicked;
      }).observe(out, {childList: true, subtree: true});
    }""")
    t0 = time.perf_counter()
    widget.locator("button[type=submit]").click()
    widget.locator(".hcards-waiting").wait_for()
    wall = time.perf_counter() - t0
    reacted = page.evaluate("window.__reaction")
    assert page.get_attribute("html", "data-hcards-status") == "loading", "Python was ready too soon to measure"
    field = widget.locator("input")
    field.press("End")
    field.type(" 8b")
    assert field.input_value().endswith(" 8b")
    assert page.get_attribute("html", "data-hcards-status") == "loading"
    assert reacted is not None and reacted < 200, f"the page took {reacted} ms to react while Python was loading"
    # the queued question is answered once Python is ready
    widget.locator(".hcards-cards li").first.wait_for()
    page.wait_for_selector(READY)
    # main-thread long tasks once Python started booting (the page's own load is not Python's)
    long_tasks = page.evaluate("window.__longTasks.filter(([t]) => t >= window.__loadingAt).map(([, d]) => d)")
    assert max(long_tasks, default=0) < 200, f"main-thread long tasks while booting: {long_tasks}"
    assert page.evaluate("typeof window.loadPyodide === 'undefined' && typeof window.pyodide === 'undefined'")
    print(f"reacted in {reacted:.1f} ms while loading (click to DOM; {wall * 1000:.0f} ms through "
          f"Playwright); main-thread long tasks {long_tasks}")


def test_runtime_comes_from_the_site_itself(page, server, outside):
    page.goto(server)
    page.wait_for_selector(READY)
    loaded = [u for u in outside.local if "/assets/pyodide/" in u]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib-trimmed.zip",
                 "pyodide-lock.json", "hcards_core-"):
        assert any(name in u for u in loaded), f"{name} not loaded from the site: {loaded}"


def test_works_under_a_sub_path(page, server):
    from conftest import SUBPATH  # tests/browser/conftest.py

    page.goto(server.rstrip("/") + SUBPATH + "ja/")
    widget = ask(page, "Oa")
    widget.locator(".hcards-cards li").first.wait_for()
    assert widget.locator(".hcards-cards span").inner_text() == card_name("Oa", "ja")


def test_no_python_without_a_widget(page, server):
    page.goto(server + "404.html")
    page.wait_for_timeout(500)
    assert page.get_attribute("html", "data-hcards-status") is None


@pytest.mark.parametrize("tamper", [False, True])
def test_wheel_checksum_is_enforced(page, server, tamper):
    """A wheel that does not match the sha256 in the served lock file is refused (the same
    wheel passed through unchanged loads: the failure is the checksum, not the routing)."""
    def serve_wheel(route):
        body = bytearray(route.fetch().body())
        if tamper:
            body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/octet-stream"})

    page.route("**/assets/pyodide/hcards_core-*.whl", serve_wheel)
    page.goto(server)
    page.evaluate("window.hcards.start()")
    page.wait_for_selector("html[data-hcards-status=failed]" if tamper else READY)
    assert page.locator(".hcards-status").get_attribute("data-status") == ("failed" if tamper else "ready")
