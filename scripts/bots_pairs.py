"""Which decisions won or lost a duplicate match's pairs — a diagnostic for issue 15's trick
games (Filicău, Filkó), read from the records ``match --records`` writes.

The records come in pairs (the same deal twice, tier A at the even seats first, then at the
odd ones; ``hcards_core.bots.match``). For every pair: won, lost or tied by tier A, and with
five players whether the two plays' calls (so their teams) differed (``calls_differ``). For
every card tier A played or called (the öreg's call: ``call_ace``, trick 0) departing from the
beginner's rule of thumb: the real deal played on
from both cards by the beginner for every seat (the cards as they were: a peek the players
never had) and the difference in the seat's ``value`` — what the departure gained or lost
on those cards. Summed by the beginner's reason and by trick, and for the lost pairs one line
per losing departure.

With five players, ``by_seating``: the pairs by which tier held the öreg's and the partner's
seats in the first play (``seating``), and ``departures_by_role``: the departures' gains by
the seat's role (öreg, partner, defender).

Tied pairs count half in ``win_rate``: the share of ties bounds what a better tier reaches
unless it also turns ties into wins (``rate_if_ties_stay``).

``--revalue smear,win_safe --worlds 200``: each such departure's decision valued again with
many more sampled worlds (what the seat knows, no peek) than the club's ~20: whether the
departure still looks better (its mean advantage over the rule and the standard errors of it)
— is a losing departure the luck of few worlds or a misjudgement of the playouts?

    .venv/bin/python scripts/bots_pairs.py RECORDS.jsonl [--lost 10] [--revalue REASONS --worlds 200 --limit 40]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hcards_core.bots import bot_for  # noqa: E402
from hcards_core.bots.base import _stats  # noqa: E402
from hcards_core.games import get_game  # noqa: E402


def _start(rec):
    game = get_game(rec["game"])
    session = game.new_session(rec["players"], game.parse_options(rec["options"]), rec["dealer"], {})
    return game, bot_for(game.name), game.deal(session, rec["deals"][0]["cards"], None, "deals[0]")


def _played_on(bot, state, action, seat) -> float:
    state = state.apply(action)
    while not state.is_over:
        state = state.apply(bot.beginner(state, state.to_act)[0])
    return bot.value(state, seat)


def _departure_points(rec, swap: int):
    """(bot, final state, [(state, seat, played action, beginner's action, its reason)]): the
    decisions where tier A's seats ((seat + swap) even) left the rule of thumb in one play."""
    _, bot, state = _start(rec)
    out = []
    for action in rec["deals"][0]["actions"]:
        seat = action["seat"]
        if (seat + swap) % 2 == 0 and action.get("act") in ("play", "call_card") and len(state.legal_actions()) > 1:
            rule, why = bot.beginner(state, seat)
            if rule != action:
                out.append((state, seat, action, rule, why["key"].rsplit(".", 1)[-1]))
        state = state.apply(action)
    return bot, state, out


def role(final, seat: int) -> str:
    """The seat's part in a finished deal: with five players and a call "öreg", "partner"
    (the called card's holder) or "defender"; "-" where no call formed the teams."""
    if getattr(final, "called", None) is None or final.partner is None:
        return "-"
    return "öreg" if seat == final.old_man else "partner" if seat == final.partner else "defender"


def seating(final, swap: int) -> str:
    """Which tier held the öreg's and the partner's seats in this play (A: tier A, B: tier
    B), e.g. "öreg A, partner B"; "-" where no call formed the teams. It decides what the
    pair's margin (the mean of the seats, ``match_score``) makes of A's play. Say A's öreg adds
    Ö to the öreg's side's value, A's partner P, and each A defender takes D from it: the
    margin is 4/3 (Ö + P + D) for "öreg A, partner A", 2 (Ö + P + 3 D) for "öreg B, partner
    B", but (P - Ö + D) / 3 for "öreg A, partner B" and (Ö - P + D) / 3 for "öreg B, partner
    A": at mixed seats (more than half the pairs) a better öreg and a better partner cancel
    and only the defence counts for A both ways."""
    if role(final, final.old_man) == "-":
        return "-"
    if final.partner == final.old_man:
        return f"öreg {'AB'[(final.old_man + swap) % 2]} alone"
    return f"öreg {'AB'[(final.old_man + swap) % 2]}, partner {'AB'[(final.partner + swap) % 2]}"


def departures(rec, swap: int):
    """(final state, [(trick, reason, beginner's card, played card, gain on the real cards,
    the seat's role)]) for tier A's seats ((seat + swap) even) in one play."""
    bot, final, points = _departure_points(rec, swap)
    out = [(len(state.tricks), reason, rule.get("card"), action.get("card"),
            _played_on(bot, state, action, seat) - _played_on(bot, state, rule, seat), role(final, seat))
           for state, seat, action, rule, reason in points]
    return bot, final, out


def revalue(lines: list[dict], reasons: set[str], worlds: int = 200, limit: int = 40) -> dict:
    """Tier A's departures at ``reasons`` (sampled decisions only: not the exact endgame), each
    valued again over ``worlds`` worlds the seat cannot tell from the real deal, both cards
    played out by the beginner for every seat with the same playout seed: per reason, how many
    still look better, the mean advantage, its mean z (advantage / standard error) and the
    gain on the real cards."""
    rows = {}
    done = 0
    for i, rec in enumerate(lines):
        if done >= limit:
            break
        bot, _, points = _departure_points(rec, i % 2)
        for state, seat, action, rule, reason in points:
            if done >= limit or reason not in reasons or bot.exact_ready(state, "club"):
                continue
            diffs = []
            for w in range(worlds):
                world = bot.sample_world(state, seat, random.Random(1000003 * (i + 1) + w))
                seed = 7919 * (i + 1) + w
                diffs.append(bot.playout(world, action, seat, random.Random(seed))[0]
                             - bot.playout(world, rule, seat, random.Random(seed))[0])
            mean, sd = _stats(diffs, [1.0] * len(diffs))
            z = mean / (sd / math.sqrt(len(diffs))) if sd else 0.0
            real = _played_on(bot, state, action, seat) - _played_on(bot, state, rule, seat)
            rows.setdefault(reason, []).append((mean, z, real))
            done += 1
    out = {}
    for reason, got in sorted(rows.items()):
        ahead = [g for g in got if g[0] > 0]
        out[reason] = {"n": len(got), "still_ahead": len(ahead),
                       "mean_advantage": round(sum(g[0] for g in got) / len(got), 3),
                       "mean_z": round(sum(g[1] for g in got) / len(got), 2),
                       "ahead_by_2se": sum(g[1] > 2 for g in got),
                       "real_gain": round(sum(g[2] for g in got) / len(got), 2),
                       "real_gain_if_ahead": round(sum(g[2] for g in ahead) / len(ahead), 2) if ahead else None}
    return {"worlds": worlds, "by_reason": out}


def analyse(lines: list[dict], lost: int = 10) -> dict:
    outcomes, margins, calls_differ = Counter(), Counter(), Counter()
    by_reason, by_trick, by_role = defaultdict(list), defaultdict(list), defaultdict(list)
    by_seating = defaultdict(Counter)
    lost_lines = []
    for i in range(0, len(lines) - 1, 2):
        pair, devs, called = [0.0, 0.0], [], set()
        for swap, rec in enumerate(lines[i:i + 2]):
            bot, final, d = departures(rec, swap)
            called.add(final.called)
            if swap == 0:
                seats = seating(final, swap)
            devs += [(swap,) + x for x in d]
            for t in (0, 1):
                pair[t] += bot.match_score(final, [s for s in range(rec["players"]) if (s + swap) % 2 == t])
        m = pair[0] - pair[1]
        res = "won" if m > 1e-9 else "lost" if m < -1e-9 else "tied"
        outcomes[res] += 1
        by_seating[seats][res] += 1
        if len(called) > 1:
            calls_differ[res] += 1
        margins[round(m, 1)] += 1
        for swap, trick, reason, rule, card, gain, part in devs:
            by_reason[reason].append(gain)
            by_trick[trick].append(gain)
            by_role[part].append(gain)
        if res == "lost" and len(lost_lines) < lost:
            lost_lines.append({"pair": i // 2, "margin": m,
                               "losing_departures": [f"play {s + 1}, trick {t + 1}: {c} for the rule's {r} ({why}), {g:+g}"
                                                     for s, t, why, r, c, g, _ in devs if g < 0]})

    def table(groups):
        return {str(k): {"n": len(v), "mean_gain": round(sum(v) / len(v), 2), "better": sum(g > 0 for g in v),
                         "worse": sum(g < 0 for g in v)} for k, v in sorted(groups.items())}

    pairs = sum(outcomes.values())
    return {"pairs": pairs, "outcomes": dict(outcomes),
            "win_rate": round((outcomes["won"] + outcomes["tied"] / 2) / pairs, 4) if pairs else None,
            "rate_if_ties_stay": round(1 - outcomes["tied"] / 2 / pairs, 4) if pairs else None,
            "margins": {str(k): v for k, v in sorted(margins.items())}, "calls_differ": dict(calls_differ),
            "by_seating": {k: {**dict(v), "win_rate": round((v["won"] + v["tied"] / 2) / sum(v.values()), 4)}
                           for k, v in sorted(by_seating.items())},
            "departures_by_reason": table(by_reason), "departures_by_trick": table(by_trick),
            "departures_by_role": table(by_role), "lost_pairs": lost_lines}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records")
    ap.add_argument("--lost", type=int, default=10, help="how many lost pairs to list")
    ap.add_argument("--revalue", default=None, help="reasons, comma-separated: value those departures again")
    ap.add_argument("--worlds", type=int, default=200, help="worlds per re-valued decision")
    ap.add_argument("--limit", type=int, default=40, help="how many departures to re-value")
    a = ap.parse_args()
    with open(a.records, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if a.revalue:
        out = revalue(lines, set(a.revalue.split(",")), a.worlds, a.limit)
    else:
        out = analyse(lines, a.lost)
    print(json.dumps(out, indent=1, ensure_ascii=False))
