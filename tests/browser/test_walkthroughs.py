"""Walkthroughs in the browser (issue 7): stepping with the buttons and the arrow keys (mirrored
on the right-to-left Persian page), the step counter, the permalink restoring a step after a
reload, the view switch hiding the other seats' cards, and what-if moves answered by the core
in the worker, an illegal one with its clause message and a link to the clause."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import tutorial_data as data  # noqa: E402
from hcards_core.bridge import try_actions  # noqa: E402

READY = "html[data-hcards-status=ready]"
ALL = data.load_kind("walkthroughs")
BY_ID = {w["id"]: w for w in ALL}


def url(server: str, lang: str, game: str) -> str:
    return f"{server}{'' if lang == 'en' else lang + '/'}{game}/walkthroughs/"


def narration(lang: str, wid: str, n: int) -> str:
    return data.text(lang, "walkthroughs", f"{wid}.{BY_ID[wid]['steps'][n - 1]['text']}")


def counter(lang: str, n: int, total: int) -> str:
    return data.fill(lang, data.text(lang, "ui", "step"), n=n, total=total)


def expect_step(page, wid: str, lang: str, n: int) -> None:
    root = page.locator(f"#{wid}")
    current = root.locator(".hc-step.hc-current")
    assert current.count() == 1
    assert current.get_attribute("id") == f"{wid}-{n}"
    assert current.locator(".hc-narration").inner_text() == narration(lang, wid, n)
    assert current.is_visible() and root.locator(".hc-step:not(.hc-current)").first.is_hidden()
    assert root.locator(".hc-counter").inner_text() == counter(lang, n, len(BY_ID[wid]["steps"]))


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("wid", [w["id"] for w in ALL])
def test_step_through_with_buttons_keys_and_permalink(page, server, wid, lang):
    w = BY_ID[wid]
    total = len(w["steps"])
    page.goto(url(server, lang, w["game"]))
    root = page.locator(f"#{wid}")
    prev_btn = root.locator(".hc-controls button").first
    next_btn = root.locator(".hc-controls button.md-button--primary")
    expect_step(page, wid, lang, 1)
    assert prev_btn.is_disabled()
    for n in range(2, total + 1):  # forwards with the button
        next_btn.click()
        expect_step(page, wid, lang, n)
        assert page.evaluate("location.hash") == f"#{wid}-{n}"
    assert next_btn.is_disabled()
    # backwards with the keyboard: on the right-to-left page the arrows are mirrored
    back, forward = ("ArrowRight", "ArrowLeft") if lang == "fa" else ("ArrowLeft", "ArrowRight")
    root.focus()
    for n in range(total - 1, 0, -1):
        page.keyboard.press(back)
        expect_step(page, wid, lang, n)
    page.keyboard.press(back)  # nothing before the first step
    expect_step(page, wid, lang, 1)
    middle = max(1, total // 2)
    for n in range(2, middle + 1):
        page.keyboard.press(forward)
        expect_step(page, wid, lang, n)
    # the permalink of a step restores it after a reload
    assert root.locator(".hc-permalink").get_attribute("href") == f"#{wid}-{middle}"
    page.reload()
    expect_step(page, wid, lang, middle)
    page.goto(url(server, lang, w["game"]) + f"#{wid}-{total}")
    expect_step(page, wid, lang, total)


def test_view_switch_hides_the_other_seats_cards(page, server):
    wid = "zsiros-two-players"
    page.goto(url(server, "en", "zsiros") + f"#{wid}-4")
    root = page.locator(f"#{wid}")
    root.focus()
    page.wait_for_selector(READY)
    select = root.locator("select")
    select.wait_for(state="visible")
    page.wait_for_function(f"!document.querySelector('#{wid} select').disabled")
    table = root.locator(".hc-step.hc-current .hc-table")
    assert table.locator('[data-seat="1"] img[src$="back.svg"]').count() == 0
    select.select_option("0")  # what A sees
    page.wait_for_function(f"document.querySelectorAll('#{wid} .hc-current .hc-seat[data-seat=\"1\"] img[src$=\"back.svg\"]').length > 0")
    table = root.locator(".hc-step.hc-current .hc-table")
    hidden_b = table.locator('.hc-seat[data-seat="1"] img[src$="back.svg"]').count()
    assert hidden_b == table.locator('.hc-seat[data-seat="1"] img').count() == 3
    assert table.locator('.hc-seat[data-seat="0"] img[src$="back.svg"]').count() == 0
    select.select_option("")  # all cards again
    page.wait_for_function(f"document.querySelectorAll('#{wid} .hc-current .hc-seat img[src$=\"back.svg\"]').length === 0")


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("wid, text, action", [
    ("zsiros-no-fourth-round", "stuck", {"seat": 0, "act": "play", "card": "Oa"}),
    ("filicau-follow-suit", "leaves_led", {"seat": 1, "act": "play", "card": "Ka"}),
])
def test_what_if_illegal_move_shows_the_clause(page, server, lang, wid, text, action):
    w = BY_ID[wid]
    n = next(i for i, s in enumerate(w["steps"], start=1) if s["text"] == text)
    s = w["steps"][n - 1]
    expected = try_actions(w["record"], s.get("deal", 0), s["after"], [action], lang=lang)["error"]
    page.goto(url(server, lang, w["game"]) + f"#{wid}-{n}")
    root = page.locator(f"#{wid}")
    root.focus()
    page.wait_for_selector(READY)
    card = root.locator(f'.hc-current button.hc-card-btn[data-action*=\'"card": "{action["card"]}"\']')
    card.wait_for()
    card.click()
    error = root.locator(".hc-whatif .hc-error")
    error.wait_for()
    assert expected["message"] in error.inner_text()
    link = error.locator("a")
    href = link.get_attribute("href")
    assert href.endswith(f"{expected['page']}#{expected['rule']}")
    assert link.inner_text() == data.text(lang, "ui", "rule").replace("{rule}", expected["rule"])
    # the link leads to the clause's anchor on the rules page in the same language
    target = page.evaluate("(h) => new URL(h, location.href).href", href)
    assert target == f"{server}{'' if lang == 'en' else lang + '/'}{expected['page']}#{expected['rule']}"
    page.goto(target)
    assert page.locator(f'[id="{expected["rule"]}"]').count() == 1
    assert page.get_attribute("html", "lang") == lang


def test_what_if_legal_move_and_back_to_the_main_line(page, server):
    wid = "ferbli-full-deal"
    w = BY_ID[wid]
    n = next(i for i, s in enumerate(w["steps"], start=1) if s["text"] == "must_raise")
    page.goto(url(server, "en", "ferbli") + f"#{wid}-{n}")
    root = page.locator(f"#{wid}")
    root.focus()
    page.wait_for_selector(READY)
    raise_btn = root.locator('.hc-current button.hc-action[data-action*=\'"act": "raise"\']').first
    raise_btn.wait_for()
    raise_btn.click()
    whatif = root.locator(".hc-whatif")
    whatif.locator("li").first.wait_for()
    assert "raises by 1" in whatif.inner_text()
    assert root.locator(".hc-whatif .hc-error").count() == 0
    whatif.locator("button").click()
    assert whatif.is_hidden()
    expect_step(page, wid, "en", n)
