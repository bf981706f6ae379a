"""Refutation by play: a wrong legal move played out in the deal that defeats it worst.

Bridge Master's way: the learner could not see the other hands, so any placement of the
unseen cards consistent with what the seat knows might be the real one. ``search`` samples
``worlds`` such placements (``bot_for(game).sample_world``: canonical unknown cards, seeded —
the choice depends only on what the seat knows and the seed), plays the wrong move and the
right move out to the end of the deal in each with the computer players (every seat by the
``beginner`` tier, the learner's seat too, after its answer; the same playout seed for both
lines, so only the move differs), and keeps the world where the wrong line ends furthest
below the right one. ``render`` turns that plan (language-neutral: a world seed and two
lines of actions, small enough to store, ``tutorials/refutations/<game>.json``) into what the
page shows: each step's action, its narration in ``lang`` and the table, every card face up
(the learner sees how the cards lay), the outcome of each line and a summary.

A wrong move that does not end worse in any sampled world is not refuted: the plan says so
(``refuted: false``) and the summary says the exercise is about the rule, not the result.

>>> from hcards_core.records import state_at
>>> hands = [["Xa", "Ab", "Kb", "7a"], ["Xl", "9a", "9l", "Ul"], ["7h", "8a", "8l", "Ua"], ["Xb", "Ob", "Ub", "8b"]]
>>> talon = "Aa Ka Oa Al Kl Ol 7l Ah Kh Oh Uh Xh 9h 8h 9b 7b".split()
>>> first_round = [{"seat": s, "act": "play", "card": h[0]} for s, h in enumerate(hands)]
>>> record = {"game": "zsiros", "players": 4, "dealer": 3,
...           "deals": [{"cards": {"hands": hands, "talon": talon}, "actions": first_round}]}
>>> state = state_at(record, 0, 4)[0]  # seat D is winning the trick A led: A continues or stops
>>> plan = search(state, 0, {"seat": 0, "act": "stop"}, [{"seat": 0, "act": "play", "card": "7a"}], 1, worlds=8)
>>> plan["refuted"], plan["wrong"][0]
(True, {'seat': 0, 'act': 'stop'})
>>> reply = render(state, 0, plan, "en")
>>> reply["wrong"]["steps"][1]["narration"].startswith("Seat A lets the trick go")
True
"""

from __future__ import annotations

import random

from ..errors import MalformedRecord
from ..messages import check_language, render as render_text, seat_label

TIER = "beginner"  # how every seat plays the lines out: rules of thumb, quick enough to run live
WORLDS = 24  # worlds sampled per refutation (the bench measures the cost in the browser)
MAX_WORLDS = 200  # the most a page may ask for (a live search must stay a matter of seconds)
MAX_STEPS = 400  # a line longer than this is a bug in a game, not a deal


def _bot(state):
    from ..bots import bot_for

    bot = bot_for(state.game)
    if bot is None:
        raise MalformedRecord("no_computer_player", where="game", game=state.game)
    return bot


def world_seed(seed: int, i: int) -> int:
    """The seed of the ``i``-th world of a refutation seeded ``seed``: the world is
    ``sample_world(state, seat, Random(world_seed))`` and its lines are played out with
    ``Random(world_seed)`` too, so a plan is reproduced from this one number."""
    return seed * 1_000_003 + i


def play_line(world, first: dict, rng_seed: int) -> list[dict]:
    """``first`` then the computer players for every seat to the end of the deal: the actions."""
    return _play(world, first, rng_seed)[0]


def _play(world, first: dict, rng_seed: int):
    bot = _bot(world)  # its own choose: bots.choose would look the bot up again at every action
    rng = random.Random(rng_seed)
    state, line = world.apply(first), [first]
    while not state.is_over:
        if len(line) > MAX_STEPS:
            raise RuntimeError(f"a {state.game} line did not end in {MAX_STEPS} actions")
        action, _ = bot.choose(state, state.to_act, TIER, rng, explain=False)
        state = state.apply(action)
        line.append(action)
    return line, state


def _final(world, line: list[dict]):
    state = world
    for action in line:
        state = state.apply(action)
    return state


def right_choice(world, seat: int, rights: list[dict]) -> dict:
    """The right move the right line plays when several are right: the one the seat's rules of
    thumb pick, if it is right, else the first. Asked in a sampled world, so even a rule of
    thumb that looked at more than its own cards could not peek."""
    from ..bots import choose

    if len(rights) == 1:
        return rights[0]
    action, _ = choose(world, seat, TIER, random.Random(0), explain=False)
    return action if action in rights else rights[0]


