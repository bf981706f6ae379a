"""The ruling checker: a record (or a situation being built) judged step by step.

The checker page sends a record; ``rule_record`` replays it and answers, for every action,
whether it was legal (with the events it caused, in words) and, for the first illegal one,
the clause that forbids it and the page carrying that clause. It also says what the position
is at the end (whose turn, the legal actions with their labels) and describes the results of
the finished deals and of the session in the page's language. ``parse_action_text`` reads an
action typed by a person: the record's JSON form or a short form such as ``B play Oa``,
``stop``, ``Xh`` or ``C besszer 2``. ``game_info`` tells the page what it needs to build a
situation: the table sizes, the options and their choices, the acts and the cards each seat
must get.

>>> rec = {"game": "zsiros", "players": 2, "dealer": 1, "deals": [{"cards": {"pack": list(PACK)}, "actions": [
...        {"seat": 0, "act": "play", "card": "Aa"}, {"seat": 1, "act": "play", "card": "Ka"},
...        {"seat": 0, "act": "play", "card": "Ka"}]}]}
>>> out = rule_record(rec)
>>> [s["legal"] for s in out["steps"] if s["action"] is not None], out["error"]["rule"], out["end"]
([True, True, False], 'Z-3.1', {'deal': 0, 'after': 2})
>>> parse_action_text("zsiros", 2, "B play ász makk", to_act=0)
{'seat': 1, 'act': 'play', 'card': 'Aa'}
>>> parse_action_text("zsiros", 4, "stop", to_act=2)
{'seat': 2, 'act': 'stop'}
"""

from __future__ import annotations

import json
import re

from .cards import PACK, parse_card  # noqa: F401  (PACK: doctest)
from .errors import IllegalAction, MalformedRecord, clause_page
from .games import get_game
from .messages import SEAT_LETTERS, catalog, seat_label
from .records import _run
from .table import action_label

SEAT_FIELDS = ("slave",)


# ---- what the page needs to build a situation ------------------------------------------------

def layout(game: str, players: int) -> dict:
    """The cards a situation needs: ``hands`` (cards per seat), other ``piles`` (name → size)
    and the ``pack`` of cards in play (5- and 6-player Filkó use 30 cards)."""
    return get_game(game).layout(players)


def game_info(game: str, lang: str = "en") -> dict:
    """The game's table sizes, options (default, choices, clause), acts and card layouts."""
    g = get_game(game)
    options = []
    for opt in g.options.values():
        kind = "bool" if isinstance(opt.default, bool) else "int" if isinstance(opt.default, int) else "text"
        options.append({"name": opt.name, "default": opt.default, "kind": kind,
                        "choices": list(opt.choices) if opt.choices is not None else None,
                        "rules": [r.strip() for r in opt.rule.split("/") if r.strip()], "doc": opt.doc})
    return {"game": game, "players": list(g.players), "options": options,
            "acts": {act: list(fields) for act, fields in g.acts.items()},
            "layouts": {str(n): layout(game, n) for n in g.players}}


# ---- typed actions -----------------------------------------------------------------------------

def _seat_of(token: str, players: int) -> int | None:
    t = token.strip().rstrip(":：")
    if len(t) == 1 and t.upper() in SEAT_LETTERS[:players]:
        return SEAT_LETTERS.index(t.upper())
    return None


