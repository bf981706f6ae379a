"""How far above a tier a player could get in Filkó under the duplicate match format — a
diagnostic for issue 15's goals (beginner >= 75 % against random, club >= 60 % against
beginner), not a tier the site ships.

``--against random`` (the beginner's goal): ``best-response`` is the club tier (sampled
worlds: it sees only what its seat knows) whose playouts play the opponents uniformly at
random, i.e. it knows it faces the yardstick; ``--oracle``: the same but every world is the
real deal (it peeks). ``--against beginner`` (the club's goal): the club tier whose worlds are
all the real deal (``--oracle``; two copies of it: the beginner's play is deterministic) and
whose playouts play every seat by the beginner's rules — the very policy of the seats it
faces — and which takes any better-looking action; a ceiling for what a club that guessed
the hidden cards perfectly could reach against the beginner. Both through the ordinary
duplicate match (``hcards_core.bots.match.run_match``).

Measured (seed 2026, CPython 3.11, shared 2-core machine, budget 40), against random:
Filkó 6 best-response 82.5 % [76.4, 88.6] (100 deals), oracle 95 % [91.8, 98.3] (100);
Filkó 5 best-response 75.8 % [66.2, 85.5] (60) — against the beginner's 68.5 % and 65.1 %.
Against beginner (oracle): see ``RECORDED`` in scripts/bench_bots.py.

    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 6 --deals 100 [--oracle]
    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 5 --deals 60 --oracle --against beginner
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hcards_core.bots.match as match  # noqa: E402
from hcards_core.bots.base import pick  # noqa: E402
from hcards_core.bots.filicau import FilicauBot, secret_partner  # noqa: E402


class BestResponse(FilicauBot):
    """Club with random (or beginner) opponents in its playouts; every better-looking action
    is taken."""

    override_z = 0.0

    def __init__(self, oracle: bool = False, against: str = "random"):
        self.oracle = oracle
        self.against = against
        self._side = None
        if oracle and against == "beginner":  # the real world twice: every playout is the same
            self.min_worlds = {"club": 2, "expert": 2}  # (one world would always keep the rule)
            self.max_worlds = {"club": 2, "expert": 2}

    def sample_world(self, state, seat, rng):
        return state.copy() if self.oracle else super().sample_world(state, seat, rng)

    def monte_carlo(self, state, seat, rng, budget, tier, **kw):
        # the seat's team when the seat knows it (a secret partner's öreg does not)
        knows = state.team is not None and (not secret_partner(state) or state.called in state.held[seat])
        self._side = state.team[seat] if knows else None
        return super().monte_carlo(state, seat, rng, budget, tier, **kw)

    def playout_policy(self, state, seat, rng):
        if self.against == "random" and self._side is not None and state.team is not None \
                and state.team[seat] != self._side:
            return pick(state.legal_actions(), rng)
        return self.beginner(state, seat, rng)[0]


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=float, default=40.0)
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--against", choices=("random", "beginner"), default="random")
    a = ap.parse_args()
    bot = BestResponse(oracle=a.oracle, against=a.against)
    match.bot_for = lambda name: bot  # the match plays this bot at every seat (random/beginner stay so)
    print(json.dumps(match.run_match("filko", ("club", a.against), deals=a.deals, players=a.players, seed=2026,
                                     budgets={"club": a.budget})))
