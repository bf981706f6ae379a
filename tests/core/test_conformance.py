"""One contract, every game (issue 14, item 2): each game, table size and variant option is
dealt from a record and played out with actions that Hypothesis draws (``st.data()``), so a
failure shrinks to the shortest sequence of actions. At every state:

- every legal action applies, and ``apply`` leaves the state it was called on unchanged;
- every candidate action that is not legal (each card × ``play``, each act × a range of
  amounts, calls, each other seat…) raises ``IllegalAction`` whose clause is in
  ``tutorials/clauses.json`` and whose message exists in every language, and leaves the state
  unchanged (deep equality of ``to_json()``);
- ``legal_actions()`` (with the acts other seats may make out of turn: a Zsíros partner's call,
  a Ferbli look) is exactly the set of candidates ``verify`` accepts;
- the JSON round trip gives back an equal state;
- ``view(seat)`` hides exactly what that seat cannot see, and no hidden card appears anywhere
  else in it;
- cards are conserved; a deal's points total 80 (Zsíros) or 8 (Filicău/Filkó); chips are
  conserved (Ferbli), in the deal and through ``settle``;
- the record built from the actions replays (``hcards_core.records``) to the same state and
  result, and ``state.history`` is those actions.

Game-specific laws that are no part of the shared contract (the trick's winner by a naive
ranking, the Zsíros leader's turn, Ferbli's bet limits) are checked here too, per game, so
that the per-game random-play harnesses this suite replaces lose nothing.

Sizes: ``CONFORMANCE_PROFILE`` picks a profile (``default`` on CPython, ``pyodide`` under
Pyodide, ``deep`` for a long local run); the examples per case are in ``EXAMPLES``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import given
from hypothesis import strategies as st

from hcards_core import LANGUAGES
from hcards_core.cards import PACK
from hcards_core.errors import IllegalAction
from hcards_core.game import State
from hcards_core.games import get_game
from hcards_core.messages import catalog
from hcards_core.records import replay, state_at

EXAMPLES = {"default": 10, "pyodide": 2, "deep": 100}
for _name, _n in EXAMPLES.items():
    settings.register_profile(f"conformance-{_name}", max_examples=_n, deadline=None, database=None,
                              derandomize=_name != "deep",  # the regular runs are the same every time
                              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = os.environ.get("CONFORMANCE_PROFILE") or ("pyodide" if sys.platform == "emscripten" else "default")
CONFORMANCE = settings.get_profile(f"conformance-{PROFILE}")

# Clause ids every refusal must cite: tutorials/clauses.json (not in Pyodide's copy of
# tests/core; there the ids are checked for their shape only).
_CLAUSES_FILE = Path(__file__).resolve().parents[2] / "tutorials" / "clauses.json"
CLAUSES = ({c for game in json.loads(_CLAUSES_FILE.read_text(encoding="utf-8")).values() if isinstance(game, dict)
            for ids in game.values() for c in ids} if _CLAUSES_FILE.exists() else None)
CLAUSE_SHAPE = re.compile(r"^(EX-)?[A-Z]{1,2}-(V?\d+[a-z]?)(\.\d+[a-z]?)?$")

FERBLI_VARIANTS = [{}, {"vizi": 2}, {"vizi": 5, "limit": "triple"}, {"limit": "unlimited"},
                   {"limit": "triple", "wild": "santa"}, {"majzli": True}, {"shown_cards": True},
                   {"ruleset": "titok"}, {"table_cap": 12}, {"vizi": 2, "table_cap": 9}, {"call_or_drop": True},
                   {"two_failed_deals": True}, {"grigare": "general"}, {"grigare": "kis_nagy"},
                   {"tie_break": "suit"}, {"wild": "tens_santa"}, {"wild": "tens"}, {"wild": "seven_h"},
                   {"wild": "seven_hl", "limit": "unlimited"}, {"wild": "seven_hla", "vizi": 3},
                   {"majzli": True, "majzli_minimum": "table"}, {"limit": "unlimited", "besszer_cap": "double_vizi"},
                   {"call_or_drop": True, "call_or_drop_announced": True}]


def _cases():
    """(game, players, options, start): every table size, every option value at least once."""
    cases = [("zsiros", 2, {}, {}), ("zsiros", 2, {"ping_pong": True}, {}),
             ("zsiros", 2, {"last_seven_loses": True, "dealer_leads": True}, {"score": [4, 2]}),
             ("zsiros", 4, {}, {}), ("zsiros", 4, {"last_seven_loses": True}, {}),
             ("zsiros", 4, {"last_seven_loses": True, "last_seven_points": "turned"}, {}),
             ("zsiros", 4, {"dealer_leads": True, "target": 1}, {}), ("zsiros", 4, {"target": 10}, {"score": [9, 9]}),
             ("filicau", 4, {}, {}), ("filicau", 4, {"over_order": "ahbl", "stop_early": True}, {}),
             ("filicau", 4, {"count_masters": True}, {"status": ["slave", "master"]}),
             ("filicau", 4, {"rules": "filko"}, {}), ("filko", 4, {}, {}),
             ("filko", 4, {"stop_early": True}, {"status": ["master", "slave"], "slave": 1}),
             ("filko", 5, {}, {}), ("filko", 5, {"top_trumps": "szeged", "over_order": "ahbl"}, {}),
             ("filko", 5, {"five_player": "rich_and_poor"}, {}),
             ("filko", 5, {"five_player": "rich_and_poor", "top_trumps": "szeged", "rich_cards": "next_over"}, {}),
             ("filko", 5, {"five_player": "rich_and_poor", "over_order": "ahbl", "rich_cards": "acorns_leaves"}, {}),
             ("filko", 5, {"five_player": "rich_and_poor", "rich_and_poor_form": "fixed"}, {}),
             ("filko", 5, {"five_player": "rich_and_poor", "rich_and_poor_form": "named", "stop_early": True}, {}),
             ("filko", 5, {}, {"status": ["master", "slave"], "teams": [[0, 2], [1, 3, 4]], "trump": "h",
                               "old_man": 0, "slave": 1}),
             ("filko", 6, {}, {}), ("filko", 6, {"top_trumps": "szeged"}, {}),
             ("filko", 6, {"six_player_scoring": "romanian", "stop_early": True}, {})]
    for players in range(2, 8):
        cases.append(("ferbli", players, {}, {}))
    for k, variant in enumerate(FERBLI_VARIANTS[1:]):
        cases.append(("ferbli", 2 + k % 6, variant, {"pot": 6} if variant.get("call_or_drop") else {}))
    cases.append(("ferbli", 4, {"two_failed_deals": True}, {"pot": 4, "failed_deals": 2}))
    cases.append(("ferbli", 3, {}, {"pot": 3, "balances": [2, -1, -4]}))
    return cases


CASES = _cases()


def case_id(case):
    game, players, options, start = case
    extra = ",".join(f"{k}={v}" for k, v in {**options, **start}.items())
    return f"{game}{players}" + (f"[{extra}]" if extra else "")


# ---- per game: candidates, what a seat sees, what is conserved -------------------------------------

def amounts(state, seat, act):
    """Amounts to try for an amount act: every multiple of the vizi around the legal range
    (all of it, or its two ends when it is long), plus amounts that are no multiple."""
    v = state.vizi
    lo, hi = state._range(seat, act) if act != "look" else (None, None)
    lo = v if lo is None else lo
    top = (hi if hi is not None else 4 * lo) + 2 * v
    multiples = list(range(0, top + 1, v))
    if len(multiples) > 40:
        multiples = multiples[:20] + multiples[-20:]
    odd = {lo - 1, lo + 1, top - 1, -v} if v > 1 else {-1}
    return sorted(set(multiples) | odd)


def candidates(game, state):
    """Well-formed actions of every act the game knows, by every seat. The seat to act tries
    every card and a range of amounts; another seat (refused whatever it names, or acting out
    of turn by a rule of its own) tries each act with a card of its hand and one it lacks."""
    n, to_act, out = state.players, state.to_act, []
    vizi = getattr(state, "vizi", 1)
    for seat in range(n):
        hand = state.hands()[seat]
        cards = PACK if seat == to_act else hand[:1] + [next(c for c in PACK if c not in hand)]
        for act, fields in game.acts.items():
            if not fields:
                out.append({"seat": seat, "act": act})
            elif fields == ("card",):
                out.extend({"seat": seat, "act": act, "card": c} for c in cards)
            elif fields == ("amount",):
                out.extend({"seat": seat, "act": act, "amount": a}
                           for a in (amounts(state, seat, act) if seat == to_act else (vizi,)))
            elif fields == ("slave",):
                out.extend({"seat": seat, "act": act, "slave": s} for s in range(n))
            elif fields == ("call",):
                out.extend({"seat": seat, "act": act, "call": c} for c in ("hit", "no_hit", "grease", "no_grease"))
            else:
                raise AssertionError(f"no candidates for the fields {fields} of {act}")
    return out


def concrete(action, universe, step=1):
    """A legal action as sendable actions: an amount template (``min``/``max``) becomes the
    amounts of ``universe`` in its range that are whole multiples of ``step`` (the vizi, F-0.2)."""
    if "min" not in action:
        return [action]
    lo, hi = action["min"], action["max"]
    base = {k: v for k, v in action.items() if k not in ("min", "max")}
    return [a for a in universe if "amount" in a and {k: v for k, v in a.items() if k != "amount"} == base
            and lo <= a["amount"] and (hi is None or a["amount"] <= hi) and a["amount"] % step == 0]


def out_of_turn(state):
    """What other seats may do now, as the rules allow: a Zsíros partner's call (Z-6.3), a
    Ferbli look (F-7.6)."""
    if state.game == "zsiros":
        return state.legal_calls()
    if state.game == "filicau" and state.phase == "choose":  # FK-1.4: either master names the slave
        master = state.team[state.to_act]
        return [{"seat": s, "act": "choose_slave", "slave": o} for s in range(state.players) if s != state.to_act
                and state.team[s] == master for o in range(state.players) if state.team[o] != master]
    if state.game == "ferbli" and state.to_act is not None:
        return [{"seat": s, "act": "look"} for s in range(state.players)
                if s != state.to_act and not state.folded[s] and state.seen[s] < len(state.held[s])]
    return []


def key(action):
    return json.dumps(action, sort_keys=True)


def visible(state, seat):
    """For each seat's hand, which positions ``seat`` may see (the rules, written plainly)."""
    hands = state.hands()
    if state.game == "ferbli":
        showdown = {d["seat"] for d in (state.outcome or {}).get("showdown") or []}
        return [[s in showdown or (s == seat and i < state.seen[s]) or c in state.shown[s]
                 for i, c in enumerate(h)] for s, h in enumerate(hands)]
    if state.game == "filicau":
        return [[s == seat or c in state.shown for c in h] for s, h in enumerate(hands)]
    return [[s == seat for _ in h] for s, h in enumerate(hands)]


