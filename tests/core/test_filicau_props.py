"""Property tests over random legal Filicău/Filkó deals (4, 5, 6 players, all variants):
cards conserved, 8 points per deal, a legal action always exists, tricks go to the right
card (checked by a separate, naive ranking), an illegal action leaves the state unchanged."""

import json
import random

from hypothesis import given, settings, strategies as st_

from hcards_core.cards import shuffled_pack
from hcards_core.errors import IllegalAction
from hcards_core.filicau import GAME
from hcards_core.filicau.rules import pack_for

PLAIN = "AXKU987"


def naive_winner(trick, trump, top):
    """FC-4.5 written plainly: the trumps in order (top trumps first), else the led suit."""
    trumps = list(top) + [r + trump for r in PLAIN if r + trump not in top]
    played = [c for _, c in trick]
    if any(c in trumps for c in played):
        best = min((c for c in played if c in trumps), key=trumps.index)
    else:
        led = played[0][1]
        best = min((c for c in played if c[1] == led), key=lambda c: PLAIN.index(c[0]))
    return next(s for s, c in trick if c == best)


def snapshot(state):
    return json.dumps([state.public_state(), state.hands(), state.to_act, state.legal_actions(), state.result()])


def illegal_tries(state, rng):
    seat = state.to_act
    legal = state.legal_actions()
    tries = [{**legal[0], "seat": (seat + 1) % state.players}]
    if legal[0]["act"] == "play":
        legal_cards = {a["card"] for a in legal}
        tries += [{"seat": seat, "act": "play", "card": c} for c in state.hands()[seat] if c not in legal_cards][:2]
        tries.append({"seat": seat, "act": "play", "card": next(c for c in pack_for(state.players)
                                                                 if c not in state.hands()[seat])})
    elif legal[0]["act"] == "call_card":
        tries.append({"seat": seat, "act": "call_card", "card": "Oa"})
    return tries


@settings(max_examples=60, deadline=None)
@given(seed=st_.integers(0, 10 ** 6), players=st_.sampled_from([4, 5, 6]),
       rules=st_.sampled_from(["romanian", "filko"]), over=st_.sampled_from(["alhb", "ahbl"]),
       szeged=st_.booleans(), rich=st_.booleans())
def test_random_deals_keep_every_invariant(seed, players, rules, over, szeged, rich):
    opts = {"rules": rules, "over_order": over}
    if players > 4 and szeged:
        opts["top_trumps"] = "szeged"
    if players == 5 and rich:
        opts["five_player"] = "rich_and_poor"
    options = GAME.parse_options(opts)
    rng = random.Random(seed)
    session = GAME.new_session(players, options, rng.randrange(players), {})
    pack = [c for c in shuffled_pack(seed) if c in pack_for(players)]
    state = GAME.deal(session, {"pack": pack, "cut": rng.randrange(1, len(pack))}, None, "d")
    everything = sorted(pack)
    top = session.top
    assert sorted(c for h in state.hands() for c in h) == everything
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a legal action always exists"
        before = snapshot(state)
        for bad in illegal_tries(state, rng):
            try:
                state.apply(bad)
            except IllegalAction as exc:
                assert exc.rule and exc.message("fa") != exc.message("en")
            else:
                raise AssertionError(f"accepted {bad}")
            assert snapshot(state) == before
        table = list(state.table)
        action = rng.choice(legal)
        nxt = state.apply(action)
        assert snapshot(state) == before  # apply never changes the state it was called on
        won = [e for e in nxt.events if e["type"] == "trick_won"]
        if won:
            trick = table + [(action["seat"], action["card"])]
            assert won[0]["seat"] == naive_winner(trick, nxt.trump, top)
            assert won[0]["points"] == sum(c[0] in "AX" for _, c in trick)
        state = nxt
        held = [c for h in state.hands() for c in h] + [c for _, c in state.table]
        taken = [c for _, cards in state.tricks for c in cards]
        assert sorted(held + taken) == everything  # every card accounted for
    res = state.result()
    teams = res["teams"]
    for t in (0, 1):
        cards = [c for winner, cs in state.tricks if winner in teams[t] for c in cs]
        assert res["points"][t] == sum(c[0] in "AX" for c in cards)
    assert sum(res["points"]) == 8 and len(state.tricks) == {4: 8, 5: 6, 6: 5}[players]
    assert sorted(s for t in teams for s in t) == list(range(players))
    assert res["status"] in (["level", "level"], ["master", "slave"], ["slave", "master"])
    assert 0 <= res["next_dealer"] < players
    json.dumps(res)
    for t in (0, 1):
        if rules == "filko" or players > 4:
            continue
        p = res["points"][t]
        assert (res["status"][t] == "level") == (p in (0, 8) or 3 <= p <= 5)


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 10 ** 6))
def test_seat_views_hide_other_hands(seed):
    rng = random.Random(seed)
    session = GAME.new_session(4, GAME.parse_options({}), 0, {})
    state = GAME.deal(session, {"pack": shuffled_pack(seed)}, None, "d")
    for _ in range(rng.randrange(0, 20)):
        state = state.apply(rng.choice(state.legal_actions()))
    seat = rng.randrange(4)
    view = state.view(seat)
    for s, hand in enumerate(view["hands"]):
        assert hand == (state.hands()[s] if s == seat else ["??"] * len(state.hands()[s]))
    assert "??" not in json.dumps(state.public_state())
