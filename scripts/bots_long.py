"""The long mode of the computer players' benchmark: the issue's 2,000-deal duplicate matches,
played in pieces that survive an interrupted run.

A 2,000-deal match is hours of CPU on a shared 2-core machine (expert against club: days), too
long for one sitting. A duplicate pair depends only on the match seed and its index
(``hcards_core.bots.match.play_pair``), so the pairs can be played a few at a time, on any
day, and still add up to exactly the result of one ``run_match`` over the same deals. Each
pair is appended to a JSON-lines file as soon as it is played; a new run resumes after the
last pair on file. The file's name carries a hash of the ``hcards_core`` sources: a changed
bot starts a new file, so results of two versions never mix (a table's hash leaves out the
other games' files, the texts, comments and docstrings, so work on one game or a reworded
comment does not restart the others).

    python scripts/bots_long.py run --out DIR [--deals 2000] [--tables JSON] [--pairs JSON]
                                    [--chunk 50] [--stop-after-min M]
    python scripts/bots_long.py report DIR
    python scripts/bots_long.py carry DIR [--check 20]

``carry`` moves the pairs of an older version over to the current one when the change did not
touch the table's play: it plays ``check`` pairs spread over the file again with the code as it
is now, and only if every one comes out exactly as on file (the pair's totals and each tier's
number of decisions) is the file renamed to the current version, with a line in
``carried.jsonl`` saying from which version, which pairs were checked and when. A sample is
evidence, not proof: a change that moves one decision in a thousand deals can pass it; the
check costs ``check`` pairs, the alternative replaying all of them. Any pair that differs
leaves the file where it is (named in the output), so the table starts afresh.

``run`` goes round the tables and pairs ``chunk`` pairs at a time, so every table moves on
together; run it under ``nice -n 19``. ``report`` prints every match on file (this version's
and older ones) as the ``match`` output plus ``version``, ``current`` and ``target``. Bad files
(a broken line, a gap in the pairs) are named with their line, never a traceback (exit 2).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]  # this checkout's hcards_core and bench_bots

from bench_bots import PAIRS, SEED, TABLES  # noqa: E402
from hcards_core.errors import MalformedRecord  # noqa: E402


class BadFile(Exception):
    """A results file that cannot be read; the message names the file and line."""


def version(game: str | None = None) -> str:
    """A short hash of the ``hcards_core`` sources a table's bots play by: every file but the
    other games' (their rules package, bot module and texts), so a change to Zsíros does not
    restart Ferbli's long matches; it also leaves out the texts (``catalog``) and what does not
    run (``_play_text``), so a reworded comment or translation does not either. Without
    ``game``: every file.

    >>> version("ferbli") == version("ferbli") != version("zsiros")
    True
    """
    others = set()
    if game is not None:
        from hcards_core.bots import games_with_bots

        others = {_family(g) for g in games_with_bots()} - {_family(game)}
    h = hashlib.sha256()
    for path in sorted((ROOT / "hcards_core").rglob("*")):
        rel = path.relative_to(ROOT)
        if not path.is_file() or path.suffix not in {".py", ".json"} or others & {*rel.parts[:-1], path.stem} \
                or "catalog" in rel.parts:
            continue
        h.update(str(rel).encode())
        h.update(_play_text(path))
    return h.hexdigest()[:12]


def _play_text(path: Path) -> bytes:
    """What of a file can change play: a data file as it is; a module's tokens without its
    comments, blank lines and docstrings (a string standing alone as a statement), so that
    neither they nor a reflowed line restart hours of pairs. (Tokens can differ between Python
    minor versions, f-strings since 3.12: the long mode keeps to one CPython.)

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a.py").write_text('def f(x):\\n    "Doc."\\n    return (x + 1)  # why\\n')
    >>> _ = (d / "b.py").write_text("def f(x):\\n    '''Other doc.'''\\n\\n    return (x +\\n            1)\\n")
    >>> _play_text(d / "a.py") == _play_text(d / "b.py")
    True
    >>> _ = (d / "b.py").write_text('def f(x):\\n    return x + 2\\n')
    >>> _play_text(d / "a.py") == _play_text(d / "b.py")
    False
    """
    if path.suffix != ".py":
        return path.read_bytes()
    import io
    import tokenize

    skip = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING}
    toks = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline) if t.type not in skip]
    starts = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    docs = {i for i, t in enumerate(toks) if t.type == tokenize.STRING and (i == 0 or toks[i - 1].type in starts)
            and i + 1 < len(toks) and toks[i + 1].type == tokenize.NEWLINE}
    # a docstring and the end of its line drop out
    return "\n".join(f"{t.type}:{t.string}" for i, t in enumerate(toks) if i not in docs and i - 1 not in docs).encode()


def _family(game: str) -> str:
    """The rules package a game lives in (Filkó shares Filicău's): ``zsiros``, ``filicau``, ``ferbli``."""
    from hcards_core.games import get_game

    return type(get_game(game)).__module__.split(".")[1]


def results_path(out: Path, game: str, players: int, tiers, seed, ver: str) -> Path:
    return out / f"{game}-{players}-{tiers[0]}-{tiers[1]}-seed{seed}-{ver}.jsonl"


def read_pairs(path: Path) -> list[dict]:
    """The pairs on file, in order; ``BadFile`` names a broken line or a gap."""
    if not path.exists():
        return []
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            ok = (isinstance(row, dict) and isinstance(row.get("i"), int) and isinstance(row.get("pair"), list)
                  and len(row["pair"]) == 2 and all(isinstance(x, (int, float)) for x in row["pair"]))
        except ValueError:
            ok = False
        if not ok:
            raise BadFile(f"{path}: line {n} is not a pair (expected {{\"i\": N, \"pair\": [a, b], ...}})")
        if row["i"] != len(rows):
            raise BadFile(f"{path}: line {n} holds pair {row['i']}, expected pair {len(rows)}")
        rows.append(row)
    return rows


def play_more(game_name: str, players: int, tiers, seed, out: Path, upto: int, ver: str | None = None) -> int:
    """Play the pairs of this match after the last on file, up to ``upto`` in all; returns how
    many are on file now."""
    from hcards_core.bots.match import check_table, check_tiers

    tiers = check_tiers(tiers)
    path = results_path(out, game_name, players, tiers, seed, ver or version(game_name))
    done = len(read_pairs(path))
    if done >= upto:
        return done
    game, players, options = check_table(game_name, players, {})
    with path.open("a", encoding="utf-8") as fh:
        for i in range(done, upto):
            fh.write(json.dumps(play_row(game, tiers, i, players, options, seed)) + "\n")
            fh.flush()  # a pair on file is a pair kept, whatever stops the run
    return upto


def play_row(game, tiers, i: int, players: int, options: dict, seed) -> dict:
    """Pair ``i`` played now, as a results file keeps it (its CPU seconds and each tier's
    number of decisions beside the pair's totals)."""
    from hcards_core.bots.match import play_pair

    timings: dict = {}
    c0 = time.process_time()
    pair = play_pair(game, tuple(tiers), i, players, options, seed, timings=timings)
    return {"i": i, "pair": pair, "cpu_s": round(time.process_time() - c0, 3),
            "decisions": {t: len(ms) for t, ms in timings.items()}}


def run(out: Path, tables, pairs, deals: int, chunk: int, seed=SEED, stop_after_min: float | None = None) -> None:
    from hcards_core.bots import bot_for

    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    matches = [(g, p, tuple(t)) for g, p in tables if bot_for(g) is not None for t in pairs]
    # the versions of the code as loaded now: an edit to the files during a long run must not
    # label the pairs this process plays with the edited code's hash
    versions = {g: version(g) for g, _, _ in matches}
    target = 0
    while target < deals:
        target = min(deals, target + chunk)
        for game, players, tiers in matches:
            if stop_after_min is not None and time.monotonic() - start > 60 * stop_after_min:
                return
            n = play_more(game, players, tiers, seed, out, target, versions[game])
            print(f"bots_long: {game} {players} {tiers[0]}-{tiers[1]}: {n} of {deals} pairs", file=sys.stderr, flush=True)


def report(out: Path, deals: int = 2000) -> list[dict]:
    """Every match on file, summarised as ``match`` prints it, with its version and progress."""
    from hcards_core.bots import bot_for
    from hcards_core.bots.match import summarise

    rows, current = [], {}
    for path in sorted(out.glob("*.jsonl")):
        parsed = _parse_name(path)
        if parsed is None:
            continue
        game, players, (a, b), seed, file_ver = parsed
        pairs = read_pairs(path)
        if not pairs or bot_for(game) is None:
            continue
        res = summarise([r["pair"] for r in pairs], (a, b), bot_for(game).unit)
        decisions = sum(r.get("decisions", {}).get(a, 0) for r in pairs)
        if game not in current:
            current[game] = version(game)
        res.update(game=game, players=players, seed=str(seed), version=file_ver, current=file_ver == current[game],
                   target=deals, cpu_hours=round(sum(r.get("cpu_s", 0) for r in pairs) / 3600, 2),
                   decisions_a=decisions)
        rows.append(res)
    return rows


def carry(out: Path, check: int = 20, today: str | None = None) -> list[dict]:
    """Carry every older file whose pairs the current code still plays the same (see the
    module's docstring); returns one row per older file: what was checked and what was done.

    A file is left alone when a current one with more pairs exists already; when the current
    file has fewer, its pairs must equal the older file's (they are compared too, for free)."""
    from hcards_core.bots.match import check_table, check_tiers

    rows, current = [], {}
    for path in sorted(out.glob("*.jsonl")):
        parsed = _parse_name(path)
        if parsed is None:
            continue
        game, players, tiers, seed, file_ver = parsed
        if game not in current:
            current[game] = version(game)
        if file_ver == current[game]:
            continue
        row = {"file": path.name, "from": file_ver, "to": current[game], "pairs": 0, "checked": [], "carried": False}
        rows.append(row)
        pairs = read_pairs(path)
        row["pairs"] = len(pairs)
        target = results_path(out, game, players, tiers, seed, current[game])
        have = read_pairs(target)
        if len(have) >= len(pairs):
            row["why"] = f"{target.name} holds as many pairs already"
            continue
        row["checked"] = sorted({round(k * (len(pairs) - 1) / max(1, check - 1)) for k in range(min(check, len(pairs)))})
        g, n, options = check_table(game, players, {})
        differ = [r["i"] for r in have if not _same_pair(r, pairs[r["i"]])]
        differ += [i for i in row["checked"] if not _same_pair(play_row(g, check_tiers(tiers), i, n, options, seed), pairs[i])]
        if differ:
            row["why"] = f"pairs {sorted(set(differ))[:10]} play differently now"
            continue
        with target.open("w", encoding="utf-8") as fh:
            fh.write(path.read_text(encoding="utf-8"))
        path.unlink()
        with (out / "carried.jsonl").open("a", encoding="utf-8") as log:
            log.write(json.dumps({"file": target.name, "from": file_ver, "to": current[game], "pairs": len(pairs),
                                  "checked": row["checked"], "date": today or time.strftime("%Y-%m-%d")}) + "\n")
        row["carried"] = True
    return rows


def _same_pair(new: dict, old: dict) -> bool:
    """The same pair totals and, where both know them, the same decisions per tier."""
    if [round(x, 6) for x in new["pair"]] != [round(x, 6) for x in old["pair"]]:
        return False
    a, b = new.get("decisions"), old.get("decisions")
    return a is None or b is None or a == b


def _parse_name(path: Path):
    """(game, players, (tier A, tier B), seed, version) of a results file's name; None for
    ``carried.jsonl``; ``BadFile`` for any other name."""
    if path.name == "carried.jsonl":
        return None
    parts = path.stem.split("-")
    if len(parts) != 6 or not parts[1].isdigit() or not parts[4].startswith("seed"):
        raise BadFile(f"{path}: not a results file name (game-players-tierA-tierB-seedS-version.jsonl)")
    game, players, a, b, seed, ver = parts
    return game, int(players), (a, b), int(seed[4:]) if seed[4:].isdigit() else seed[4:], ver


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play more pairs of every match, resuming after the last on file")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--deals", type=int, default=2000)
    r.add_argument("--tables", help='JSON, e.g. [["zsiros", 2]] (default: every table)')
    r.add_argument("--pairs", help='JSON, e.g. [["club", "beginner"]] (default: every tier against the one below)')
    r.add_argument("--chunk", type=int, default=50, help="pairs per match before moving to the next")
    r.add_argument("--stop-after-min", type=float, help="start no new match piece after this many minutes")
    p = sub.add_parser("report", help="summarise every match on file")
    p.add_argument("out", type=Path)
    p.add_argument("--deals", type=int, default=2000, help="the target number of pairs")
    c = sub.add_parser("carry", help="move older versions' pairs to the current one where a sample replays the same")
    c.add_argument("out", type=Path)
    c.add_argument("--check", type=int, default=20, help="pairs to play again, spread over the file")
    a = ap.parse_args(argv)
    try:
        if a.command == "run":
            tables = json.loads(a.tables) if a.tables else TABLES
            pairs = json.loads(a.pairs) if a.pairs else PAIRS
            if a.deals < 1 or a.chunk < 1:
                raise BadFile("--deals and --chunk must be at least 1")
            run(a.out, tables, pairs, a.deals, a.chunk, stop_after_min=a.stop_after_min)
        else:
            if not a.out.is_dir():
                raise BadFile(f"{a.out}: no such folder")
            if a.command == "carry" and a.check < 1:
                raise BadFile("--check must be at least 1")
            print(json.dumps(report(a.out, a.deals) if a.command == "report" else carry(a.out, a.check), indent=1))
    except json.JSONDecodeError as e:
        print(f"bots_long: --tables/--pairs is not JSON: {e}", file=sys.stderr)
        return 2
    except (BadFile, MalformedRecord) as e:  # a broken file, an unknown game, tier or table size
        print(f"bots_long: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
