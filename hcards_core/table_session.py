"""A learner's session at the card table against the computer players (the Play pages).

The session *is* a record (ARCHITECTURE §3) that grows one action at a time, so it replays,
resumes after a reload, downloads and opens in the ruling checker as it is. Beside the
record the page keeps the set-up: the game, table size and options, the learner's seat, the
tier of every other seat and a seed. Every random choice comes from that seed — the cards of
deal ``k`` from ``Random("<seed>/deal/<k>")``, the computer's ``a``-th action of deal ``k``
from ``Random("<seed>/<k>/<a>")`` — so a link carrying the set-up reproduces the cards and the
computer's play exactly, and a deal of the day is the set-up with the date as its seed.

The computer players see only what their seat sees (``hcards_core.bots``); so does the
coach, which judges the learner's action against the club tier's evaluation of the position
before it.

>>> setup = check_setup({"game": "zsiros", "players": 2, "seat": 0, "seed": "doc"})
>>> record = start(setup)
>>> record["deals"][0]["actions"], setup["tiers"]
([], [None, 'club'])
>>> state = position(record)[0]
>>> state.to_act in (0, 1), len(state.hands()[0])
(True, 4)
"""

from __future__ import annotations

import random

from .errors import IllegalAction, MalformedRecord, clause_page
from .games import get_game
from .messages import render, seat_label
from .records import replay, state_at
from .table import action_label, render_table

TIERS = ("random", "beginner", "club", "expert")
SETUP_FIELDS = ("game", "players", "options", "seat", "tiers", "seed", "coach", "legal", "dealer")
# Grades of a learner's action by how much it lost against the coach's best, in the bot's
# unit (Lichess grades by lost winning chances; here the unit is points or chips).
GRADE_STEPS = {"card points": (5, 10, 20), "chips": (1, 2, 4), "game points": (0.25, 0.5, 1)}
GRADES = ("inaccuracy", "mistake", "blunder")
# ...and only a loss this many standard errors clear of the sampling noise (the club's
# ``loss_se``, paired over its worlds): with ~40 worlds a 0.4 game point gap is often luck,
# and a coach that calls a sound rule of thumb an inaccuracy teaches the wrong thing.
GRADE_Z = 2.0


def check_setup(setup) -> dict:
    """The set-up with its defaults filled in; ``MalformedRecord`` names the first bad field.

    ``tiers`` lists one tier per seat, ``None`` at the learner's seat (default: club for
    every computer seat).
    """
    if not isinstance(setup, dict):
        raise MalformedRecord("bad_field", where="setup", value=repr(setup), expected="object")
    for key in setup:
        if key not in SETUP_FIELDS:
            raise MalformedRecord("unknown_field", where=f"setup.{key}", field=key, act="setup")
    game = get_game(setup.get("game"))
    players = game.check_players(setup.get("players", game.players[0]), "setup.players")
    options = game.parse_options(setup.get("options") or {}, "setup.options")
    seat = setup.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise MalformedRecord("bad_seat", where="setup.seat", seat=repr(seat), players=players)
    tiers = setup.get("tiers")
    if tiers is None:
        tiers = ["club"] * players
    if not isinstance(tiers, list) or len(tiers) != players:
        raise MalformedRecord("bad_field", where="setup.tiers", value=repr(tiers),
                              expected=f"{players} tiers, one per seat")
    tiers = [None if s == seat else t for s, t in enumerate(tiers)]
    for s, tier in enumerate(tiers):
        if s != seat and tier not in TIERS:
            raise MalformedRecord("bad_field", where=f"setup.tiers[{s}]", value=repr(tier),
                                  expected=", ".join(TIERS))
    seed = setup.get("seed", "0")
    if not isinstance(seed, (str, int)) or isinstance(seed, bool) or len(str(seed)) > 64:
        raise MalformedRecord("bad_field", where="setup.seed", value=repr(seed)[:80], expected="a short text or number")
    dealer = setup.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise MalformedRecord("bad_seat", where="setup.dealer", seat=repr(dealer), players=players)
    return {"game": setup["game"], "players": players, "options": dict(setup.get("options") or {}),
            "seat": seat, "tiers": tiers, "seed": str(seed), "coach": bool(setup.get("coach", True)),
            "legal": bool(setup.get("legal", True)), "dealer": dealer, "_options": options}


def _public(setup: dict) -> dict:
    return {k: v for k, v in setup.items() if not k.startswith("_")}


def start(setup: dict) -> dict:
    """A new session's record: the first deal dealt from the seed, no action yet."""
    record = {"game": setup["game"], "players": setup["players"], "options": dict(setup["options"]),
              "dealer": setup["dealer"], "deals": []}
    return next_deal(record, setup)


