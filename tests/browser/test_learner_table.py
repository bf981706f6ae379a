"""The learner's table in a real browser (issue 20 items 3, 6, 8, 9):

- on a phone (390×844, touch) every walkthrough step and every exercise shows its controls, the
  learner's hand and the current trick in one viewport, and the Ferbli ranking table is short;
- Persian card rows run right to left and are numbered, clause ids never break, clause badges
  carry no list bullet;
- the guided path: the navigation in learning order (the overview in the phone drawer's game
  list), a next step at the end of every page and walkthrough, a disabled button that looks it,
  right and wrong feedback in different colours, the progress page, the site's own 404 page;
- cards that can be clicked look it, and the focus stays on the table after a keyboard what-if.

The viewport checks are counted and printed (``-s`` shows them).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import tutorial_data as data  # noqa: E402

READY = "html[data-hcards-status=ready]"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
GAMES = ("zsiros", "filicau", "ferbli")
WALKTHROUGHS = data.load_kind("walkthroughs")
EXERCISES = data.load_kind("exercises")
ORDER = ("", "walkthroughs/", "exercises/", "play/", "puzzles/", "drills/", "rules/", "variants/")


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.fixture
def phone(guarded, outside):
    """A page in a phone-sized, touch browser context, with conftest's request guard."""
    ctx = guarded(**PHONE)
    p = ctx.new_page()
    p.set_default_timeout(30_000)
    yield p
    ctx.close()
    assert not outside.requests, f"requests left the machine: {outside.requests}"
    assert not outside.failed, f"failed requests: {outside.failed}"


# What is on screen: the boxes of the controls, the learner's hand (the seat to act, else the
# followed seat, else seat A) and the trick, and whether each lies inside the viewport below the
# sticky header. Returns {name: [top, bottom, inside]}.
MEASURE = """([rootSel, controlSel]) => {
  const root = document.querySelector(rootSel);
  const vh = window.innerHeight;
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const table = root.querySelector('.hc-step.hc-current .hc-table, .hc-ex-board .hc-table');
  const out = {};
  const put = (name, el) => {
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (!r.height) return;
    out[name] = [Math.round(r.top), Math.round(r.bottom), r.top >= header - 1 && r.bottom <= vh + 1];
  };
  put('controls', root.querySelector(controlSel));
  if (table) {
    const seat = table.querySelector('.hc-seat--to-act') || table.querySelector('.hc-seat--own')
      || table.querySelector('.hc-seat[data-seat="0"]');
    if (seat && seat.querySelector('.hc-hand img')) put('hand', seat.querySelector('.hc-hand'));
    put('trick', table.querySelector('.hc-center'));
    out.table_height = Math.round(table.getBoundingClientRect().height);
  } else {
    put('cards', root.querySelector('.hc-ex-board'));
  }
  return out;
}"""


def fits(box: dict) -> list[str]:
    """Names of the measured parts that are not inside the viewport."""
    return [name for name, v in box.items() if name != "table_height" and not v[2]]


