#!/usr/bin/env python3
"""Mine puzzles from seeded computer-vs-computer deals (issue 17, item 2).

    scripts/mine_puzzles.py --game zsiros --seed 1 --count 1200     # writes tutorials/puzzles/zsiros.jsonl
    scripts/mine_puzzles.py --check [--game G] [--worlds 32]         # every puzzle re-verified (long)

Each deal is played by the beginner computer player at every seat (table sizes taken in
turn: Zsíros 2 and 4; Filicău 4 and Filkó 4, 5, 6; Ferbli 3, 4, 5). At every decision with
more than one candidate action the position is judged (``hcards_core.learn.puzzles.evaluate``)
over ``SCREEN_WORLDS`` sampled worlds; one that passes is judged again over ``CONFIRM_WORLDS``
fresh worlds, and kept when both times one action, or a group of actions equal in every world,
is best in at least ``SHARE`` of the worlds and beats every other action's mean by ``MARGIN``
(the game's unit; ``tutorials/puzzles/README.md`` says why). The output is deterministic
for the seed; ``tutorials/puzzles/<file>.meta.json`` records the command, the seed and the numbers.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hcards_core.bots import bot_for  # noqa: E402
from hcards_core.games import get_game  # noqa: E402
from hcards_core.learn.puzzle_themes import themes_of  # noqa: E402
from hcards_core.learn.puzzles import candidates, evaluate, position, same_action  # noqa: E402

OUT = ROOT / "tutorials" / "puzzles"
FILES = {"zsiros": (("zsiros", 2), ("zsiros", 4)),
         "filicau": (("filicau", 4), ("filko", 4), ("filko", 5), ("filko", 6)),
         "ferbli": (("ferbli", 3), ("ferbli", 4), ("ferbli", 5))}
SHARE = 0.9
# A margin worth a learner's attention, in the computer player's unit of value:
MARGIN = {"zsiros": 0.25,   # game points: a hand turned from lost to won in one world in eight
          "filicau": 0.5,   # card points (8 in a deal): half an Ace or Ten on average
          "filko": 0.5,
          "ferbli": 1.0}    # chips: one vizi, the basic stake
SCREEN_WORLDS, CONFIRM_WORLDS = 8, 32
VERIFY_SHARE = 0.75  # fresh worlds are noisier than the kept ones: the check's looser bar
QUORUM = 0.9  # the share of puzzles that must hold over fresh worlds (each has its own luck)


PACKAGE = {"zsiros": "zsiros", "filicau": "filicau", "filko": "filicau", "ferbli": "ferbli"}


def themes() -> dict:
    return json.loads((OUT / "themes.json").read_text(encoding="utf-8"))["themes"]


def clauses_of(tags: list[str], game_name: str, known: dict) -> list[str]:
    """The clauses a puzzle tests: its themes' clauses of its own game."""
    from hcards_core.games import game_of_clause

    return sorted({c for t in tags for c in known[t]["clauses"] if game_of_clause(c) == PACKAGE[game_name]})


def rating(n_actions: int, beginner_right: bool, margin: float, unit_margin: float) -> int:
    """A puzzle's first rating: more choices and a rule of thumb that fails make it harder, a
    wide margin easier (Glicko-2 then moves it with the learners' tries).

    >>> rating(2, True, 0.5, 0.5), rating(8, False, 0.5, 0.5)
    (1360, 2010)
    """
    r = 1250 + 150 * math.log2(max(2, n_actions)) + (350 if not beginner_right else 0) \
        - 40 * min(5.0, margin / unit_margin)
    return int(round(min(2300, max(800, r))))


def judge(state, seat, game_name, seed) -> dict | None:
    """The puzzle at ``state`` for ``seat``, or None when the position is not one."""
    acts = candidates(state, seat)
    if len(acts) < 2:
        return None
    need = MARGIN[game_name]
    screen = evaluate(state, seat, SCREEN_WORLDS, f"{seed}:screen", actions=acts, stop_below=SHARE)
    if screen["share"] < SHARE or screen["margin"] < need:
        return None
    confirm = evaluate(state, seat, CONFIRM_WORLDS, f"{seed}:confirm", actions=acts, stop_below=SHARE)
    if confirm["share"] < SHARE or confirm["margin"] < need or confirm["group"] != screen["group"]:
        return None
    answer = [acts[j] for j in confirm["group"]]
    if any(a["act"] == "look" for a in answer):
        return None  # looking is free information: never a puzzle
    return {"answer": answer, "judged": confirm, "candidates": acts}