def parse_action_text(game: str, players: int, text: str, to_act: int | None = None,
                      acts_now: list | None = None, where: str = "action") -> dict:
    """An action from what a person typed: JSON, or ``[seat letter] act [value]``, or a card.

    The seat defaults to ``to_act``. A lone card means playing it (or naming it, when the only
    act now is ``call_card``/``show``: ``acts_now`` lists the acts legal at this moment).
    Raises ``MalformedRecord`` (``where`` = ``action``) when the text cannot be an action.
    """
    g = get_game(game)
    text = (text or "").strip()
    if not text:
        raise MalformedRecord("empty_action", where=where)
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedRecord("bad_json", where=where, line=exc.lineno, column=exc.colno, reason=exc.msg) from None
        if isinstance(raw, dict) and "seat" not in raw and to_act is not None:
            raw = {"seat": to_act, **raw}
        return g.parse_action(raw, players, where)
    tokens = text.replace(",", " ").split()
    seat = _seat_of(tokens[0], players) if len(tokens) > 1 or tokens[0].lower() not in g.acts else None
    if seat is not None and tokens[0].lower() not in g.acts:
        tokens = tokens[1:]
    else:
        seat = to_act
    if seat is None:
        raise MalformedRecord("action_needs_seat", where=where)
    act, rest = tokens[0].lower(), tokens[1:]
    raw: dict = {"seat": seat}
    if act not in g.acts:
        try:  # a card (code or long name) on its own
            card = parse_card(" ".join(tokens), where=where)
        except MalformedRecord:
            raise MalformedRecord("unknown_act", where=f"{where}.act", act=repr(tokens[0]), game=g.name,
                                  known=sorted(g.acts)) from None
        card_acts = [a for a in (acts_now or []) if "card" in g.acts.get(a, ())]
        act = "play" if "play" in g.acts and (not card_acts or "play" in card_acts) else (card_acts or ["play"])[0]
        if act not in g.acts:
            raise MalformedRecord("unknown_act", where=f"{where}.act", act=repr(tokens[0]), game=g.name,
                                  known=sorted(g.acts))
        raw.update(act=act, card=card)
        return g.parse_action(raw, players, where)
    raw["act"] = act
    fields = g.acts[act]
    if fields:
        name = fields[0]
        if not rest:
            raise MalformedRecord("missing_field", where=where, field=name, act=act)
        value: object = " ".join(rest)
        if name == "amount":
            try:
                value = int(rest[0])
            except ValueError:
                raise MalformedRecord("bad_field", where=f"{where}.{name}", value=repr(rest[0]),
                                      expected="integer") from None
        elif name in SEAT_FIELDS:
            value = _seat_of(rest[0], players)
            if value is None:
                try:
                    value = int(rest[0])
                except ValueError:
                    raise MalformedRecord("bad_seat", where=f"{where}.{name}", seat=repr(rest[0]),
                                          players=players) from None
        elif name == "call":
            value = rest[0].lower().replace("-", "_")
        raw[name] = value
    elif rest:
        raise MalformedRecord("unknown_field", where=where, field=" ".join(rest), act=act)
    return g.parse_action(raw, players, where)


_PUNCT = str.maketrans({c: " " for c in "\"“”„«»‘’'.,:;!?()（）：、。+·\u2068\u2069\u200e\u200f"})
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩０１２３４５６７８９", "0123456789" * 3)


def _words(text: str) -> str:
    """Text compared word for word: no case, punctuation or parenthesis, digits as 0–9."""
    return " ".join(text.translate(_DIGITS).translate(_PUNCT).casefold().split())


def action_from_words(state, text: str, lang: str = "en") -> dict | None:
    """An action typed in the page's own words, as its button says it ("B: Let the trick go",
    "Elengedem az ütést", "C Visszahív: +2"), or None. Every act the game has (legal now or
    not) is tried, with the seat named first or the seat to act, and an amount typed as a number.

    >>> from hcards_core.cards import PACK
    >>> from hcards_core.zsiros import new_deal
    >>> s = new_deal(players=4, dealer=3, pack=list(PACK))
    >>> action_from_words(s, "B: Elengedem az ütést", "hu"), action_from_words(s, "A play Aa", "hu")
    ({'seat': 1, 'act': 'stop'}, None)
    """
    tokens = (text or "").split()
    if not tokens or text.lstrip().startswith("{"):
        return None
    seat = _seat_of(tokens[0], state.players) if len(tokens) > 1 else None
    rest = " ".join(tokens[1:]) if seat is not None else " ".join(tokens)
    seat = state.to_act if seat is None else seat
    if seat is None:
        return None
    typed = _words(rest)
    digits = re.findall(r"\d+", typed)
    if any(len(n) > 9 for n in digits):  # no amount is that long: let the parser name the problem
        return None
    numbers = [int(n) for n in digits]
    candidates = _word_acts(state, seat, lang, numbers[0] if numbers else None)
    for action in candidates:
        label = action_label(state, action, lang)
        if label.startswith("act."):
            continue
        bare = re.sub(r"[(（][^)）]*[)）]", " ", label)  # "Raise by 2 (visszahívás)": the Hungarian word is extra
        if typed in (_words(label), _words(bare)):
            return action
    return None