def _cards(setup: dict, deal: int) -> dict:
    game = get_game(setup["game"])
    return game.random_cards(setup["players"], random.Random(f"{setup['seed']}/deal/{deal}"))


def position(record: dict):
    """``(state, report)`` at the end of the record's last deal (``replay``'s report)."""
    deals = record.get("deals") or []
    if not deals:
        raise MalformedRecord("missing_field", where="deals", field="deals", act="record")
    state, report = state_at(record, len(deals) - 1, len(deals[-1].get("actions") or []))
    if report.get("error"):
        err = report["error"]
        raise MalformedRecord("bad_field", where=f"deals[{err['deal']}].actions[{err['action']}]",
                              value=err["code"], expected="a legal action")
    return state, report


def game_over(record: dict, report: dict | None = None) -> bool:
    """The session cannot deal again (a Zsíros game has its winner)."""
    session = (report or replay(record)).get("session") or {}
    return session.get("winner") is not None


def next_deal(record: dict, setup: dict) -> dict:
    """The record with the next deal dealt (the dealer as the rules pass it on)."""
    deals = record.get("deals") or []
    if deals:
        state, report = position(record)
        if not state.is_over:
            raise MalformedRecord("bad_field", where="deals", value="an unfinished deal", expected="a finished deal")
        if game_over(record, report):
            raise MalformedRecord("game_over", where="deals", team=report["session"]["winner"],
                                  score=report["session"].get("score"))
    return {**record, "deals": [*deals, {"cards": _cards(setup, len(deals)), "actions": []}]}


def _with_action(record: dict, action: dict) -> dict:
    deals = [dict(d) for d in record["deals"]]
    deals[-1]["actions"] = [*deals[-1].get("actions", []), action]
    return {**record, "deals": deals}


def _rng(setup: dict, record: dict, suffix: str = "") -> random.Random:
    deal = len(record["deals"]) - 1
    return random.Random(f"{setup['seed']}/{deal}/{len(record['deals'][-1]['actions'])}{suffix}")


def _caller(state) -> int | None:
    """The seat that may call to the seat to act now (a Zsíros partner, Z-6.3), or None: the
    state's ``legal_calls`` say who, where the game has calls."""
    legal_calls = getattr(state, "legal_calls", None)
    calls = legal_calls() if callable(legal_calls) else []
    return calls[0]["seat"] if calls else None


def partner_call(record: dict, setup: dict) -> dict | None:
    """The call a computer partner makes now to the seat about to play (Zsíros, Z-6), or None."""
    from . import bots

    state, _ = position(record)
    if state.is_over:
        return None
    caller = _caller(state)
    if caller is None or setup["tiers"][caller] is None:
        return None
    return bots.choose_call(state, caller, setup["tiers"][caller], _rng(setup, record, "/call"))


def advance(record: dict, setup: dict) -> tuple[dict, dict | None, dict | None]:
    """One computer action, if a computer seat has one now: ``(record, action, explanation)``
    (``action`` None: the learner is to act, or the deal is over).

    A computer partner may first make a call to the seat about to play (Zsíros, Z-6): a
    suggestion, never binding, and at most one a turn.
    """
    from . import bots

    state, _ = position(record)
    if state.is_over:
        return record, None, None
    to_act, tiers = state.to_act, setup["tiers"]
    call = partner_call(record, setup)
    if call is not None:
        return _with_action(record, call), call, None
    if tiers[to_act] is None:
        return record, None, None
    action, why = bots.choose(state, to_act, tiers[to_act], _rng(setup, record), explain=False)
    action = {k: v for k, v in action.items() if k not in ("min", "max")}
    return _with_action(record, action), action, why


def learner_move(record: dict, setup: dict, raw, lang: str = "en") -> dict:
    """The learner's action, checked by the core: ``{"record", "action"}`` when legal (the
    record one action longer), else ``{"error"}`` with the clause, its page and the message,
    the record unchanged — the learner's place is kept."""
    state, _ = position(record)
    game = get_game(record["game"])
    action = game.parse_action(raw, state.players, "action")
    if action["seat"] != setup["seat"]:
        raise MalformedRecord("bad_seat", where="action.seat", seat=repr(action["seat"]), players=state.players)
    try:
        state.apply(action)
    except IllegalAction as exc:
        return {"error": {**exc.to_json(lang), "page": clause_page(exc.rule)}}
    return {"record": _with_action(record, action), "action": action}


def _same(a: dict, b: dict) -> bool:
    keys = set(a) | set(b)
    return all(a.get(k) == b.get(k) for k in keys if k not in ("min", "max", "note"))


