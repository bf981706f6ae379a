"""Puzzles mined from computer-vs-computer play: judging a position, and checking a try.

A puzzle is a position (a one-deal record whose deal is unfinished), the seat to act and the
accepted answer: the action — or the set of actions of equal effect, such as two cards that
score the same in every world — that is best in at least 90 % of the worlds the seat cannot
tell apart, by a margin worth a learner's attention (``scripts/mine_puzzles.py`` keeps those;
``tutorials/puzzles/README.md`` says why these thresholds).

``evaluate`` is the judge the miner and the tests share: it samples worlds with the game's
computer player (``sample_world``: only what the seat knows), plays every candidate action
out in each (the exact search once the endgame is small and nothing is left to chance,
otherwise the beginner policy with the same playout seed for every action of a world) and
reports, per action, its mean value and the share of worlds in which it is best.

>>> from hcards_core.zsiros import new_deal
>>> state = new_deal(players=2, dealer=1)
>>> judged = evaluate(state, 0, worlds=4, seed=1)
>>> len(judged["rows"]) == len(state.legal_actions()), 0 <= judged["share"] <= 1
(True, True)
"""

from __future__ import annotations

import random

from ..bridge import exposed
from ..errors import IllegalAction, MalformedRecord, clause_page
from ..messages import check_language
from ..records import state_at

EPS = 1e-9
# An action's identity for comparing a try with the answer (the seat is the puzzle's).
ACTION_KEYS = ("act", "card", "amount", "call", "slave")


def candidates(state, seat: int) -> list[dict]:
    """The actions a puzzle offers: every legal action; in Ferbli, whose bets carry a range,
    the concrete amounts the computer player weighs (the least, one sized from the pot, the
    most) — ``bots.ferbli.FerbliBot.candidates``."""
    from ..bots import bot_for

    bot = bot_for(state.game)
    if hasattr(bot, "candidates"):
        return [dict(a) for a in bot.candidates(state, seat)]
    return [dict(a) for a in state.legal_actions()]


def action_values(state, seat: int, actions: list[dict], world_rng: random.Random,
                  solved: dict | None = None) -> list[float]:
    """The value of each action in one world sampled for ``seat`` (the game's ``value`` unit).

    ``solved``: exact results of worlds already searched, by the world's hidden cards (late in
    a two-player Zsíros deal every world is the same one)."""
    import math

    from ..bots import bot_for

    bot = bot_for(state.game)
    world = bot.sample_world(state, seat, random.Random(world_rng.getrandbits(64)))
    if state.game == "ferbli":
        from ..bots.ferbli import _play_out

        return [bot.value(_play_out(world.apply(a)), seat) for a in actions]
    if bot.exact_ready(world, "club"):
        key = bot.world_key(world)
        if solved is not None and key is not None and key in solved:
            return solved[key]
        table: dict = {}
        mine = bot.side(world, seat)
        values = [bot.search(bot.step(world, a), seat, mine, -math.inf, math.inf, table) for a in actions]
        if solved is not None and key is not None:
            solved[key] = values
        return values
    playout_seed = world_rng.getrandbits(64)  # the same playout seed for every action of a world
    return [bot.playout(world, a, seat, random.Random(playout_seed))[0] for a in actions]


def evaluate(state, seat: int, worlds: int = 48, seed=0, actions: list[dict] | None = None,
             stop_below: float | None = None) -> dict:
    """Judge ``state`` for ``seat`` over ``worlds`` sampled worlds (seeded by ``seed``).

    Returns ``{"rows": [{"action", "value", "best_share"}], "group": [indices], "share",
    "margin", "worlds"}``: ``group`` is the best action by mean together with every action equal
    to it in every world (equivalent cards), ``share`` the fraction of worlds in which the group
    holds a best action (ties count as best), ``margin`` the group's mean minus the best other
    action's mean (0 when there is no other action).

    ``stop_below``: give up (``"stopped": True``, share 0) as soon as no action can be best in
    that share of the worlds any more — the miner's shortcut; the worlds are the same either way.
    """
    actions = candidates(state, seat) if actions is None else actions
    rng = random.Random(f"puzzle:{seed}")
    n = len(actions)
    table, wins, solved = [], [0] * n, {}
    for i in range(worlds):
        row = action_values(state, seat, actions, rng, solved)
        table.append(row)
        if stop_below is not None:
            top_value = max(row)
            for j in range(n):
                wins[j] += row[j] >= top_value - EPS
            if max(wins) + worlds - i - 1 < stop_below * worlds:
                return {"rows": [], "group": [], "share": 0.0, "margin": 0.0, "worlds": i + 1, "stopped": True}
    means = [sum(row[j] for row in table) / worlds for j in range(n)]
    top = max(range(n), key=lambda j: (means[j], -j))
    group = [j for j in range(n) if all(abs(row[j] - row[top]) < EPS for row in table)]
    shares = [sum(1 for row in table if row[j] >= max(row) - EPS) / worlds for j in range(n)]
    share = sum(1 for row in table if max(row[j] for j in group) >= max(row) - EPS) / worlds
    others = [means[j] for j in range(n) if j not in group]
    margin = means[top] - max(others) if others else 0.0
    rows = [{"action": a, "value": round(means[j], 3), "best_share": round(shares[j], 3)}
            for j, a in enumerate(actions)]
    return {"rows": rows, "group": group, "share": round(share, 3), "margin": round(margin, 3), "worlds": worlds}


