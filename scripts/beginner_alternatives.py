"""Which of the Filicău/Filkó beginner's rules of thumb to change — a diagnostic for issue 15's
beginner-against-random goal (it found s11's ``give_over``).

The beginner plays the even seats against random play at the odd ones, as in the first play of
a duplicate pair. At every beginner decision with a choice, each legal card is played on the
real cards (a peek the beginner never has) ``rollouts`` times to the end with the same policies
(beginner and random), and the seat's ``value`` averaged. Every decision is then filed under the
beginner's reason with, for each named alternative (``alternatives``: "the lowest Over", "the
highest trump", "the lowest card of the longest plain suit", …), how much better or worse that
alternative did than the rule's card — zero where it is the same card. A rule worth changing
shows as an alternative whose mean gain over all of that reason's decisions is clearly positive
(``z`` over 3): "replace the rule by the alternative there" is then a candidate, to be confirmed
by a duplicate match (``python -m hcards_core match``), paired on the same deals.
``ORACLE`` is the best card per decision: what the peek is worth, not a rule.

    .venv/bin/python scripts/beginner_alternatives.py filko --players 6 [--deals 1500]
        [--rollouts 8] [--seed an]

1,500 deals at 8 rollouts take about two minutes of CPU at six players.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hcards_core.bots import bot_for  # noqa: E402
from hcards_core.bots.filicau import _canon, _key, cheapest_first, overs_low_first, plays, sides, voids  # noqa: E402
from hcards_core.filicau.rules import card_points  # noqa: E402
from hcards_core.filicau.state import CALL, CHOOSE  # noqa: E402
from hcards_core.games import get_game  # noqa: E402


def alternatives(state, seat: int, legal: list[str]) -> dict[str, str]:
    """Named alternative cards for the decision, each defined without a peek."""
    eff, power, trump = state.eff, state.power, state.trump
    low = cheapest_first(state, legal)
    out = {"low": low[0], "high": max(legal, key=lambda c: (eff[c] == trump, power[c]))}
    points = [c for c in legal if card_points(c)]
    if points:
        out["point_low"] = min(points, key=lambda c: (eff[c] == trump, power[c]))
    trumps = sorted((c for c in legal if eff[c] == trump), key=power.get)
    if trumps:
        out["trump_low"], out["trump_high"] = trumps[0], trumps[-1]
    overs = overs_low_first(state, legal)
    if overs:
        out["over_low"] = overs[0]
    length = Counter(eff[c] for c in state.held[seat])
    plain = [c for c in legal if eff[c] != trump]
    if plain:
        blank = [c for c in plain if not card_points(c)] or plain
        out["plain_low_long"] = min(blank, key=lambda c: (-length[eff[c]], power[c]))
        out["plain_low_short"] = min(blank, key=lambda c: (length[eff[c]], power[c]))
        out["plain_high"] = max(plain, key=power.get)
    if not state.table:
        partners, opponents = sides(state, seat)
        void = voids(state)
        safe = [c for c in plain if not card_points(c) and not any(eff[c] in void[o] for o in opponents)]
        if safe:
            out["safe_low_long"] = min(safe, key=lambda c: (-length[eff[c]], power[c]))
        ruff = [c for c in plain if any(eff[c] in void[p] and trump not in void[p] for p in partners)]
        if ruff:
            out["partner_ruff"] = min(ruff, key=lambda c: (card_points(c), power[c]))
        led = {eff[c] for t, s, c in plays(state) if s in partners and (t, s) in _leaders(state)}
        back = [c for c in plain if eff[c] in led]
        if back:
            out["partner_suit"] = min(back, key=lambda c: (card_points(c), power[c]))
        return out
    led = eff[state.table[0][1]]
    best = max(_key(c, led, trump, eff, power) for _, c in state.table)
    winners = sorted((c for c in legal if _key(c, led, trump, eff, power) > best),
                     key=lambda c: _key(c, led, trump, eff, power))
    if winners:
        out["win_low"], out["win_high"] = winners[0], winners[-1]
    losers = [c for c in low if c not in winners]
    if losers:
        out["lose_low"] = losers[0]
    return out


def _leaders(state) -> set[tuple[int, int]]:
    """(trick, seat) of every trick's leader so far."""
    first = {}
    for t, s, _ in plays(state):
        first.setdefault(t, s)
    return set(first.items())


def analyse(game_name: str, players: int, deals: int, rollouts: int, seed="an", options=None) -> dict:
    """Per beginner reason: its decisions and each alternative's mean gain over the rule."""
    game, bot = get_game(game_name), bot_for(game_name)
    options = game.parse_options(dict(options or {}))
    tiers = ["beginner" if s % 2 == 0 else "random" for s in range(players)]

    def step(state, rng):
        for s in bot.optional_seats(state):
            extra = bot.choose_optional(state, s, tiers[s], rng)
            if extra is not None:
                state = state.apply(extra)
        if state.is_over:
            return state, None
        return state, bot.choose(state, state.to_act, tiers[state.to_act], rng, None, explain=False)[0]

    def finish(state, rng):
        while not state.is_over:
            state, action = step(state, rng)
            if action is not None:
                state = state.apply(action)
        return state

    gains = defaultdict(lambda: defaultdict(list))
    for i in range(deals):
        session = game.new_session(players, options, i % players, {})
        state = game.deal(session, game.random_cards(players, random.Random(f"{seed}-{i}")), None, "deals[0]")
        k = 0
        while not state.is_over:
            state, action = step(state, random.Random(f"{seed}-{i}-{k}"))
            if action is None:
                break
            seat = state.to_act
            if tiers[seat] == "beginner" and state.phase not in (CALL, CHOOSE):
                legal = _canon(a["card"] for a in state.legal_actions())
                if len(legal) > 1:
                    rule, why = bot.beginner(state, seat)
                    worth = {c: statistics.fmean(
                        bot.value(finish(state.apply({"seat": seat, "act": "play", "card": c}),
                                         random.Random(f"{seed}-{i}-{k}-{r}")), seat) for r in range(rollouts))
                        for c in legal}
                    reason, ruled = why["key"].rsplit(".", 1)[-1], worth[rule["card"]]
                    for name, card in alternatives(state, seat, legal).items():
                        gains[reason][name].append(worth[card] - ruled)
                    gains[reason]["ORACLE"].append(max(worth.values()) - ruled)
            state = state.apply(action)
            k += 1
    out = {}
    for reason, rows in sorted(gains.items(), key=lambda kv: -len(kv[1]["ORACLE"])):
        out[reason] = {"decisions": len(rows["ORACLE"]), "alternatives": {}}
        for name, d in sorted(rows.items(), key=lambda kv: -statistics.fmean(kv[1])):
            mean = statistics.fmean(d)
            se = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0
            out[reason]["alternatives"][name] = {"n": len(d), "mean_gain": round(mean, 3),
                                                 "z": round(mean / se, 1) if se else 0.0}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=["filicau", "filko"])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--rollouts", type=int, default=8)
    ap.add_argument("--seed", default="an")
    a = ap.parse_args(argv)
    print(json.dumps(analyse(a.game, a.players, a.deals, a.rollouts, a.seed), indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
