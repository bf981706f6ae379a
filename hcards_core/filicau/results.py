"""Status change and the next dealer after a deal (FC-2.3, FC-5, FK-1.3–1.6, FK-3.4–3.7).

Everything here is a pure function of the prior session facts and the points, so the
exhaustive tests can check the tables directly and ``stop_early`` can ask "would every
remaining split of points end the same way?".

Points are always given as ``p`` = the points of team 0 (the other team has ``8 - p``).

>>> romanian_status(["level", "level"], 6), romanian_status(["master", "slave"], 0)
(['master', 'slave'], ['level', 'level'])
>>> filko_status(["master", "slave"], 0)   # FK-1.3: 8–0 counts like 6–2, never level again
['slave', 'master']
"""

from __future__ import annotations

from ..seats import right_of, seats_from

LEVEL, MASTER, SLAVE = "level", "master", "slave"
STATUSES = (LEVEL, MASTER, SLAVE)
TOTAL = 8


def romanian_status(prior: list[str], p: int) -> list[str]:
    """FC-5.1: 0 or 8 → both level (escape); 1–2 slave; 6–7 master; 3–5 unchanged."""
    if p == 0 or p == TOTAL:
        return [LEVEL, LEVEL]
    if p <= 2:
        return [SLAVE, MASTER]
    if p >= 6:
        return [MASTER, SLAVE]
    return list(prior)


def filko_status(prior: list[str], p: int) -> list[str]:
    """FK-1.3: 6 or more makes masters (8–0 included); otherwise nothing changes."""
    if p >= 6:
        return [MASTER, SLAVE]
    if p <= 2:
        return [SLAVE, MASTER]
    return list(prior)


def romanian_dealer(status: list[str], dealer: int, players: int) -> int:
    """FC-2.3 (D-C1): a slave who dealt deals again; otherwise the player on the right."""
    if status[dealer % 2] == SLAVE:
        return dealer
    return right_of(dealer, players)


def filko_slave(prior: list[str], status: list[str], slave: int | None, players: int) -> tuple[int | None, bool]:
    """FK-1.4–1.6: (the slave after the deal, whether the new masters must choose one).

    No masters yet → no slave (the deal passes right, D-C3). Masters for the first time →
    chosen by them. Same masters → same slave. Roles swapped → the old slave's right."""
    if status[0] == LEVEL:
        return None, False
    if prior[0] == LEVEL or slave is None:
        return None, True
    if status == prior:
        return slave, False
    return right_of(slave, players), False


def first_loser_from(dealer: int, losers, players: int) -> int:
    """FK-3.4: the dealer if a loser, else the next loser anticlockwise (to the right)."""
    for seat in seats_from(dealer, players):
        if seat in losers:
            return seat
    raise ValueError("no loser")


def five_called(p: int) -> list[str]:
    """FK-3.4/3.7: after a call, 6, 7 or 8 make masters (no escape); 3–5 stays level."""
    if p >= 6:
        return [MASTER, SLAVE]
    if p <= 2:
        return [SLAVE, MASTER]
    return [LEVEL, LEVEL]


def five_freed(slave_points: int) -> bool:
    """FK-3.5 (D-C6): the slave team is freed by 0 ("swimming"), 6, 7 or 8 points."""
    return slave_points == 0 or slave_points >= 6