def _word_acts(state, seat: int, lang: str, amount: int | None = None) -> list[dict]:
    """The actions one can name in words for ``seat``: every act without a value, each named
    value (a Zsíros call), each card of the pack, and an amount act with ``amount``."""
    g = get_game(state.game)
    out = []
    for act, fields in g.acts.items():
        if not fields:
            out.append({"seat": seat, "act": act})
        elif fields[0] == "amount":
            if amount is not None:
                out.append({"seat": seat, "act": act, "amount": amount})
        elif fields[0] == "card":
            out += [{"seat": seat, "act": act, "card": c} for c in PACK]  # held or not: the core says
        else:  # a field with named values has a label per value (act.<game>.call_hit …)
            prefix = f"act.{state.game}.{act}_"
            out += [{"seat": seat, "act": act, fields[0]: key[len(prefix):]}
                    for key in catalog(lang) if key.startswith(prefix)]
    return out


def _askable(state, lang: str) -> list[dict]:
    """What the page offers to ask about at the end, in its words: every act without a value
    for the seat to act, legal now or not ("Let the trick go", "Check: “passz”")."""
    if state is None or state.is_over or state.to_act is None:
        return []
    g = get_game(state.game)
    out = []
    for action in _word_acts(state, state.to_act, lang):
        if g.acts[action["act"]] and "card" in action:
            continue  # the cards are on the table
        label = action_label(state, action, lang)
        if not label.startswith("act."):
            out.append({"action": action, "label": f"{seat_label(action['seat'])}: {label}"})
    return out


# ---- the ruling ----------------------------------------------------------------------------------

def _legal_with_labels(state, lang: str) -> list[dict]:
    if state is None or state.is_over:
        return []
    out = []
    for a in state.legal_actions():
        shown = a
        if "min" in a:  # an amount range: its label names the range, never "{amount}"
            top = a.get("max")
            shown = {**a, "amount": f"{a['min']}–{top}" if top not in (None, a["min"]) else
                     (a["min"] if top == a["min"] else f"{a['min']}+")}
        words = action_label(state, {**a, "amount": a["min"]} if "min" in a else a, lang)
        out.append({"action": a, "label": f"{seat_label(a['seat'])}: {action_label(state, shown, lang)}",
                    "words": f"{seat_label(a['seat'])}: {words}"})  # what to type to ask it (the smallest amount)
    return out