class Tally:
    checks = 0


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game", GAMES)
def test_walkthrough_steps_fit_a_phone_screen(phone, server, lang, game):
    """Every step of every walkthrough, once the core draws the tables: after Next, with the
    current table scrolled into view, the Next button, the hand and the trick are all visible."""
    page = phone
    page.goto(f"{server}{prefix(lang)}{game}/walkthroughs/")
    page.wait_for_selector(READY, timeout=60_000)
    passed = 0
    for w in (w for w in WALKTHROUGHS if w["game"] == game):
        wid = w["id"]
        root = f"#{wid}"
        for n in range(1, len(w["steps"]) + 1):
            if n > 1:
                page.locator(f"{root} .hc-controls .md-button--primary").tap()
            page.wait_for_selector(f'{root}[data-live-step="{n}"]')
            page.evaluate(f"document.querySelector('{root} .hc-step.hc-current .hc-table')"
                          ".scrollIntoView({block: 'end'})")
            box = page.evaluate(MEASURE, [root, ".hc-controls .md-button--primary"])
            assert {"controls", "trick"} <= box.keys(), (wid, n, box)
            assert not fits(box), f"{wid} step {n} ({lang}): {fits(box)} off screen: {box}"
            assert box["table_height"] < 600, (wid, n, box)
            passed += 1
    Tally.checks += passed
    print(f"\nviewport checks passed: {passed} walkthrough steps ({game}, {lang}); total so far {Tally.checks}")


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game", GAMES)
def test_exercises_fit_a_phone_screen(phone, server, lang, game):
    """Every exercise opened by its link: its answer controls (the Check button, or the moves at
    the table), the hand and the trick (or the cards to judge) in one screen."""
    page = phone
    page.goto(f"{server}{prefix(lang)}{game}/exercises/")
    passed = 0
    for ex in (e for e in EXERCISES if e["game"] == game):
        eid = ex["id"]
        page.evaluate(f"document.getElementById('{eid}').scrollIntoView({{block: 'start'}})")
        page.wait_for_timeout(50)
        control = ".hc-ex-check" if ex["kind"] == "choice" else ".hc-ex-board [data-action]"
        box = page.evaluate(MEASURE, [f"#{eid}", control])
        assert "controls" in box, (eid, box)
        if ex["kind"] == "move":
            assert box.get("hand") or box.get("trick"), (eid, box)
        assert not fits(box), f"{eid} ({lang}): {fits(box)} off screen: {box}"
        passed += 1
    Tally.checks += passed
    print(f"\nviewport checks passed: {passed} exercises ({game}, {lang}); total so far {Tally.checks}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ferbli_ranking_table_is_short_on_a_phone(phone, server, lang):
    page = phone
    page.goto(f"{server}{prefix(lang)}ferbli/")
    table = page.locator("article table:has(.hc-cards)").first
    height = table.evaluate("t => t.getBoundingClientRect().height")
    assert height < 700, f"the ranking table is {height:.0f} px tall on a phone"
    # each example hand stays on one line
    rows = table.evaluate("t => [...t.querySelectorAll('.hc-cards')].map(g => new Set([...g.querySelectorAll('img')]"
                          ".map(i => Math.round(i.getBoundingClientRect().top))).size)")
    assert rows and set(rows) == {1}, rows


def test_phone_table_collapses_the_other_seats(phone, server):
    page = phone
    page.goto(f"{server}filicau/walkthroughs/#filicau-follow-suit-2")
    table = page.locator("#filicau-follow-suit .hc-step.hc-current .hc-table")
    sizes = table.evaluate("""t => [...t.querySelectorAll('.hc-seat')].map(s => ({
        act: s.classList.contains('hc-seat--to-act'),
        rows: new Set([...s.querySelectorAll('.hc-hand img')].map(i => Math.round(i.getBoundingClientRect().top))).size,
        w: Math.round(s.querySelector('.hc-hand img').getBoundingClientRect().width)}))""")
    own = [s for s in sizes if s["act"]]
    others = [s for s in sizes if not s["act"]]
    # eight cards in one row of 390 px: the learner's cards shrink to fit, never wrap
    assert len(own) == 1 and own[0]["rows"] == 1 and own[0]["w"] >= 34, sizes
    assert others and all(s["rows"] == 1 and s["w"] <= 26 for s in others), sizes


# ---------------------------------------------------------------- Persian reading order


def test_persian_card_rows_read_right_to_left_numbered(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{server}fa/filicau/exercises/")
    # the dealer's cards in the order received: the first card is the rightmost, numbered ۱
    row = page.locator("#filicau-trump-overs .hc-ex-cards")
    items = row.evaluate("""ol => [...ol.children].map(li => ({
        x: li.getBoundingClientRect().left, n: getComputedStyle(li, '::after').content}))""")
    xs = [i["x"] for i in items]
    assert xs == sorted(xs, reverse=True), xs
    # numbered by a CSS counter in Persian digits (the browser reports the counter, not its text)
    assert all(i["n"] == "counter(hc-order, persian)" for i in items), items
    # a row of cards in prose: right to left, numbered by the Markdown extension
    page.goto(f"{server}fa/filicau/")
    group = page.locator(".hc-cards--ordered").first
    slots = group.evaluate("""g => [...g.querySelectorAll('.hc-card-at')].map(s => ({
        x: s.getBoundingClientRect().left, n: s.querySelector('.hc-card-n').textContent}))""")
    assert len(slots) > 1 and [s["x"] for s in slots] == sorted((s["x"] for s in slots), reverse=True), slots
    assert slots[0]["n"] == "۱"
    # a table's trick in reading order too, while the seats keep playing order (B right of A)
    page.goto(f"{server}fa/filicau/walkthroughs/")
    wt = page.locator(".hc-walkthrough").first
    for _ in range(6):
        if wt.locator(".hc-current .hc-round li").count() >= 2:
            break
        wt.locator(".hc-controls .md-button--primary").click()
    plays = wt.locator(".hc-current .hc-round").first.evaluate(
        "r => [...r.children].map(li => li.getBoundingClientRect().left)")
    assert len(plays) >= 2 and plays == sorted(plays, reverse=True), plays
    a = wt.locator('.hc-current .hc-seat[data-seat="0"]').bounding_box()
    b = wt.locator('.hc-current .hc-seat[data-seat="1"]').bounding_box()
    assert b["x"] > a["x"]


def test_clause_ids_never_break_and_have_no_bullets(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}fa/filicau/walkthroughs/")
    shown = ":is(.hc-walkthrough-intro, .hc-current .hc-narration) .hc-id"
    assert page.locator(shown).count() > 2
    lines = page.eval_on_selector_all(shown, "els => els.map(e => e.getClientRects().length)")
    assert set(lines) == {1}, lines  # one box each: no id is split across two lines
    for lang in ("fa",):  # the Persian rules write their clauses as list items
        page.goto(f"{server}{prefix(lang)}zsiros/rules/")
        markers = page.eval_on_selector_all(
            "ul > li.hc-clause", "els => els.map(e => getComputedStyle(e).listStyleType + '|' + getComputedStyle(e, '::marker').content)")
        assert markers and all(m.startswith("none") for m in markers), markers[:3]


# ---------------------------------------------------------------- the guided path


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_navigation_in_learning_order_and_next_steps(page, server, lang):
    page.set_viewport_size({"width": 1280, "height": 900})
    path = [""] + [f"{g}/{p}" for g in GAMES for p in ORDER] + ["progress/"]
    page.goto(f"{server}{prefix(lang)}")
    hrefs = page.eval_on_selector_all(".md-sidebar--primary a.md-nav__link",
                                      "els => els.map(a => new URL(a.href).pathname)")
    base = f"/{prefix(lang)}"
    listed = [h[len(base):] for h in hrefs if h.startswith(base)]
    positions = [listed.index(p) for p in path]
    assert positions == sorted(positions), listed
    # the review deck right after the progress page, the Class page right after the teachers'
    assert listed[listed.index("progress/") + 1] == "review/" and listed[listed.index("teachers/") + 1] == "class/", listed
    # every page on the path ends with a "next step" link to the page after it
    label = data.text(lang, "guide", "next_step")
    for here, there in zip(path, path[1:]):
        page.goto(f"{server}{prefix(lang)}{here}")
        box = page.locator("article .hc-next-step").last
        assert label in box.inner_text()
        target = box.locator("a").get_attribute("href")
        assert page.evaluate("(h) => new URL(h, location.href).pathname", target) == f"{base}{there}", (here, target)
    # a reference page points to the progress page
    page.goto(f"{server}{prefix(lang)}glossary/")
    target = page.locator("article .hc-next-step a").get_attribute("href")
    assert page.evaluate("(h) => new URL(h, location.href).pathname", target) == f"{base}progress/"


def test_phone_drawer_lists_the_overview(phone, server):
    page = phone
    page.goto(f"{server}ja/ferbli/rules/")
    page.locator("label.md-header__button[for='__drawer']").tap()
    links = page.locator(".md-nav--primary .hc-nav-index a")
    paths = links.evaluate_all("els => els.map(a => new URL(a.href).pathname)")
    overview = links.nth(next(i for i, p in enumerate(paths) if p.endswith("/ja/ferbli/")))
    overview.wait_for(state="visible")  # the open game's list starts with its overview
    overview.tap()
    page.wait_for_url("**/ja/ferbli/")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_walkthrough_end_feedback_colours_and_progress(page, server, lang):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{server}{prefix(lang)}zsiros/exercises/")
    page.wait_for_selector(READY, timeout=60_000)
    ex = page.locator("#zsiros-last-hit")
    feedback = ex.locator(".hc-ex-feedback")
    colour = "e => getComputedStyle(e).borderInlineStartColor + '|' + getComputedStyle(e).backgroundColor"
    ex.locator("input[value='C']").check()
    ex.locator(".hc-ex-check").click()
    ex.locator(".hc-ex-feedback .hc-ex-wrong").wait_for()
    wrong = feedback.evaluate(colour)
    ex.locator("input[value='D']").check()
    ex.locator(".hc-ex-check").click()
    ex.locator(".hc-ex-feedback .hc-ex-right").wait_for()
    right = feedback.evaluate(colour)
    assert wrong != right and "46, 125, 50" in right and "183, 28, 28" in wrong, (wrong, right)
    # a walkthrough stepped to its end: a disabled Next that looks it, and the next step
    wid = "zsiros-multiple-trick"
    total = len(next(w for w in WALKTHROUGHS if w["id"] == wid)["steps"])
    page.goto(f"{server}{prefix(lang)}zsiros/walkthroughs/#{wid}-{total}")
    nxt = page.locator(f"#{wid} .hc-controls .md-button--primary")
    assert nxt.is_disabled()
    look = nxt.evaluate("b => [getComputedStyle(b).opacity, getComputedStyle(b).cursor]")
    assert float(look[0]) < 0.6 and look[1] == "not-allowed", look
    box = page.locator(f"#{wid} .hc-step.hc-current .hc-next-step")
    assert box.is_visible()
    # the next walkthrough, on this page (instant navigation makes every link absolute)
    target = box.locator("a").evaluate("a => [new URL(a.href).pathname === location.pathname, new URL(a.href).hash]")
    assert target == [True, "#zsiros-no-fourth-round-1"], target
    # the progress page: one walkthrough and one exercise done, continue with the second walkthrough
    page.goto(f"{server}{prefix(lang)}progress/")
    game = page.locator('.hc-progress-game[data-game="zsiros"]')
    counts = game.locator(".hc-progress-count").all_inner_texts()
    assert counts == [data.fill(lang, data.text(lang, "guide", "progress_walkthroughs"), done=1, total=3),
                      data.fill(lang, data.text(lang, "guide", "progress_exercises"), done=1, total=11)], counts
    assert game.locator(f'.hc-progress-done[data-id="{wid}"]').count() == 1
    assert game.locator('.hc-progress-done[data-id="zsiros-last-hit"]').count() == 1
    cont = page.locator(".hc-progress-continue")
    assert data.text(lang, "guide", "progress_continue") in cont.inner_text()
    assert cont.locator("a").get_attribute("href").endswith("zsiros/walkthroughs/#zsiros-no-fourth-round-1")


def test_the_site_404_page_from_static_server(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    for url in (f"{server}no/such/page/", f"{server}mirror/hcards/zsiros/nothing-here"):
        response = page.goto(url)
        assert response.status == 404
        assert page.locator("article h1").inner_text() == "404 - Not found"
        # the site's theme, not Python's bare "Error response" page
        assert page.locator(".md-header").is_visible()
        assert "rgb(" in page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    ctx.close()


# ---------------------------------------------------------------- cards


def test_clickable_cards_look_clickable_and_keyboard_keeps_focus(page, server):
    page.set_viewport_size({"width": 1280, "height": 900})
    wid = "zsiros-no-fourth-round"
    page.goto(f"{server}zsiros/walkthroughs/#{wid}-1")
    page.locator(f"#{wid}").focus()
    page.wait_for_selector(f'#{wid}[data-live-step="1"]', timeout=60_000)
    button = page.locator(f"#{wid} .hc-current button.hc-card-btn").first
    look = button.evaluate("b => [getComputedStyle(b).cursor, getComputedStyle(b.querySelector('img')).boxShadow]")
    assert look[0] == "pointer" and look[1] != "none", look
    plain = page.locator(f"#{wid} .hc-current .hc-seat:not(.hc-seat--to-act) img").first
    assert plain.evaluate("i => getComputedStyle(i).boxShadow") != look[1]
    button.focus()
    page.keyboard.press("Enter")
    page.locator(f"#{wid} .hc-whatif").wait_for()
    page.wait_for_function(f"document.activeElement && document.activeElement.closest('#{wid} .hc-table [data-action], #{wid} .hc-whatif button')")
    page.keyboard.press("ArrowRight")  # the arrow keys still step the walkthrough
    page.wait_for_function(f"location.hash === '#{wid}-2'")