def coach(record: dict, setup: dict, action: dict | None = None, lang: str = "en", budget: float | None = None) -> dict:
    """The coach on the learner's position (the record's end): the club tier's value of every
    legal action, its best, the beginner's rule of thumb in words, and — given the learner's
    ``action`` — how much that action lost against the best and its grade."""
    from . import bots

    state, _ = position(record)
    seat = setup["seat"]
    if state.to_act != seat:
        return {"rows": [], "best": None}
    bot = bots.bot_for(state.game)
    rng = random.Random(f"{setup['seed']}/coach/{len(record['deals'])}/{len(record['deals'][-1]['actions'])}")
    _, why = bots.choose(state, seat, "club", rng, budget)
    beginner, reason = bots.choose(state, seat, "beginner", random.Random(rng.random()))
    rows = []
    for k, entry in enumerate(why.get("actions", [])):
        a = entry["action"]
        label = action_label(state, {kk: v for kk, v in a.items() if kk not in ("min", "max")}, lang)
        rows.append({"action": a, "label": label, "value": entry.get("value"), "spread": entry.get("spread"),
                     "p_trick": entry.get("p_trick"), "loss_se": entry.get("loss_se"), "best": k == why.get("best")})
    best = rows[why["best"]] if rows and why.get("best") is not None else None
    out = {"rows": rows, "best": best, "unit": why.get("unit", bot.unit if bot else ""),
           "reason": _reason_text(reason.get("reason"), lang), "beginner": beginner,
           # how many choices the learner had (an amount's range counts as more than one):
           # a forced move gets no remark
           "choices": sum(2 if "min" in a and a.get("max") != a["min"] else 1 for a in state.legal_actions())}
    if action is not None:
        # whether the learner's action was the rule of thumb: the page says "you followed it"
        # or "the rule of thumb here was", so a rule naming another card never reads as praise
        out["followed"] = _same(beginner, action)
    if action is not None and best is not None:
        mine = next((r for r in rows if _same(r["action"], action)), None)
        if mine is not None and mine["value"] is not None and best["value"] is not None:
            loss = max(0.0, best["value"] - mine["value"])
            out["loss"] = round(loss, 2)
            out["grade"] = grade(loss, out["unit"], mine.get("loss_se"))
            remark = out["grade"]
            if remark and out["followed"]:
                # The rule of thumb the page teaches is not graded as an error: where the club
                # leaves it, its playouts (the beginner's) misjudge as often as not — Zsíros 2,
                # the club held to its discard rules: 68.4 % against the beginner, 800 pairs,
                # against 67.9 % as it ships (bench_bots.RECORDED). The club's lean is said.
                out["grade"], remark = None, "look_ahead"
            if remark:
                out["remark"] = render(f"play.remark.{remark}", lang, best=best["label"],
                                       loss=_num(loss, lang),
                                       unit=render(f"play.unit.{_unit_key(out['unit'])}", lang, n=_count(loss)))
    return out


def _num(x: float, lang: str) -> str:
    """A loss as the coach says it: one decimal at most, with the language's decimal sign
    (Persian digits come from ``render``).

    >>> _num(1.0, "en"), _num(0.45, "hu"), _num(2.5, "fa")
    ('1', '0,5', '2٫5')
    """
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", DECIMAL_SIGN.get(lang, "."))


DECIMAL_SIGN = {"hu": ",", "ro": ",", "fa": "\u066b"}


def _count(x: float):
    """The number a unit's plural agrees with: a whole loss as an int ("1 game point"), any
    other as a float, which every language's plural rules take as "other" ("0.5 game points").

    >>> _count(1.0), _count(0.45)
    (1, 0.5)
    """
    x = round(x, 1)
    return int(x) if x == int(x) else x


def _unit_key(unit: str) -> str:
    return unit.replace(" ", "_") or "points"


def _reason_text(reason: dict | None, lang: str) -> str:
    if not reason:
        return ""
    return render(reason["key"], lang, **(reason.get("params") or {}))


def grade(loss: float, unit: str, se: float | None = None) -> str | None:
    """'inaccuracy', 'mistake' or 'blunder' by how much an action lost, or None — also None
    when the loss is within ``GRADE_Z`` standard errors ``se`` of nothing (None: no noise
    known, e.g. an exact search over the one world there is).

    >>> grade(3, "card points"), grade(12, "card points"), grade(25, "card points")
    (None, 'mistake', 'blunder')
    >>> grade(0.4, "game points", se=0.3), grade(0.4, "game points", se=0.1)
    (None, 'inaccuracy')
    """
    if se is not None and loss <= GRADE_Z * se:
        return None
    steps = GRADE_STEPS.get(unit, GRADE_STEPS["card points"])
    out = None
    for name, step in zip(GRADES, steps):
        if loss >= step:
            out = name
    return out


