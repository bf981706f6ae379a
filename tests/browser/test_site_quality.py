"""The site's quality in a real browser, every page type in every language (issue 6):

- accessibility: axe-core (from npm, injected from node_modules, never a CDN) finds no violation
  of any impact (minor to critical, best practices such as heading-order and landmark-unique
  included) on any page type in any language, prerendered (at a desktop's and a phone's width)
  and once Python is ready and each widget has answered; card images have text alternatives; a walkthrough's controls and a rules page's clause permalinks
  work with the keyboard alone;
- search finds the right page in each language (Japanese through its segmenter, Persian,
  Hungarian and Romanian with and without accents);
- Persian reads right to left, rows of cards too (numbered), while clause ids and the card
  table's seats stay left to right (screenshots of a Persian and an English rules page);
- nothing is requested from outside 127.0.0.1 (the `context` guard of conftest.py), and no
  request to the site fails (a missing asset, a sitemap fetch);
- a rules page prints without header, navigation and sidebars, with its clause ids.

Python is kept from starting (the runtime starts it when the browser is idle) except in the
tests that need it, so the ~55 page loads of the axe matrix stay quick.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

LANGS = ("en", "hu", "ro", "fa", "ja")
GAMES = ("zsiros", "filicau", "ferbli")
SITE_PAGES = {"home": "", "cards": "cards/", "glossary": "glossary/", "teachers": "teachers/",
              "sources": "sources/", "checker": "checker/"}
GAME_PAGES = {"overview": "", "rules": "rules/", "variants": "variants/",
              "walkthroughs": "walkthroughs/", "exercises": "exercises/"}
KINDS = (*SITE_PAGES, *GAME_PAGES)
READY = "html[data-hcards-status=ready]"
PHONE = {"width": 390, "height": 844}
NO_IDLE_START = "window.requestIdleCallback = () => 0;"  # Python starts only when asked


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


def page_path(kind: str, lang: str) -> str:
    """A page of that kind; the game varies with the language so every game is covered."""
    if kind in SITE_PAGES:
        return prefix(lang) + SITE_PAGES[kind]
    game = GAMES[(LANGS.index(lang) + KINDS.index(kind)) % len(GAMES)]
    return f"{prefix(lang)}{game}/{GAME_PAGES[kind]}"


@pytest.fixture(scope="session")
def axe_source() -> str:
    assert AXE_JS.is_file(), "axe-core missing: run scripts/setup (npm ci)"
    return AXE_JS.read_text("utf-8")


@pytest.fixture
def failed(page):
    """Requests to the site that failed (HTTP 4xx/5xx), recorded for the whole test."""
    bad: list[str] = []
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    return bad


@pytest.fixture
def quiet(page, failed):
    """A page on which Python never starts by itself."""
    page.add_init_script(NO_IDLE_START)
    return page


def run_axe(page, axe_source: str) -> list[dict]:
    """axe-core's violations of every impact on the page as it is now (its default rules: WCAG A
    and AA plus best practices). No allow-list: every finding so far had its cause in our own
    templates, widgets, CSS or pages, or in a Material partial we override."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    violations = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
    }""")
    return violations


def describe(violations: list[dict]) -> str:
    return "\n".join(f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
                     for v in violations)


# ---------------------------------------------------------------- accessibility, outside requests


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_axe_finds_no_violation(quiet, server, failed, axe_source, kind, lang):
    page = quiet
    path = page_path(kind, lang)
    page.goto(server + path)
    assert page.get_attribute("html", "lang") == lang
    assert page.get_attribute("body", "dir") == ("rtl" if lang == "fa" else "ltr")
    # every card drawing has a text alternative
    missing_alt = page.eval_on_selector_all("img.hc-card", "els => els.filter(e => !(e.alt || '').trim()).length")
    assert missing_alt == 0, f"{path}: {missing_alt} card images without alt text"
    violations = run_axe(page, axe_source)
    assert not violations, f"{path}: axe found\n{describe(violations)}"
    # on a phone, Material shows other parts (the navigation drawer's section labels, the page's
    # table of contents inside the navigation)
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    page.set_viewport_size(PHONE)  # no transition: axe sees the phone layout, not a blend
    violations = run_axe(page, axe_source)
    assert not violations, f"{path} on a phone: axe found\n{describe(violations)}"
    assert not failed, f"{path}: failed requests {failed}"
    # the `context` fixture fails the test on any request that left 127.0.0.1


def use_widget(page, kind: str):
    """Make the page's widget answer through Python, so axe sees what the learner sees."""
    if kind == "home":       # the card-names form
        page.locator(".hcards-form button").click()
        page.locator(".hcards-output .hcards-cards li").first.wait_for()
    elif kind == "walkthroughs":
        # the player asks the core for the live table with the legal moves as buttons; a step
        # on, one of them tried opens the what-if panel (a heading of its own)
        walk = page.locator(".hc-walkthrough").first
        page.wait_for_function("[...document.querySelectorAll('.hc-walkthrough select')].some(s => !s.disabled)")
        walk.locator(".hc-controls .md-button--primary").click()
        move = walk.locator(".hc-current [data-action]").first
        move.wait_for()
        move.click()
        walk.locator(".hc-whatif:not([hidden])").wait_for()
    elif kind == "exercises":  # the first exercise answered, right or wrong
        ex = page.locator(".hc-exercise").first
        if ex.locator(".hc-ex-check").count():
            ex.locator("input[type=radio]").first.check()
            ex.locator(".hc-ex-check").click()
        else:
            ex.locator(".hc-ex-board [data-action]").first.click()
        page.wait_for_function("(id) => document.querySelector(`#${id} .hc-ex-feedback`).dataset.correct",
                               arg=ex.get_attribute("id"))
    elif kind == "checker":    # a case from the library, opened: the ruling and its table
        page.locator(".hc-open-case").first.click()
        page.locator(".hc-ck-output .hc-ck-table .hc-table").wait_for()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["home", "walkthroughs", "exercises", "checker"])
