"""The ruling checker page in a real browser (English and Persian): paste a record, open a
shared link, build a small situation by clicking, and broken inputs, each with the message the
page must show (the core's message in the page's language, naming the place) while what the
learner typed stays."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hcards_core.checker import ask_action, rule_record
from hcards_core.errors import MalformedRecord

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import tutorial_data as data  # noqa: E402

PYTHON_TIMEOUT = 90_000


def texts(lang: str) -> dict:
    return json.loads((ROOT / "tutorials" / "text" / lang / "rulings.json").read_text("utf-8"))


def ui(lang: str, key: str) -> str:
    return texts(lang)[f"ui.{key}"]


def case_record(game: str, cid: str) -> dict:
    return json.loads((ROOT / "tutorials" / "rulings" / game / f"{cid}.json").read_text("utf-8"))["record"]


def page_url(server: str, lang: str) -> str:
    return server + ("checker/" if lang == "en" else f"{lang}/checker/")


def paste_and_check(page, text: str) -> None:
    page.fill("#hc-ck-record", text)
    page.click(".hc-ck-check")


def core_message(text: str, lang: str) -> tuple[str, str]:
    with pytest.raises(MalformedRecord) as info:
        rule_record(text, lang)
    return info.value.message(lang), info.value.where


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_paste_a_record_gives_the_ruling_with_the_clause(page, server, lang):
    page.goto(page_url(server, lang))
    record = case_record("zsiros", "zsiros-partner-winning")
    paste_and_check(page, json.dumps(record))
    summary = page.locator(".hc-ck-summary")
    summary.wait_for(timeout=PYTHON_TIMEOUT)
    assert data.fill(lang, ui(lang, "illegal_at"), n=5) in summary.inner_text()
    expected = rule_record(record, lang)["error"]["message"]
    assert expected in summary.inner_text()
    clause = page.locator(".hc-ck-output > .hc-ck-clause").first
    link = clause.locator("a.hc-clause-ref")
    assert link.inner_text() == "§Z-4.2"
    assert link.get_attribute("href").endswith("zsiros/rules/#Z-4.2")
    text = clause.locator(".hc-ck-clause-text").inner_text()
    assert len(text) > 40 and text != ui(lang, "clause_missing")
    if lang == "fa":
        assert "تریک" in text  # the clause as the Persian rules page states it
    # five steps were judged: four legal, one not; the table shows the position before it
    assert page.locator(".hc-ck-step.hc-step--legal").count() == 5  # the deal and four cards
    assert page.locator(".hc-ck-step.hc-step--illegal").count() == 1
    page.locator(".hc-ck-table .hc-table").wait_for()
    assert page.locator(".hc-ck-legal-btn").count() == 4  # C's four cards are the legal moves
    assert page.input_value("#hc-ck-record") == json.dumps(record)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_share_link_opens_the_same_record(page, context, server, lang):
    page.goto(page_url(server, lang))
    record = case_record("ferbli", "ferbli-two-aces")
    paste_and_check(page, json.dumps(record))
    page.locator(".hc-ck-summary").wait_for(timeout=PYTHON_TIMEOUT)
    page.click(".hc-ck-share")
    link = page.locator(".hc-ck-link")
    link.wait_for()
    url = link.input_value()
    assert "#r=" in url and len(url.split("#r=")[1]) > 20
    assert "{" not in url.split("#r=")[1]  # compressed, not the JSON itself
    other = context.new_page()
    other.set_default_timeout(30_000)
    other.goto(url)
    summary = other.locator(".hc-ck-summary")
    summary.wait_for(timeout=PYTHON_TIMEOUT)
    assert ui(lang, "all_legal") in summary.inner_text()
    lands_on_the_verdict(other)
    assert json.loads(other.input_value("#hc-ck-record")) == record
    results = other.locator(".hc-ck-results").inner_text()
    assert rule_record(record, lang)["deals"][0]["rows"][0]["label"] in results


def in_view(page, selector: str) -> bool:
    """The element's top is within the window below the sticky header (what a reader sees
    without scrolling)."""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
        return r.top >= header - 1 && r.top < window.innerHeight - 40; }""", selector)


