"""What the pages can send and what they show, in every language.

- Every act the UI can produce reaches the core as an answer it judges: each button of every
  exercise's table (and each amount 0–20 typed into an amount field), each legal action of
  every walkthrough step's table (its what-if) — never a malformed-input error, whose words
  (internal act names, field paths) are not for a learner. A betting game's table has no card
  buttons.
- No "{word}" is left unfilled: the prerendered exercises, walkthroughs and ruling cases, every
  action label of those tables and every string a page script fills in
  (``tutorials/text/<lang>/ui.json``, ``docs/assets/i18n/<lang>.json``, the core's catalogs)
  use no placeholder the English text (which the code fills) does not have.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import exercises as ex_hook  # noqa: E402
import rulings as rulings_hook  # noqa: E402
import tutorial_data as data  # noqa: E402
import walkthroughs as walk_hook  # noqa: E402
from hcards_core.bridge import handle  # noqa: E402
from hcards_core.exercises import position  # noqa: E402
from hcards_core.records import states_at  # noqa: E402
from hcards_core.games import get_game  # noqa: E402
from hcards_core.messages import placeholders  # noqa: E402
from hcards_core.table import render_table  # noqa: E402

LANGS = data.LANGUAGES
EXERCISES = data.load_kind("exercises")
WALKS = data.load_kind("walkthroughs")
PLACEHOLDER = re.compile(r"\{\w+\}")


class Links:
    assets, home = "../../assets/", "../../"


def call(fn: str, **args) -> dict:
    return json.loads(handle(json.dumps({"fn": fn, "args": args})))


def actions_in(html: str) -> list[dict]:
    return [json.loads(htmllib.unescape(a)) for a in re.findall(r'data-action="([^"]+)"', html)]


def visible_text(html: str) -> str:
    """The words a reader sees or hears: text, alt and aria-label (not the data a script reads)."""
    html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)
    said = " ".join(re.findall(r'(?:alt|aria-label|title|placeholder)="([^"]*)"', html))
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html) + " " + said)


# ---- every act the UI can produce -----------------------------------------------------------

@pytest.mark.parametrize("ex", [e for e in EXERCISES if e["kind"] == "move"], ids=lambda e: e["id"])
def test_every_exercise_button_gets_a_judgement(ex):
    state = position(ex)
    for lang in ("en", "ja"):
        payload = ex_hook.payload(ex, lang)
        html = ex_hook.table_html(payload, state, lang, "assets/", True)
        # a button with data-amount opens the amount field: what is sent is the act with the typed amount
        opens = [json.loads(htmllib.unescape(a)) for a in re.findall(r'data-action="([^"]+)" data-amount="1"', html)]
        sent = [a for a in actions_in(html) if a not in opens]
        if not get_game(ex["game"]).view.card_play:
            assert "hc-card-btn" not in html and not any(a["act"] == "play" for a in sent)
        sent += [{**a, "amount": n} for a in opens for n in range(0, 21)]
        assert sent
        for answer in sent:
            reply = call("check_exercise", exercise=payload, answer=answer, lang=lang)
            assert reply["ok"], (answer, reply)
            assert reply["value"]["feedback"], answer
            assert not PLACEHOLDER.search(reply["value"]["feedback"]), reply


@pytest.mark.parametrize("w", WALKS, ids=lambda w: w["id"])
def test_every_walkthrough_what_if_gets_a_judgement(w):
    record = w["record"]
    positions = [(s.get("deal", 0), s["after"]) for s in w["steps"]]
    states, _ = states_at(record, positions, "en", events=True)
    for (deal, after) in positions:
        html = render_table(states[(deal, after)], None, "en", "assets/", True)
        if not get_game(record["game"]).view.card_play:
            assert "hc-card-btn" not in html
        for action in actions_in(html):
            reply = call("try_actions", record=record, deal=deal, after=after, actions=[action], lang="en")
            assert reply["ok"], (w["id"], deal, after, action, reply)
        # an amount field offers every legal amount: each one in its range is accepted
        for low, high in re.findall(r'class="hc-amount"[^>]*min="(\d+)" max="(\d+)"', html):
            act = next(a for a in actions_in(html) if a.get("amount") == int(low))
            for n in range(int(low), int(high) + 1):
                reply = call("try_actions", record=record, deal=deal, after=after, actions=[{**act, "amount": n}])
                assert reply["ok"] and reply["value"]["error"] is None, (w["id"], n, reply)


# ---- no unfilled placeholder -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_prerendered_pages_fill_every_placeholder(lang):
    for game in data.GAMES:
        for name, html in (("exercises", ex_hook.render_game(game, lang, Links)),
                           ("walkthroughs", walk_hook.render_game(game, lang, Links)),
                           ("rulings", rulings_hook.render_game(game, lang, Links))):
            left = PLACEHOLDER.findall(visible_text(html))
            assert not left, (game, name, left[:5])


def test_numbers_are_written_in_the_pages_digits():
    """A prerendered number reads as the core's texts and the widgets' ``fill`` write it: Persian
    digits on the Persian page (the script redraws the same text later), a decimal comma in
    Hungarian and Romanian."""
    assert data.fill("fa", "{n} / {total} · {rule} · {card}", n=12, total="x", rule="Z-4.4", card="7a") \
        == "۱۲ / x · Z-4.4 · 7a"
    assert data.fill("ro", "{x}", x=2.5) == "2,5" and data.fill("en", "{x} {y}", x=2.5) == "2.5 {y}"
    titles = re.findall(r'class="hc-exercise-title">([^<]*)', ex_hook.render_game("zsiros", "fa", Links))
    assert titles and all(re.search("[۱-۹]", t) and not re.search("[0-9]", t.split(":")[0]) for t in titles), titles[:3]


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_label_is_filled(lang):
    for w in WALKS:
        positions = [(s.get("deal", 0), s["after"]) for s in w["steps"]]
        states, _ = states_at(w["record"], positions, lang, events=True)
        for pos in positions:
            text = visible_text(render_table(states[pos], None, lang, "assets/", True))
            assert not PLACEHOLDER.search(text), (w["id"], pos, PLACEHOLDER.findall(text))


def _strings(path: Path) -> dict[str, str]:
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items()
            if isinstance(v, str) and not k.startswith("_")}


CATALOGS = [p for p in sorted((ROOT / "hcards_core").rglob("catalog/en.json"))]
FILES = [ROOT / "tutorials/text/en/ui.json", ROOT / "docs/assets/i18n/en.json", *CATALOGS]


@pytest.mark.parametrize("english", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_translation_has_the_english_placeholders(english):
    """A translation may word a message without one of the values, never with one the code
    does not pass (it would show as "{word}")."""
    base = _strings(english)
    for lang in LANGS:
        path = (english.parents[1] / lang / english.name) if english.name == "ui.json" \
            else english.with_name(f"{lang}.json")
        other = _strings(path)
        for key, text in other.items():
            extra = placeholders(text) - placeholders(base.get(key, ""))  # {name} and choice subjects
            assert not extra, (lang, key, extra)


def test_the_placeholder_check_can_fail():
    assert PLACEHOLDER.findall(visible_text('<button data-label="Raise {amount}">Check: “{word}”</button>')) == ["{word}"]
