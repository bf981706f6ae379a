"""Where a Ferbli duplicate match's pairs are won and lost, from its ``--records`` file.

Each pair is two plays of one deal with the tiers' seats swapped (``bots/match.py``: tier A at
the even seats first). For every seat the two plays give the same cards to tier A and to tier
B; the first act where they part is the decision that made the difference, so the lost and
the won pairs are listed by that act (tier A's act, tier B's in its place) with the pair's
chips. ``--replies`` also counts how tier B answered bets (pay or fold) by hand strength and
bet size (``bet_size_class``), next to what the club's rules would have done.

    .venv/bin/python scripts/ferbli_pairs.py RECORDS --tiers expert,club [--replies]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcards_core.bots.ferbli import BOT, _seen, _teacher, bet_size_class, hand_score  # noqa: E402
from hcards_core.ferbli import GAME  # noqa: E402


def replay(record):
    """(states before each act, the acts, the final state) of a one-deal record."""
    session = GAME.new_session(record["players"], GAME.parse_options(record["options"]), record["dealer"], {})
    deal = record["deals"][0]
    state = GAME.deal(session, deal["cards"], None, "deals[0]")
    before = []
    for action in deal["actions"]:
        before.append(state)
        state = state.apply(action)
    return before, deal["actions"], state


def short(action):
    if action is None:
        return "-"
    return action["act"] + (f" {action['amount']}" if "amount" in action else "")


def bucket_score(score):
    return min(int(score * 10), 9) / 10


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records")
    ap.add_argument("--tiers", default="expert,club")
    ap.add_argument("--replies", action="store_true")
    args = ap.parse_args(argv)
    tiers = args.tiers.split(",")
    lines = [json.loads(x) for x in Path(args.records).read_text().splitlines() if x.strip()]
    by_first = collections.Counter()
    chips_first = collections.Counter()
    chips = collections.defaultdict(float)
    replies = collections.Counter()
    outcomes = collections.Counter()
    for i in range(len(lines) // 2):
        plays = [replay(lines[2 * i + swap]) for swap in (0, 1)]
        n = lines[2 * i]["players"]
        tier_of = [[tiers[(s + swap) % 2] for s in range(n)] for swap in (0, 1)]
        totals = [0.0, 0.0]
        for swap, (_, _, final) in enumerate(plays):
            for s in range(n):
                totals[0 if tier_of[swap][s] == tiers[0] else 1] += BOT.value(final, s)
        diff = totals[0] - totals[1]
        result = "won" if diff > 1e-9 else "lost" if diff < -1e-9 else "tied"
        outcomes[result] += 1
        chips[result] += diff
        # the two plays share every act up to the first decision where they part: that act,
        # tier A's in one play against tier B's in the other, made the pair's difference
        (before0, acts0, _), (before1, acts1, _) = plays
        k = next((k for k, (a, b) in enumerate(zip(acts0, acts1)) if a != b), None)
        parts, first = [], "none"
        if k is not None:
            st, s = before0[k], acts0[k]["seat"]
            a_act, b_act = (acts0[k], acts1[k]) if tier_of[0][s] == tiers[0] else (acts1[k], acts0[k])
            phase = st.phase + (f"/{st.context}" if st.phase == "answer" else "")
            first = f"{phase} {short(a_act).split()[0]} vs {short(b_act).split()[0]}"
            parts.append(f"s{s} {phase}: {tiers[0]} {short(a_act)}, {tiers[1]} {short(b_act)} "
                         f"(hand {hand_score(st, _seen(st, s)):.2f}, pot {st.pot}, owed {st.owe[s]}, "
                         f"{sum(not f for f in st.folded)} in)")
        by_first[(result, first)] += 1
        chips_first[(result, first)] += diff
        print(f"pair {i:3d} {result:4s} {diff:+7.1f}  " + "; ".join(parts))
        if args.replies:
            for swap, (before, acts, _) in enumerate(plays):
                for st, a in zip(before, acts):
                    s = a["seat"]
                    if tier_of[swap][s] != tiers[1] or st.phase != "answer" or st.context not in ("bet",):
                        continue
                    key = (bucket_score(hand_score(st, _seen(st, s))), bet_size_class(st, s))
                    rule = _teacher(st, s, club=True)[0]["act"]
                    replies[key + (a["act"], rule)] += 1
    print("\noutcomes", dict(outcomes), "chips by outcome", {k: round(v, 1) for k, v in chips.items()})
    for (result, first), count in sorted(by_first.items()):
        print(f"  {result:4s} first divergence at {first}: {count} pairs, {chips_first[(result, first)]:+.1f} chips")
    if args.replies:
        print(f"\n{tiers[1]}'s answers to bets: score, size, act, rule's act: count")
        for key, count in sorted(replies.items()):
            print("  ", key, count)


if __name__ == "__main__":
    main()
