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


def _tier_check(tiers) -> tuple[str, str]:
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
    tiers = _tier_check(tiers)
    game = get_game(game_name)
    bot = bot_for(game.name)
    if bot is None:
        raise MalformedRecord("game_not_available", where="game", game=game_name)
    players = game.check_players(players if players is not None else game.players[0])
    options = dict(options or {})
    game.parse_options(options)
    if not isinstance(deals, int) or deals < 1:
        raise MalformedRecord("bad_field", where="--deals", value=repr(deals), expected="a whole number of deals, at least 1")
    totals = [0.0, 0.0]
    outcomes = []
    for i in range(deals):
        rng = random.Random(f"{seed}-{i}")
        cards = game.random_cards(players, rng)
        dealer = i % players
        pair = [0.0, 0.0]
        for swap in (0, 1):
            seat_tiers = [tiers[(s + swap) % 2] for s in range(players)]
            final, record = play_deal(game, players, options, dealer, cards, seat_tiers, f"{seed}-{i}-{swap}",
                                      budgets, timings)
            for t in (0, 1):
                seats = [s for s in range(players) if (s + swap) % 2 == t]
                pair[t] += bot.match_score(final, seats)
            if records is not None:
                records.write(json.dumps(record, ensure_ascii=False) + "\n")
        totals[0] += pair[0]
        totals[1] += pair[1]
        outcomes.append(1.0 if pair[0] > pair[1] + 1e-9 else 0.0 if pair[1] > pair[0] + 1e-9 else 0.5)
    rate = sum(outcomes) / len(outcomes)
    sd = statistics.pstdev(outcomes) if len(outcomes) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(outcomes))
    return {"deals": deals, "tiers": list(tiers), "score": [_num(totals[0]), _num(totals[1])],
            "win_rate": round(rate, 4), "ci95": [round(max(0.0, rate - half), 4), round(min(1.0, rate + half), 4)],
            "unit": bot.unit}


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
