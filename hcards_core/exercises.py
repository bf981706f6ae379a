"""Exercises checked by the real rules (ARCHITECTURE §5).

An exercise is data (``tutorials/exercises/<game>/<id>.json``): a position (a record cut
short, replayed here), a question, and how the answer is checked. Two kinds:

- ``move``: the learner acts at the table. The move is applied by the game's own ``State``:
  an illegal move is explained by the core's ``IllegalAction`` (its clause and message, or
  the exercise's ``illegal_feedback`` text for that code when the message would state the
  answer); a
  legal move is right when it matches one of the ``correct`` patterns (``"legal"`` makes
  every legal move right, ``"amount": "max"``/``"min"`` means the limit the core computes),
  and otherwise gets the feedback of the matching ``wrong`` entry.
- ``choice``: the learner picks an option. Each option carries a ``value``; a named checker
  (``CHECKERS``) computes the true value from the position at check time, so the right option
  is whichever one the core agrees with — the data's ``correct`` list is only what the tests
  compare against that.

The page sends the exercise (as its payload, with the feedback texts of its language) and the
answer to ``check_exercise``; the feedback names the clause, and ``clause_page`` says where
its anchor is.

>>> ex = {"id": "t", "game": "zsiros", "kind": "choice", "rule": "Z-3.4",
...       "record": {"game": "zsiros", "players": 2, "dealer": 1, "deals": [{"cards": {
...           "hands": [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"]],
...           "talon": [c for c in PACK if c not in "9a Aa Oa 7a 9l Xa Ol Ul".split()]},
...           "actions": [{"seat": 0, "act": "play", "card": "9a"}, {"seat": 1, "act": "play", "card": "9l"}]}]},
...       "check": {"name": "trick_winner"}, "options": [{"id": "a", "value": 0}, {"id": "b", "value": 1}],
...       "correct": ["b"], "wrong": [{"answer": "a", "feedback": "lead", "rule": "Z-3.4"}],
...       "texts": {"t.explain": "B hit last.", "t.lead": "A hit first, B later."}}
>>> check_exercise(ex, "b")["correct"], check_exercise(ex, "a")["feedback"]
(True, 'A hit first, B later.')
"""

from __future__ import annotations

from .cards import PACK, card_name, suit_name  # noqa: F401  (PACK: doctest)
from .errors import IllegalAction, MalformedRecord, clause_page
from .games import get_game, view_of
from .messages import check_language, render, show, team_label
from .records import state_at
from .table import card_img, concrete, render_table

KINDS = ("move", "choice")


# ---- the position ---------------------------------------------------------------------------

def position(ex: dict, lang: str = "en"):
    """The state the question is about: deal ``deal`` (default the last) after ``after``
    actions (default all of them)."""
    record = ex.get("record")
    if record is None:  # a question about cards alone (e.g. ranking a Ferbli hand)
        if ex.get("kind") == "move":  # a move needs a position to be made in
            raise MalformedRecord("bad_exercise", where="record")
        return None
    deals = record.get("deals") if isinstance(record, dict) else None
    if not isinstance(deals, list) or not deals:
        raise MalformedRecord("no_deals", where="record.deals")
    deal = ex.get("deal", len(deals) - 1)
    after = ex.get("after")
    if after is None:
        shown = deals[deal] if type(deal) is int and 0 <= deal < len(deals) else None
        actions = shown.get("actions", []) if isinstance(shown, dict) else None
        after = len(actions) if isinstance(actions, list) else 0
    state, report = state_at(record, deal, after, lang)
    if report["error"]:
        error = report["error"]
        raise MalformedRecord("bad_position", where=f"record.deals[{error['deal']}].actions[{error['action']}]",
                              rule=error["rule"], message=error["message"])
    return state


def _then(ex: dict, state):
    """``then``: actions played after the shown position before a choice is judged
    (e.g. the last card of a trick, to ask what the players draw)."""
    if state is None:
        return None
    game = get_game(ex["record"]["game"])
    for k, raw in enumerate(ex.get("then", [])):
        state = state.apply(game.parse_action(raw, state.players, f"then[{k}]"))
    return state


def table_html(ex: dict, state, lang: str, assets: str, interactive: bool) -> str:
    """What the exercise shows: the card table, or just some cards (``display``)."""
    display = ex.get("display", "table")
    if display == "cards":  # a hand to judge, e.g. a Ferbli hand to rank
        groups = ex["cards"] if ex["cards"] and isinstance(ex["cards"][0], list) else [ex["cards"]]
        return "".join('<ul class="hc-hand hc-ex-cards" dir="ltr">' +
                       "".join(f"<li>{card_img(c, lang, assets)}</li>" for c in g) + "</ul>" for g in groups)
    if display == "dealer_hand":  # the dealer's cards in the order received (trump turn-up)
        return ('<ol class="hc-hand hc-ex-cards" dir="ltr">' +
                "".join(f"<li>{card_img(c, lang, assets)}</li>" for c in view_of(state, lang).dealer_hand()) + "</ol>")
    buttons = {}
    if interactive and ex["kind"] == "move" and state.to_act is not None:
        # Every card of the seat to act is a button, legal or not (the core judges the move, so
        # the table must not give the answer away), and so is each act the exercise offers.
        # a card is a button only where cards are played (a betting game plays none)
        card_buttons = state.to_act if view_of(state, lang).card_play else None
        buttons = {"card_buttons": card_buttons, "actions": _offered_acts(ex, state, lang)}
    return render_table(state, ex.get("seat"), lang, assets, False, highlight=set(ex.get("highlight", ())),
                        hide_facts=frozenset(ex.get("hide", ())), **buttons)