def test_with_python_ready(page, server, failed, outside, axe_source, kind, lang):
    """The pages with a Python widget, once the worker has booted and the widget has answered:
    still no outside request, no failed one, no axe violation."""
    path = page_path(kind, lang)
    page.goto(server + path)
    page.evaluate("window.hcards.start()")
    page.wait_for_selector(READY, timeout=60_000)
    use_widget(page, kind)
    assert any("/assets/pyodide/" in u for u in outside.local)
    violations = run_axe(page, axe_source)
    assert not violations, f"{path} with Python ready: axe found\n{describe(violations)}"
    assert not failed, f"{path}: failed requests {failed}"


def test_language_switching_requests_no_missing_sitemap(quiet, server, failed):
    """Material fetches ``sitemap.xml`` next to a page's ``<link rel=alternate hreflang>``
    translations to remap the page on a language switch (ARCHITECTURE §7). The runtime hook
    drops those head links (the selector's own links already point at the same page in each
    language), so no language folder's sitemap is requested and none 404s; switching keeps the
    reader's page. (Instant navigation reads the root ``sitemap.xml``, which the build writes,
    once per full page load; hcards-runtime.js routes the links itself.)"""
    page = quiet
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlsplit(r.url).path) if "sitemap" in r.url else None)
    for path in ("", "zsiros/rules/", "fa/filicau/variants/"):
        page.goto(server + path)
        page.wait_for_load_state("networkidle", timeout=120_000)  # the home page boots the rules engine
    page.goto(server + "zsiros/rules/")
    page.locator(".md-header [hreflang=hu]").first.dispatch_event("click")
    page.wait_for_url(re.compile(r"/hu/zsiros/rules/"))
    page.wait_for_load_state("networkidle")
    assert page.get_attribute("html", "lang") == "hu"
    assert set(asked) <= {"/sitemap.xml"}, f"sitemap requests: {asked}"
    assert not failed, f"failed requests {failed}"


# ---------------------------------------------------------------- keyboard