def mine(file: str, seed: int, count: int, log=sys.stderr, save=None, shard: tuple[int, int] = (0, 1),
         whole_deals: bool = False, resume: tuple[list, dict] | None = None) -> tuple[list[dict], dict]:
    """Mine ``count`` puzzles for ``file``; ``save(puzzles, stats)`` is called every 50 kept
    (a long run leaves its work so far on disk). ``shard=(k, n)``: only the deals ``i`` with
    ``i % n == k`` (``merge`` puts the shards together in deal order: the same puzzles as one
    run); ``whole_deals``: finish the deal in which ``count`` is reached (a shard); ``resume``:
    the puzzles and stats of an interrupted run of the same shard, continued from its next deal."""
    configs = FILES[file]
    known = themes()
    out, stats = [], {"deals": 0, "positions": 0, "kept": 0, "per_table": {}}
    t0 = time.process_time()
    i, saved = shard[0], 0
    if resume is not None:
        out = list(resume[0])
        stats = {k: resume[1][k] for k in ("deals", "positions", "kept", "per_table")}
        t0 -= resume[1]["cpu_seconds"]
        i, saved = resume[1]["next_deal"], len(out) // 25
    while len(out) < count:
        game_name, players = configs[i % len(configs)]
        game, bot = get_game(game_name), bot_for(game_name)
        rng = random.Random(f"{seed}:{file}:{i}")
        cards = game.random_cards(players, rng)
        dealer = i % players
        session = game.new_session(players, game.parse_options({}), dealer, {})
        state = game.deal(session, cards, None, "deals[0]")
        actions: list[dict] = []
        table = stats["per_table"].setdefault(f"{game_name}-{players}", {"positions": 0, "kept": 0})
        while not state.is_over and (whole_deals or len(out) < count):
            k = len(actions)
            for s in bot.optional_seats(state):
                extra = bot.choose_optional(state, s, "beginner", random.Random(f"{seed}:{i}:{k}:call"))
                if extra is not None:
                    state = state.apply(extra)
                    actions.append(extra)
            seat = state.to_act
            k = len(actions)
            stats["positions"] += 1
            table["positions"] += 1
            found = judge(state, seat, game_name, f"{seed}:{file}:{i}:{k}")
            move, _ = bot.choose(state, seat, "beginner", random.Random(f"{seed}:{i}:{k}"), explain=False)
            if found is not None:
                answer, judged = found["answer"], found["judged"]
                tags = themes_of(state, seat, answer, found["candidates"])
                clauses = clauses_of(tags, game_name, known)
                beginner_right = any(same_action(move, a) for a in answer)
                out.append({
                    "id": f"{game_name}-{players}p-s{seed}-d{i}-a{k}",
                    "record": {"game": game_name, "players": players, "options": {}, "dealer": dealer,
                               "deals": [{"cards": cards, "actions": [dict(a) for a in actions]}]},
                    "seat": seat, "answer": answer, "themes": tags, "clauses": clauses,
                    "rating": rating(len(found["candidates"]), beginner_right, judged["margin"], MARGIN[game_name]),
                    "seed": seed, "unit": bot.unit, "margin": judged["margin"], "share": judged["share"],
                    "worlds": judged["worlds"], "beginner_right": beginner_right,
                    "values": [{"action": r["action"], "value": r["value"], "best_share": r["best_share"]}
                               for r in judged["rows"]]})
                table["kept"] += 1
            state = state.apply(move)
            actions.append(move)
        stats["deals"] += 1
        i += shard[1]
        stats["next_deal"] = i
        if save is not None and len(out) // 25 > saved:
            saved = len(out) // 25
            save(out, {**stats, "kept": len(out), "cpu_seconds": round(time.process_time() - t0, 1), "partial": True})
        if i % 20 == 0:
            print(f"{file}: {i} deals, {stats['positions']} positions, {len(out)} kept, "
                  f"{time.process_time() - t0:.0f} s", file=log, flush=True)
    stats["kept"] = len(out)
    stats["cpu_seconds"] = round(time.process_time() - t0, 1)
    return out, stats