def lands_on_the_verdict(page) -> None:
    page.wait_for_function("document.activeElement?.classList.contains('hc-ck-verdict')", timeout=PYTHON_TIMEOUT)
    assert in_view(page, ".hc-ck-verdict"), page.evaluate("""() => [document.querySelector('.hc-ck-verdict').getBoundingClientRect().top, scrollY, innerHeight, document.documentElement.scrollHeight]""")


def test_build_a_small_situation_by_clicking(page, server):
    page.goto(page_url(server, "en"))
    page.select_option("#hc-ck-game", "zsiros")
    page.select_option("#hc-ck-players", "2")
    page.select_option("#hc-ck-dealer", "1")
    for card in ("9a", "Aa", "Kb", "Ub"):
        page.click(f'.hc-ck-pick[data-card="{card}"]')
    # the picker moves on to seat B once A has four cards
    assert page.is_checked("#hc-ck-pile-hands\\[1\\]-target")
    for card in ("9l", "Xl", "8l", "Ab"):
        page.click(f'.hc-ck-pick[data-card="{card}"]')
    assert page.input_value("#hc-ck-pile-hands\\[0\\]") == "9a Aa Kb Ub"
    assert page.get_attribute('.hc-ck-pick[data-card="9l"]', "aria-pressed") == "true"
    page.click(".hc-ck-random")
    assert len(page.input_value("#hc-ck-pile-talon").split()) == 24
    page.click(".hc-ck-start")
    page.locator(".hc-ck-summary").wait_for(timeout=PYTHON_TIMEOUT)
    assert "Every action is legal." in page.inner_text(".hc-ck-summary")
    # play A's Nine of acorns by clicking it on the table
    page.click('.hc-ck-table button[data-action*="9a"]')
    page.locator(".hc-ck-step.hc-step--legal >> text=A: Play Nine of acorns").wait_for()
    record = json.loads(page.input_value("#hc-ck-record"))
    assert record["deals"][0]["actions"] == [{"seat": 0, "act": "play", "card": "9a"}]
    assert record["deals"][0]["cards"]["hands"][1] == ["9l", "Xl", "8l", "Ab"]
    # ask about an illegal move by typing it: B does not hold the Ace of acorns
    page.fill("#hc-ck-ask", "B play Aa")
    page.press("#hc-ck-ask", "Enter")
    out = page.locator(".hc-ck-ask-out")
    out.locator(".hc-error").wait_for()
    expected = ask_action(record, "B play Aa")["error"]["message"]
    assert expected.startswith("Seat B does not hold") and expected in out.inner_text()
    assert out.locator("a.hc-clause-ref").inner_text() == "§Z-3.1"
    # and a legal one: it is added to the record
    page.fill("#hc-ck-ask", "B 9l")
    page.press("#hc-ck-ask", "Enter")
    page.locator(".hc-ck-ask-legal").wait_for()
    assert len(json.loads(page.input_value("#hc-ck-record"))["deals"][0]["actions"]) == 2


def _zsiros_text(**change) -> str:
    record = case_record("zsiros", "zsiros-partner-winning")
    hands = record["deals"][0]["cards"]["hands"]
    if "card" in change:
        hands[2][3] = change["card"]
    if "extra" in change:
        hands[2].append(change["extra"])
    return json.dumps(record)


