"""Glicko-2 ratings of learners and puzzles (Glickman, "Example of the Glicko-2 system", 2013).

Every try is a game between the learner and the puzzle: the learner scores 1 for solving it at
the first try, 0 otherwise, and the puzzle the opposite. Both ratings move after each try (one
rating period per try, as puzzle sites do), so easy puzzles that many miss climb and a learner
who solves hard ones rises. The page keeps the numbers in the browser's localStorage.

Glickman's worked example: a player rated 1500 (RD 200, volatility 0.06) meets players rated
1400 (RD 30), 1550 (RD 100) and 1700 (RD 300), winning the first and losing the others; with
τ = 0.5 the paper's new rating is 1464.06, RD 151.52, volatility 0.05999 (it rounds its
intermediate steps to four places; unrounded, 1464.05 and 0.059996):

>>> r = update({"rating": 1500, "rd": 200, "vol": 0.06},
...            [({"rating": 1400, "rd": 30}, 1), ({"rating": 1550, "rd": 100}, 0), ({"rating": 1700, "rd": 300}, 0)])
>>> abs(r["rating"] - 1464.06) < 0.02, round(r["rd"], 2), abs(r["vol"] - 0.05999) < 1e-5
(True, 151.52, True)

No game in a period only widens the deviation:

>>> round(update({"rating": 1500, "rd": 200, "vol": 0.06}, [])["rd"], 2)
200.27
"""

from __future__ import annotations

import math

from ..bridge import exposed

SCALE = 173.7178
TAU = 0.5          # the system constant: how fast volatility may change (Glickman suggests 0.3–1.2)
EPSILON = 1e-6     # the convergence tolerance of the volatility iteration
START = {"rating": 1500.0, "rd": 350.0, "vol": 0.06}
MIN_RD = 30.0      # a floor, so that a long-practised learner still moves


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: dict, opponent: dict) -> float:
    """The chance ``player`` beats ``opponent`` (e.g. a learner solves a puzzle).

    >>> round(expected({"rating": 1500, "rd": 200}, {"rating": 1400, "rd": 30}), 3)
    0.639
    """
    mu, mu_j = (player["rating"] - 1500) / SCALE, (opponent["rating"] - 1500) / SCALE
    return _e(mu, mu_j, opponent["rd"] / SCALE)


def update(player: dict, games: list[tuple[dict, float]], tau: float = TAU) -> dict:
    """``player`` ({"rating", "rd", "vol"}) after one rating period of ``games``: pairs of an
    opponent ({"rating", "rd"}) and the score (1 win, 0.5 draw, 0 loss). Steps 2–8 of the paper."""
    mu = (player["rating"] - 1500) / SCALE
    phi = player["rd"] / SCALE
    sigma = player.get("vol", START["vol"])
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return {"rating": player["rating"], "rd": phi_star * SCALE, "vol": sigma}
    v_inv, delta_sum = 0.0, 0.0
    for opponent, score in games:
        mu_j, phi_j = (opponent["rating"] - 1500) / SCALE, opponent["rd"] / SCALE
        e = _e(mu, mu_j, phi_j)
        v_inv += _g(phi_j) ** 2 * e * (1 - e)
        delta_sum += _g(phi_j) * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return {"rating": mu_new * SCALE + 1500, "rd": phi_new * SCALE, "vol": sigma_new}


def after_try(learner: dict | None, puzzle: dict, solved: bool) -> dict:
    """Both ratings after one try: ``{"learner": {...}, "puzzle": {...}, "expected": p}``.

    ``learner``/``puzzle`` are ``{"rating", "rd", "vol"}`` (missing parts: a new learner, a
    puzzle's mined rating with RD 200). The deviations never fall below ``MIN_RD``.

    >>> out = after_try(None, {"rating": 1500}, True)
    >>> out["learner"]["rating"] > 1500 > out["puzzle"]["rating"]
    True
    """
    me = {**START, **(learner or {})}
    it = {"rating": 1500.0, "rd": 200.0, "vol": 0.06, **puzzle}
    score = 1.0 if solved else 0.0
    new_me = update(me, [(it, score)])
    new_it = update(it, [(me, 1 - score)])
    for r in (new_me, new_it):
        r["rd"] = max(MIN_RD, r["rd"])
        r["rating"] = round(r["rating"], 2)
        r["rd"] = round(r["rd"], 2)
        r["vol"] = round(r["vol"], 6)
    return {"learner": new_me, "puzzle": new_it, "expected": round(expected(me, it), 3)}


@exposed
def rate_try(puzzle: dict, solved: bool, learner: dict | None = None) -> dict:
    """The bridge's door to ``after_try`` (the page stores both results)."""
    return after_try(learner, puzzle, solved)
