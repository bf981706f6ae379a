"""Game records (ARCHITECTURE §3): loading, validation and replay.

A record is JSON (or YAML where PyYAML is installed) describing a session of one or more
deals. ``replay`` runs it through the game's rules and returns the public ``replay`` output:
``{"ok", "deals", "session", "error"}``. Input that is not a valid record raises
``MalformedRecord``; an illegal action is reported in ``error`` (never raised).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from .cards import PACK, parse_cards
from .errors import IllegalAction, MalformedRecord
from .games import get_game

TOP_FIELDS = {"game", "players", "options", "dealer", "start", "deals", "title", "note"}
DEAL_FIELDS = {"cards", "actions", "dealer", "note"}


MAX_DEPTH = 64  # records nest 6 deep, exercise payloads 8: anything deeper is not ours
MAX_NODES = 200_000  # a long session is ~20,000 values; YAML aliases can expand far beyond


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = {c: None for c in range(128) if chr(c) not in "[]{}"}
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def too_deep(text: str) -> bool:
    """Does JSON ``text`` nest deeper than ``MAX_DEPTH``, counted before parsing it? The
    parser itself recurses in C, and Pyodide's stack is small: 5,000 brackets deep killed
    the interpreter in the browser before Python's recursion limit could say so. Strings are
    skipped, every other character but a bracket dropped, the depth summed (all at C speed).

    >>> too_deep('[' * 65 + ']' * 65), too_deep('{"a": "[[[[" }'), too_deep('[' * 64 + ']' * 64)
    (True, False, False)
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = _STRING.sub("", text).translate(_NOT_BRACKET)
    brackets = "".join(c for c in brackets if c in _STEP) if not brackets.isascii() else brackets
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def load_record(text: str) -> dict:
    """Parse a record from JSON text (YAML accepted when PyYAML is available)."""
    data = parse_json(text, yaml_too=True)
    if not isinstance(data, dict):
        raise MalformedRecord("not_a_record")
    return data


def parse_json(text, where: str = "", yaml_too: bool = False):
    """JSON text as plain data, or ``MalformedRecord``: never a traceback, whatever the text.

    Refused besides bad JSON: NaN and the infinities (not JSON), integers of more than
    4,300 digits (Python will not convert them), nesting deeper than ``MAX_DEPTH`` and
    more than ``MAX_NODES`` values (so every later step, on CPython or in Pyodide's smaller
    stack, stays within bounds), and YAML's values that JSON has no word for.

    >>> parse_json('{"players": 4}')
    {'players': 4}
    >>> parse_json('{"players": NaN}')
    Traceback (most recent call last):
    hcards_core.errors.MalformedRecord: NaN and Infinity are not numbers in JSON.
    """
    if not isinstance(text, str):
        raise MalformedRecord("bad_field", where=where, value=type(text).__name__, expected="JSON text")
    if too_deep(text):
        raise MalformedRecord("too_deep", where=where, depth=MAX_DEPTH)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        if not yaml_too:
            raise MalformedRecord("bad_json", where=where, line=exc.lineno, column=exc.colno, reason=exc.msg) from None
        data = _try_yaml(text, exc)
    except _Constant:
        raise MalformedRecord("not_a_number", where=where) from None
    except ValueError:  # int("…") of more than sys.get_int_max_str_digits() digits
        raise MalformedRecord("number_too_long", where=where) from None
    except RecursionError:
        raise MalformedRecord("too_deep", where=where, depth=MAX_DEPTH) from None
    check_plain(data, where)
    return data


class _Constant(ValueError):
    pass


def _no_constant(name):
    raise _Constant(name)


