"""Duplicate matches between two tiers: each seeded deal is played twice with the tiers' seats
swapped, so the luck of the cards cancels and what is left is the difference in play.

Tier A sits at the even seats (the first side in a partnership game) in the first play and at
the odd seats in the second. A pair is won by the tier whose total over its two plays is
higher (a tie counts half); ``win_rate`` is tier A's share of the pairs and ``ci95`` its 95 %
interval (normal approximation over the pairs' outcomes). Any game whose bot exists plays
(``bot_for``).

>>> out = run_match("zsiros", ("beginner", "random"), deals=2, players=2, seed=1)
>>> out["deals"], out["tiers"], out["unit"], 0 <= out["win_rate"] <= 1
(2, ['beginner', 'random'], 'game points', True)
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time

from ..errors import MalformedRecord
from ..games import get_game
from . import TIERS, bot_for


def check_tiers(tiers) -> tuple[str, str]:
    """Two known tiers, as a tuple (``MalformedRecord`` names a bad ``--tiers``)."""
    tiers = tuple(tiers)
    if len(tiers) != 2 or any(t not in TIERS for t in tiers):
        raise MalformedRecord("bad_field", where="--tiers", value=repr(",".join(map(str, tiers))),
                              expected="two of " + ", ".join(TIERS) + ", e.g. club,beginner")
    return tiers


def play_deal(game, players: int, options: dict, dealer: int, cards: dict, seat_tiers: list[str],
              seed: str, budgets: dict | None = None, timings: dict | None = None):
    """Play one deal with ``seat_tiers[s]`` at seat ``s``: (final state, its one-deal record).

    Every decision draws from its own generator seeded by ``seed`` and the action's index, so
    a deal replays identically whatever the other deals did."""
    bot = bot_for(game.name)
    session = game.new_session(players, game.parse_options(options), dealer, {})
    state = game.deal(session, cards, None, "deals[0]")
    actions: list[dict] = []
    budgets = budgets or {}
    while not state.is_over:
        k = len(actions)
        for seat in bot.optional_seats(state):
            extra = bot.choose_optional(state, seat, seat_tiers[seat], random.Random(f"{seed}:{k}:call"))
            if extra is not None:
                state = state.apply(extra)
                actions.append(extra)
        seat = state.to_act
        tier = seat_tiers[seat]
        start = time.perf_counter()
        action, _ = bot.choose(state, seat, tier, random.Random(f"{seed}:{k}"), budgets.get(tier), explain=False)
        if timings is not None:
            timings.setdefault(tier, []).append((time.perf_counter() - start) * 1000)
        state = state.apply(action)
        actions.append(action)
    record = {"game": game.name, "players": players, "options": dict(options), "dealer": dealer,
              "deals": [{"cards": cards, "actions": actions}]}
    return state, record


def run_match(game_name: str, tiers, deals: int = 20, players: int | None = None, options: dict | None = None,
              seed=0, records=None, budgets: dict | None = None, timings: dict | None = None) -> dict:
    """The duplicate match (ARCHITECTURE §3's ``match`` output). ``records``: a text file
    object that gets every play's record as one JSON line; ``timings``: a dict that collects
    the milliseconds of every decision per tier."""
    tiers = check_tiers(tiers)
    game, players, options = check_table(game_name, players, options)
    if not isinstance(deals, int) or deals < 1:
        raise MalformedRecord("bad_field", where="--deals", value=repr(deals), expected="a whole number of deals, at least 1")
    pairs = [play_pair(game, tiers, i, players, options, seed, records, budgets, timings) for i in range(deals)]
    return summarise(pairs, tiers, bot_for(game.name).unit)


def check_table(game_name: str, players, options):
    """The game, the checked table size and options (``MalformedRecord`` names what is wrong)."""
    game = get_game(game_name)
    if bot_for(game.name) is None:
        raise MalformedRecord("no_computer_player", where="game", game=game_name)
    players = game.check_players(players if players is not None else game.players[0])
    options = dict(options or {})
    game.parse_options(options)
    return game, players, options


def play_pair(game, tiers, i: int, players: int, options: dict, seed, records=None,
              budgets: dict | None = None, timings: dict | None = None) -> list[float]:
    """Duplicate pair ``i`` of the match seeded ``seed``: deal ``i``'s cards played twice, the
    tiers' seats swapped; each tier's total over the two plays. A pair depends only on
    ``(seed, i)``, so a long match can be played in pieces, or resumed, and add up to the
    same result as one ``run_match``."""
    bot = bot_for(game.name)
    cards = game.random_cards(players, random.Random(f"{seed}-{i}"))
    dealer = i % players
    pair = [0.0, 0.0]
    for swap in (0, 1):
        seat_tiers = [tiers[(s + swap) % 2] for s in range(players)]
        final, record = play_deal(game, players, options, dealer, cards, seat_tiers,
                                  f"{seed}-{i}-{','.join(seat_tiers)}", budgets, timings)
        for t in (0, 1):
            pair[t] += bot.match_score(final, [s for s in range(players) if (s + swap) % 2 == t])
        if records is not None:
            records.write(json.dumps(record, ensure_ascii=False) + "\n")
    return pair


def summarise(pairs: list[list[float]], tiers, unit: str) -> dict:
    """The ``match`` output from the pairs' totals: tier A's share of the pairs won (a tie
    counts half) and its 95 % interval (normal approximation over the pairs' outcomes).

    >>> summarise([[3, 1], [0, 2], [1, 1], [5, 0]], ("club", "beginner"), "card points")["win_rate"]
    0.625
    """
    outcomes = [1.0 if a > b + 1e-9 else 0.0 if b > a + 1e-9 else 0.5 for a, b in pairs]
    rate = sum(outcomes) / len(outcomes)
    sd = statistics.pstdev(outcomes) if len(outcomes) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(outcomes))
    return {"deals": len(pairs), "tiers": list(tiers), "score": [_num(sum(p[0] for p in pairs)), _num(sum(p[1] for p in pairs))],
            "win_rate": round(rate, 4), "ci95": [round(max(0.0, rate - half), 4), round(min(1.0, rate + half), 4)],
            "unit": unit}


def _num(x: float):
    return int(x) if float(x).is_integer() else round(x, 3)


def decision_times(timings: dict) -> dict:
    """Median and p95 milliseconds per decision for each tier."""
    out = {}
    for tier, ms in timings.items():
        ms = sorted(ms)
        out[tier] = {"decisions": len(ms), "median_ms": round(statistics.median(ms), 2),
                     "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2)}
    return out
