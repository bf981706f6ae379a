"""Computer players' benchmark: strength (duplicate matches) and time per decision.

Standard library only; the same module runs on CPython and inside Pyodide (scripts/bench
``--only bots``; ``node scripts/bench-pyodide.mjs --module bench_bots``). ``run(sizes)``:

- ``matches``: for every game and table size whose bot exists, duplicate matches
  (``hcards_core.bots.match``) of each tier against the one below and of beginner against
  random: win rate of the stronger tier, its 95 % interval, both scores;
- ``times``: milliseconds per decision of each tier (median, p95) over positions taken from
  beginner play (every decision of the seat to act with more than one legal action).

``sizes``: ``{"deals": N, "positions": P, "tables": [[game, players], …], "pairs": [[A, B], …],
"time_tiers": [...], "matches": bool, "times": bool}``; a table whose game has no bot is
skipped. ``python scripts/bench_bots.py [--deals N] [--positions P] [--no-times]`` prints it.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time

TABLES = [["zsiros", 2], ["zsiros", 4], ["filicau", 4], ["filko", 4], ["filko", 5], ["filko", 6],
          ["ferbli", 3], ["ferbli", 5]]
PAIRS = [["beginner", "random"], ["club", "beginner"], ["expert", "club"]]
FULL = {"deals": 2000, "positions": 60, "tables": TABLES, "pairs": PAIRS, "time_tiers": ["beginner", "club", "expert"],
        "matches": True, "times": True}


def _positions(game, players: int, count: int, seed: int = 0):
    """Decision points from beginner play: (state, seat) with more than one legal action."""
    from hcards_core.bots import bot_for

    bot = bot_for(game.name)
    out, k = [], 0
    while len(out) < count and k < 10 * count:
        rng = random.Random(f"bench-{seed}-{k}")
        session = game.new_session(players, game.parse_options({}), k % players, {})
        state = game.deal(session, game.random_cards(players, rng), None, "deals[0]")
        while not state.is_over and len(out) < count:
            if len(state.legal_actions()) > 1 and rng.random() < 0.35:
                out.append(state)
            state = state.apply(bot.beginner(state, state.to_act, rng)[0])
        k += 1
    return out


def time_decisions(game_name: str, players: int, tier: str, positions: int) -> dict:
    from hcards_core.bots import choose
    from hcards_core.games import get_game

    ms = []
    for i, state in enumerate(_positions(get_game(game_name), players, positions)):
        t0 = time.perf_counter()
        choose(state, state.to_act, tier, rng=i, explain=False)
        ms.append((time.perf_counter() - t0) * 1000)
    ms.sort()
    return {"decisions": len(ms), "median_ms": round(statistics.median(ms), 2) if ms else None,
            "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2) if ms else None,
            "max_ms": round(ms[-1], 2) if ms else None}


def run(sizes: dict | None = None, quick: bool = False) -> dict:
    from hcards_core.bots import bot_for
    from hcards_core.bots.match import run_match

    spec = dict(FULL)
    if quick:
        spec.update(deals=20, positions=10)
    spec.update(sizes or {})
    out = {"python": sys.version.split()[0], "platform": platform.platform(), "deals": spec["deals"],
           "matches": [], "times": []}
    tables = [t for t in spec["tables"] if bot_for(t[0]) is not None]
    out["skipped"] = [t for t in spec["tables"] if t not in tables]
    for game, players in tables:
        if spec["matches"]:
            for a, b in spec["pairs"]:
                t0 = time.perf_counter()
                res = run_match(game, (a, b), deals=spec["deals"], players=players, seed=2026)
                res.update(game=game, players=players, seconds=round(time.perf_counter() - t0, 1))
                out["matches"].append(res)
                print(f"bench_bots: {game} {players} {a}-{b}: {res['win_rate']} {res['ci95']}",
                      file=sys.stderr, flush=True)
        if spec["times"]:
            for tier in spec["time_tiers"]:
                res = time_decisions(game, players, tier, spec["positions"])
                res.update(game=game, players=players, tier=tier)
                out["times"].append(res)
    return out


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=FULL["deals"])
    ap.add_argument("--positions", type=int, default=FULL["positions"])
    ap.add_argument("--tables", help='JSON, e.g. [["zsiros", 2]]')
    ap.add_argument("--pairs", help='JSON, e.g. [["club", "beginner"]]')
    ap.add_argument("--no-times", action="store_true")
    ap.add_argument("--no-matches", action="store_true")
    a = ap.parse_args()
    sizes = {"deals": a.deals, "positions": a.positions, "times": not a.no_times, "matches": not a.no_matches}
    if a.tables:
        sizes["tables"] = json.loads(a.tables)
    if a.pairs:
        sizes["pairs"] = json.loads(a.pairs)
    print(json.dumps(run(sizes), indent=1))