def check_plain(data, where: str = "") -> None:
    """Refuse what is not plain JSON data (see ``parse_json``), walking without recursion."""
    stack, seen = [(data, where, 0)], 0
    while stack:
        value, path, depth = stack.pop()
        seen += 1
        if depth > MAX_DEPTH:
            raise MalformedRecord("too_deep", where=where, depth=MAX_DEPTH)
        if seen > MAX_NODES:
            raise MalformedRecord("too_large", where=where, count=MAX_NODES)
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise MalformedRecord("not_plain_data", where=path, value=type(k).__name__)
                stack.append((v, f"{path}.{k}" if path else k, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise MalformedRecord("not_a_number", where=path)
        elif value is not None and not isinstance(value, (str, int)):  # bool is an int
            raise MalformedRecord("not_plain_data", where=path, value=type(value).__name__)


def _try_yaml(text: str, exc: json.JSONDecodeError):
    try:
        import yaml  # optional: the CLI accepts YAML where PyYAML is installed
    except ImportError:
        yaml = None
    if yaml is not None:
        try:
            return yaml.safe_load(text)
        except yaml.YAMLError:
            pass
        except ValueError:  # a YAML integer past the conversion limit
            raise MalformedRecord("number_too_long") from None
        except RecursionError:
            raise MalformedRecord("too_deep", depth=MAX_DEPTH) from None
    raise MalformedRecord("bad_json", line=exc.lineno, column=exc.colno, reason=exc.msg) from None


# ---- validation helpers shared by the games ------------------------------------------------

def parse_pack(cards: dict, where: str) -> list[str]:
    """The ``pack`` of a deal: all 32 cards, each once, top card first."""
    pack = parse_cards(_as_list(cards.get("pack"), f"{where}.pack"), where=f"{where}.pack")
    if len(pack) != len(PACK):
        raise MalformedRecord("bad_pack_size", where=f"{where}.pack", count=len(pack))
    return pack


def parse_hands(cards: dict, players: int, sizes: list[int] | None, where: str,
                extra: dict[str, int | None] | None = None) -> tuple[list[list[str]], dict[str, list[str]]]:
    """Explicit ``hands`` (one list per seat, of the given sizes) and other named piles
    (e.g. ``{"talon": 16}``; None means any size), with no card used twice anywhere."""
    hands_raw = _as_list(cards.get("hands"), f"{where}.hands")
    if len(hands_raw) != players:
        raise MalformedRecord("bad_hand_count", where=f"{where}.hands", count=len(hands_raw), players=players)
    hands = [parse_cards(_as_list(h, f"{where}.hands[{s}]"), where=f"{where}.hands[{s}]")
             for s, h in enumerate(hands_raw)]
    for s, hand in enumerate(hands):
        if sizes is not None and len(hand) != sizes[s]:
            raise MalformedRecord("bad_hand_size", where=f"{where}.hands[{s}]", seat=s, count=len(hand), size=sizes[s])
    piles = {}
    for name, size in (extra or {}).items():
        piles[name] = parse_cards(_as_list(cards.get(name, []), f"{where}.{name}"), where=f"{where}.{name}")
        if size is not None and len(piles[name]) != size:
            raise MalformedRecord("bad_pile_size", where=f"{where}.{name}", pile=name, count=len(piles[name]), size=size)
    seen: dict[str, str] = {}
    for label, group in [*((f"hands[{s}]", h) for s, h in enumerate(hands)), *piles.items()]:
        for card in group:
            if card in seen:
                raise MalformedRecord("duplicate_card", where=f"{where}.{label}", card=card)
            seen[card] = label
    return hands, piles


def _as_list(value, where: str) -> list:
    if isinstance(value, str):
        return value.split()
    if not isinstance(value, list):
        raise MalformedRecord("bad_field", where=where, value=repr(value), expected="list of cards")
    return value


def _as_seat(value, players: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise MalformedRecord("bad_seat", where=where, seat=repr(value), players=players)
    return value


# ---- replay -------------------------------------------------------------------------------

def replay(record: dict, lang: str = "en", events: bool = False) -> dict:
    """Replay a record; malformed input raises ``MalformedRecord``, illegal play is reported."""
    return _run(record, lang, events)[0]


def state_at(record: dict, deal: int, after: int, lang: str = "en", events: bool = False):
    """The state of deal ``deal`` after its first ``after`` actions (walkthrough steps, what-ifs).

    Returns ``(state, report)``: ``report`` is the replay output up to that point (with the
    events in words only when ``events`` is asked for: narrating costs more than replaying).
    An illegal action on the way is reported, not raised.
    """
    out, state = _run(record, lang, events, stop=(deal, after))
    return state, out


def states_at(record: dict, points, lang: str = "en", events: bool = False):
    """``state_at`` for many ``(deal, after)`` points in one replay (a walkthrough's steps).

    Returns ``(states, report)``: ``states`` maps each point the replay reached to its state.
    """
    wanted, states = set(points), {}

    def keep(deal: int, after: int, state) -> None:
        if (deal, after) in wanted:
            states[(deal, after)] = state  # states never change in place: keeping one is safe

    out, _ = _run(record, lang, events, visit=keep)
    return states, out


def _run(record: dict, lang: str, events: bool, stop: tuple[int, int] | None = None, visit=None):
    """Replay ``record``; returns ``(report, state)`` with the last state reached (before an
    illegal action, if one stops the replay). ``visit(deal, after, state)`` is called with
    each deal's first state (``after`` 0) and the state after each of its actions."""
    if not isinstance(record, dict):
        raise MalformedRecord("not_a_record")
    for key in record:
        if key not in TOP_FIELDS:
            raise MalformedRecord("unknown_field", where=key, field=key, act="record")
    game = get_game(record.get("game"))
    players = game.check_players(record.get("players"))
    options = game.parse_options(record.get("options"))
    dealer = _as_seat(record.get("dealer", 0), players, "dealer")
    start = record.get("start") or {}
    if not isinstance(start, dict):
        raise MalformedRecord("bad_field", where="start", value=repr(start), expected="object")
    session = game.new_session(players, options, dealer, start)
    deals_raw = record.get("deals")
    if not isinstance(deals_raw, list) or not deals_raw:
        raise MalformedRecord("no_deals", where="deals")
    if stop is not None and (type(stop[0]) is not int or type(stop[1]) is not int or not 0 <= stop[0] < len(deals_raw)):
        raise MalformedRecord("no_such_step", where="deals", deal=stop[0], after=stop[1])

    out = {"ok": True, "deals": [], "session": None, "error": None}
    state = None
    for i, deal in enumerate(deals_raw):
        where = f"deals[{i}]"
        if not isinstance(deal, dict):
            raise MalformedRecord("bad_field", where=where, value=repr(deal), expected="object")
        for key in deal:
            if key not in DEAL_FIELDS:
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="deal")
        deal_dealer = _as_seat(deal["dealer"], players, f"{where}.dealer") if "dealer" in deal else None
        state = game.deal(session, deal.get("cards") or {}, deal_dealer, where)
        if visit is not None:
            visit(i, 0, state)
        actions_raw = deal.get("actions", [])
        if not isinstance(actions_raw, list):
            raise MalformedRecord("bad_field", where=f"{where}.actions", value=repr(actions_raw), expected="list")
        actions = [game.parse_action(a, players, f"{where}.actions[{k}]") for k, a in enumerate(actions_raw)]
        if stop is not None and stop[0] == i:
            if not 0 <= stop[1] <= len(actions):
                raise MalformedRecord("no_such_step", where=where, deal=i, after=stop[1])
            actions = actions[:stop[1]]
        report = {"result": None, "events": []}
        if events:
            report["events"] = [_event(state, e, None, lang) for e in state.events]
        for k, action in enumerate(actions):
            try:
                state = state.apply(action)
            except IllegalAction as exc:
                report.update(_unfinished(state))
                out["deals"].append(report)
                out["ok"] = False
                out["error"] = {"deal": i, "action": k, "rule": exc.rule, "code": exc.code,
                                "message": exc.message(lang)}
                out["session"] = game.session_report(session)
                return out, state
            if events:
                report["events"].extend(_event(state, e, k, lang) for e in state.events)
            if visit is not None:
                visit(i, k + 1, state)
        if state.is_over:
            report["result"] = state.result()
            session = game.settle(session, state)
        elif i < len(deals_raw) - 1 and not (stop and stop[0] == i):
            raise MalformedRecord("deal_unfinished", where=where, deal=i)
        else:
            report.update(_unfinished(state))
        out["deals"].append(report)
        if stop is not None and stop[0] == i:
            break
    out["session"] = game.session_report(session)
    return out, state


def _unfinished(state) -> dict:
    return {"to_act": state.to_act, "legal": state.legal_actions(), "state": state.public_state()}


def _event(state, event: dict, action_index: int | None, lang: str) -> dict:
    return {"action": action_index, **event, "text": state.narrate(event, lang)}