def search(state, seat: int, wrong_action: dict, right_actions: list[dict], rng, worlds: int = WORLDS) -> dict:
    """The plan of a refutation: the sampled world worst for ``wrong_action`` against the right
    move, and both lines played out in it (language-neutral, JSON).

    ``rng`` is a seed (or a ``random.Random``, which is drawn from once). Returns
    ``{"seed", "world_seed", "worlds", "right_action", "wrong": [actions], "right": [actions],
    "values": {"wrong", "right"}, "unit", "refuted"}``; ``refuted`` is false when the wrong
    move ends no worse than the right one in every sampled world (then the world is the one
    where it comes closest to losing).
    """
    if state.is_over or state.to_act != seat:
        raise MalformedRecord("bad_field", where="seat", value=repr(seat), expected=seat_label(state.to_act))
    if not right_actions:
        raise MalformedRecord("bad_field", where="correct", value="[]", expected="a right move")
    bot = _bot(state)
    seed = rng.getrandbits(32) if isinstance(rng, random.Random) else int(rng)
    best = None
    right = None
    for i in range(max(1, int(worlds))):
        ws = world_seed(seed, i)
        world = bot.sample_world(state, seat, random.Random(ws))
        if right is None:
            right = right_choice(world, seat, right_actions)
        wrong_line, wrong_end = _play(world, wrong_action, ws)
        right_line, right_end = _play(world, right, ws)
        vw, vr = bot.value(wrong_end, seat), bot.value(right_end, seat)
        if best is None or vr - vw > best[0] + 1e-9:  # ties: the first world sampled
            best = (vr - vw, ws, wrong_line, right_line, vw, vr)
    gap, ws, wrong_line, right_line, vw, vr = best
    return {"seed": seed, "world_seed": ws, "worlds": max(1, int(worlds)), "right_action": right,
            "wrong": wrong_line, "right": right_line, "values": {"wrong": round(vw, 3), "right": round(vr, 3)},
            "unit": bot.unit, "refuted": gap > 1e-9}


# ---- what the page shows -----------------------------------------------------------------------

def _steps(world, line: list[dict], seat: int, lang: str, assets: str) -> tuple[list[dict], list[dict], object]:
    """Each moment of a line on the table, and the tricks taken in it."""
    from ..table import action_label, render_table

    steps = [{"action": None, "seat": None, "label": None, "narration": render_text("refute.step.deal", lang),
              "html": render_table(world, None, lang, assets, False), "trick": None}]
    tricks, state = [], world
    for action in line:
        label = action_label(state, action, lang)
        state = state.apply(action)
        said = [state.narrate(e, lang) for e in state.events]
        trick = None
        for e in state.events:
            if e.get("type") == "trick_won":
                tricks.append({"step": len(steps), "seat": e["seat"], "points": e.get("points", 0)})
                trick = len(tricks)
        steps.append({"action": action, "seat": action["seat"], "label": label,
                      "narration": " ".join(said) or f"{seat_label(action['seat'])}: {label}",
                      "html": render_table(state, None, lang, assets, False), "trick": trick})
    return steps, tricks, state


def _key_trick(world, bot, seat: int, wrong: list[dict], right: list[dict]):
    """The trick where the wrong line goes wrong: the first the opponents take that the right
    line did not give them (at the same count, with as many points), else their first."""
    mine = bot.side(world, seat)
    theirs = [k for k, t in enumerate(wrong) if bot.side(world, t["seat"]) != mine]
    for k in theirs:
        r = right[k] if k < len(right) else None
        if r is None or bot.side(world, r["seat"]) == mine or r["points"] < wrong[k]["points"]:
            return k
    return theirs[0] if theirs else None


def _number(x):
    x = round(x, 1)
    return int(x) if x == int(x) else x


