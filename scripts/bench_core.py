"""Core benchmark: the same module runs on CPython and inside Pyodide (scripts/bench).

Standard library only. ``run(sizes)`` returns a JSON-able dict:

- ``ferbli_rank``: ``rank_hand`` over every four-card hand (35,960), repeated ``rank_rounds``
  times after one first pass (which evaluates each hand into the ranking table; its time is
  reported separately as ``table_build_s``);
- ``step_us[game]``: microseconds per ``legal_actions()`` + ``apply()`` (plus picking one of
  the legal actions) on random legal play from ``step_deals`` seeded deals, 4 players;
- ``deals_per_s[game]``: complete random deals per second with ``hcards_core.play.random_deal``
  (shuffle, deal, the game's random legal play to the end, the record), 4 players.

``python scripts/bench_core.py [--quick] [--sizes JSON]`` prints that dict as JSON.
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from itertools import combinations

GAMES = ("zsiros", "filicau", "ferbli")
PLAYERS = 4

FULL = {"rank_rounds": 5, "step_deals": 200, "deals": {"zsiros": 300, "filicau": 300, "ferbli": 1500}}
QUICK = {"rank_rounds": 1, "step_deals": 30, "deals": {"zsiros": 40, "filicau": 40, "ferbli": 200}}


def _clock():
    return time.perf_counter()


# ---------------------------------------------------------------- Ferbli ranking


def bench_ferbli_rank(rounds: int) -> dict:
    from hcards_core.cards import PACK
    from hcards_core.ferbli import rank_hand
    from hcards_core.ferbli import ranking as ranking_module

    hands = [list(h) for h in combinations(PACK, 4)]
    ranking_module._RANKINGS.clear()  # the first pass fills the table: time it apart
    t0 = _clock()
    for h in hands:
        rank_hand(h)
    table_build = _clock() - t0
    t0 = _clock()
    for _ in range(rounds):
        for h in hands:
            rank_hand(h)
    elapsed = _clock() - t0
    n = rounds * len(hands)
    return {"hands": len(hands), "evaluations": n, "seconds": elapsed,
            "hands_per_s": n / elapsed if elapsed else None, "table_build_s": table_build}


# ---------------------------------------------------------------- legal actions + apply


def _initial_states(game: str, deals: int) -> list:
    """Seeded first states, dealt as ``hcards_core.play`` deals them (``Game.random_cards``)."""
    from hcards_core.games import get_game

    g = get_game(game)
    states = []
    for k in range(deals):
        cards = g.random_cards(PLAYERS, random.Random(f"bench-{k}"))
        session = g.new_session(PLAYERS, g.parse_options(None), k % PLAYERS, {})
        states.append(g.deal(session, cards, None, "deal"))
    return states


def _ferbli_pick(legal: list, rng: random.Random) -> dict:
    """One legal Ferbli action (a bet/raise range becomes a concrete amount)."""
    action = legal[rng.randrange(len(legal))]
    if "min" in action:
        action = dict(action)
        lo, hi = action.pop("min"), action.pop("max")
        action["amount"] = lo if hi is None or rng.random() < 0.5 else rng.randint(lo, hi)
    return action


def _play(game: str, states: list, rng: random.Random) -> int:
    steps = 0
    if game == "ferbli":
        for state in states:
            while state.to_act is not None:
                state = state.apply(_ferbli_pick(state.legal_actions(), rng))
                steps += 1
    else:
        for state in states:
            while state.to_act is not None:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
                steps += 1
    return steps


def bench_steps(game: str, deals: int) -> dict:
    rng = random.Random(f"steps-{game}")
    _play(game, _initial_states(game, 2), rng)  # warm-up: lazy imports, caches
    states = _initial_states(game, deals)
    t0 = _clock()
    steps = _play(game, states, rng)
    elapsed = _clock() - t0
    return {"deals": deals, "steps": steps, "seconds": elapsed,
            "us_per_step": elapsed / steps * 1e6 if steps else None}


# ---------------------------------------------------------------- whole random deals


def _random_deal(game: str):
    from hcards_core.play import random_deal
    return lambda seed: random_deal(game, seed, PLAYERS)


def bench_deals(game: str, deals: int) -> dict:
    fn = _random_deal(game)
    fn("warm-up")
    t0 = _clock()
    for k in range(deals):
        fn(k)
    elapsed = _clock() - t0
    return {"deals": deals, "seconds": elapsed, "deals_per_s": deals / elapsed if elapsed else None}


# ---------------------------------------------------------------- all


def run(sizes: dict | None = None, quick: bool = False) -> dict:
    cfg = json.loads(json.dumps(QUICK if quick else FULL))
    for key, value in (sizes or {}).items():
        if isinstance(value, dict):
            cfg[key].update(value)
        else:
            cfg[key] = value
    t0 = _clock()
    out = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
        "sizes": cfg,
        "ferbli_rank": bench_ferbli_rank(cfg["rank_rounds"]),
        "steps": {g: bench_steps(g, cfg["step_deals"]) for g in GAMES},
        "deals": {g: bench_deals(g, cfg["deals"][g]) for g in GAMES},
    }
    out["step_us"] = {g: out["steps"][g]["us_per_step"] for g in GAMES}
    out["deals_per_s"] = {g: out["deals"][g]["deals_per_s"] for g in GAMES}
    out["total_s"] = _clock() - t0
    return out


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    sizes = None
    if "--sizes" in argv:
        sizes = json.loads(argv[argv.index("--sizes") + 1])
    print(json.dumps(run(sizes, quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
