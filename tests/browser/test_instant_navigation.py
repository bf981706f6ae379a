"""Python once per visit: links within a language open by instant navigation, the document
and its Python worker stay, and every widget of the new page works (the runtime's own, the
walkthroughs of extra_javascript, the exercises and checker scripts a hook prints into the
content, whose data blocks must survive the swap). A link into another language loads in
full (lang, dir); the search still leads to its pages; Back returns to a working page."""

from __future__ import annotations

READY = "html[data-hcards-status=ready]"


def follow(page, href_end: str, widget: str | None = None):
    """Click the first link whose href ends with ``href_end``; wait for the new content (and
    for ``widget`` there to have had its first answer from Python)."""
    page.evaluate("window.__container = document.querySelector('[data-md-component=container]')")
    page.evaluate("(end) => [...document.querySelectorAll('a[href]')].find((a) => a.href.endsWith(end)).click()", href_end)
    page.wait_for_function("document.querySelector('[data-md-component=container]') !== window.__container")
    assert page.url.endswith(href_end)
    if widget:
        page.wait_for_selector(f"{widget}[data-hcards-answered]")


def answer_first_choice(page):
    """Answer the page's first choice exercise; its feedback comes from the core."""
    section = page.locator(".hc-exercise:has(input[type=radio])").first
    section.locator("input[type=radio]").first.check()
    section.locator(".hc-ex-check").click()
    page.wait_for_function("(id) => ['0', '1'].includes(document.querySelector(`#${id} .hc-ex-feedback`).dataset.correct)",
                           arg=section.get_attribute("id"))


def test_the_worker_stays_across_pages_and_every_widget_works(page, server):
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    page.goto(server + "zsiros/exercises/")
    page.wait_for_selector(READY)
    page.wait_for_selector(".hc-exercise[data-hcards-answered]")
    page.evaluate("window.__visit = 'same document'")

    follow(page, "filicau/walkthroughs/", ".hc-walkthrough")  # extra_javascript's module, again
    # the new page's own listeners live, set up with its signal, not the last page's: a step's
    # link in the address bar shows that step (the walkthrough's hashchange listener)
    step = page.locator(".hc-walkthrough").first.locator(".hc-step").nth(2).get_attribute("id")
    page.evaluate("(id) => location.replace('#' + id)", step)  # no history entry
    page.wait_for_function("(id) => document.getElementById(id).classList.contains('hc-current')", arg=step, timeout=10_000)
    page.locator(".hc-walkthrough").first.locator(".hc-controls .md-button--primary").click()
    follow(page, "ferbli/exercises/", ".hc-exercise")  # a module the hook prints, again
    assert page.locator("script.hc-data").count() == page.locator(".hc-exercise").count()
    answer_first_choice(page)
    follow(page, "checker/")
    page.wait_for_selector(".hc-checker #hc-ck-game")  # the checker module ran for this page
    # the new page's own listeners live, set up with its signal, not the last page's: a case's
    # link in the address bar opens it (the checker's hashchange listener)
    page.evaluate("location.replace('#case=ferbli-blind-must-raise')")  # no history entry
    page.locator(".hc-ck-table .hc-amount-act input.hc-amount").wait_for(timeout=15_000)

    assert page.evaluate("window.__visit") == "same document"
    assert page.evaluate("performance.getEntriesByName('hcards:start', 'mark').length") == 1
    assert len(wasm) == 1, f"Pyodide was downloaded {len(wasm)} times"
    assert page.get_attribute("html", "data-hcards-status") == "ready"

    page.go_back()  # Material restores the previous page; its widgets work again
    page.wait_for_selector(".hc-exercise[data-hcards-answered]")
    assert page.url.endswith("ferbli/exercises/")
    answer_first_choice(page)
    assert page.evaluate("window.__visit") == "same document"


def test_home_demo_after_navigation_and_no_python_word(page, server):
    page.goto(server + "zsiros/rules/")
    page.evaluate("document.querySelector('a.md-logo').click()")  # the header's link home: instant too
    page.wait_for_selector("[data-hcards=card-names] input")
    widget = page.locator("[data-hcards=card-names]")
    widget.locator("input").fill("Oa Xh 7l")
    widget.locator("button[type=submit]").click()
    page.wait_for_selector(READY, timeout=120_000)  # the first boot of the visit (slow on a busy machine)
    widget.locator(".hcards-cards li").first.wait_for()
    assert widget.locator(".hcards-cards li").count() == 3
    for text in page.locator(".hcards-status, .hcards-progress").all_inner_texts():
        assert "Python" not in text


def test_another_language_loads_in_full_and_the_selector_follows(page, server):
    page.goto(server + "zsiros/")
    follow(page, "zsiros/rules/")
    page.evaluate("window.__visit = 'same document'")
    link = page.locator(".md-select__link[hreflang=fa]")
    assert link.get_attribute("href").endswith("fa/zsiros/rules/")  # the page shown, not the first one
    with page.expect_navigation():
        page.evaluate("document.querySelector('.md-select__link[hreflang=fa]').click()")
    assert page.url.endswith("fa/zsiros/rules/")
    assert page.get_attribute("html", "lang") == "fa"
    assert page.get_attribute("body", "dir") == "rtl"
    assert page.evaluate("window.__visit") is None
    follow(page, "fa/cards/")  # within Persian: instant again, still right to left
    assert page.get_attribute("body", "dir") == "rtl"


def test_search_after_instant_navigation(page, server):
    page.goto(server)
    follow(page, "zsiros/")
    page.evaluate("window.__visit = 'same document'")
    field = page.locator(".md-search__input")
    field.click()
    field.fill("trumps")
    field.press("End")
    page.wait_for_selector(".md-search-result__item > a")
    page.evaluate("window.__container = document.querySelector('[data-md-component=container]')")
    page.locator(".md-search-result__item > a").first.click()
    page.wait_for_function("document.querySelector('[data-md-component=container]') !== window.__container")
    assert page.evaluate("window.__visit") == "same document"
    assert "/rules/" in page.url or "/filicau/" in page.url
