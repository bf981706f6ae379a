"""The browser's door into the core: JSON in, JSON out.

The Web Worker calls ``handle(request_json)`` with ``{"fn": name, "args": {...}}`` and gets
``{"ok": true, "value": ...}`` or ``{"ok": false, "error": {...}}``. Errors the rules or the
input cause (``IllegalAction``, ``MalformedRecord``) come back structured, in the requested
language, so the page can show the message and link the clause: ``bad_request`` for a request
that is not ``{"fn": name, "args": {...}}`` or whose arguments do not fit the function. Anything
else is a bug and comes back as ``internal_error`` with its text rather than killing the worker
(``tests/test_fuzz.py`` sends hostile input to find those).

>>> import json
>>> json.loads(handle('{"fn": "describe_cards", "args": {"text": "Oa 7l", "lang": "hu"}}'))["value"]
{'cards': [{'code': 'Oa', 'name': 'makk felső'}, {'code': '7l', 'name': 'zöld hetes'}]}
>>> json.loads(handle('{"fn": "describe_cards", "args": {"text": "Oa Qq"}}'))["error"]["code"]
'unknown_card'
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable

from . import __version__
from .cards import card_name, parse_cards
from .errors import IllegalAction, MalformedRecord, clause_page
from .messages import check_language, seat_label
from .records import MAX_DEPTH, load_record, parse_json, replay, state_at
from .table import action_label, render_table

FUNCTIONS: dict[str, Callable[..., object]] = {}
# Per function, its parameters: name → (required, the JSON kinds its annotation allows, or
# None for any value). Read once from the signature, checked on every call (``_checked_args``).
PARAMETERS: dict[str, dict[str, tuple[bool, tuple[str, ...] | None]]] = {}


def exposed(fn: Callable) -> Callable:
    """Make ``fn`` callable from the browser under its own name."""
    import inspect

    FUNCTIONS[fn.__name__] = fn
    PARAMETERS[fn.__name__] = {
        name: (p.default is inspect.Parameter.empty,
               None if p.annotation is inspect.Parameter.empty else tuple(k.strip() for k in str(p.annotation).split("|")))
        for name, p in inspect.signature(fn).parameters.items()}
    return fn


@exposed
def ping() -> dict:
    return {"version": __version__}


@exposed
def describe_cards(text: str, lang: str = "en") -> dict:
    """The cards in ``text`` (codes or long names) with their names in ``lang``."""
    lang = check_language(lang)
    return {"cards": [{"code": c, "name": card_name(c, lang)} for c in parse_cards(text)]}


@exposed
def replay_record(record: dict | str, lang: str = "en", events: bool = True) -> dict:
    """``replay`` of a record (an object or JSON text), as the CLI prints it."""
    data = _record(record)
    return replay(data, lang=check_language(lang), events=events)


def _record(record: dict | str) -> dict:
    return load_record(record) if isinstance(record, str) else record


_POSITIONS: OrderedDict = OrderedDict()
_POSITIONS_KEPT = 32


def _position(record: dict, deal: int, after: int, lang: str):
    """``state_at``, remembered: stepping back and forth or trying moves from one step asks
    for the same few positions again and again, and replaying a long Ferbli deal from its
    start each time cost most of a move's round trip. States are never changed in place
    (``apply`` returns a new one), so a remembered state can be shared."""
    # sort_keys for a stable key; ASCII keeps json on its C encoder (4x faster than with
    # ensure_ascii=False on a 5-deal session record, every move and step)
    key = (json.dumps(record, sort_keys=True), deal, after)
    hit = _POSITIONS.get(key)
    if hit is None:
        hit = state_at(record, deal, after, lang)[0]
        _POSITIONS[key] = hit
        if len(_POSITIONS) > _POSITIONS_KEPT:
            _POSITIONS.popitem(last=False)
    else:
        _POSITIONS.move_to_end(key)
    return hit


@exposed
def table_at(record: dict | str, deal: int = 0, after: int = 0, seat: int | None = None, lang: str = "en",
             assets: str = "assets/", interactive: bool = True) -> dict:
    """The card table of a record's deal after ``after`` actions, seen by ``seat``."""
    lang = check_language(lang)
    state = _position(_record(record), deal, after, lang)
    return {"html": render_table(state, seat, lang, assets, interactive), "to_act": state.to_act,
            "over": state.is_over, "result": state.result() if state.is_over else None}


