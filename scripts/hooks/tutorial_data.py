"""Tutorials as data (ARCHITECTURE §5): loading and checking walkthroughs, exercises and
ruling cases from ``tutorials/``, with their texts from ``tutorials/text/<lang>/<kind>.json``.

Structure and text live apart: a walkthrough file holds the record and, per step, a text key;
each language's file maps ``<id>.<key>`` to the words. ``texts`` raises ``MissingText`` for a
key that a language lacks, so a build (and the tests) fail instead of showing a gap.
"""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = ROOT / "tutorials"
LANGUAGES = ("en", "hu", "ro", "fa", "ja")

if str(ROOT) not in sys.path:  # the hooks run the core from the working tree
    sys.path.insert(0, str(ROOT))

from hcards_core.games import PACKAGES as GAMES  # noqa: E402  (the one list of games)


class MissingText(KeyError):
    pass


_DECIMAL_SIGN = {"hu": ",", "ro": ",", "fa": "٫"}
_DIGITS = {"fa": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")}


def fill(lang: str, template: str, **params) -> str:
    """A text's ``{name}`` placeholders filled, a number written in the language's digits and
    decimal sign — as the core writes its own texts and as the widgets' ``fill`` does in the
    browser (hcards-runtime.js), so a prerendered "Exercise ۳" does not turn into "Exercise 3"
    once the page's script redraws it. Other values as they are; unknown placeholders stay.

    >>> fill("fa", "گام {n} از {total}", n=2, total=6), fill("hu", "{x} pont", x=2.5)
    ('گام ۲ از ۶', '2,5 pont')
    """
    def show(match):
        key = match.group(1)
        if key not in params:
            return match.group(0)
        value = params[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return str(value)
        text = str(value) if isinstance(value, int) else f"{value:.1f}"
        text = text.replace(".", _DECIMAL_SIGN.get(lang, "."))
        return text.translate(_DIGITS[lang]) if lang in _DIGITS else text
    return re.sub(r"\{(\w+)\}", show, template)


def load_kind(kind: str) -> list[dict]:
    """Every item of one kind (``walkthroughs``, ``exercises``, ``rulings``), in file order."""
    items = []
    for path in sorted((TUTORIALS / kind).glob("*/*.json")):
        item = json.loads(path.read_text(encoding="utf-8"))
        item.setdefault("id", path.stem)
        item.setdefault("game", path.parent.name)
        item["_file"] = str(path.relative_to(ROOT))
        items.append(item)
    items.sort(key=lambda i: (GAMES.index(i["game"]) if i["game"] in GAMES else 9, i.get("order", 0), i["id"]))
    return items


@lru_cache(maxsize=None)
def _text_file(lang: str, kind: str) -> dict:
    path = TUTORIALS / "text" / lang / f"{kind}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def text(lang: str, kind: str, key: str) -> str:
    try:
        return _text_file(lang, kind)[key]
    except KeyError:
        raise MissingText(f"tutorials/text/{lang}/{kind}.json has no text for '{key}'") from None


UI_KEYS = ("prev", "next", "step", "view", "all_cards", "seat_view", "permalink", "whatif_hint", "whatif_title",
           "back", "illegal", "rule", "loading", "ready", "failed")


EXERCISE_UI_KEYS = ("ex_exercise", "ex_check", "ex_hint", "ex_hints", "ex_no_more_hints", "ex_show_answer", "ex_answer",
                    "ex_correct", "ex_wrong", "ex_illegal", "ex_tries", "ex_solved", "ex_progress", "ex_reset",
                    "ex_reset_done", "ex_link", "ex_play_hint", "ex_choose_hint", "ex_amount", "ex_ok", "ex_after_move",
                    "ex_wrong_move", "ex_wrong_choice", "ex_revealed", "ex_choose_first", "ex_act_charge",
                    "ex_act_raise", "ex_act_bet", "ex_act_stop", "ex_act_pay", "ex_act_check", "ex_act_fold",
                    "ex_play_hint_bet", "ex_amount_empty", "ex_bad_answer")


def ui(lang: str, keys: tuple = UI_KEYS) -> dict:
    """The labels of the page widgets (step player, what-if; ``EXERCISE_UI_KEYS`` for the
    exercises) in ``lang``."""
    return {key: text(lang, "ui", key) for key in keys}


def reload() -> None:
    """Forget cached texts (``mkdocs serve`` rebuilds after an edit)."""
    _text_file.cache_clear()


# ---- a widget's data in its page -------------------------------------------------------------

def compact_json(value) -> str:
    """JSON without spaces and with ``</`` escaped: for inline data and the files pages fetch."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def data_script(value, cls: str = "hc-data") -> str:
    """``value`` as a page's inline JSON for its widget: compact (pages are fetched again on
    every instant navigation) and safe inside ``<script>`` (no ``</`` can end it early).

    >>> data_script({"a": "</script>", "b": [1, 2]})
    '<script type="application/json" class="hc-data">{"a":"<\\\\/script>","b":[1,2]}</script>'
    """
    return f'<script type="application/json" class="{cls}">{compact_json(value)}</script>'


def widget_html(kind: str, game: str, payload: dict, noscript: str, assets: str) -> str:
    """The frame of a widget that draws everything in the browser (Play, Drills, Puzzles): a
    focusable ``div.hc-<kind>`` with the text shown without JavaScript, its data, its module."""
    return (f'<div class="hc-{kind}" data-hcards="{kind}" data-game="{escape(game)}" tabindex="-1">'
            f'<p class="hc-{kind}-noscript">{escape(noscript)}</p>{data_script(payload)}</div>'
            f'<script type="module" src="{escape(assets)}hcards-{kind}.js"></script>')
