"""How Ferbli's club answers a bet, measured: the data behind ``ferbli_club_replies.json``.

The club SEARCHES at the table, so it folds to a bet more often than its rules of thumb say
(``_teacher(club=True)``: pay with any two-card ferbli when the bet is up to a third of the
pot, from a ferbli of 20 when bigger). The expert's playouts model a club-like seat by rules,
so they need the club's real replies. Deals from ``random.Random(f"{seed}-{i}")``; every seat
plays by the expert's rules of thumb (how the expert bets at the table) until a seat faces a
bet (answer phase, context ``bet``), which then asks the club itself (``bots.choose``, default
budget, seeded per decision); its act is counted by the seat's hand strength (``hand_score``
in tenths) and the bet's size against the pot, and the deal goes on with the club's act.

    nice -n 19 .venv/bin/python scripts/ferbli_club_replies.py --players 5 --deals 200 --seed 15 --write
    nice -n 19 .venv/bin/python scripts/ferbli_club_replies.py --players 3 --deals 200 --seed 15 --write
    (--write stores the counts for that table size in hcards_core/bots/ferbli_club_replies.json;
    each run took about 4 minutes of CPU)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hcards_core.bots import choose  # noqa: E402
from hcards_core.bots.ferbli import BOT, REPLIES_FILE, _seen, _teacher, bet_size_class, hand_score  # noqa: E402
from hcards_core.ferbli import GAME  # noqa: E402


def measure(players: int, deals: int, seed: int) -> dict:
    """{"<score tenth>|<size class>": [pays, folds]} over ``deals`` deals."""
    counts: dict[str, list[int]] = {}
    for i in range(deals):
        rng = random.Random(f"{seed}-{i}")
        cards = GAME.random_cards(players, rng)
        session = GAME.new_session(players, GAME.parse_options({}), i % players, {})
        state = GAME.deal(session, cards, None, "deals[0]")
        k = 0
        while not state.is_over:
            seat = state.to_act
            if state.phase == "answer" and state.context == "bet" and "fold" in {a["act"] for a in state.legal_actions()}:
                action, _ = choose(state, seat, "club", random.Random(f"{seed}-{i}:{k}"), explain=False)
            else:
                action = _teacher(state, seat, club=True, expert=True)[0]
            if state.phase == "answer" and state.context == "bet" and action["act"] in ("pay", "fold"):
                key = f"{min(int(hand_score(state, _seen(state, seat)) * 10), 9)}|{bet_size_class(state, seat)}"
                tally = counts.setdefault(key, [0, 0])
                tally[action["act"] != "pay"] += 1
            state = state.apply(action)
            k += 1
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--write", action="store_true", help=f"store the counts in {REPLIES_FILE.name}")
    args = ap.parse_args(argv)
    counts = measure(args.players, args.deals, args.seed)
    for key in sorted(counts):
        pays, folds = counts[key]
        print(f"{key:10s} pay {pays:4d} fold {folds:4d}  pay share {pays / (pays + folds):.2f}")
    if args.write:
        data = json.loads(REPLIES_FILE.read_text(encoding="utf-8")) if REPLIES_FILE.exists() else {}
        data[str(args.players)] = {"deals": args.deals, "seed": args.seed, "counts": dict(sorted(counts.items()))}
        REPLIES_FILE.write_text(dumps(data), encoding="utf-8")


def dumps(data: dict) -> str:
    """The table as JSON, one line per cell (readable in a diff)."""
    out = []
    for players in sorted(data):
        table = data[players]
        cells = ",\n".join(f'   "{k}": {json.dumps(v)}' for k, v in sorted(table["counts"].items()))
        out.append(f' "{players}": {{"deals": {table["deals"]}, "seed": {table["seed"]}, "counts": {{\n{cells}}}}}')
    return "{\n" + ",\n".join(out) + "\n}\n"


if __name__ == "__main__":
    main()