def same_action(a: dict, b: dict) -> bool:
    """Do two actions do the same (seat aside)?"""
    return all(a.get(k) == b.get(k) for k in ACTION_KEYS)


def position(puzzle: dict):
    """The puzzle's state: its record's one deal replayed to its end."""
    record = puzzle["record"]
    state, report = state_at(record, 0, len(record["deals"][0]["actions"]))
    if report.get("error"):
        raise MalformedRecord("bad_field", where="record", value=puzzle.get("id", "?"),
                              expected="a record that replays")
    return state


def check_try(puzzle: dict, action: dict, lang: str = "en") -> dict:
    """A learner's try at ``puzzle``: ``{"legal", "accepted", "answer"}``, and for an illegal
    try the refusal (``rule``, ``code``, ``message`` in ``lang``, ``page`` of the clause).

    >>> p = {"record": {"game": "zsiros", "players": 2, "dealer": 1, "deals": [{"cards": {
    ...     "hands": [["Aa", "Al", "Oa", "7a"], ["Xa", "Xl", "9a", "7l"]],
    ...     "talon": ["Ka", "Kl", "8a", "7h", "Ah", "Oh", "Uh", "7b", "Ab", "Xh", "Xb", "Kh",
    ...               "Kb", "Ol", "Ob", "Ul", "Ub", "Ua", "9l", "9h", "9b", "8l", "8h", "8b"]},
    ...     "actions": []}]}, "seat": 0, "answer": [{"seat": 0, "act": "play", "card": "Oa"}]}
    >>> check_try(p, {"act": "play", "card": "Oa"})["accepted"]
    True
    >>> out = check_try(p, {"act": "play", "card": "Xh"})
    >>> out["legal"], out["rule"]
    (False, 'Z-3.1')
    """
    lang = check_language(lang)
    if not isinstance(action, dict):
        raise MalformedRecord("bad_field", where="action", value=repr(action)[:60], expected="an action object")
    state = position(puzzle)
    seat = puzzle["seat"]
    action = {**action, "seat": seat}
    answer = puzzle["answer"]
    try:
        state.apply(action)
    except IllegalAction as exc:
        return {"legal": False, "accepted": False, "answer": answer, "rule": exc.rule, "code": exc.code,
                "message": exc.message(lang), "page": clause_page(exc.rule)}
    return {"legal": True, "accepted": any(same_action(action, a) for a in answer), "answer": answer}


@exposed
def puzzle_try(puzzle: dict, action: dict, lang: str = "en") -> dict:
    """The bridge's door to ``check_try`` (the puzzles page's worker call)."""
    return check_try(puzzle, action, lang)


def offered(state, seat: int, actions: list[dict], lang: str) -> dict:
    """The table's buttons for a puzzle: every card of the seat (legal or not, so the table
    never gives the answer away) where cards are played, and each other candidate act."""
    from ..games import view_of

    view = view_of(state, lang)
    acts = [(a, view.action_label(a), False) for a in actions if a["act"] != "play"]
    return {"card_buttons": seat if view.card_play else None, "actions": acts}


@exposed
def puzzle_view(puzzle: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """What the puzzles page draws: the table seen by the puzzle's seat with its buttons, and
    each judged action (the value table's rows) and the answer in words."""
    from ..games import view_of
    from ..table import render_table

    lang = check_language(lang)
    state = position(puzzle)
    seat = puzzle["seat"]
    rows = [dict(v["action"]) for v in puzzle.get("values", [])] or candidates(state, seat)
    view = view_of(state, lang)
    html = render_table(state, seat, lang, assets, False, **offered(state, seat, rows, lang))
    return {"html": html, "to_act": state.to_act, "labels": [view.action_label(a) for a in rows],
            "answer": [view.action_label(a) for a in puzzle["answer"]]}