BROKEN_TEXTS = {
    "malformed_json": '{"game": "zsiros", "players": 4, "deals": [',
    "unknown_card": _zsiros_text(card="Zz"),
    "duplicate_card": _zsiros_text(card="9a"),
    "impossible_deal": _zsiros_text(extra="Xa"),
}


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("kind", sorted(BROKEN_TEXTS))
def test_broken_input_says_what_and_where(page, server, lang, kind):
    text = BROKEN_TEXTS[kind]
    message, where = core_message(text, lang)
    page.goto(page_url(server, lang))
    paste_and_check(page, text)
    alert = page.locator(".hc-ck-message .hc-error")
    alert.wait_for(timeout=PYTHON_TIMEOUT)
    assert ui(lang, "error_input") in alert.inner_text()
    assert message in alert.inner_text()
    if where:
        assert page.locator(".hc-ck-where code").inner_text() == where
    expected_where = {"malformed_json": "", "unknown_card": "deals[0].cards.hands[2][3]",
                      "duplicate_card": "deals[0].cards.hands[2]", "impossible_deal": "deals[0].cards.hands[2]"}[kind]
    assert where == expected_where
    assert page.input_value("#hc-ck-record") == text  # what was typed is kept
    # the page stays usable: fixing the text gives a ruling
    paste_and_check(page, _zsiros_text())
    page.locator(".hc-ck-summary").wait_for(timeout=PYTHON_TIMEOUT)
    assert page.locator(".hc-ck-message .hc-error").count() == 0


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_broken_and_truncated_links(page, context, server, lang):
    page.goto(page_url(server, lang))
    paste_and_check(page, json.dumps(case_record("filicau", "filicau-over-void")))
    page.locator(".hc-ck-summary").wait_for(timeout=PYTHON_TIMEOUT)
    page.click(".hc-ck-share")
    url = page.locator(".hc-ck-link").input_value()
    base, packed = url.split("#r=")
    for bad in (packed[: len(packed) // 2], "not*base64!", packed[:-3] + "AAA"):
        other = context.new_page()
        other.goto(f"{base}#r={bad}")
        alert = other.locator(".hc-ck-link-note .hc-error, .hc-ck-message .hc-error")
        alert.wait_for(timeout=PYTHON_TIMEOUT)
        assert alert.inner_text() in (ui(lang, "bad_link"), ui(lang, "bad_link_json")) or \
            ui(lang, "error_input") in alert.inner_text()
        # the builder and the record box are still there to use
        assert other.locator("#hc-ck-record").is_editable()
        other.close()
    # a broken link says so at the top, where the reader who followed it looks
    for link, want in ((f"{base}#r={packed[: len(packed) // 2]}", ui(lang, "bad_link")),
                       (f"{base}?r=not*base64!", ui(lang, "bad_link")),
                       (f"{base}#case=no-such-case", ui(lang, "bad_case").replace("{id}", "no-such-case"))):
        other = context.new_page()
        other.goto(link)
        note = other.locator(".hc-ck-link-note .hc-error")
        note.wait_for(timeout=PYTHON_TIMEOUT)
        assert note.inner_text() == want, link
        assert in_view(other, ".hc-ck-link-note")
        other.close()
    # a ruling given as a query (?r=…, as some apps rewrite links) opens like the fragment
    other = context.new_page()
    other.goto(f"{base}?r={packed}")
    other.locator(".hc-ck-summary").wait_for(timeout=PYTHON_TIMEOUT)
    lands_on_the_verdict(other)


def test_unknown_card_typed_in_the_builder_marks_the_field(page, server):
    page.goto(page_url(server, "fa"))
    page.select_option("#hc-ck-game", "zsiros")
    page.select_option("#hc-ck-players", "2")
    page.fill("#hc-ck-pile-hands\\[0\\]", "9a Aa Kb Qq")
    page.press("#hc-ck-pile-hands\\[0\\]", "End")
    page.click(".hc-ck-random")
    page.click(".hc-ck-start")
    alert = page.locator(".hc-ck-message .hc-error")
    alert.wait_for(timeout=PYTHON_TIMEOUT)
    assert "Qq" in alert.inner_text() and "deals[0].cards.hands[0][3]" in alert.inner_text()
    assert page.get_attribute("#hc-ck-pile-hands\\[0\\]", "aria-invalid") == "true"
    assert page.input_value("#hc-ck-pile-hands\\[0\\]").startswith("9a Aa Kb Qq")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_case_list_filters_and_opens_in_the_checker(page, server, lang):
    page.goto(page_url(server, lang))
    cases = page.locator(".hc-ruling")
    total = cases.count()
    assert total >= 30
    question = texts(lang)["ferbli-two-aces.question"]
    page.fill(".hc-filter", question[:12])
    page.press(".hc-filter", "End")
    visible = page.locator(".hc-ruling:visible")
    assert 1 <= visible.count() < total
    assert question in page.locator("#case-ferbli-two-aces").inner_text()
    page.click("#case-ferbli-two-aces .hc-open-case")
    page.locator(".hc-ck-opened").wait_for(timeout=PYTHON_TIMEOUT)
    assert question in page.inner_text(".hc-ck-opened")
    assert json.loads(page.input_value("#hc-ck-record")) == case_record("ferbli", "ferbli-two-aces")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_opened_case_fills_the_builder_and_lands_on_the_verdict(page, server, lang):
    page.goto(page_url(server, lang))
    page.select_option("#hc-ck-game", "zsiros")
    page.select_option("#hc-ck-players", "2")
    page.fill("#hc-ck-pile-hands\\[0\\]", "7a 7l 7h 7b")  # the learner's own cards, to be replaced
    page.click("#case-zsiros-continue-without-hit .hc-open-case")
    page.locator(".hc-ck-opened").wait_for(timeout=PYTHON_TIMEOUT)
    record = case_record("zsiros", "zsiros-continue-without-hit")
    assert page.input_value("#hc-ck-players") == str(record["players"])
    assert page.input_value("#hc-ck-dealer") == str(record["dealer"])
    assert page.input_value("#hc-ck-pile-hands\\[0\\]") == " ".join(record["deals"][0]["cards"]["hands"][0])
    # the options are named in the page's language, with their defaults in words
    options = page.locator(".hc-ck-options").inner_text()
    assert texts(lang)["opt.zsiros.target"] in options and texts(lang)["opt.zsiros.dealer_leads"] in options
    assert "false" not in options and "dealer_leads" not in options
    assert ui(lang, "no") in options
    # the clause is quoted whole: Z-4.3's two choices are listed
    clauses = page.locator("#case-zsiros-continue-without-hit .hc-ruling-clauses li").first
    assert clauses.locator(".hc-clause-items li").count() == 2
    # ask in the page's own words: the button for letting the trick go, then typed
    ask = page.locator(".hc-ck-ask-btn", has_text=":").first
    ask.wait_for(timeout=PYTHON_TIMEOUT)
    words = page.locator(".hc-ck-ask-btn").first.inner_text()
    page.locator(".hc-ck-ask-btn").first.click()
    page.locator(".hc-ck-ask-legal").wait_for(timeout=PYTHON_TIMEOUT)
    record = json.loads(page.input_value("#hc-ck-record"))
    assert record["deals"][0]["actions"][-1] == {"seat": 0, "act": "stop"}
    page.reload()  # the same #case= link again, opened afresh
    lands_on_the_verdict(page)
    page.fill("#hc-ck-ask", words)
    page.press("#hc-ck-ask", "End")
    page.press("#hc-ck-ask", "Enter")
    page.locator(".hc-ck-ask-legal").wait_for(timeout=PYTHON_TIMEOUT)
    # words that are no move: the hint, not the engine's list of act names
    page.fill("#hc-ck-ask", "A rhubarb")
    page.press("#hc-ck-ask", "Enter")
    page.locator(".hc-ck-ask-out .hc-error").wait_for()
    out = page.inner_text(".hc-ck-ask-out")
    assert ui(lang, "ask_unknown") in out and "play, stop" not in out


def test_any_amount_at_the_table(page, server):
    page.goto(page_url(server, "en") + "#case=ferbli-blind-must-raise")
    lands_on_the_verdict(page)
    field = page.locator(".hc-ck-table .hc-amount-act input.hc-amount")
    field.wait_for(timeout=PYTHON_TIMEOUT)
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("1", "2")
    field.fill("2")
    button = page.locator(".hc-ck-table .hc-amount-act button")
    assert "2" in button.inner_text() and '"amount": 2' in button.get_attribute("data-action").replace('":2', '": 2')
    button.click()
    page.locator(".hc-ck-ask-legal").wait_for(timeout=PYTHON_TIMEOUT)
    record = json.loads(page.input_value("#hc-ck-record"))
    assert record["deals"][0]["actions"][-1] == {"seat": 2, "act": "raise", "amount": 2}
    page.locator(".hc-ck-summary").wait_for()
    assert "{" not in page.inner_text(".hc-ck-legal")  # no "{amount}" in the legal actions
