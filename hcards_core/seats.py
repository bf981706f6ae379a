"""Seats are integers 0 … n-1 in playing order (anticlockwise): seat ``i+1 (mod n)`` sits on
seat ``i``'s right, so "the player on the dealer's right" is ``right_of(dealer, n)``.

>>> right_of(3, 4), left_of(0, 4), team_of(5, 6), partner_of(1, 4)
(0, 3, 1, 3)
>>> list(seats_from(2, 4))
[2, 3, 0, 1]
"""

from __future__ import annotations

from collections.abc import Iterator


def right_of(seat: int, n: int) -> int:
    return (seat + 1) % n


def left_of(seat: int, n: int) -> int:
    return (seat - 1) % n


def seats_from(first: int, n: int) -> Iterator[int]:
    """Every seat once, in playing order, starting with ``first``."""
    return ((first + k) % n for k in range(n))


def team_of(seat: int, n: int) -> int:
    """The fixed partnership of ``seat`` in a 4- or 6-player game: seats alternate teams.

    In 2-player Zsíros each seat is its own side, which is the same formula."""
    return seat % 2


def partner_of(seat: int, n: int) -> int:
    """The partner facing ``seat`` in a 4-player game."""
    return (seat + n // 2) % n
