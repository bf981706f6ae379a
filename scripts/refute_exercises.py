"""Refute every listed legal wrong answer of every move exercise, at build time, as data.

    .venv/bin/python scripts/refute_exercises.py [--seed K] [--worlds N] [--check]

For each exercise of kind ``move`` and each ``wrong`` answer the core accepts as legal, the
refutation's plan (``hcards_core.learn.refute.search``: the sampled world worst for the wrong
move, both lines played out in it) goes to ``tutorials/refutations/<game>.json`` with the
script, seed and world count that made it. The plan is language-neutral and small; the page
draws it in its own language through the worker (``bridge refute`` with ``plan``), so nothing
is searched again. An answer that does not end worse than the right move in any sampled
world is kept with ``"refuted": false`` and reported here (the page then says the exercise is
about the rule). ``--check`` writes nothing and fails when a file is not what this seed makes.
An illegal answer has no refutation: it keeps its clause message.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import tutorial_data as data  # noqa: E402
from hcards_core.errors import IllegalAction  # noqa: E402
from hcards_core.exercises import position  # noqa: E402
from hcards_core.learn.refute import WORLDS, right_moves, search  # noqa: E402

OUT = ROOT / "tutorials" / "refutations"
SEED = 17


def legal_wrong_answers(ex: dict):
    """The listed wrong answers of a move exercise that are legal moves (the others keep
    their clause message)."""
    state = position(ex)
    for wrong in ex.get("wrong", []):
        try:
            state.apply(wrong["answer"])
        except IllegalAction:
            continue
        yield state, wrong["answer"]


def refutations(seed: int, worlds: int) -> dict[str, dict]:
    """Per game, the file's content."""
    out: dict[str, dict] = {}
    for ex in data.load_kind("exercises"):
        if ex["kind"] != "move" or ex["correct"] == "legal":
            continue
        for state, answer in legal_wrong_answers(ex):
            plan = search(state, ex["seat"], answer, right_moves(state, ex["correct"]), seed, worlds)
            book = out.setdefault(ex["game"], {
                "_doc": "Refutations of the listed legal wrong answers of the move exercises (generated: do not edit).",
                "script": "scripts/refute_exercises.py", "seed": seed, "worlds": worlds, "refutations": []})
            book["refutations"].append({"exercise": ex["id"], "answer": answer, "plan": plan})
    return out


def text_of(book: dict) -> str:
    return json.dumps(book, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--worlds", type=int, default=WORLDS)
    ap.add_argument("--check", action="store_true", help="write nothing; fail when a file differs")
    args = ap.parse_args(argv)
    books = refutations(args.seed, args.worlds)
    stale = []
    for game, book in sorted(books.items()):
        path = OUT / f"{game}.json"
        for r in book["refutations"]:
            flag = "refuted" if r["plan"]["refuted"] else "NOT WORSE in any sampled world (flagged)"
            v = r["plan"]["values"]
            print(f"{r['exercise']}: {json.dumps(r['answer'])} — {flag} ({v['wrong']} vs {v['right']} {r['plan']['unit']})")
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text_of(book):
                stale.append(str(path.relative_to(ROOT)))
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text_of(book), encoding="utf-8")
    if stale:
        print("stale (run scripts/refute_exercises.py --seed K):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
