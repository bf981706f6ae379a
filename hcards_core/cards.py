"""The 32-card Hungarian ("William Tell") pack and its notation.

A card is a two-character code ``<rank><suit>``: ranks ``A K O U X 9 8 7``, suits ``a``
(acorns, makk), ``l`` (leaves, zöld), ``h`` (hearts, piros), ``b`` (bells, tök). Codes are
plain strings, so states stay cheap to copy and records stay readable. A card hidden from a
viewer is ``??``.

>>> len(PACK), PACK[0], PACK[-1]
(32, 'Aa', '7b')
>>> parse_card("makk felső"), parse_card("Ten of hearts"), parse_card("鈴の7")
('Oa', 'Xh', '7b')
>>> parse_cards("Oa Xh, 7l")
['Oa', 'Xh', '7l']
>>> shuffled_pack(7) == shuffled_pack(7), sorted(shuffled_pack(7)) == sorted(PACK)
(True, True)
"""

from __future__ import annotations

import random
import re
import unicodedata
from functools import lru_cache

from .errors import MalformedRecord
from .messages import check_language, read_data

RANKS = "AKOUX987"
SUITS = "alhb"
HIDDEN = "??"
PACK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_PACK_SET = frozenset(PACK)


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in _PACK_SET


def shuffled_pack(seed: int | str) -> list[str]:
    """The pack in a deterministic order for ``seed``, top card first."""
    cards = list(PACK)
    random.Random(seed).shuffle(cards)
    return cards


@lru_cache(maxsize=1)
def _names() -> dict:
    data = read_data("catalog/cards.json")  # a fresh dict: json.loads of the file
    data.pop("_doc", None)
    return data


def _fold(text: str) -> str:
    """Case-, accent- and space-insensitive key: 'Makk  Felső' and 'makk felso' match."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("ş", "s").replace("ţ", "t")  # Romanian cedilla spellings
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=1)
def _long_names() -> dict[str, str]:
    """Every accepted long name, in every language, folded → code."""
    table: dict[str, str] = {}
    for spec in _names().values():
        for pattern in spec["patterns"]:
            for r, rank_names in spec["ranks"].items():
                for s, suit_names in spec["suits"].items():
                    definite = spec.get("definite", {}).get(r)
                    for rn in rank_names + ([definite] if definite else []):
                        for sn in suit_names:
                            table.setdefault(_fold(pattern.format(rank=rn, suit=sn)), r + s)
    return table


def card_name(card: str, lang: str = "en", definite: bool = False) -> str:
    """The card's long name in ``lang`` (``??`` reads as 'a hidden card'); ``definite``: the
    form for running text where the language marks it on the rank (Romanian "asul de ghindă").

    >>> card_name("Aa", "ro"), card_name("Aa", "ro", definite=True)
    ('as de ghindă', 'asul de ghindă')
    """
    spec = _names()[check_language(lang)]
    if card == HIDDEN:
        return {"en": "hidden card", "hu": "rejtett lap", "ro": "cartea ascunsă" if definite else "carte ascunsă",
                "fa": "کارت پنهان", "ja": "伏せ札"}[check_language(lang)]
    rank = (spec.get("definite", {}).get(card[0]) if definite else None) or spec["ranks"][card[0]][0]
    return spec["patterns"][0].format(rank=rank, suit=spec["suits"][card[1]][0])


def rank_name(r: str, lang: str = "en") -> str:
    return _names()[check_language(lang)]["ranks"][r][0]


def suit_name(s: str, lang: str = "en") -> str:
    return _names()[check_language(lang)]["suits"][s][0]


def parse_card(text: str, where: str = "") -> str:
    """A card code from a code (``Oa``) or a long name in any site language.

    Raises ``MalformedRecord`` (code ``unknown_card``) naming the text that is not a card.
    """
    if not isinstance(text, str):
        raise MalformedRecord("unknown_card", where=where, text=repr(text))
    stripped = text.strip()
    if stripped in _PACK_SET:
        return stripped
    if len(stripped) == 2 and (stripped[0].upper() + stripped[1].lower()) in _PACK_SET:
        return stripped[0].upper() + stripped[1].lower()
    found = _long_names().get(_fold(stripped))
    if found is None:
        raise MalformedRecord("unknown_card", where=where, text=stripped)
    return found


def parse_cards(text: str | list, where: str = "", allow_duplicates: bool = False) -> list[str]:
    """A list of cards from a list or from text separated by spaces, commas or semicolons.

    Long names contain spaces, so separate them with commas: ``makk felső, piros ász``.
    """
    if isinstance(text, list):
        items = text
    else:
        # Commas (or the Persian and Japanese commas) separate long names, which contain
        # spaces; within a part that is not a long name, spaces separate codes.
        items = []
        for part in re.split(r"[,;،、]", text):
            if _fold(part) in _long_names():
                items.append(part)
            else:
                items.extend(part.split())
    cards = [parse_card(t, where=f"{where}[{i}]" if where else f"[{i}]") for i, t in enumerate(items)]
    if not allow_duplicates:
        seen: set[str] = set()
        for i, c in enumerate(cards):
            if c in seen:
                raise MalformedRecord("duplicate_card", where=where, card=c)
            seen.add(c)
    return cards