def rule_record(record: dict | str, lang: str = "en") -> dict:
    """The ruling on a record: every step legal or not (the first illegal one with its clause),
    the results in words, and the position at the end with its legal actions.

    Malformed input raises ``MalformedRecord`` (its ``where`` names the place)."""
    from .records import load_record

    data = load_record(record) if isinstance(record, str) else record
    starts: list = []  # each deal's first state
    report, end_state = _run(data, lang, True, visit=lambda i, k, s: starts.append(s) if k == 0 else None)
    game = get_game(data.get("game"))
    players = data["players"]
    steps: list[dict] = []
    error = None
    for i, deal_report in enumerate(report["deals"]):
        raw_actions = data["deals"][i].get("actions", [])
        state = starts[i]  # stepped through again for the labels of its actions
        by_action: dict = {}
        for event in deal_report["events"]:
            by_action.setdefault(event["action"], []).append(event["text"])
        if by_action.get(None):
            steps.append({"deal": i, "action": None, "seat": None, "label": "", "legal": True,
                          "events": by_action[None]})
        for k, raw in enumerate(raw_actions):
            action = game.parse_action(raw, players, f"deals[{i}].actions[{k}]")
            label = f"{seat_label(action['seat'])}: {action_label(state, action, lang)}"
            err = report["error"]
            if err and err["deal"] == i and err["action"] == k:
                error = {**err, "page": clause_page(err["rule"]), "label": label, "seat": action["seat"]}
                steps.append({"deal": i, "action": k, "seat": action["seat"], "label": label, "legal": False,
                              "rule": err["rule"], "code": err["code"], "message": err["message"],
                              "page": error["page"], "events": []})
                break
            steps.append({"deal": i, "action": k, "seat": action["seat"], "label": label, "legal": True,
                          "events": by_action.get(k, [])})
            state = state.apply(action)
        if error:
            break
    last = len(report["deals"]) - 1
    after = error["action"] if error else len(data["deals"][last].get("actions", []))
    deals = []
    for i, deal_report in enumerate(report["deals"]):
        result = deal_report.get("result")
        deals.append({"result": result,
                      "rows": describe_result(data["game"], result, players, lang) if result else []})
    return {"ok": report["ok"], "game": data["game"], "players": players, "steps": steps, "error": error,
            "deals": deals, "session": report["session"],
            "session_rows": describe_session(data["game"], report["session"], players, lang),
            "end": {"deal": last, "after": after}, "to_act": end_state.to_act, "over": end_state.is_over,
            "legal": _legal_with_labels(end_state, lang), "ask": _askable(end_state, lang),
            "steps_total": len(steps)}


def ask_action(record: dict | str, text: str | dict, lang: str = "en") -> dict:
    """Is this action legal at the end of the record (after its last legal action)?

    Returns ``{"legal", "action", "label", "error"}``; a legal action also comes back as
    ``record``: the record with the action appended (after dropping an illegal tail)."""
    from .records import load_record

    data = load_record(record) if isinstance(record, str) else record
    report, state = _run(data, lang, False)  # the state after the last legal action
    last = len(data["deals"]) - 1
    err = report["error"]
    after = err["action"] if err else len(data["deals"][last].get("actions", []))
    deal_index = err["deal"] if err else last
    game = get_game(data["game"])
    acts_now = sorted({a["act"] for a in state.legal_actions()}) if not state.is_over else []
    action = text if isinstance(text, dict) else (
        action_from_words(state, text, lang) or parse_action_text(data["game"], data["players"], text, state.to_act,
                                                                  acts_now))
    if isinstance(text, dict):
        action = game.parse_action(text, data["players"], "action")
    label = f"{seat_label(action['seat'])}: {action_label(state, action, lang)}"
    try:
        state.verify(action)
    except IllegalAction as exc:
        return {"legal": False, "action": action, "label": label,
                "error": {**exc.to_json(lang), "page": clause_page(exc.rule)}}
    new = json.loads(json.dumps(data))
    new["deals"] = new["deals"][:deal_index + 1]
    deal = new["deals"][deal_index]
    deal["actions"] = list(deal.get("actions", []))[:after] + [action]
    return {"legal": True, "action": action, "label": label, "error": None, "record": new}


# ---- results in words ------------------------------------------------------------------------------

def describe_result(game: str, result: dict, players: int, lang: str = "en") -> list[dict]:
    """A finished deal's result as labelled rows in ``lang`` (its game's ``View``)."""
    return get_game(game).view(None, lang).result_rows(result, players)


def describe_session(game: str, session: dict | None, players: int, lang: str = "en") -> list[dict]:
    """The session after the record, as labelled rows in ``lang``."""
    return get_game(game).view(None, lang).session_rows(session, players) if session else []
