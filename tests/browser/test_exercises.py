"""Exercises in the browser: answers checked by the core in the Python worker, in English and
in Persian (right-to-left): wrong tries with their explanation and clause link, hints on
request, the answer after three wrong tries, progress kept over a reload, reset, permalinks,
the keyboard, and the time from an answer to its feedback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import exercises as hook  # noqa: E402
import tutorial_data as data  # noqa: E402
from hcards_core.exercises import check_exercise  # noqa: E402
from test_puzzles_page import confirm_text  # noqa: E402

READY = "html[data-hcards-status=ready]"
LANGS = [("en", ""), ("fa", "fa/")]
EXERCISES = {e["id"]: e for e in data.load_kind("exercises")}
TIMINGS: list[tuple[str, str, int]] = []


def text(lang: str, key: str) -> str:
    return data.text(lang, "exercises", key)


def ui(lang: str, key: str) -> str:
    return data.text(lang, "ui", key)


def expected(eid: str, answer, lang: str) -> dict:
    """What the core in CPython says about ``answer``: the browser must show the same."""
    return check_exercise(hook.payload(EXERCISES[eid], lang), answer, lang)


def open_exercise(page, server, path: str, game: str, eid: str):
    page.goto(f"{server}{path}{game}/exercises/#{eid}")
    section = page.locator(f"section#{eid}")
    section.wait_for()
    page.wait_for_selector(READY, timeout=120_000)  # the visit's first boot (slow on a busy machine)
    return section


def feedback(section, correct: bool):
    box = section.locator(".hc-ex-feedback")
    section.page.wait_for_function(
        "([id, c]) => document.querySelector(`#${id} .hc-ex-feedback`).dataset.correct === c",
        arg=[section.get_attribute("id"), "1" if correct else "0"])
    return box


def record_time(section, label: str):
    ms = int(section.locator(".hc-ex-feedback").get_attribute("data-ms"))
    TIMINGS.append((section.get_attribute("id"), label, ms))
    assert ms < 2000, f"{label}: {ms} ms from the answer to its feedback"
    return ms


def choose(section, option: str):
    section.locator(f"input[type=radio][value='{option}']").check()
    section.locator(".hc-ex-check").click()


@pytest.mark.parametrize("lang, path", LANGS)
def test_choice_hint_wrong_right_progress_reset(page, server, lang, path):
    eid = "zsiros-last-hit"
    section = open_exercise(page, server, path, "zsiros", eid)
    # the permalink scrolls to the exercise and focuses it
    assert page.evaluate("document.activeElement.id") == eid
    assert page.get_attribute("body", "dir") == ("rtl" if lang == "fa" else "ltr")
    assert section.locator(".hc-table").get_attribute("dir") == "ltr"
    assert section.locator(".hc-ex-answer").is_hidden()

    # hints, one at a time, on request
    section.locator(".hc-ex-hint-btn").click()
    assert section.locator(".hc-ex-hint-list li").all_inner_texts() == [text(lang, f"{eid}.hint1")]
    section.locator(".hc-ex-hint-btn").click()
    assert section.locator(".hc-ex-hint-list li").count() == 2
    assert section.locator(".hc-ex-hint-btn").is_disabled()

    # a wrong answer: its feedback and the clause it cites, linked
    choose(section, "C")
    box = feedback(section, False)
    record_time(section, f"choice wrong ({lang})")
    assert text(lang, f"{eid}.seven_earlier") in box.inner_text()
    link = box.locator("a.hc-rule-link")
    assert link.get_attribute("href").endswith("zsiros/rules/#Z-3.3")
    assert link.inner_text() == data.fill(lang, ui(lang, "rule"), rule="Z-3.3")

    # the right answer, with the keyboard: select the radio, Enter checks it
    section.locator("input[value='D']").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    box = feedback(section, True)
    record_time(section, f"choice right ({lang})")
    assert text(lang, f"{eid}.explain") in box.inner_text()
    assert box.locator("a.hc-rule-link").get_attribute("href").endswith("zsiros/rules/#Z-3.4")
    assert ui(lang, "ex_solved") in section.locator(".hc-ex-status").inner_text()
    total = len([e for e in EXERCISES.values() if e["game"] == "zsiros"])
    progress = page.locator(".hc-ex-progress-text")
    assert progress.inner_text() == data.fill(lang, ui(lang, "ex_progress"), solved=1, total=total)

    # progress survives a reload
    page.reload()
    page.locator(f"section#{eid}").wait_for()
    status = section.locator(".hc-ex-status").inner_text()
    assert ui(lang, "ex_solved") in status and data.fill(lang, ui(lang, "ex_tries"), n=2) in status
    assert progress.inner_text() == data.fill(lang, ui(lang, "ex_progress"), solved=1, total=total)

    # reset: the first press only asks (a stray tap erases nothing), the second erases
    page.locator(".hc-ex-reset").click()
    assert page.locator(".hc-ex-reset").inner_text() == confirm_text(lang)
    assert progress.inner_text() == data.fill(lang, ui(lang, "ex_progress"), solved=1, total=total)
    page.locator(".hc-ex-reset").click()
    assert progress.inner_text().startswith(data.fill(lang, ui(lang, "ex_progress"), solved=0, total=total))
    assert data.fill(lang, ui(lang, "ex_tries"), n=0) in section.locator(".hc-ex-status").inner_text()
    assert page.evaluate("localStorage.getItem('hcards:exercises')") == "{}"
    page.reload()
    assert page.locator(".hc-ex-progress-text").inner_text() == data.fill(lang, ui(lang, "ex_progress"), solved=0, total=total)


@pytest.mark.parametrize("lang, path", LANGS)
def test_zsiros_move_illegal_then_right(page, server, lang, path):
    eid = "zsiros-continue-seven"
    section = open_exercise(page, server, path, "zsiros", eid)
    card = lambda code: section.locator(f".hc-ex-board button.hc-card-btn[data-action*='\"{code}\"']")  # noqa: E731
    # every card of the seat to act is playable on the table, legal or not
    assert section.locator(".hc-ex-board button.hc-card-btn").count() == 3
    card("Ab").click()
    box = feedback(section, False)
    record_time(section, f"move illegal ({lang})")
    want = expected(eid, {"seat": 0, "act": "play", "card": "Ab"}, lang)
    assert want["rule"] == "Z-4.3" and want["illegal"]
    assert want["feedback"] in box.inner_text()
    assert ui(lang, "ex_illegal") in box.inner_text()
    assert box.locator("a.hc-rule-link").get_attribute("href").endswith("zsiros/rules/#Z-4.3")
    # a legal but wrong move: the exercise's own feedback
    section.locator(".hc-ex-board .hc-actions button.hc-action").first.click()
    page.wait_for_function(f"document.querySelector('#{eid} .hc-ex-feedback').textContent.includes({json.dumps(text(lang, eid + '.stop'))})")
    card("7a").click()
    box = feedback(section, True)
    record_time(section, f"move right ({lang})")
    assert text(lang, f"{eid}.explain") in box.inner_text()
    assert box.locator(".hc-ex-after-table .hc-table").count() == 1


@pytest.mark.parametrize("lang, path", LANGS)
def test_reveal_after_three_wrong_tries(page, server, lang, path):
    eid = "filicau-trump-overs"
    section = open_exercise(page, server, path, "filicau", eid)
    answer = section.locator(".hc-ex-answer")
    for n, option in enumerate(["h", "a", "l"], start=1):
        choose(section, option)
        page.wait_for_function(
            f"document.querySelector('#{eid} .hc-ex-status').textContent.includes({json.dumps(data.fill(lang, ui(lang, 'ex_tries'), n=n))})")
        assert answer.is_visible() == (n == 3)
    assert section.locator(".hc-ex-revealed").inner_text() == ui(lang, "ex_revealed")
    from hcards_core.cards import suit_name

    assert answer.locator(".hc-ex-answer-text").inner_text() == suit_name("b", lang)
    assert text(lang, f"{eid}.explain") in answer.inner_text()


@pytest.mark.parametrize("lang, path", LANGS)
def test_filicau_must_trump(page, server, lang, path):
    eid = "filicau-void-over"
    section = open_exercise(page, server, path, "filicau", eid)
    section.locator(".hc-ex-board button.hc-card-btn[data-action*='\"Ab\"']").click()
    box = feedback(section, False)
    want = expected(eid, {"seat": 1, "act": "play", "card": "Ab"}, lang)
    assert want["code"] == "must_trump_over"
    assert want["feedback"] in box.inner_text()
    assert box.locator("a.hc-rule-link").get_attribute("href").endswith("filicau/rules/#FC-4.3")
    section.locator(".hc-ex-board button.hc-card-btn[data-action*='\"Ol\"']").click()
    feedback(section, True)


@pytest.mark.parametrize("lang, path", LANGS)
def test_ferbli_charge_with_an_amount(page, server, lang, path):
    eid = "ferbli-charge-max"
    section = open_exercise(page, server, path, "ferbli", eid)
    # a betting game: no card to click, and the hint says so
    assert section.locator(".hc-ex-board .hc-card-btn").count() == 0
    assert section.locator(".hc-hint").inner_text() == ui(lang, "ex_play_hint_bet")
    # no "{word}" on any button
    assert "{" not in section.locator(".hc-ex-board").inner_text()
    section.locator(".hc-ex-board button[data-amount]").click()
    field = section.locator(".hc-ex-amount input")
    assert page.evaluate("document.activeElement.classList.contains('hc-ex-amount-input')")
    # an empty amount is refused in the form and uses up no try
    field.press("Enter")
    note = section.locator(".hc-ex-amount-note")
    assert note.inner_text() == ui(lang, "ex_amount_empty")
    assert field.get_attribute("aria-invalid") == "true"
    assert section.locator(".hc-ex-status").inner_text() == data.fill(lang, ui(lang, "ex_tries"), n=0)
    assert section.locator(".hc-ex-feedback").inner_text() == ""
    field.fill("8")
    field.press("Enter")
    box = feedback(section, False)
    want = expected(eid, {"seat": 3, "act": "charge", "amount": 8}, lang)
    assert want["illegal"] and want["rule"] == "F-3.3"
    assert want["feedback"] in box.inner_text()
    assert " 4" not in box.inner_text()  # the limit is what is asked: the message does not state it
    assert section.locator(".hc-ex-status").inner_text() == data.fill(lang, ui(lang, "ex_tries"), n=1)
    assert box.locator("a.hc-rule-link").get_attribute("href").endswith("ferbli/rules/#F-3.3")
    field.fill("2")
    field.press("Enter")
    page.wait_for_function(f"document.querySelector('#{eid} .hc-ex-feedback').textContent.includes({json.dumps(text(lang, eid + '.not_max'))})")
    field.fill("4")
    field.press("Enter")
    box = feedback(section, True)
    record_time(section, f"ferbli amount right ({lang})")
    assert text(lang, f"{eid}.explain") in box.inner_text()


def test_ferbli_choice_computed_by_the_core(page, server):
    eid = "ferbli-tie"
    section = open_exercise(page, server, "fa/", "ferbli", eid)
    choose(section, "A")
    assert text("fa", f"{eid}.a_first") in feedback(section, False).inner_text()
    choose(section, "D")
    feedback(section, True)


def test_report_timings():
    """Prints the measured times (run with -s); fails only if nothing was measured."""
    if not TIMINGS:
        pytest.skip("no browser timings in this run")
    for eid, label, ms in TIMINGS:
        print(f"exercise feedback: {eid} {label}: {ms} ms")