def cards_in_play(state):
    """Every card of the deal wherever it is now, and the cards the deal was dealt from."""
    if state.game == "zsiros":
        where = [c for h in state.hands() for c in h] + state.talon + state.won[0] + state.won[1] + \
            [c for r in state.rounds for c in r]
        return where, list(PACK)
    if state.game == "filicau":
        from hcards_core.filicau.rules import pack_for
        where = [c for h in state.hands() for c in h] + [c for _, c in state.table] + \
            [c for _, cards in state.tricks for c in cards]
        return where, list(pack_for(state.players))
    held = [c for h in state.held for c in h]
    if state.stack is None:
        rest = [c for s, h in enumerate(state.held) for c in state.later[s][len(h) - 2:]]
        return held + rest, [c for h in state.held for c in h[:2]] + [c for later in state.later for c in later]
    return held + list(state.stack[state.next_card:]), list(PACK)


def check_conservation(state, start):
    where, dealt = cards_in_play(state)
    assert sorted(where) == sorted(dealt), "every card is somewhere, once"
    if state.game == "ferbli":
        assert sum(state.stake) + state.carried_in == state.pot, "chips: stakes plus the carried pot are the pot"
        assert all(o >= 0 for o in state.owe)
    if state.game == "filicau":
        from hcards_core.filicau.rules import card_points
        taken = [sum(card_points(c) for winner, cards in state.tricks if state.team[winner] == t for c in cards)
                 for t in (0, 1)] if state.team is not None else [0, 0]
        assert list(state.points) == taken, "points are the Aces and Tens of the tricks taken"
    if not state.is_over:
        assert state.legal_actions(), "a deal in progress always has a legal action"
        return
    assert state.legal_actions() == [] and state.to_act is None
    result = state.result()
    json.dumps(result)
    if state.game == "zsiros":
        assert sum(result["card_points"]) == 80 and sorted(state.won[0] + state.won[1]) == sorted(PACK)
        assert not any(state.hands()) and not state.talon
    elif state.game == "filicau":
        n, ctx = state.players, state.ctx
        if not result.get("stopped_early"):  # FC-4.8 stops once the outcome is certain
            assert sum(result["points"]) == 8 and len(state.tricks) == {4: 8, 5: 6, 6: 5}[n]
        assert sorted(s for t in result["teams"] for s in t) == list(range(n))
        assert result["status"] in (["level", "level"], ["master", "slave"], ["slave", "master"])
        assert 0 <= result["next_dealer"] < n
        if ctx.mode == "romanian" and not result.get("stopped_early"):  # FC-5: 3–5 points, or 8–0, stay level
            if list(ctx.prior) == ["level", "level"]:
                for t in (0, 1):
                    p = result["points"][t]
                    assert (result["status"][t] == "level") == (p in (0, 8) or 3 <= p <= 5)
    else:
        if result["winner"] is not None:
            assert result["won"] == state.pot and not state.folded[result["winner"]]
            assert result["showdown"] == [] or result["winner"] in [d["seat"] for d in result["showdown"]]
        else:
            assert result["carried"] and all(state.paid)


