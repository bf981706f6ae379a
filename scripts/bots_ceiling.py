"""How far above a tier a player could get in Filkó under the duplicate match format — a
diagnostic for issue 15's goals (beginner >= 75 % against random, club >= 60 % against
beginner, expert >= 55 % against club), not a tier the site ships.

``--against random`` (the beginner's goal): ``best-response`` is the club tier (sampled
worlds: it sees only what its seat knows) whose playouts play the opponents uniformly at
random, i.e. it knows it faces the yardstick; ``--oracle``: the same but every world is the
real deal (it peeks). ``--against beginner`` (the club's goal): the club tier whose worlds are
all the real deal (``--oracle``; two copies of it: the beginner's play is deterministic) and
whose playouts play every seat by the beginner's rules — the very policy of the seats it
faces — and which takes any better-looking action; a ceiling for what a club that guessed
the hidden cards perfectly could reach against the beginner. ``--against club`` (the expert's
goal, >= 55 % against the club): the same peeking club, in the expert's seats, against the
ordinary club tier (``Versus``: only the peeking seats are the diagnostic's bot); its playouts
still play every seat by the beginner's rules, so it is a rough ceiling (the club strays from
them), not a bound. All through the ordinary duplicate match
(``hcards_core.bots.match.play_pair``).

Measured (seed 2026, CPython 3.11, shared 2-core machine, budget 40), against random:
Filkó 6 best-response 82.5 % [76.4, 88.6] (100 deals), oracle 95 % [91.8, 98.3] (100);
Filkó 5 best-response 75.8 % [66.2, 85.5] (60) — against the beginner's 68.5 % and 65.1 %.
Against beginner (oracle): see ``RECORDED`` in scripts/bench_bots.py. Against club (oracle, 200
deals, seeds 2026 / 2027): Filkó 4 69 %, Filkó 5 59.25 / 62.25 %, Filkó 6 81.25 / 80 %.

Which hidden knowledge is worth what (Filkó 5, the call; ``--oracle --against beginner``):
``--peek-roles`` says whose decisions peek — ``all``, ``defender`` (a seat that is neither
the öreg nor the holder of the called card) or ``declarer`` (the öreg and the partner); in the
other roles the seat is the ordinary club (its worlds, margins and budget). ``--peek`` says
what a peeking decision knows: ``all``, the real deal (two copies of it, as above); ``partner``,
the club's own worlds and margins, sampled from what the seat knows except that the called card
— hence who the partner is — lies where it really does (the club's uniform worlds conditioned
on it, by rejection: the same distribution as sampling with that card's holder known); once
the partner is revealed, or at the partner's own seat, that is the ordinary club. Measured
(seed 2026, 100 deals; the club 59.5 % +191): a defender peeking at everything 69.0 % +266, at
the partner only 58.5 % +169 — the defence lacks the other cards, not the partner's name.

    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 6 --deals 100 [--oracle]
    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 5 --deals 60 --oracle --against beginner
    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 5 --deals 100 --oracle --against beginner \\
        --peek-roles defender --peek partner [--seed 2026]
    nice -n 19 .venv/bin/python scripts/bots_ceiling.py --players 5 --deals 200 --oracle --against club
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

PEEK_TRIES = 10_000  # rejection draws for a ``partner`` world (the real deal is one of them: p > 0)


def declarer(state, seat) -> bool:
    """Is the seat the öreg or the holder of the called card (in the real deal)?"""
    return seat == state.old_man or (state.partner is not None and seat == state.partner)


class BestResponse(FilicauBot):
    """Club with random (or beginner) opponents in its playouts; every better-looking action
    is taken."""

    override_z = 0.0

    def __init__(self, oracle: bool = False, against: str = "random", peek_roles: str = "all", peek: str = "all"):
        self.oracle = oracle
        self.against = against
        self.peek_roles, self.peek = peek_roles, peek
        self._side = None
        self._peeking = oracle  # does the decision under way peek (set per decision by ``club``)?

    def peeks(self, state, seat) -> bool:
        """Does this seat's decision peek (``--peek-roles``)?"""
        if not self.oracle:
            return False
        if self.peek_roles == "all":
            return True
        return declarer(state, seat) == (self.peek_roles == "declarer")

    def club(self, state, seat, rng, budget):
        self._peeking = self.peeks(state, seat)
        return super().club(state, seat, rng, budget)

    def worlds_for(self, tier, budget, n_actions):
        if self._peeking and self.peek == "all" and self.against != "random":
            return 2  # the real world twice: every playout is the same (one would always keep the rule)
        return super().worlds_for(tier, budget, n_actions)

    def sample_world(self, state, seat, rng):
        if not self._peeking:
            return super().sample_world(state, seat, rng)
        if self.peek == "all":
            return state.copy()
        if not secret_partner(state) or state.called in state.held[seat]:
            return super().sample_world(state, seat, rng)
        for _ in range(PEEK_TRIES):  # the seat's uniform worlds, given where the called card is
            world = super().sample_world(state, seat, rng)
            if world.partner == state.partner:
                return world
        raise RuntimeError("no world with the called card in its place")

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


class Versus:
    """The bot of a ``--against club`` match: the tier ``expert`` is ``peeker`` (deciding as its
    club), the tier ``club`` the ordinary bot, so the club's seats never peek and keep the
    club's own margins; everything else (scoring, the unit) is the ordinary bot's."""

    def __init__(self, peeker: BestResponse, club: FilicauBot):
        self.peeker, self.club = peeker, club

    def _for(self, tier: str):
        return self.peeker if tier == "expert" else self.club

    def choose(self, state, seat, tier, rng, budget=None, explain=True):
        return self._for(tier).choose(state, seat, "club", rng, budget, explain=explain)

    def choose_optional(self, state, seat, tier, rng):
        return self._for(tier).choose_optional(state, seat, "club", rng)

    def __getattr__(self, name):
        return getattr(self.club, name)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--budget", type=float, default=None, help="club ms (against random: 40)")
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--against", choices=("random", "beginner", "club"), default="random")
    ap.add_argument("--peek-roles", choices=("all", "defender", "declarer"), default="all")
    ap.add_argument("--peek", choices=("all", "partner"), default="all")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pairs-out", default=None, help="a file that gets every pair's totals, one JSON line each")
    a = ap.parse_args()
    if (a.peek_roles, a.peek) != ("all", "all") and not (a.oracle and a.players == 5):
        ap.error("--peek-roles / --peek: Filkó 5's call, with --oracle")
    if a.budget is None and a.against == "random":
        a.budget = 40.0  # the budget of the measurements above; against beginner: the club's own
    bot = BestResponse(oracle=a.oracle, against=a.against, peek_roles=a.peek_roles, peek=a.peek)
    tiers = ("club", a.against)
    if a.against == "club":
        tiers, bot = ("expert", "club"), Versus(bot, FilicauBot())
    match.bot_for = lambda name: bot  # the match plays this bot at every seat (random/beginner stay so)
    game, players, options = match.check_table("filko", a.players, None)
    out = open(a.pairs_out, "w") if a.pairs_out else None
    pairs = []
    for i in range(a.deals):  # run_match's pairs, each written as soon as it is played
        pairs.append(match.play_pair(game, tiers, i, players, options, a.seed, None, {tiers[0]: a.budget}))
        if out:
            out.write(json.dumps({"i": i, "pair": pairs[-1]}) + "\n")
            out.flush()
    print(json.dumps(match.summarise(pairs, tiers, bot.unit)))