def _outcome(bot, final, seat: int, lang: str) -> dict:
    """A line's end in words: game points (Zsíros), chips (Ferbli) or card points (Filicău),
    read off the result's public fields (ARCHITECTURE §3)."""
    from ..games import view_of

    result = final.result()
    mine = bot.side(final, seat)
    if "game_points" in result:
        team = mine
        key = "refute.outcome.won" if result["winner"] == team else "refute.outcome.lost"
        params = {"n": result["game_points"], "points": result["card_points"][team],
                  "theirs": result["card_points"][1 - team]}
    elif "won" in result:
        chips = _number(bot.value(final, seat))
        key = "refute.outcome.chips_up" if chips > 0 else "refute.outcome.chips_down" if chips < 0 else "refute.outcome.chips_even"
        params = {"n": abs(chips)}
    else:
        team = final.seat_team(seat)
        key = "refute.outcome.card_points"
        params = {"points": result["points"][team], "theirs": result["points"][1 - team]}
    return {"key": key, "params": params, "text": render_text(key, lang, **params),
            "value": round(bot.value(final, seat), 3), "unit": bot.unit, "result": result,
            "rows": view_of(final, lang).result_rows(result, final.players)}


def _loss(bot, wrong_final, right_final, seat: int, plan: dict, lang: str) -> tuple[str, dict, str]:
    """How much worse the wrong line ends, in the game's own unit."""
    gap = plan["values"]["right"] - plan["values"]["wrong"]
    result = wrong_final.result()
    if "game_points" in result:
        n = round(plan["values"]["right"]) - round(plan["values"]["wrong"])
        if n:
            return "refute.loss.game_points", {"n": n}, render_text("refute.loss.game_points", lang, n=n)
        team = bot.side(wrong_final, seat)
        n = right_final.result()["card_points"][team] - result["card_points"][team]
        return "refute.loss.card_points", {"n": n}, render_text("refute.loss.card_points", lang, n=n)
    key = "refute.loss.chips" if "won" in result else "refute.loss.card_points"
    n = _number(gap)
    return key, {"n": n}, render_text(key, lang, n=n)


def render(state, seat: int, plan: dict, lang: str = "en", assets: str = "assets/") -> dict:
    """The reply of a refutation (the bridge contract): both lines step by step in ``lang``.

    ``{"world_seed", "worlds", "refuted", "wrong": {"steps", "outcome", "key_step",
    "key_trick"}, "right": {...}, "summary": {"key", "params", "text"}, "comparison": {...}}``:
    ``summary`` speaks of the wrong line alone (shown before the exercise is solved), the
    ``comparison`` names how far below the right line it ends (shown with the right line)."""
    from ..table import action_label

    lang = check_language(lang)
    bot = _bot(state)
    world = bot.sample_world(state, seat, random.Random(plan["world_seed"]))
    wrong_steps, wrong_tricks, wrong_final = _steps(world, plan["wrong"], seat, lang, assets)
    right_steps, right_tricks, right_final = _steps(world, plan["right"], seat, lang, assets)
    if not (wrong_final.is_over and right_final.is_over):
        raise MalformedRecord("bad_field", where="plan", value="…", expected="lines played to the end")
    key = _key_trick(world, bot, seat, wrong_tricks, right_tricks)
    wrong_label = action_label(state, plan["wrong"][0], lang)
    loss_key, loss_params, loss_text = _loss(bot, wrong_final, right_final, seat, plan, lang)
    if not plan["refuted"]:
        skey, sparams = "refute.summary.not_worse", {"wrong": wrong_label, "worlds": plan["worlds"]}
    elif key is not None:
        t = wrong_tricks[key]
        skey, sparams = "refute.summary.trick", {"wrong": wrong_label, "trick": key + 1, "winner": t["seat"],
                                                 "points": t["points"], "outcome": None}
    else:
        skey, sparams = "refute.summary.deal", {"wrong": wrong_label, "outcome": None}
    wrong_out = _outcome(bot, wrong_final, seat, lang)
    if "outcome" in sparams:
        sparams["outcome"] = wrong_out["text"]
    key_step = wrong_tricks[key]["step"] if key is not None else len(wrong_steps) - 1
    if key_step < len(wrong_steps):
        wrong_steps[key_step]["key"] = True
    right_label = action_label(state, plan["right"][0], lang)
    ckey = "refute.compare" if plan["refuted"] else "refute.compare.not_worse"
    cparams = {"wrong": wrong_label, "right": right_label, "loss": loss_text}
    return {"world_seed": plan["world_seed"], "worlds": plan["worlds"], "refuted": plan["refuted"],
            "wrong": {"label": wrong_label, "steps": wrong_steps, "outcome": wrong_out, "key_step": key_step,
                      "key_trick": None if key is None else key + 1},
            "right": {"label": right_label, "steps": right_steps, "outcome": _outcome(bot, right_final, seat, lang)},
            "summary": {"key": skey, "params": sparams, "text": render_text(skey, lang, **sparams)},
            "comparison": {"key": ckey, "params": cparams, "text": render_text(ckey, lang, **cparams),
                           "loss": {"key": loss_key, "params": loss_params}}}


