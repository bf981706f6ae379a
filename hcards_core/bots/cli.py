"""The ``bot``, ``match`` and ``play`` commands (``python -m hcards_core …``, ARCHITECTURE §3).

``bot FILE|-``: the decision of the seat to act in a record whose last deal is unfinished,
using only what that seat knows. ``match GAME``: a duplicate match between two tiers. ``play
GAME``: a session in the terminal against the bots. Exit codes as for ``replay``: 0 done, 1 an
illegal action in the record (the same ``error`` as ``replay``), 2 malformed input (one line on
stderr, raised here as ``MalformedRecord``).
"""

from __future__ import annotations

import json
import sys

from ..cards import card_name
from ..errors import IllegalAction, MalformedRecord
from ..games import get_game
from ..messages import check_language, render, seat_label
from . import TIERS, as_rng, bot_for, choose


def add_commands(sub) -> None:
    """Add the three sub-commands to ``hcards_core.cli``'s parser."""
    b = sub.add_parser("bot", help="the computer player's move for the seat to act in an unfinished record")
    b.add_argument("file", help="record file (JSON or YAML), or - for standard input")
    b.add_argument("--tier", default="club", choices=TIERS)
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--budget-ms", type=float, default=None, help="thinking budget in ms (turned into playouts)")
    b.add_argument("--explain", action="store_true", help="every legal action with its value")
    b.add_argument("--lang", default="en", help="language of the reason text: en hu ro fa ja")
    m = sub.add_parser("match", help="a duplicate match between two tiers of computer players")
    m.add_argument("game")
    m.add_argument("--players", type=int, default=None)
    m.add_argument("--options", default="{}", help="options as JSON")
    m.add_argument("--tiers", required=True, help="two tiers, e.g. club,beginner")
    m.add_argument("--deals", type=int, default=20)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--records", default=None, help="write every deal's record to this file, one JSON a line")
    p = sub.add_parser("play", help="play a session in the terminal against the computer players")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--tier", default="club", choices=TIERS)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", default="en")
    p.add_argument("--options", default="{}", help="options as JSON")


def reason_text(reason: dict | None, lang: str = "en") -> str | None:
    """A reason ({"key", "params"}) in words, cards by name."""
    if not reason:
        return None
    params = dict(reason.get("params") or {})
    if isinstance(params.get("card"), str):
        params["card"] = card_name(params["card"], lang)
    return render(reason["key"], lang, **params)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise MalformedRecord("cannot_read", where=path, reason=exc.strerror or str(exc)) from None