def tab_to(page, selector: str, limit: int = 400, back: bool = False) -> str:
    """Press Tab (Shift+Tab) until the focused element matches ``selector``; its outerHTML."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return page.evaluate("document.activeElement.outerHTML")
    raise AssertionError(f"{selector} never got the keyboard focus in {limit} presses")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_walkthrough_works_with_the_keyboard(quiet, server, lang):
    page = quiet
    page.goto(server + prefix(lang) + "zsiros/walkthroughs/")
    walk = page.locator(".hc-walkthrough").first
    counter = walk.locator(".hc-counter")
    first = counter.inner_text()
    n = lambda: int(re.findall(r"\d+", counter.inner_text().translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")))[0])  # noqa: E731
    assert n() == 1, first
    tab_to(page, ".hc-walkthrough .md-button--primary")        # "next"
    page.keyboard.press("Enter")
    assert n() == 2
    tab_to(page, ".hc-walkthrough .md-button--primary")        # focus went to the player; back to "next"
    page.keyboard.press("Space")
    assert n() == 3
    tab_to(page, ".hc-walkthrough .hc-controls .md-button:not(.md-button--primary)", back=True)  # "previous"
    page.keyboard.press("Enter")
    assert n() == 2
    # the arrow keys step through, forward being the reading direction
    page.keyboard.press("ArrowLeft" if lang == "fa" else "ArrowRight")
    assert n() == 3
    page.keyboard.press("ArrowRight" if lang == "fa" else "ArrowLeft")
    assert n() == 2
    # the step permalink is reachable and opens that step
    wid = walk.get_attribute("id") or ""
    tab_to(page, ".hc-walkthrough .hc-permalink")
    page.keyboard.press("Enter")
    page.wait_for_function("(h) => location.hash.endsWith(h)", arg="-2")
    assert n() == 2, wid
    # the view selector is reachable (disabled until Python is ready, so not in the tab order yet)
    assert walk.locator(".hc-controls select").count() == 1


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_clause_permalinks_work_with_the_keyboard(quiet, server, lang):
    page = quiet
    page.goto(server + prefix(lang) + "zsiros/rules/")
    ids = page.eval_on_selector_all("a.hc-clause-id", "els => els.map(e => e.getAttribute('href'))")
    assert len(ids) > 10
    seen = []
    for _ in range(2):
        # following a permalink moves the focus start to its clause, whose badge comes next:
        # tab on to the following clause's badge
        html = tab_to(page, "a.hc-clause-id" + "".join(f":not([href='{h}'])" for h in seen))
        href = re.search(r'href="([^"]+)"', html).group(1)
        fragment = "#" + href.split("#", 1)[1]  # instant navigation makes every href absolute
        page.keyboard.press("Enter")
        page.wait_for_function("(h) => location.hash === h", arg=fragment)
        assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") == fragment[1:]
        seen.append(href)
    assert seen == ids[:2], "the clause permalinks are reached in document order"


# ---------------------------------------------------------------- search

SEARCHES = {
    "en": [("besszer", "ferbli/rules/"), ("trumps", "filicau/rules/"), ("hitting", "zsiros/rules/")],
    "hu": [("felső", "hu/cards/"), ("felso", "hu/cards/"), ("kóstáltatás", "hu/ferbli/rules/"),
           ("kostaltatas", "hu/ferbli/rules/")],
    "ro": [("atuul", "ro/filicau/rules/"), ("cărțile", "ro/cards/"), ("cartile", "ro/cards/")],
    "fa": [("فربلی", "fa/ferbli/"), ("ورق", "fa/cards/"), ("حکم", "fa/filicau/rules/")],
    "ja": [("フェルブリ", "ja/ferbli/"), ("切り札", "ja/filicau/rules/")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_the_page(quiet, server, lang):
    page = quiet
    page.goto(server + prefix(lang))
    field = page.locator(".md-search__input")
    field.click()
    misses = []
    for query, expected in SEARCHES[lang]:
        field.fill(query)
        field.press("End")  # fill() with non-ASCII text sends no key event
        page.wait_for_function(
            "(q) => document.querySelector('.md-search-result__list > li') || "
            "/\\b0\\b|no |nincs|niciun|یافت نشد|ありません/i.test(document.querySelector('.md-search-result__meta').textContent)",
            arg=query, timeout=15_000)
        page.wait_for_timeout(200)
        links = page.eval_on_selector_all(".md-search-result__item > a", "els => els.map(e => e.href)")
        paths = [unquote(urlsplit(u).path).lstrip("/") for u in links[:12]]
        if expected not in paths:
            misses.append(f"{query!r}: expected {expected}, got {paths[:6]}")
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_search_index_waits_for_the_reader_and_is_the_page_language(quiet, server, lang):
    """A page load fetches no search index (it weighs 240–360 KB per language); turning to the
    search box fetches only the page language's part, and results come from that language."""
    page = quiet
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlsplit(r.url).path) if "search_index" in r.url else None)
    page.goto(server + prefix(lang) + "zsiros/rules/")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    assert asked == [], f"search index fetched before any search: {asked}"
    page.locator(".md-search__input").click()
    page.wait_for_function("() => document.querySelector('.md-search-result__meta')?.textContent.trim()")
    assert asked == [f"/search/search_index.{lang}.json"], asked
    field = page.locator(".md-search__input")
    field.fill("Zsíros")
    field.press("End")
    page.wait_for_selector(".md-search-result__item > a")
    links = page.eval_on_selector_all(".md-search-result__item > a", "els => els.map(e => e.href)")
    langs = {("en" if urlsplit(u).path.split("/")[1] not in LANGS else urlsplit(u).path.split("/")[1]) for u in links}
    assert langs == {lang}, links[:5]


