"""``python -m hcards_core replay|rank|compare|bot|match|play`` (ARCHITECTURE §3).

Exit status: 0 all legal, 1 an illegal action (reported in the JSON), 2 malformed input
(one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import MalformedRecord
from .games import get_game
from .messages import check_language
from .records import load_record, replay


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors are malformed input too: exit 2, one line
        print(f"hcards: {message}", file=sys.stderr)
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m hcards_core", description="Rules core for Ferbli, Zsíros and Filicău/Filkó.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("replay", help="replay a game record and print the result as JSON")
    r.add_argument("file", help="record file (JSON or YAML), or - for standard input")
    r.add_argument("--lang", default="en", help="language of messages: en hu ro fa ja")
    r.add_argument("--events", action="store_true", help="include each action's events")
    k = sub.add_parser("rank", help="rank a hand")
    k.add_argument("game")
    k.add_argument("cards", nargs="+")
    k.add_argument("--options", default="{}", help="options as JSON")
    c = sub.add_parser("compare", help="compare two hands: 1 first better, -1 second, 0 equal")
    c.add_argument("game")
    c.add_argument("first")
    c.add_argument("second")
    c.add_argument("--options", default="{}", help="options as JSON")
    from .bots.cli import add_commands  # bot, match, play (the computer players)

    add_commands(sub)
    return p


def _options(text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedRecord("bad_json", where="--options", line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    if not isinstance(value, dict):
        raise MalformedRecord("bad_field", where="--options", value=repr(value), expected="object")
    return value


def run(argv: list[str]) -> tuple[int, str]:
    """Run a command; return (exit status, stdout text). Raises MalformedRecord on bad input."""
    args = _parser().parse_args(argv)
    if args.command == "replay":
        if args.file == "-":
            text = sys.stdin.read()
        else:
            try:
                with open(args.file, encoding="utf-8") as fh:
                    text = fh.read()
            except OSError as exc:
                raise MalformedRecord("cannot_read", where=args.file, reason=exc.strerror or str(exc)) from None
        out = replay(load_record(text), lang=check_language(args.lang), events=args.events)
        return (0 if out["ok"] else 1), json.dumps(out, ensure_ascii=False)
    if args.command in ("bot", "match", "play"):
        from .bots.cli import run as run_bots

        return run_bots(args)
    game = get_game(args.game)  # unknown game → MalformedRecord; a game without ranking: no_ranking
    options = _options(args.options)
    if args.command == "rank":
        return 0, json.dumps(game.rank_hand(" ".join(args.cards), options), ensure_ascii=False)
    return 0, json.dumps({"result": game.compare_hands(args.first, args.second, options)})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        status, text = run(argv)
    except MalformedRecord as exc:
        print(f"hcards: {exc.message('en')}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2), already printed
        return int(exc.code or 0)
    except RecursionError:
        print("hcards: the input is nested too deeply", file=sys.stderr)
        return 2
    print(text)
    return status