@exposed
def try_actions(record: dict | str, deal: int = 0, after: int = 0, actions: list | None = None,
                seat: int | None = None, lang: str = "en", assets: str = "assets/") -> dict:
    """What if, from a step of the record, these actions were played instead?

    Applies ``actions`` one by one; returns the table after the legal ones, the events in
    words, and for the first illegal action the rule id, its page and the message.
    """
    lang = check_language(lang)
    data = _record(record)
    state = _position(data, deal, after, lang)
    from .games import get_game

    game = get_game(data.get("game"))
    texts, error = [], None
    for k, raw in enumerate(actions or []):
        action = game.parse_action(raw, state.players, f"actions[{k}]")
        try:
            state = state.apply(action)
        except IllegalAction as exc:
            error = {**exc.to_json(lang), "index": k, "page": clause_page(exc.rule)}
            break
        texts.extend(state.narrate(e, lang) for e in state.events)
    return {"html": render_table(state, seat, lang, assets, True), "events": texts, "error": error,
            "to_act": state.to_act, "over": state.is_over, "result": state.result() if state.is_over else None}


@exposed
def warm_up(game: str) -> dict:
    """Load what the first answer on a page needs (the exercise checker, the game and, for
    Ferbli, its ranking), so it comes back in milliseconds rather than a few hundred."""
    from . import exercises  # noqa: F401  (imported for its side effect: loaded once)
    from .games import get_game

    get_game(game).warm_up()
    return {"game": game}


@exposed
def check_exercise(exercise: dict, answer, lang: str = "en", assets: str = "assets/") -> dict:
    """Judge a learner's answer to an exercise (its page payload): right or wrong, why, the
    clause and its page, and the table after the move (``hcards_core.exercises``)."""
    from .exercises import check_exercise as check

    return check(exercise, answer, check_language(lang), assets)


