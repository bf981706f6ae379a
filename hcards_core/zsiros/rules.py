"""Pure card facts of Zsíros: what hits and what counts (sides are ``seats.team_of``).

Suits play no part (Z-1.2); a card hits when it matches the *led* rank or is a VII (Z-0.2,
Z-3.3), and only Aces and Tens ("zsír") count, 10 each, 80 in all (Z-1.3).

>>> hits("Xh", "X"), hits("7b", "X"), hits("Ah", "7"), hits("7l", "7")
(True, True, False, True)
>>> card_points(["Aa", "Xl", "Ob", "7h"])
20
>>> sum(card_points([c]) for c in PACK)
80
"""

from __future__ import annotations

from ..cards import PACK

SEVEN = "7"
ZSIR = frozenset("AX")  # the ranks worth 10 (Z-1.3)
TOTAL_POINTS = 80
HAND_SIZE = 4  # Z-2.2
CALLS = ("hit", "no_hit", "grease", "no_grease")  # Z-6.1: Üss! Ne üss! Zsírt! Ne zsírt!

__all__ = ["PACK", "SEVEN", "ZSIR", "TOTAL_POINTS", "HAND_SIZE", "CALLS", "hits", "card_points",
           "talon_size"]


def hits(card: str, led: str) -> bool:
    """Does ``card`` hit a trick whose led rank is ``led``? A VII always does (Z-3.3)."""
    return card[0] == led or card[0] == SEVEN


def card_points(cards) -> int:
    """Card points of a pile: 10 per Ace and Ten (Z-1.3)."""
    return 10 * sum(1 for c in cards if c[0] in ZSIR)


def talon_size(players: int) -> int:
    """24 with 2 players, 16 with 4 (Z-2.2)."""
    return len(PACK) - HAND_SIZE * players