def check_view(state):
    hands = state.hands()
    for seat in [*range(state.players), None]:
        view = state.view(seat)
        shown = view["hands"]
        assert len(shown) == state.players
        may = visible(state, seat) if seat is not None else [[True] * len(h) for h in hands]
        hidden = set()
        for s, hand in enumerate(hands):
            assert len(shown[s]) == len(hand), "a view keeps the hand sizes"
            for i, card in enumerate(hand):
                assert shown[s][i] == (card if may[s][i] else "??"), (seat, s, i, view["hands"])
                if not may[s][i]:
                    hidden.add(card)
        # A card named by an announcement (Filkó's called card) says nothing of where it lies.
        rest = json.dumps({k: v for k, v in view.items() if k not in ("hands", "called")})
        assert '"??"' not in rest, "only hands are masked"
        leaked = {c for c in hidden if f'"{c}"' in rest}
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)} outside the hands"


def check_game_laws(state, action, nxt, options):
    """Per game, laws the per-game harnesses checked that no shared contract states."""
    if state.game == "filicau" and action["act"] == "play":
        won = [e for e in nxt.events if e["type"] == "trick_won"]
        if won:
            trick = list(state.table) + [(action["seat"], action["card"])]
            assert won[0]["seat"] == naive_filicau_winner(trick, nxt.trump, state.ctx.top)
            assert won[0]["points"] == sum(c[0] in "AX" for _, c in trick)
    if state.game == "zsiros":
        ps, n = state.public_state(), state.players
        if action["act"] == "play" and ps["phase"] == "play" and len(ps["rounds"][-1]) == n - 1:
            winner = action["seat"] if action["card"][0] in (state.led, "7") else state.winner
            if winner % 2 != state.leader % 2 and state.hands()[state.leader] and not nxt.is_over:
                assert nxt.to_act == state.leader and nxt.phase == "decide"  # Z-4.1: the leader decides
            elif not state.ping_pong:
                assert nxt.leader == winner and nxt.phase in ("lead", "over")  # Z-4.2: the trick ends
        sizes = [len(h) for h in state.hands()]
        if not state.ping_pong:  # Z-5: equal hands at every trick's start and at each decision
            assert len(set(sizes)) == 1 if state.phase in ("lead", "decide") else max(sizes) - min(sizes) <= 1
        elif state.phase == "lead" and state.talon:
            assert sizes == [4, 4]  # Z-V2: drawn back to four while the talon lasts
        if state.ping_pong:  # Z-V2: the leader lets go with a card, never with `stop`
            assert all(a["act"] == "play" for a in state.legal_actions())
            if state.phase == "decide":
                assert sorted(a["card"] for a in state.legal_actions()) == sorted(state.hands()[state.to_act])
                if action["card"][0] not in (state.led, "7"):
                    taken = [e for e in nxt.events if e["type"] == "trick_won"]
                    assert taken and taken[0]["seat"] == state.winner and action["card"] in taken[0]["cards"]
        if nxt.phase == "decide" and not state.ping_pong:  # Z-4.3: the leader may stop or continue
            assert nxt.public_state()["may_continue"] and {"seat": nxt.leader, "act": "stop"} in nxt.legal_actions()
        if action["act"] == "play" and ps["phase"] == "play" and len(ps["rounds"][-1]) == n - 1 \
                and nxt.phase in ("lead", "over") and not state.ping_pong:
            assert nxt.to_act in (nxt.leader, None)  # the trick's winner leads next
    if state.game == "ferbli" and action["act"] in ("besszer", "charge", "bet", "raise"):
        from hcards_core.ferbli.options import limit_for
        limit = limit_for(options, state.largest)
        assert state.vizi <= action["amount"] and (limit is None or action["amount"] <= limit)
        assert action["amount"] % state.vizi == 0  # F-0.2
        if options["table_cap"]:
            assert nxt.stake[action["seat"]] <= options["table_cap"]