@exposed
def exercise_answer(exercise: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The right answer of an exercise as the core computes it (shown after three tries)."""
    from .exercises import answer_of

    return answer_of(exercise, check_language(lang), assets)


# ---- the ruling checker (hcards_core.checker) ----------------------------------------------


@exposed
def checker_game(game: str, lang: str = "en") -> dict:
    """Players, options (with choices and clauses), acts and card layouts of ``game``."""
    from .checker import game_info

    return game_info(game, check_language(lang))


@exposed
def checker_rule(record: dict | str, lang: str = "en") -> dict:
    """The ruling on a record: each step legal or not, the clause, results, legal actions."""
    from .checker import rule_record

    return rule_record(record, check_language(lang))


@exposed
def checker_ask(record: dict | str, action: dict | str, lang: str = "en") -> dict:
    """Is ``action`` (typed text or an action object) legal at the end of the record?"""
    from .checker import ask_action

    return ask_action(record, action, check_language(lang))


# ---- the Play pages (hcards_core.table_session) ------------------------------------------


def _play(setup):
    from .table_session import check_setup

    return check_setup(setup)


@exposed
def play_start(setup: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """A new session from a set-up (game, players, options, seat, tiers, seed…): its record,
    the set-up as checked (defaults filled in) and the first view."""
    from .table_session import _public, start, view

    checked = _play(setup)
    record = start(checked)
    return {"record": record, "setup": _public(checked), "view": view(record, checked, check_language(lang), assets)}


@exposed
def play_view(record: dict, setup: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The table and the learner's choices at the end of a stored session (after a reload)."""
    from .table_session import view

    return view(_record(record), _play(setup), check_language(lang), assets)


@exposed
def play_bot(record: dict, setup: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """One computer action, if a computer seat has one now, and the view after it."""
    from .table_session import advance, position, view

    lang, checked, record = check_language(lang), _play(setup), _record(record)
    before = position(record)[0]
    record, action, _ = advance(record, checked)
    label = None
    if action is not None:
        label = f"{seat_label(action['seat'])}: {action_label(before, action, lang)}"
    return {"record": record, "action": action, "label": label, "view": view(record, checked, lang, assets)}


@exposed
def play_move(record: dict, setup: dict, action: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The learner's action: refused with its clause (the record unchanged), or applied, with
    the coach's remark on it when the coach is on."""
    from .table_session import coach, learner_move, position, view

    lang, checked, record = check_language(lang), _play(setup), _record(record)
    before = position(record)[0]
    moved = learner_move(record, checked, action, lang)
    if "error" in moved:
        return {"error": moved["error"], "record": record}
    remark = coach(record, checked, moved["action"], lang) if checked["coach"] else None
    label = f"{seat_label(moved['action']['seat'])}: {action_label(before, moved['action'], lang)}"
    return {"record": moved["record"], "action": moved["action"], "label": label,
            "coach": _coach_reply(remark), "view": view(moved["record"], checked, lang, assets)}


def _coach_reply(remark):
    if not remark:
        return None
    return {k: remark.get(k) for k in ("loss", "grade", "remark", "reason", "unit", "followed", "choices") if remark.get(k) is not None} | {
        "best": remark["best"]["label"] if remark.get("best") else None}


@exposed
def play_hint(record: dict, setup: dict, lang: str = "en") -> dict:
    """The coach before the learner acts: every legal action's value by the club tier, the
    best one and the beginner's rule of thumb in words."""
    from .table_session import coach

    out = coach(_record(record), _play(setup), None, check_language(lang))
    out.pop("beginner", None)
    return out


@exposed
def play_next(record: dict, setup: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The next deal of the session, dealt from the seed."""
    from .table_session import next_deal, view

    checked = _play(setup)
    record = next_deal(_record(record), checked)
    return {"record": record, "view": view(record, checked, check_language(lang), assets)}


@exposed
def play_compare(record: dict, setup: dict, deal: int, lang: str = "en") -> dict:
    """The learner's result on a finished deal beside the club tier's in the same seat."""
    from .table_session import club_in_my_seat

    out = club_in_my_seat(_record(record), _play(setup), deal)
    return {"learner": out["learner"], "club": out["club"]}


@exposed
def play_review(record: dict, setup: dict, deal: int, remarks: dict | None = None, lang: str = "en") -> dict:
    """A finished deal step by step, with the coach's remarks at the learner's actions."""
    from .table_session import review

    return review(_record(record), _play(setup), deal, remarks, check_language(lang))


def handle(request_json: str) -> str:
    """Answer one request ``{"fn": name, "args": {...}}`` (``args`` may be left out).

    A request of another shape, an unknown function, or arguments that do not fit it are
    ``bad_request``; a value of the wrong type is ``bad_field`` at ``args.<name>``:

    >>> json.loads(handle('[]'))["error"]["code"], json.loads(handle('{"fn": "nope"}'))["error"]["where"]
    ('bad_request', 'fn')
    >>> json.loads(handle('{"fn": "table_at", "args": {"record": {}, "deal": "0"}}'))["error"]["where"]
    'args.deal'
    """
    lang = "en"
    try:
        try:
            request = parse_json(request_json, "request")
        except MalformedRecord as exc:  # not JSON (or not plain data): not a request at all
            raise MalformedRecord("bad_request", where="request", problem=exc.code) from None
        if not isinstance(request, dict) or set(request) - {"fn", "args"}:
            raise MalformedRecord("bad_request", where="request")
        fn = FUNCTIONS.get(request.get("fn")) if isinstance(request.get("fn"), str) else None
        if fn is None:
            raise MalformedRecord("bad_request", where="fn", fn=repr(request.get("fn")))
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise MalformedRecord("bad_request", where="args")
        lang = check_language(args.get("lang"))
        return json.dumps({"ok": True, "value": fn(**_checked_args(request["fn"], args))}, ensure_ascii=False,
                          allow_nan=False)
    except (IllegalAction, MalformedRecord) as exc:
        return json.dumps({"ok": False, "error": {"kind": type(exc).__name__, **exc.to_json(lang)}}, ensure_ascii=False)
    except RecursionError:  # input nested too deeply for some step: its fault, not a bug
        exc = MalformedRecord("too_deep", where="args", depth=MAX_DEPTH)
        return json.dumps({"ok": False, "error": {"kind": type(exc).__name__, **exc.to_json(lang)}}, ensure_ascii=False)
    except Exception as exc:  # a bug: report it instead of killing the worker
        return json.dumps({"ok": False, "error": {"kind": "internal_error", "code": "internal_error",
                                                  "message": f"{type(exc).__name__}: {exc}"}}, ensure_ascii=False)


# The JSON kinds an annotation names. ``bool`` is never taken for an ``int`` nor an ``int`` for
# a ``bool``: JSON tells them apart, and so do we.
_KINDS = {"dict": dict, "str": str, "int": int, "bool": bool, "list": list, "None": type(None)}


def _checked_args(name: str, args: dict) -> dict:
    """``args`` if they fit the parameters of function ``name``, else ``MalformedRecord``."""
    params = PARAMETERS[name]
    for arg in args:
        if arg not in params:
            raise MalformedRecord("bad_request", where=f"args.{arg}")
    for arg, (required, kinds) in params.items():
        if arg not in args:
            if required:
                raise MalformedRecord("bad_request", where=f"args.{arg}")
        elif kinds is not None and not any(type(args[arg]) is _KINDS[k] for k in kinds):
            raise MalformedRecord("bad_field", where=f"args.{arg}", value=_short(args[arg]), expected=" | ".join(kinds))
    return args


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# The learning tools register their own browser functions (hcards_core/learn/); one import a line.
from .learn import drills as _drills  # noqa: E402,F401 (registers its functions)
from .learn import refute as _refute  # noqa: E402,F401 (registers its functions)
from .learn import puzzles as _puzzles, rating as _rating  # noqa: E402,F401 (registers their functions)
from .learn import memory as _memory  # noqa: E402,F401 (registers its functions)