def _options(text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedRecord("bad_json", where="--options", line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    if not isinstance(value, dict):
        raise MalformedRecord("bad_field", where="--options", value=repr(value), expected="object")
    return value


def run_bot(args) -> tuple[int, str]:
    from ..records import load_record, replay, state_at

    lang = check_language(args.lang)
    record = load_record(_read(args.file))
    report = replay(record, lang=lang)
    if not report["ok"]:
        return 1, json.dumps({"ok": False, "error": report["error"]}, ensure_ascii=False)
    last = len(record["deals"]) - 1
    state, _ = state_at(record, last, len(record["deals"][last].get("actions") or []), lang=lang)
    if state is None or state.is_over:
        raise MalformedRecord("bot_deal_finished", where=f"deals[{last}]")
    if bot_for(record["game"]) is None:
        raise MalformedRecord("game_not_available", where="game", game=record["game"])
    seat = state.to_act
    action, why = choose(state, seat, args.tier, rng=args.seed, budget=args.budget_ms, explain=args.explain)
    if why.get("reason"):
        why["reason"]["text"] = reason_text(why["reason"], lang)
    return 0, json.dumps({"seat": seat, "action": action, "explanation": why}, ensure_ascii=False)


def run_match_command(args) -> tuple[int, str]:
    from .match import run_match

    tiers = [t.strip() for t in args.tiers.split(",")]
    options = _options(args.options)
    if args.records:
        try:
            fh = open(args.records, "w", encoding="utf-8")
        except OSError as exc:
            raise MalformedRecord("cannot_read", where=args.records, reason=exc.strerror or str(exc)) from None
        with fh:
            out = run_match(args.game, tiers, args.deals, args.players, options, args.seed, records=fh)
    else:
        out = run_match(args.game, tiers, args.deals, args.players, options, args.seed)
    return 0, json.dumps(out, ensure_ascii=False)


# ---- play in the terminal ------------------------------------------------------------------

def _label(state, action: dict, lang: str) -> str:
    try:
        from ..table import action_label
        return action_label(state, action, lang)
    except Exception:  # noqa: BLE001 - a label is a nicety; the JSON always says it
        return json.dumps({k: v for k, v in action.items() if k != "seat"}, ensure_ascii=False)


def _narrate(state, event: dict, lang: str) -> str:
    try:
        return state.narrate(event, lang)
    except Exception:  # noqa: BLE001
        return json.dumps(event, ensure_ascii=False)


def _table_text(state, seat: int, lang: str) -> str:
    """The table as the seat sees it: the public facts, every hand's size, the seat's cards."""
    view = state.view(seat)
    lines = []
    for key, value in view.items():
        if key in ("hands",) or isinstance(value, (dict, list)) and len(json.dumps(value)) > 120:
            continue
        lines.append(f"  {key}: {json.dumps(value, ensure_ascii=False)}")
    for s, hand in enumerate(view["hands"]):
        who = render("table.seat", lang, seat=s)
        cards = " ".join(hand) if s == seat else f"{len(hand)} ×??"
        lines.append(f"  {who}{' *' if s == seat else ''}: {cards}")
    return "\n".join(lines)


def run_play(args, read=input, write=print) -> tuple[int, str]:
    """A whole session: the learner at ``--seat``, the bots of ``--tier`` everywhere else.
    Type an action's number, ``hint`` (the club tier's explanation) or ``quit``."""
    lang = check_language(args.lang)
    game = get_game(args.game)
    bot = bot_for(game.name)
    if bot is None:
        raise MalformedRecord("game_not_available", where="game", game=args.game)
    players = game.check_players(args.players if args.players is not None else game.players[0])
    if not isinstance(args.seat, int) or not 0 <= args.seat < players:
        raise MalformedRecord("bad_seat", where="--seat", seat=args.seat, players=players)
    options = game.parse_options(_options(args.options))
    rng = as_rng(args.seed)
    session = game.new_session(players, options, 0, {})
    me, deals = args.seat, 0

    def done():
        return 0, json.dumps({"deals": deals, "session": game.session_report(session)}, ensure_ascii=False)

    def ask(prompt):
        try:
            return read(prompt).strip()
        except EOFError:
            return "quit"

    while True:
        state = game.deal(session, game.random_cards(players, rng), None, f"deals[{deals}]")
        write(f"== {deals + 1} ==")
        for event in state.events:
            write("  " + _narrate(state, event, lang))
        while not state.is_over:
            seat = state.to_act
            for caller in bot.optional_seats(state):
                if caller != me:
                    call = bot.choose_optional(state, caller, args.tier, rng)
                    if call:
                        state = _apply_show(state, call, lang, write)
            if seat != me and me not in bot.optional_seats(state):
                action, _ = choose(state, seat, args.tier, rng=rng.getrandbits(32), explain=False)
                state = _apply_show(state, action, lang, write)
                continue
            write(_table_text(state, me, lang))
            menu = (state.legal_actions() if seat == me else []) + _calls(state, me)
            for k, a in enumerate(menu, 1):
                write(f"  {k}. {_label(state, a, lang)}")
            if seat != me:
                write(f"  0. {render('bot.no_call', lang)}")
            answer = ask(f"{seat_label(me)}> ")
            if answer in ("quit", "q"):
                return done()
            if answer == "0" and seat != me:
                action, _ = choose(state, seat, args.tier, rng=rng.getrandbits(32), explain=False)
                state = _apply_show(state, action, lang, write)
                continue
            if answer == "hint" and seat == me:
                _, why = choose(state, me, "club", rng=rng.getrandbits(32))
                for k, row in enumerate(why["actions"], 1):
                    trick = "" if row["p_trick"] is None else f"  p(trick) {row['p_trick']}"
                    write(f"  {k}. {_label(state, row['action'], lang)}: {row['value']} ± {row['spread']}{trick}")
                write("  -> " + (reason_text(why["reason"], lang) or ""))
                continue
            try:
                choice = menu[int(answer) - 1] if answer.isdigit() and int(answer) >= 1 else json.loads(answer)
            except (IndexError, ValueError):
                choice = None
            if not isinstance(choice, dict):
                write(f"  ? 1-{len(menu)}, hint, quit")
                continue
            choice = dict(choice)
            choice.setdefault("seat", me)
            try:
                state = _apply_show(state, choice, lang, write)
            except IllegalAction as exc:  # refused with its clause; the learner keeps the place
                write(f"  [{exc.rule}] {exc.message(lang)}")
            except MalformedRecord as exc:
                write(f"  {exc.message(lang)}")
        session = game.settle(session, state)
        deals += 1
        write("  " + json.dumps(state.result(), ensure_ascii=False))
        report = game.session_report(session)
        write("  " + json.dumps(report, ensure_ascii=False))
        if report.get("winner") is not None or ask(f"{render('bot.next_deal', lang)} ") in ("quit", "q"):
            return done()


def _calls(state, seat):
    return [c for c in getattr(state, "legal_calls", lambda: [])() if c["seat"] == seat]


def _apply_show(state, action, lang, write):
    state = state.apply(action)
    for event in state.events:
        write("  " + _narrate(state, event, lang))
    return state


def run(args) -> tuple[int, str]:
    if args.command == "bot":
        return run_bot(args)
    if args.command == "match":
        return run_match_command(args)
    return run_play(args)