def seat_value(record: dict, deal: int, seat: int) -> float | None:
    """What a finished deal gave ``seat``'s side as the table counts it, in the bot's unit
    (Zsíros: ± game points; Filicău: the side's card points; Ferbli: net chips)."""
    from . import bots

    state, _ = state_at(record, deal, len(record["deals"][deal].get("actions") or []))
    bot = bots.bot_for(state.game)
    return bot.tally(state, seat) if state.is_over and bot else None


def club_in_my_seat(record: dict, setup: dict, deal: int) -> dict:
    """The same deal (the same cards, the same computer players and seeds) with the club tier
    in the learner's seat: its outcome beside the learner's (Funbridge-style comparison)."""
    seat = setup["seat"]
    tiers = list(setup["tiers"])
    tiers[seat] = "club"
    twin_setup = {**setup, "tiers": tiers}
    twin = {**record, "deals": [*record["deals"][:deal], {**record["deals"][deal], "actions": []}]}
    own = {**setup, "tiers": [None if s == seat else t for s, t in enumerate(setup["tiers"])]}
    for _ in range(2000):
        state, _ = position(twin)
        if state.is_over:
            break
        twin, action, _ = advance(twin, twin_setup)
        if action is None:
            break
    return {"learner": seat_value(record, deal, seat), "club": seat_value(twin, deal, seat),
            "record": twin, "setup": _public(own)}


def view(record: dict, setup: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """What the Play page shows now: the table as the learner's seat sees it, the learner's
    legal actions in words (cards stay on the table), the result and the session in rows."""
    from .checker import describe_result, describe_session

    state, report = position(record)
    seat = setup["seat"]
    mine = state.to_act == seat
    legal = []
    if mine:
        for a in state.legal_actions():
            shown = {k: v for k, v in a.items() if k not in ("min", "max")}
            label = action_label(state, {**shown, "amount": a.get("min")} if "min" in a else shown, lang)
            legal.append({"action": a, "label": label})
    calls = []
    if not state.is_over and _caller(state) == seat:  # the learner may call to the partner about to play
        calls = [{"action": c, "label": action_label(state, c, lang)} for c in state.legal_calls()]
    from . import bots

    bot = bots.bot_for(state.game)
    deal_index = len(record["deals"]) - 1
    # A computer partner calls to the learner too (Z-6.3), before the learner acts: the page
    # asks ``advance`` once more, which makes that call (the state allows one a turn).
    call_pending = bool(mine and partner_call(record, setup) is not None)
    result = state.result() if state.is_over else None
    players = record["players"]
    return {
        "html": render_table(state, seat, lang, assets, interactive=mine),
        "to_act": state.to_act, "to_act_label": seat_label(state.to_act) if state.to_act is not None else None,
        "mine": mine, "call_pending": call_pending, "legal": legal, "unit": bot.unit if bot else "", "calls": calls, "over": state.is_over, "deal": deal_index,
        "actions": len(record["deals"][-1].get("actions") or []),
        "events": [state.narrate(e, lang) for e in state.events],
        "result": describe_result(record["game"], result, players, lang) if result else [],
        "session": describe_session(record["game"], report.get("session") if state.is_over else _session_so_far(record, lang), players, lang),
        "game_over": bool(state.is_over and game_over(record, report)),
    }


def _session_so_far(record: dict, lang: str) -> dict | None:
    """The session as it stood before the deal in progress (the deals already finished)."""
    if len(record["deals"]) < 2:
        return None
    done = {**record, "deals": record["deals"][:-1]}
    return replay(done, lang).get("session")


def _rule_link(rule: str | None) -> dict | None:
    return {"rule": rule, "page": clause_page(rule)} if rule else None


def review(record: dict, setup: dict, deal: int, remarks: dict | None = None, lang: str = "en",
           assets: str = "assets/") -> dict:
    """A finished deal step by step: each action in words with its events and, beside them
    (``event_rules``), the clause each applies where one does, the coach's remark at each of
    the learner's actions."""
    from .records import states_at

    actions = record["deals"][deal].get("actions") or []
    points = [(deal, k) for k in range(len(actions) + 1)]
    states, _ = states_at(record, points, lang)
    steps = []
    for k, raw in enumerate(actions):
        before, after = states[(deal, k)], states[(deal, k + 1)]
        label = f"{seat_label(raw['seat'])}: {action_label(before, raw, lang)}"
        steps.append({"index": k, "seat": raw["seat"], "label": label, "mine": raw["seat"] == setup["seat"],
                      "events": [after.narrate(e, lang) for e in after.events],
                      "event_rules": [_rule_link(after.event_rule(e)) for e in after.events],
                      "remark": (remarks or {}).get(str(k))})
    return {"steps": steps, "count": len(actions)}
