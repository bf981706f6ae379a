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

Tied pairs count half in ``win_rate``: the share of ties bounds what a better tier reaches
unless it also turns ties into wins (``rate_if_ties_stay``).

    .venv/bin/python scripts/bots_pairs.py RECORDS.jsonl [--lost 10]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hcards_core.bots import bot_for  # noqa: E402
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


def departures(rec, swap: int):
    """(final state, [(trick, reason, beginner's card, played card, gain on the real cards)])
    for tier A's seats ((seat + swap) even) in one play."""
    _, bot, state = _start(rec)
    out = []
    for action in rec["deals"][0]["actions"]:
        seat = action["seat"]
        if (seat + swap) % 2 == 0 and action.get("act") in ("play", "call_card") and len(state.legal_actions()) > 1:
            rule, why = bot.beginner(state, seat)
            if rule != action:
                gain = _played_on(bot, state, action, seat) - _played_on(bot, state, rule, seat)
                out.append((len(state.tricks), why["key"].rsplit(".", 1)[-1], rule.get("card"), action.get("card"), gain))
        state = state.apply(action)
    return bot, state, out


def analyse(lines: list[dict], lost: int = 10) -> dict:
    outcomes, margins, calls_differ = Counter(), Counter(), Counter()
    by_reason, by_trick = defaultdict(list), defaultdict(list)
    lost_lines = []
    for i in range(0, len(lines) - 1, 2):
        pair, devs, called = [0.0, 0.0], [], set()
        for swap, rec in enumerate(lines[i:i + 2]):
            bot, final, d = departures(rec, swap)
            called.add(final.called)
            devs += [(swap,) + x for x in d]
            for t in (0, 1):
                pair[t] += bot.match_score(final, [s for s in range(rec["players"]) if (s + swap) % 2 == t])
        m = pair[0] - pair[1]
        res = "won" if m > 1e-9 else "lost" if m < -1e-9 else "tied"
        outcomes[res] += 1
        if len(called) > 1:
            calls_differ[res] += 1
        margins[round(m, 1)] += 1
        for swap, trick, reason, rule, card, gain in devs:
            by_reason[reason].append(gain)
            by_trick[trick].append(gain)
        if res == "lost" and len(lost_lines) < lost:
            lost_lines.append({"pair": i // 2, "margin": m,
                               "losing_departures": [f"play {s + 1}, trick {t + 1}: {c} for the rule's {r} ({why}), {g:+g}"
                                                     for s, t, why, r, c, g in devs if g < 0]})

    def table(groups):
        return {str(k): {"n": len(v), "mean_gain": round(sum(v) / len(v), 2), "better": sum(g > 0 for g in v),
                         "worse": sum(g < 0 for g in v)} for k, v in sorted(groups.items())}

    pairs = sum(outcomes.values())
    return {"pairs": pairs, "outcomes": dict(outcomes),
            "win_rate": round((outcomes["won"] + outcomes["tied"] / 2) / pairs, 4) if pairs else None,
            "rate_if_ties_stay": round(1 - outcomes["tied"] / 2 / pairs, 4) if pairs else None,
            "margins": {str(k): v for k, v in sorted(margins.items())}, "calls_differ": dict(calls_differ),
            "departures_by_reason": table(by_reason), "departures_by_trick": table(by_trick), "lost_pairs": lost_lines}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records")
    ap.add_argument("--lost", type=int, default=10, help="how many lost pairs to list")
    a = ap.parse_args()
    with open(a.records, encoding="utf-8") as f:
        print(json.dumps(analyse([json.loads(line) for line in f if line.strip()], a.lost), indent=1, ensure_ascii=False))
