"""Message catalogs: every text the core shows, in the five site languages.

Catalogs are JSON data inside the package (``catalog/<lang>.json`` for the shared texts and
``<game>/catalog/<lang>.json`` for each game), so the browser receives them inside the wheel.
Keys are dotted: ``error.not_your_turn``, ``event.zsiros.trick_won``. A missing translation
falls back to English, and a missing key renders as the key itself so that a gap is visible,
never a crash; the tests check that no key is missing in any language.

>>> render("error.unknown_card", "en", text="Zz")
"'Zz' is not a card: use a code such as Oa, Xh or 7l, or a name such as 'Over of acorns'."
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from . import LANGUAGES
from .games import PACKAGES

PACKAGE_DIR = Path(__file__).parent

DEFAULT_LANGUAGE = "en"
SEAT_LETTERS = "ABCDEFG"  # Ferbli seats up to 7 players
# How each parameter of a message (error, event, label) is shown, in every game alike; JSON
# keeps the codes. Seats read as the letters the table shows (seat 0 = A), the letters of the
# rules' worked examples; cards, suits and ranks by their names in the page's language;
# statuses by their term. A parameter not listed is shown as it is.
PARAM_KINDS = {
    **dict.fromkeys(("seat", "seats", "to_act", "winner", "leader", "dealer", "partner", "slave", "target",
                     "tied", "old_man"), "seat"),
    **dict.fromkeys(("card", "cards", "over", "shown"), "card"),
    **dict.fromkeys(("led", "trump"), "suit"),
    "rank": "rank",
    **dict.fromkeys(("status0", "status1"), "status"),
}


def read_data(path: str) -> dict:
    """A JSON data file of the package (``catalog/cards.json``), {} when it is missing.

    Read by path, not through ``importlib.resources``: that import and the game packages it
    would import to find their folders cost ~0.1 s of Python's start in the browser, and the
    package is always installed as plain files (a wheel unpacked into site-packages).
    """
    try:
        text = (PACKAGE_DIR / path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return json.loads(text)


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """All keys of one language: the shared catalog merged with each game's."""
    merged = dict(read_data(f"catalog/{lang}.json"))
    for game in PACKAGES:
        merged.update(read_data(f"{game}/catalog/{lang}.json"))
    # The computer players' reasons: bots/catalog/<lang>.json and one folder per game's bot.
    bots = PACKAGE_DIR / "bots" / "catalog"
    for path in sorted(bots.glob(f"**/{lang}.json")):
        merged.update(read_data(str(path.relative_to(PACKAGE_DIR))))
    merged.pop("_doc", None)
    return merged


def check_language(lang: str | None) -> str:
    """The language to use: ``lang`` when the site has it, else English."""
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


class _Params(dict):
    """Leaves an unknown ``{placeholder}`` visible instead of raising KeyError."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, lang: str = DEFAULT_LANGUAGE, **params) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in."""
    lang = check_language(lang)
    template = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    return template.format_map(_Params({k: _display(v, lang, PARAM_KINDS.get(k)) for k, v in params.items()}))


def team_label(team: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A fixed team as the card table labels it: team 0 is "team 1" (JSON keeps 0 and 1).

    >>> team_label(0), team_label(1, "hu")
    ('team 1', '2. csapat')
    """
    return render("table.team", lang, team=team + 1)


def seat_label(seat) -> str:
    """The letter of a seat in texts.

    >>> seat_label(0), seat_label(5), seat_label(None)
    ('A', 'F', 'None')
    """
    return SEAT_LETTERS[seat] if isinstance(seat, int) and 0 <= seat < len(SEAT_LETTERS) else str(seat)


def show(kind: str | None, value, lang: str):
    """One value of a parameter ``kind`` in words; a value that is not a code of that kind
    (e.g. "3–4", the cards of a charge, or a name already in words) stays as it is.

    >>> show("card", "Kh", "en"), show("suit", "l", "hu"), show("seat", 2, "en"), show("card", "3–4", "en")
    ('King of hearts', 'zöld', 'C', '3–4')
    """
    if kind == "seat":
        return seat_label(value)
    if kind is None or not isinstance(value, str):
        return value
    from .cards import HIDDEN, RANKS, SUITS, card_name, is_card, rank_name, suit_name

    if kind == "card" and (is_card(value) or value == HIDDEN):
        return card_name(value, lang)
    if kind == "suit" and len(value) == 1 and value in SUITS:
        return suit_name(value, lang)
    if kind == "rank" and len(value) == 1 and value in RANKS:
        return rank_name(value, lang)
    if kind == "status":
        return render(f"term.filicau.{value}", lang)
    return value


def _display(value, lang: str, kind: str | None = None):
    """Lists render as comma-separated text, each item shown as its ``kind`` says."""
    if isinstance(value, (list, tuple)):
        return catalog(lang).get("list.separator", ", ").join(str(_display(v, lang, kind)) for v in value)
    return show(kind, value, lang)