def naive_filicau_winner(trick, trump, top):
    """FC-4.5 written plainly: the top trumps in order, then the trump suit, else the led suit."""
    plain = "AXKU987"
    trumps = list(top) + [r + trump for r in plain if r + trump not in top]
    played = [c for _, c in trick]
    if any(c in trumps for c in played):
        best = min((c for c in played if c in trumps), key=trumps.index)
    else:
        led = played[0][1]
        best = min((c for c in played if c[1] == led), key=lambda c: plain.index(c[0]))
    return next(s for s, c in trick if c == best)


_CODES_CHECKED: set = set()


def check_refusal(exc: IllegalAction):
    assert exc.rule, exc
    if CLAUSES is not None:
        assert exc.rule in CLAUSES, f"{exc.rule} ({exc.code}) is not in tutorials/clauses.json"
    else:
        assert CLAUSE_SHAPE.match(exc.rule), exc.rule
    if exc.code in _CODES_CHECKED:
        return
    _CODES_CHECKED.add(exc.code)
    for lang in LANGUAGES:
        assert f"error.{exc.code}" in catalog(lang), f"error.{exc.code} missing in {lang}"
    assert exc.message("fa") != exc.message("en"), exc.code  # rendered in the page's language


# ---- the test ------------------------------------------------------------------------------------------