# ---------------------------------------------------------------- right to left


def direction(page, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(selector, "els => els.map(e => getComputedStyle(e).direction)"))


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_rules_page_screenshot_and_direction(quiet, server, tmp_path, lang):
    page = quiet
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + prefix(lang) + "zsiros/rules/")
    article = "rtl" if lang == "fa" else "ltr"
    assert direction(page, "article.md-content__inner") == {article}
    assert direction(page, "article .hc-clause") == {article}
    # a row of cards is an order: it runs in the reading direction (issue 20 item 6)
    assert direction(page, ".hc-cards:has(img + img), .hc-cards:has(.hc-card-at + .hc-card-at)") == {article}
    assert direction(page, "a.hc-clause-id") == {"ltr"}
    # the first clause with cards, with its clause id, on the screenshot
    clause = page.locator(".hc-clause:has(.hc-cards)").first
    clause.scroll_into_view_if_needed()
    # a Persian clause starts at the right: its id badge sits right of its text
    badge = clause.locator("a.hc-clause-id").first.bounding_box()
    box = clause.bounding_box()
    if lang == "fa":
        assert badge["x"] + badge["width"] > box["x"] + box["width"] * 0.8
    else:
        assert badge["x"] < box["x"] + box["width"] * 0.2
    top = tmp_path / f"rules-{lang}-top.png"
    shot = tmp_path / f"rules-{lang}-clause.png"
    page.screenshot(path=str(top))
    clause.screenshot(path=str(shot))
    # and a walkthrough's card table, which never mirrors
    page.goto(server + prefix(lang) + "zsiros/walkthroughs/")
    assert direction(page, "article.md-content__inner") == {article}
    assert direction(page, ".hc-table") == {"ltr"}  # the seats keep playing order
    assert direction(page, ".hc-table .hc-hand") == {article}  # a hand reads as the page does
    table = page.locator(".hc-walkthrough .hc-current .hc-table").first
    table_shot = tmp_path / f"walkthrough-{lang}-table.png"
    table.screenshot(path=str(table_shot))
    for png in (top, shot, table_shot):
        colours = distinct_colours(page, png)
        assert colours > 20, f"{png} looks blank ({colours} colours)"
    print(f"screenshots: {top} {shot} {table_shot}")


def distinct_colours(page, png: Path) -> int:
    """Distinct colours of a screenshot (decoded by the browser itself into a canvas)."""
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG")
    return page.evaluate("""async (b64) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth; c.height = img.naturalHeight;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < px.length && seen.size < 1000; i += 4) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
      return seen.size;
    }""", base64.b64encode(data).decode())


# ---------------------------------------------------------------- print


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_rules_page_prints_cleanly(quiet, server, lang):
    page = quiet
    page.goto(server + prefix(lang) + "ferbli/rules/")
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-footer",
                     ".md-search", ".md-typeset .headerlink"):
        shown = page.eval_on_selector_all(selector, "els => els.filter(e => getComputedStyle(e).display !== 'none').length")
        assert shown == 0, f"{selector} is printed"
    ids = page.locator("a.hc-clause-id")
    assert ids.count() > 10
    assert page.eval_on_selector_all(
        "a.hc-clause-id", "els => els.every(e => getComputedStyle(e).display !== 'none' && e.getClientRects().length)")
    assert ids.first.is_visible()
    # the content uses the page's width
    assert page.eval_on_selector("article.md-content__inner", "e => e.getBoundingClientRect().width") > 0.8 * \
        page.evaluate("document.documentElement.clientWidth")
    page.emulate_media(media="screen")
    assert page.locator(".md-header").is_visible()
