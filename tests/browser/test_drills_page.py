"""The Drills pages in the browser: a drill answered by keyboard, right and wrong, in English and
Japanese; the verdict links the clause, the score and streak are kept, every answer is
announced as the ``hcards:answer`` event of the learning contract, a drill's link brings the
same question back, and axe finds nothing. No request leaves 127.0.0.1 (the ``page`` fixture)."""

from __future__ import annotations

import json

import pytest

from hcards_core.learn import drills
from test_play import axe_violations
from test_puzzles_page import confirm_text

READY = "html[data-hcards-status=ready]"


def open_drills(page, server, lang: str, game: str, hash_: str = ""):
    prefix = "" if lang == "en" else f"{lang}/"
    page.set_default_timeout(120_000)  # Python's start in the worker, on a busy machine
    page.goto(f"{server}{prefix}{game}/drills/{hash_}")
    page.wait_for_selector(READY)
    page.wait_for_selector(".hc-drills[data-drill] .hc-drills-options input")
    page.evaluate("""() => { window.__answers = [];
        document.addEventListener('hcards:answer', (e) => window.__answers.push(e.detail)); }""")
    return page.locator(".hc-drills")


def answer_by_keyboard(page, root, want_right: bool) -> dict:
    """Choose by number keys the right (or a wrong) answer of the drill on the page, check it
    with Enter; returns the drill as the core generates it."""
    drill_id = root.get_attribute("data-drill")
    q = drills.question(*drill_id.split(":")[:2], int(drill_id.split(":")[2]))
    values = [c["value"] for c in q["choices"]]
    if q["form"] == "multi":
        right = q["accepted"][0]
        keys = [i for i, v in enumerate(values) if v in right] if want_right else \
            [i for i, v in enumerate(values) if v not in right][:1]
    else:
        pick = next(i for i, v in enumerate(values) if (v in q["accepted"]) == want_right)
        keys = [pick]
    root.locator(".hc-drills-question").focus()
    for i in keys:
        page.keyboard.press(str(i + 1))
    page.keyboard.press("Enter")
    root.locator(".hc-drills-feedback[data-correct]").wait_for()
    return q


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_drill_answered_by_keyboard_right_and_wrong(page, server, lang):
    root = open_drills(page, server, lang, "zsiros", "#drill=zsiros:continue:4")
    assert root.get_attribute("data-drill") == "zsiros:continue:4"  # the link's drill
    q = answer_by_keyboard(page, root, want_right=False)
    feedback = root.locator(".hc-drills-feedback")
    assert feedback.get_attribute("data-correct") == "0"
    verdict = drills.judge(q["id"], next(c["value"] for c in q["choices"] if c["value"] not in q["accepted"]), lang)
    text = feedback.inner_text()
    assert verdict["wrong"][0]["text"] in text and verdict["why"]["text"] in text
    link = feedback.locator("a.hc-rule-link").first
    assert link.get_attribute("href").endswith(f"zsiros/rules/#{verdict['wrong'][0]['clause']}")
    events = page.evaluate("window.__answers")
    assert len(events) == 1
    e = events[0]
    assert (e["kind"], e["id"], e["game"], e["correct"], e["lang"]) == ("drill", q["id"], "zsiros", False, lang)
    assert e["clauses"] == q["clauses"] and e["themes"] == ["continue"] and isinstance(e["at"], int)
    # focus is on "next": Enter brings a fresh drill, answered right this time
    assert page.evaluate("document.activeElement.classList.contains('hc-drills-next')")
    page.keyboard.press("Enter")
    page.wait_for_function("(id) => document.querySelector('.hc-drills').dataset.drill !== id"
                           " && !document.querySelector('.hc-drills-feedback').dataset.correct", arg=q["id"])
    q2 = answer_by_keyboard(page, root, want_right=True)
    assert q2["id"] != q["id"] and q2["game"] == "zsiros"
    assert feedback.get_attribute("data-correct") == "1"
    assert page.evaluate("window.__answers.length") == 2 and page.evaluate("window.__answers[1].correct")
    score = json.loads(page.evaluate("localStorage.getItem('hcards:drills')"))["zsiros"]
    assert score == {"right": 1, "total": 2, "streak": 1, "best": 1}
    assert "1" in root.locator(".hc-drills-score").inner_text()
    # N brings the next drill from anywhere in the widget
    page.keyboard.press("n")
    page.wait_for_function("(id) => document.querySelector('.hc-drills').dataset.drill !== id", arg=q2["id"])
    # the score is reset at the reset button's second press only; leaving the button disarms it
    reset = root.locator(".hc-drills-reset")
    label = reset.inner_text()
    reset.click()
    assert reset.inner_text() == confirm_text(lang) and json.loads(page.evaluate("localStorage.getItem('hcards:drills')"))["zsiros"]
    root.locator(".hc-drills-question").focus()
    assert reset.inner_text() == label
    reset.click()
    reset.click()
    assert "zsiros" not in json.loads(page.evaluate("localStorage.getItem('hcards:drills')"))
    assert reset.inner_text() == label


def test_the_filicau_page_drills_filko_by_a_multiple_choice(page, server):
    root = open_drills(page, server, "en", "filicau", "#drill=filko:legal_cards:3")
    assert root.locator(".hc-drills-game").input_value() == "filko"
    q = answer_by_keyboard(page, root, want_right=True)
    assert q["form"] == "multi" and root.locator(".hc-drills-feedback").get_attribute("data-correct") == "1"


@pytest.mark.parametrize("lang", ["en", "fa", "ja"])
def test_axe_finds_nothing_on_the_drills_page(page, server, lang):
    root = open_drills(page, server, lang, "ferbli", "#drill=ferbli:bet_range:2")
    assert not axe_violations(page), axe_violations(page)
    answer_by_keyboard(page, root, want_right=False)
    # colours are judged at rest, not halfway through a focus or scroll transition
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    found = axe_violations(page)
    assert not found, found