def step(game, state, options):
    """All checks at one state; returns the legal actions (concrete, sorted) to draw from."""
    before = snapshot(state)
    universe = candidates(game, state)
    vizi = getattr(state, "vizi", 1)
    declared = {key(a) for legal in state.legal_actions() + out_of_turn(state) for a in concrete(legal, universe, vizi)}
    accepted = {}
    for action in universe:
        try:
            nxt = state.apply(action)  # verify, then the copy: every legal action applies
        except IllegalAction as exc:
            check_refusal(exc)
            continue
        accepted[key(action)] = action
        assert nxt is not state and isinstance(nxt.events, list) and state.can_apply(action)
        check_game_laws(state, action, nxt, options)
    if snapshot(state) != before:
        raise AssertionError(f"{culprit(before, universe)} changed the state it was tried on")
    assert set(accepted) == declared, (f"verify accepts {sorted(set(accepted) - declared)[:5]} not listed; "
                                       f"lists {sorted(declared - set(accepted))[:5]} it refuses")
    assert state.is_over == (not declared)
    again = State.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(again) == before and type(again) is type(state)
    assert again.legal_actions() == state.legal_actions() and again.public_state() == state.public_state()
    check_view(state)
    return [accepted[k] for k in sorted(accepted)]


def snapshot(state) -> dict:
    """``to_json()``, for deep equality. A Ferbli state still carries the process-wide hand
    ranking cache (``ranking``), which fills as showdowns rank hands: left out until the state
    computes it from its options (issue 14, item 5)."""
    data = state.to_json()
    data["fields"]["__dict__"].pop("ranking", None)
    return data