def refute(state, seat: int, wrong_action: dict, right_actions: list[dict], rng, worlds: int = WORLDS,
           lang: str = "en", assets: str = "assets/") -> dict:
    """The refutation of ``wrong_action`` (the contract of issue 17): ``search`` then ``render``."""
    return render(state, seat, search(state, seat, wrong_action, right_actions, rng, worlds), lang, assets)


# ---- the bridge -----------------------------------------------------------------------------------

def _plan_shape(plan) -> None:
    keys = {"world_seed": int, "worlds": int, "wrong": list, "right": list, "values": dict, "refuted": bool}
    if not isinstance(plan, dict) or not all(type(plan.get(k)) is t for k, t in keys.items()) \
            or not plan["wrong"] or not plan["right"] or not {"wrong", "right"} <= set(plan["values"]):
        raise MalformedRecord("bad_field", where="plan", value="…", expected="a refutation plan")


def check_plan(state, seat: int, plan: dict) -> None:
    """A stored plan must start from this position with a legal move of ``seat`` (a stale
    ``tutorials/refutations`` file is refused, never drawn)."""
    _plan_shape(plan)
    world = _bot(state).sample_world(state, seat, random.Random(plan["world_seed"]))
    for line in (plan["wrong"], plan["right"]):
        final = _final(world, line)  # IllegalAction here: the plan does not fit the position
        if not final.is_over:
            raise MalformedRecord("bad_field", where="plan", value="…", expected="lines played to the end")


def right_moves(state, correct) -> list[dict]:
    """The legal moves the exercise's ``correct`` patterns accept (``"max"`` amounts resolved)."""
    from ..exercises import _matches, correct_moves
    from ..table import concrete

    patterns = correct_moves({"correct": correct}, state)
    out = []
    for legal in state.legal_actions():
        for move in concrete(legal):
            if move not in out and any(_matches(move, p) for p in patterns):
                out.append(move)
    return out


def refute_record(record: dict, seat: int, answer: dict, correct: list, lang: str = "en", seed: int = 0,
                  assets: str = "assets/", plan: dict | None = None, worlds: int = WORLDS) -> dict:
    """The bridge's ``refute``: the learner's wrong ``answer`` at the end of ``record`` refuted
    against the ``correct`` patterns of the exercise; a stored ``plan`` (built at build time)
    is only drawn, not searched again. An illegal answer is refused with its clause
    (``IllegalAction``); a right one is not refuted (``bad_field`` at ``answer``)."""
    from ..exercises import _matches, position
    from ..games import get_game

    lang = check_language(lang)
    if not all(isinstance(p, dict) and isinstance(p.get("act"), str) for p in correct):
        raise MalformedRecord("bad_field", where="correct", value=repr(correct)[:60], expected="a list of moves")
    if not 1 <= worlds <= MAX_WORLDS:
        raise MalformedRecord("bad_field", where="worlds", value=repr(worlds), expected=f"1–{MAX_WORLDS}")
    state = position({"kind": "move", "record": record}, lang)
    if state.to_act != seat:
        raise MalformedRecord("bad_field", where="seat", value=repr(seat), expected=seat_label(state.to_act))
    action = get_game(record["game"]).parse_action(answer, state.players, "answer")
    state.apply(action)  # an illegal answer raises IllegalAction: the page shows its clause
    rights = right_moves(state, correct)
    if any(_matches(action, r) for r in rights):
        raise MalformedRecord("refute_right_answer", where="answer")
    if not rights:
        raise MalformedRecord("bad_field", where="correct", value=repr(correct)[:60], expected="a legal right move")
    if plan is None:
        plan = search(state, seat, action, rights, seed, worlds)
    else:  # drawing it replays it: a plan that does not fit the position is refused there
        _plan_shape(plan)
        if plan["wrong"][0] != action:
            raise MalformedRecord("bad_field", where="plan", value="…", expected=f"a plan for {action}")
    return render(state, seat, plan, lang, assets)


def _register():
    from ..bridge import exposed

    refute_record.__name__ = "refute"  # the bridge's name for it (issue 17's contract)
    exposed(refute_record)
    refute_record.__name__ = "refute_record"


_register()

__all__ = ["TIER", "WORLDS", "check_plan", "play_line", "refute", "refute_record", "render", "right_moves",
           "search", "world_seed"]