def _offered_acts(ex: dict, state, lang: str) -> list:
    """The exercise's ``acts`` as buttons of the seat to act: (action, label, asks_amount)."""
    view, seat, out = view_of(state, lang), state.to_act, []
    for template in ex.get("acts", []):
        action = {"seat": seat, **{k: v for k, v in template.items() if k != "amount"}}
        label = "" if template.get("amount") else view.action_label(action)
        if not label or label.startswith("act."):  # an amount the learner types, or no catalog label
            label = _text(ex, f"_act_{template['act']}")
        out.append((action, label, bool(template.get("amount"))))
    return out


# ---- checkers: the truth of a choice, computed by the core --------------------------------------

def _trick_winner(state, ex):
    """Who is winning the trick on the table, or who took the trick that just ended."""
    taken = [e["seat"] for e in state.events if e.get("type") == "trick_won"]
    if taken:
        return taken[-1]
    return view_of(state).trick_winner()


def _result(state, ex):
    res = state.result()
    if res is None:  # the question is about a result, the position is not the deal's end
        raise MalformedRecord("bad_exercise", where="record")
    return res[ex["check"]["field"]]


def _trump(state, ex):
    return state.trump


def _draws(state, ex):
    """The cards each player draws after the trick that ``then`` finishes (Z-5)."""
    counts = [e["count"] for e in state.events if e.get("type") == "draw"]
    if not counts:
        return 0
    return counts[0] if len(set(counts)) == 1 else counts


def _hand_rank(state, ex):
    return get_game(ex.get("game")).rank_hand(ex.get("cards"), ex.get("game_options"))


def _amount_range(state, ex):
    act = ex["check"]["act"]
    for a in state.legal_actions():
        if a["act"] == act:
            return [a["min"], a["max"]]
    return None


def _to_act(state, ex):
    return state.to_act


def _goes_on(state, ex):
    """Does the deal go on (True), or is it thrown in as a cukassza (False)? (F-5.4, F-7.3)"""
    res = state.result()
    return res is None or not res.get("carried")


CHECKERS = {"trick_winner": _trick_winner, "result": _result, "trump": _trump, "draws": _draws,
            "hand_rank": _hand_rank, "amount_range": _amount_range, "to_act": _to_act,
            "goes_on": _goes_on}


def truth(ex: dict, lang: str = "en"):
    """The value the core says is right for a choice exercise."""
    return _checked(ex, _then(ex, position(ex, lang)))


def _checked(ex: dict, state):
    """The checker's value at ``state`` (a question about cards alone has no state)."""
    name = ex["check"]["name"]
    if state is None and name != "hand_rank":
        raise MalformedRecord("bad_exercise", where="record")
    return CHECKERS[name](state, ex)


def right_options(ex: dict, lang: str = "en") -> list[str]:
    value = truth(ex, lang)
    return [o["id"] for o in ex["options"] if o["value"] == value]


# ---- option labels ------------------------------------------------------------------------------

def option_label(ex: dict, option: dict, lang: str = "en", texts: dict | None = None) -> str:
    """An option in words: its own text key, else the value read by what the checker returns."""
    if "text" in option:
        return (texts or {})[f"{ex['id']}.{option['text']}"]
    value, name = option["value"], ex["check"]["name"]
    lang = check_language(lang)
    if name in ("trick_winner", "to_act") or ex["check"].get("field") in ("winner", "next_dealer", "slave"):
        return render("table.seat", lang, seat=value) if value is not None else "—"
    if name == "trump":
        return suit_name(value, lang)
    if name == "hand_rank":
        label = render(f"ferbli.category.{value['category']}", lang)
        if value["value"] is None:
            return label
        val = value["value"]
        return f"{label} ({rank_name_or_value(val, lang)})"
    if name == "amount_range":
        return "–".join(str(v) for v in value) if value else "—"
    if ex["check"].get("field") == "status":
        return " · ".join(f"{team_label(t, lang)}: {show('status', s, lang)}"
                          for t, s in enumerate(value))
    if isinstance(value, list):
        return render("list.separator", lang).join(str(v) for v in value)
    return str(value)


def rank_name_or_value(value, lang: str) -> str:
    from .cards import rank_name

    return rank_name(value, lang) if isinstance(value, str) else str(value)


# ---- checking an answer -----------------------------------------------------------------------