def culprit(before: dict, universe: list) -> str:
    """The first candidate whose ``apply`` (accepted or refused) changes the state, and how."""
    for action in universe:
        state = State.from_json(before)
        try:
            state.apply(action)
        except IllegalAction as exc:
            outcome = f"refused ({exc.rule} {exc.code})"
        else:
            outcome = "applied"
        after = snapshot(state)
        if after != before:
            changed = sorted(k for k in before["fields"]["__dict__"] if after["fields"]["__dict__"].get(k)
                             != before["fields"]["__dict__"][k])
            return f"{action}, {outcome}, changing {changed},"
    return "no single candidate (several together)"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
@CONFORMANCE
@given(data=st.data())
def test_every_state_keeps_the_contract(case, data):
    name, players, options, start = case
    game = get_game(name)
    import random
    rng = random.Random(data.draw(st.integers(0, 2 ** 32 - 1), label="seed"))
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    if start.get("status") and name in ("filicau", "filko") and players != 5:
        dealer = [s for s in range(players) if start["status"][s % 2] == "slave"][0]  # FC-2.2: a slave deals
        start = {**start, **({"slave": dealer} if "slave" in start else {})}
    if "slave" in start and players == 5:
        dealer = start["slave"]
    cards = game.random_cards(players, rng)
    record = {"game": name, "players": players, "options": options, "dealer": dealer,
              **({"start": start} if start else {}), "deals": [{"cards": cards, "actions": []}]}
    state, _ = state_at(record, 0, 0)
    parsed = game.parse_options(options)
    actions = []
    while True:
        check_conservation(state, start)
        legal = step(game, state, parsed)
        if not legal:
            break
        action = data.draw(st.sampled_from(legal))
        actions.append(action)
        nxt = state.apply(action)
        assert snapshot(nxt) == snapshot(state.apply(action)), "apply is a function of the state and the action"
        state = nxt
        assert len(actions) < 400, "a deal ends"
    assert list(state.history) == actions
    record["deals"][0]["actions"] = actions
    record = json.loads(json.dumps(record))  # as a file would hold it
    out = replay(record)
    assert out["ok"] and out["error"] is None, out["error"]
    assert out["deals"][0]["result"] == state.result()
    replayed, _ = state_at(record, 0, len(actions))
    assert snapshot(replayed) == snapshot(state)
    session = game.new_session(players, parsed, dealer, json.loads(json.dumps(start)))
    settled = game.settle(session, state)
    report = game.session_report(settled)
    assert report == out["session"]
    if name == "ferbli":
        assert sum(settled.balances) + settled.pot == sum(session.balances) + session.pot  # chips conserved
        if state.result()["winner"] is not None:
            assert settled.pot == 0
        else:
            assert settled.pot == state.pot
    if name == "zsiros":
        gained = [settled.score[t] - session.score[t] for t in (0, 1)]
        result = state.result()
        assert gained[result["winner"]] == result["game_points"] and gained[1 - result["winner"]] == 0
    if name in ("zsiros", "ferbli"):
        assert settled.dealer == (dealer + 1) % players  # the deal passes to the right


def test_the_cases_cover_every_table_size_and_option_value():
    for names in (("zsiros",), ("filicau", "filko"), ("ferbli",)):
        ours = [c for c in CASES if c[0] in names]
        assert {c[1] for c in ours} == {n for name in names for n in get_game(name).players}, names
        game = get_game(names[0])
        for option in game.options.values():
            values = {json.dumps(c[2].get(option.name, get_game(c[0]).options[option.name].default)) for c in ours}
            if option.choices:
                wanted = {json.dumps(v) for v in option.choices}
                assert wanted <= values, f"{names[0]}.{option.name}: {sorted(wanted - values)} never played"
            else:
                assert len(values) >= 2, f"{names[0]}.{option.name} is only ever its default"
