"""Card order, trumps and tricks of Filicău/Filkó as pure functions (FC-1, FC-3, FC-4).

The Overs (and, in the Szeged variant FK-V1, a few VIIs) are *top trumps*: they belong to
the trump suit whatever suit is printed on them. Every function works on an *effective suit*
(``eff``: card → suit it counts as) and a *power* (card → number, higher wins), built once per
trump suit and cached, so playing a card is a couple of dictionary look-ups.

>>> eff, power = order("h", top_trumps(4))
>>> eff["Ol"], eff["Al"], eff["Oh"]   # the Over of leaves is a trump, not a leaf
('h', 'l', 'h')
>>> sorted(["Ah", "Oa", "Xh", "Kh", "Ob"], key=power.get, reverse=True)
['Oa', 'Ob', 'Ah', 'Xh', 'Kh']
>>> turned_trump(["Oh", "9b", "Ah"], top_trumps(4))   # EX-C1
(['Oh', '9b'], 'b')
>>> trick_winner([(0, "Al"), (1, "Xl"), (2, "7h"), (3, "Kl")], "h", eff, power)   # FC-4.5
2
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import PACK

SUITS = "alhb"
PLAIN_ORDER = "AXKU987"  # FC-1.3: the Ten ranks above the King
OVER_ORDERS = {"alhb": "acorns > leaves > hearts > bells (FC-1.2)",
               "ahbl": "acorns > hearts > bells > leaves (FK-V2)"}
REMOVED_FOR_30 = frozenset({"7b", "7l"})  # FK-2.2, FK-3.1


def card_points(card: str) -> int:
    """FC-1.4: each Ace and each Ten is worth 1 (8 in the pack)."""
    return 1 if card[0] in "AX" else 0


def pack_for(players: int) -> tuple[str, ...]:
    """The cards in play: 32, or 30 without the VIIs of bells and leaves for 5 and 6 players."""
    return PACK if players == 4 else tuple(c for c in PACK if c not in REMOVED_FOR_30)


def top_trumps(players: int, over_order: str = "alhb", szeged: bool = False) -> tuple[str, ...]:
    """The permanent trumps, highest first: the four Overs (FC-1.2, FK-V2), topped in the
    Csólyospálos/Szeged variant (FK-V1) by VII♥ (5 players) or VII♥ and VII of acorns (6)."""
    overs = tuple("O" + s for s in over_order)
    if not szeged:
        return overs
    return (("7h",) if players == 5 else ("7h", "7a")) + overs


@lru_cache(maxsize=64)
def order(trump: str, top: tuple[str, ...]) -> tuple[dict[str, str], dict[str, int]]:
    """(effective suit, power) of every card when ``trump`` is trumps (FC-1.3)."""
    eff: dict[str, str] = {}
    power: dict[str, int] = {}
    for card in PACK:
        if card in top:
            eff[card], power[card] = trump, 200 - top.index(card)
        elif card[1] == trump:
            eff[card], power[card] = trump, 100 + 7 - PLAIN_ORDER.index(card[0])
        else:
            eff[card], power[card] = card[1], 7 - PLAIN_ORDER.index(card[0])
    return eff, power


def turned_trump(cards, top: tuple[str, ...]) -> tuple[list[str], str] | None:
    """Show ``cards`` one by one until one is not a top trump (FC-3.1–3.2, FK-1.1):
    (the cards shown, the suit of the last). None when every card is a top trump."""
    shown = []
    for card in cards:
        shown.append(card)
        if card not in top:
            return shown, card[1]
    return None


def legal_cards(hand: list[str], led: str | None, trump: str, eff: dict[str, str]) -> list[str]:
    """FC-4.2–4.4: follow the led suit (Overs count as trumps); if void, trump; else anything.
    Never a duty to beat."""
    if led is None:
        return list(hand)
    same = [c for c in hand if eff[c] == led]
    if same:
        return same
    trumps = [c for c in hand if eff[c] == trump]
    return trumps or list(hand)


def trick_winner(table, trump: str, eff: dict[str, str], power: dict[str, int]) -> int:
    """FC-4.5: the highest trump, else the highest card of the led suit. ``table`` is a list
    of (seat, card) in playing order; returns the winning seat."""
    led = eff[table[0][1]]
    best_seat, best = table[0][0], -1
    for seat, card in table:
        s = eff[card]
        value = power[card] + (1000 if s == trump else 0) if s == trump or s == led else -1
        if value > best:
            best_seat, best = seat, value
    return best_seat