def _resolve(pattern: dict, state) -> dict:
    """A correct-move pattern with ``"max"``/``"min"`` amounts read from the legal actions."""
    if pattern.get("amount") in ("max", "min"):
        legal = next((a for a in state.legal_actions() if a["act"] == pattern["act"]), None)
        return {**pattern, "amount": None if legal is None else legal[pattern["amount"]]}
    return pattern


def _matches(action: dict, pattern: dict) -> bool:
    return all(action.get(k) == v for k, v in pattern.items())


def correct_moves(ex: dict, state) -> list[dict]:
    """The correct-move patterns of a move exercise at ``state`` (``"legal"``: every legal move)."""
    if ex["correct"] == "legal":
        return [m for a in state.legal_actions() if a["act"] != "look" for m in concrete(a)]
    return [_resolve(p, state) for p in ex["correct"]]


def _text(ex: dict, key: str | None) -> str:
    if not key:
        return ""
    return ex.get("texts", {}).get(f"{ex['id']}.{key}") or ex.get("texts", {}).get(key, "")


def _verdict(ex: dict, right: bool, given, fallback: str) -> dict:
    """Right: the explanation and the exercise's clause. Wrong: the feedback listed for that
    answer (with its clause), else the general feedback ``fallback``."""
    if right:
        return {"correct": True, "feedback": _text(ex, "explain"), "rule": ex.get("rule")}
    wrong = _find_wrong(ex, given)
    return {"feedback": _text(ex, wrong["feedback"]) if wrong else _text(ex, fallback),
            "rule": wrong.get("rule") if wrong else ex.get("rule"),
            "code": wrong.get("feedback") if wrong else None}


def check_exercise(ex: dict, answer, lang: str = "en", assets: str = "assets/") -> dict:
    """Judge ``answer`` (an action for a move, an option id for a choice).

    Returns ``{"correct", "feedback", "rule", "page", "html", "code", "illegal"}``: ``html`` is
    the table after a legal move (for a choice, the position), ``feedback`` the explanation
    in ``lang`` (the core's own message for an illegal move)."""
    lang = check_language(lang)
    state = position(ex, lang)
    out = {"correct": False, "feedback": "", "rule": None, "page": None, "code": None, "illegal": False,
           "html": None}
    if ex["kind"] == "move":
        game = get_game(ex["record"]["game"])
        action = game.parse_action(answer, state.players, "answer")
        try:
            after = state.apply(action)
        except IllegalAction as exc:
            # ``illegal_feedback``: the exercise's own words for a code whose message would state
            # the answer (e.g. "the most allowed now is 4" when the most is what is asked)
            own = ex.get("illegal_feedback", {}).get(exc.code)
            out.update(illegal=True, feedback=_text(ex, own) if own else exc.message(lang), rule=exc.rule,
                       code=exc.code)
            wrong = _find_wrong(ex, action)
            if wrong and wrong.get("feedback"):
                out["feedback"] += " " + _text(ex, wrong["feedback"])
            out["html"] = None
        else:
            out["html"] = render_table(after, ex.get("seat"), lang, assets, False)
            right = any(_matches(action, p) for p in correct_moves(ex, state))
            out.update(_verdict(ex, right, action, "_wrong_move"))
    else:
        chosen = next((o for o in ex["options"] if o["id"] == answer), None)
        if chosen is None:
            raise MalformedRecord("bad_field", where="answer", value=repr(answer),
                                  expected=", ".join(o["id"] for o in ex["options"]))
        value = _checked(ex, _then(ex, state))
        out.update(_verdict(ex, chosen["value"] == value, answer, "_wrong_choice"))
    out["page"] = clause_page(out["rule"]) if out["rule"] else None
    return out


def _find_wrong(ex: dict, answer):
    for wrong in ex.get("wrong", []):
        if isinstance(answer, dict) and isinstance(wrong["answer"], dict):
            if _matches(answer, wrong["answer"]):
                return wrong
        elif wrong["answer"] == answer:
            return wrong
    return None


def answer_of(ex: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The right answer, as the core sees it: the option ids, or the correct moves in words
    with the table after the first of them, and the explanation."""
    from .table import action_label

    lang = check_language(lang)
    state = position(ex, lang)
    if ex["kind"] == "choice":
        ids = right_options(ex, lang)
        return {"options": ids, "moves": [], "html": None, "explain": _text(ex, "explain"), "rule": ex.get("rule"),
                "page": clause_page(ex["rule"]) if ex.get("rule") else None}
    patterns = correct_moves(ex, state)
    moves = []
    for legal in state.legal_actions():
        for move in concrete(legal):
            if move not in moves and any(_matches(move, p) for p in patterns):
                moves.append(move)
    labels = [action_label(state, m, lang) for m in moves]
    html = render_table(state.apply(moves[0]), ex.get("seat"), lang, assets, False) if moves else None
    return {"options": [], "moves": labels, "actions": moves, "html": html, "explain": _text(ex, "explain"),
            "rule": ex.get("rule"), "page": clause_page(ex["rule"]) if ex.get("rule") else None}


__all__ = ["CHECKERS", "KINDS", "answer_of", "check_exercise", "correct_moves", "option_label", "position",
           "right_options", "table_html", "truth"]
