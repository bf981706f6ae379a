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
import re
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
# statuses by their term; a team (0 or 1 in JSON) by the number the table gives it (1 or 2).
# A parameter not listed is shown as it is.
PARAM_KINDS = {
    **dict.fromkeys(("seat", "seats", "to_act", "winner", "leader", "dealer", "partner", "slave", "target",
                     "tied", "old_man"), "seat"),
    **dict.fromkeys(("card", "cards", "over", "shown"), "card"),
    **dict.fromkeys(("led", "trump"), "suit"),
    "rank": "rank",
    "team": "team",
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
    # The computer players' reasons (bots/catalog/<lang>.json, one folder per game's bot) and
    # the learning tools' texts (learn/catalog/<tool>/<lang>.json).
    for folder in ("bots", "learn"):
        for path in sorted((PACKAGE_DIR / folder / "catalog").glob(f"**/{lang}.json")):
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
    """The text of ``key`` in ``lang`` with ``params`` filled in.

    Beyond ``{name}``, a template may choose words by a parameter, ICU-style:
    ``{count, plural, one {# card} other {# cards}}`` by the language's plural category
    (``#`` is the number) and ``{status, select, master {…} other {…}}`` by the raw value.
    Hungarian "a(z)" becomes "a" or "az" by the word that follows it; Persian Latin runs are
    isolated and its digits made Persian.

    >>> render("event.zsiros.draw", "en", seat=1, count=1)
    'Seat B draws 1 card from the talon.'
    >>> render("event.zsiros.draw", "ro", seat=1, count=20)
    'Locul B trage 20 de cărți din talon.'
    >>> render("error.not_your_turn", "hu", seat=0, to_act=1)
    'Nem az A játékos következik: a B játékos van soron.'
    """
    lang = check_language(lang)
    template = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    return key if template is None else fill(template, lang, **params)


def placeholders(template: str) -> set[str]:
    """The parameters a template uses, in ``{name}`` or as the subject of a choice.

    >>> sorted(placeholders("{seat} draws {count, plural, one {# card} other {# cards}}"))
    ['count', 'seat']
    """
    names, plain, i = set(), [], 0
    for start, end, name, choices in _choices(template):
        plain.append(template[i:start])
        names.add(name)
        names |= {n for how, body in choices.items() if how != "#how" for n in placeholders(body)}
        i = end
    plain.append(template[i:])
    return names | set(re.findall(r"\{(\w+)\}", "".join(plain)))


def _choices(template: str):
    """(start, end, name, {choice: body}) of each top-level ``{name, plural|select, …}``."""
    i = 0
    while (m := _CHOICE.search(template, i)):
        choices, j = {}, m.end()
        while (c := _CHOICE_ITEM.match(template, j)):
            choices[c.group(1)], j = _balanced(template, c.end())
        j = template.index("}", j) + 1
        yield m.start(), j, m.group(1), {"#how": m.group(2), **choices}
        i = j


def fill(template: str, lang: str, **params) -> str:
    """One template of ``lang`` with ``params`` filled in, as ``render`` does for a key (for
    catalogs outside the core's, such as the bots')."""
    template = _choose(template, params, lang)
    text = template.format_map(_Params({k: _display(v, lang, PARAM_KINDS.get(k)) for k, v in params.items()}))
    return finish(text, lang)


def plural_category(n, lang: str) -> str:
    """The CLDR plural category of the number ``n`` in ``lang`` (cardinals, integers).

    Hungarian, Persian and Japanese nouns stay singular after a numeral, so a template there
    rarely needs more than ``other``; Romanian says "de" from 20 on (category ``other``).

    >>> [plural_category(n, "ro") for n in (0, 1, 2, 19, 20, 101, 120)]
    ['few', 'one', 'few', 'few', 'other', 'few', 'other']
    >>> plural_category(1, "en"), plural_category(0, "fa"), plural_category(1, "ja")
    ('one', 'one', 'other')

    A number with a fraction (a float) is ``other``, in Romanian ``few`` ("0,5 puncte", never
    "de" — CLDR's ``v != 0``):

    >>> plural_category(0.5, "en"), plural_category(0.5, "ro")
    ('other', 'few')
    """
    if isinstance(n, float) and not isinstance(n, bool):
        return "few" if lang == "ro" else "other"
    if not isinstance(n, int) or isinstance(n, bool):
        return "other"
    if lang == "ja":
        return "other"
    if lang == "fa":
        return "one" if n in (0, 1) else "other"
    if lang == "ro":
        if n == 1:
            return "one"
        return "few" if n == 0 or 1 <= n % 100 <= 19 else "other"
    return "one" if n == 1 else "other"  # en, hu


def _choose(template: str, params: dict, lang: str) -> str:
    """Replace every ``{name, plural|select, choice {text} …}`` by the chosen text."""
    if ", plural," not in template and ", select," not in template:
        return template
    out, i = [], 0
    for start, end, name, choices in _choices(template):
        out.append(template[i:start])
        value = params.get(name)
        if choices.pop("#how") == "plural":
            n = len(value) if isinstance(value, (list, tuple)) else value  # "Seat A wins" / "Seats A, C win"
            pick = f"={n}" if f"={n}" in choices else plural_category(n, lang)
            text = choices.get(pick, choices.get("other", "")).replace("#", "{" + name + "}")
        else:
            text = choices.get(str(value), choices.get("other", ""))
        out.append(_choose(text, params, lang))
        i = end
    out.append(template[i:])
    return "".join(out)


def _balanced(text: str, at: int) -> tuple[str, int]:
    """The text inside the braces opened just before ``at``, and the index after them."""
    depth, i = 1, at
    while depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[at:i - 1], i


_CHOICE = re.compile(r"\{(\w+), (plural|select),")
_CHOICE_ITEM = re.compile(r"\s*(=?\w+)\s*\{")

_VOWELS = "aáeéiíoóöőuúüű"
_LETTERS_WITH_VOWEL_NAME = "AEFILMNORSUXYÁÉÍÓÖŐÚÜŰ"  # á, é, ef, el, em, en, er, es, iksz …


def _hu_article(word: str) -> str:
    """"a" or "az" before ``word`` as it is read aloud: az A, a B, az F, az 1., az 5, a 10.

    >>> [_hu_article(w) for w in ("A", "B", "F", "1", "10", "5", "50", "1000", "ász", "kör")]
    ['az', 'a', 'az', 'az', 'a', 'az', 'az', 'az', 'az', 'a']
    """
    if word[:1].isdigit():
        digits = re.match(r"\d+", word).group()
        return "az" if digits[0] == "5" or (digits[0] == "1" and len(digits) in (1, 4)) else "a"
    if len(word) == 1 or (word.isupper() and len(word) <= 3):
        return "az" if word[0] in _LETTERS_WITH_VOWEL_NAME else "a"
    return "az" if word[:1].lower() in _VOWELS else "a"


def _finish_hu(text: str) -> str:
    """Every "a(z)"/"A(z)" of a template becomes the article the next word takes."""
    def article(m):
        chosen = _hu_article(m.group(2))
        return (chosen.capitalize() if m.group(1) == "A" else chosen) + " "
    return re.sub(r"\b([Aa])\(z\) (?=[\W_]*?(\w+))", article, text)


FSI, PDI = "\u2068", "\u2069"
_LATIN_RUN = re.compile(r"[0-9]*[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ0-9'’_.\-]*(?:[ ]+[0-9]*[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ0-9'’_.\-]*)*[?!]?")
_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def _finish_fa(text: str) -> str:
    """Latin runs (seat letters, Hungarian terms, codes) isolated so the bidi algorithm keeps
    their order and their "?"/"!" on their side; the other digits written as Persian digits.

    >>> _finish_fa("جایگاه A vizi را 2 بار") == "جایگاه " + FSI + "A vizi" + PDI + " را ۲ بار"
    True
    """
    out, i = [], 0
    for m in _LATIN_RUN.finditer(text):
        out.append(text[i:m.start()].translate(_PERSIAN_DIGITS))
        inside = text[max(0, m.start() - 1):m.start()] == FSI
        out.append(m.group() if inside else FSI + m.group() + PDI)
        i = m.end()
    out.append(text[i:].translate(_PERSIAN_DIGITS))
    return "".join(out)


_FINISH = {"hu": _finish_hu, "fa": _finish_fa}


def finish(text: str, lang: str) -> str:
    """A text built outside the catalogs (a table fact's value, a ruling row's "team 1 (A, C): 7
    – team 2 (B, D): 1") finished as ``render`` finishes its own: Persian digits and isolated
    Latin runs, so the row reads in order on a right-to-left page.

    >>> finish("1 – 7 (A, C)", "fa") == "۱ – ۷ (" + FSI + "A" + PDI + ", " + FSI + "C" + PDI + ")"
    True
    >>> finish("1 – 7", "en")
    '1 – 7'
    """
    return _FINISH.get(lang, str)(text)


def team_label(team: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A fixed team as the card table labels it: team 0 is "team 1" (JSON keeps 0 and 1).

    >>> team_label(0), team_label(1, "hu")
    ('team 1', '2. csapat')
    """
    return render("table.team", lang, team=team)


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
    if kind == "team":
        return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
    if kind is None or not isinstance(value, str):
        return value
    from .cards import HIDDEN, RANKS, SUITS, card_name, is_card, rank_name, suit_name

    if kind == "card" and (is_card(value) or value == HIDDEN):
        return card_name(value, lang, definite=True)
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