def write(file: str, puzzles: list[dict], stats: dict, seed: int, count: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{file}.jsonl"
    tmp = path.with_suffix(".part")
    with tmp.open("w", encoding="utf-8") as f:
        for p in puzzles:
            f.write(json.dumps(p, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.replace(tmp, path)
    manifest = {"command": f"scripts/mine_puzzles.py --game {file.split('.')[0]} --seed {seed} --count {count}",
                      "seed": seed, "count": len(puzzles), "share": SHARE,
                      "margin": {g: MARGIN[g] for g, _ in FILES[file.split('.')[0]]},
                      "worlds": [SCREEN_WORLDS, CONFIRM_WORLDS], **stats}
    (OUT / f"{file}.meta.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                                           encoding="utf-8")


def deal_of(puzzle: dict) -> tuple[int, int]:
    """(deal index, action index) of a puzzle, from its id ``<game>-<n>p-s<seed>-d<i>-a<k>``."""
    d, a = puzzle["id"].rsplit("-", 2)[1:]
    return int(d[1:]), int(a[1:])


def merge(file: str, seed: int, count: int, shards: int) -> int:
    """Put the shards' puzzles together in deal order, as one run would have kept them: deal
    after deal while every deal so far is done, up to ``count``. Returns how many."""
    parts, metas = [], []
    for k in range(shards):
        parts.extend(load(f"{file}.shard-{k}"))
        metas.append(json.loads((OUT / f"{file}.shard-{k}.meta.json").read_text(encoding="utf-8")))
    done = min(m["next_deal"] for m in metas)  # every deal below this one is mined
    parts.sort(key=deal_of)
    puzzles = [p for p in parts if deal_of(p)[0] < done][:count]
    last = deal_of(puzzles[-1])[0] if puzzles else -1
    stats = {"deals": last + 1, "positions": sum(m["positions"] for m in metas), "kept": len(puzzles), "per_table": {},
             "cpu_seconds": round(sum(m["cpu_seconds"] for m in metas), 1),
             "shards": [{k: m[k] for k in ("deals", "positions", "kept", "cpu_seconds", "next_deal")} for m in metas],
             "positions_in_shards": sum(m["positions"] for m in metas),
             **({"partial": True} if len(puzzles) < count else {})}
    for m in metas:
        for table, n in m["per_table"].items():
            row = stats["per_table"].setdefault(table, {"positions": 0, "kept": 0})
            row["positions"] += n["positions"]
    for p in puzzles:
        table = f"{p['record']['game']}-{p['record']['players']}"
        stats["per_table"][table]["kept"] += 1
    write(file, puzzles, stats, seed, count)
    return len(puzzles)


def load(file: str) -> list[dict]:
    path = OUT / f"{file}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def verify(puzzle: dict, worlds: int = 32, seed: str = "fresh") -> str | None:
    """Re-judge a puzzle over fresh worlds: None when it holds, else what failed. The answer
    must still hold the best mean, beat the rest by a positive margin and be best in at least
    ``VERIFY_SHARE`` of the worlds."""
    state = position(puzzle)
    seat = puzzle["seat"]
    acts = [dict(v["action"]) for v in puzzle["values"]]
    judged = evaluate(state, seat, worlds, f"{puzzle['id']}:{seed}", actions=acts)
    answer = [j for j, a in enumerate(acts) if any(same_action(a, b) for b in puzzle["answer"])]
    rows = judged["rows"]
    best = max(range(len(rows)), key=lambda j: rows[j]["value"])
    if best not in answer:
        return f"{puzzle['id']}: {acts[best]} has the best mean over fresh worlds"
    top_other = max((rows[j]["value"] for j in range(len(rows)) if j not in answer), default=None)
    if top_other is not None and rows[best]["value"] - top_other <= 0:
        return f"{puzzle['id']}: no margin over fresh worlds"
    share = judged["share"] if set(judged["group"]) <= set(answer) else 0.0
    if share < VERIFY_SHARE:
        return f"{puzzle['id']}: best in only {share:.0%} of fresh worlds"
    return None


def structural_problems(file: str, puzzles: list[dict]) -> list[str]:
    """What the regular tests check for every puzzle: it replays, its seat is to act, its
    answers are legal, its themes and clauses known, its id unique."""
    known = themes()
    problems, ids = [], set()
    for p in puzzles:
        pid = p.get("id")
        if pid in ids:
            problems.append(f"{pid}: duplicate id")
        ids.add(pid)
        try:
            state = position(p)
        except Exception as exc:  # noqa: BLE001 - any failure is the puzzle's problem
            problems.append(f"{pid}: the record does not replay ({exc})")
            continue
        if state.is_over:
            problems.append(f"{pid}: the deal is over")
            continue
        if state.to_act != p["seat"]:
            problems.append(f"{pid}: seat {p['seat']} is not to act")
        for a in p["answer"]:
            try:
                state.apply(a)
            except Exception as exc:  # noqa: BLE001 - any failure is the puzzle's problem
                problems.append(f"{pid}: answer {a} is not legal ({exc})")
        if any(t not in known for t in p["themes"]):
            problems.append(f"{pid}: unknown theme in {p['themes']}")
            continue
        if not p["clauses"] or p["clauses"] != clauses_of(p["themes"], p["record"]["game"], known):
            problems.append(f"{pid}: clauses {p['clauses']} are not its themes'")
        if p["record"]["game"] not in {g for g, _ in FILES[file]}:
            problems.append(f"{pid}: game {p['record']['game']} does not belong in {file}.jsonl")
    return problems


def check(files, worlds: int) -> int:
    failures = 0
    for file in files:
        puzzles = load(file)
        problems = structural_problems(file, puzzles)
        if len(puzzles) < 1000:
            problems.append(f"{file}: only {len(puzzles)} puzzles")
        t0 = time.process_time()
        unverified = [m for m in (verify(p, worlds) for p in puzzles) if m]
        print(json.dumps({"file": file, "puzzles": len(puzzles), "problems": len(problems),
                          "unverified": len(unverified), "held": round(1 - len(unverified) / max(1, len(puzzles)), 3),
                          "cpu_seconds": round(time.process_time() - t0, 1)}))
        for m in (problems + unverified)[:20]:
            print("  " + m)
        failures += len(problems) + (len(unverified) > (1 - QUORUM) * len(puzzles))
    return 1 if failures else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(FILES), help="the puzzle file to mine or check (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1200)
    ap.add_argument("--check", action="store_true", help="re-verify every puzzle against fresh worlds")
    ap.add_argument("--shard", help="K/N: mine only the deals i with i %% N == K (then --merge N)")
    ap.add_argument("--merge", type=int, metavar="N", help="put N shards together into <game>.jsonl")
    ap.add_argument("--worlds", type=int, default=32, help="--check: fresh worlds per puzzle")
    args = ap.parse_args(argv)
    files = [args.game] if args.game else sorted(FILES)
    if args.check:
        return check(files, args.worlds)
    if args.merge:
        for file in files:
            n = merge(file, args.seed, args.count, args.merge)
            print(json.dumps({"file": file, "kept": n}))
            if n < args.count:
                return 1
        return 0
    if args.shard:
        k, n = (int(x) for x in args.shard.split("/"))
        for file in files:
            if math.gcd(n, len(FILES[file])) != 1:  # deal i plays table size i % sizes: a shard would get one size
                ap.error(f"--shard: {file} has {len(FILES[file])} table sizes; take a number of shards prime to it")
            name = f"{file}.shard-{k}"
            target = -(-args.count // n) + 40  # a little more than its part: shards differ in luck
            meta = OUT / f"{name}.meta.json"
            resume = None
            whole = OUT / f"{file}.meta.json"
            if not meta.exists() and n == 1 and whole.exists():  # a partial one-process run: its deals so far
                before = json.loads(whole.read_text(encoding="utf-8"))
                if before.get("partial") and before.get("seed") == args.seed and "positions_in_shards" not in before:
                    resume = (load(file), {**before, "next_deal": before.get("next_deal", before["deals"])})
            if meta.exists():  # an interrupted run of this shard: go on from its next deal
                before = json.loads(meta.read_text(encoding="utf-8"))
                if before.get("seed") == args.seed and "next_deal" in before:
                    resume = (load(name), before)
            puzzles, stats = mine(file, args.seed, target, shard=(k, n), whole_deals=True, resume=resume,
                                  save=lambda out, st, name=name: write(name, out, st, args.seed, args.count))
            write(name, puzzles, stats, args.seed, args.count)
        return 0
    for file in files:
        puzzles, stats = mine(file, args.seed, args.count,
                              save=lambda out, st, file=file: write(file, out, st, args.seed, args.count))
        write(file, puzzles, stats, args.seed, args.count)
        print(json.dumps({"file": file, **stats}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
