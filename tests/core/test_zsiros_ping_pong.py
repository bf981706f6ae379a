"""Zsíros two-player "ping-pong" (Z-V2, option ``ping_pong``): a leader who lets the trick go
still plays a card that does not hit, and the opponent takes it; and our proposal for what the
source leaves open once the hands are unequal (a short talon shared out one card at a time
from the winner, a player with no card to answer ending the trick, the last cards of the only
player still holding some taken as a final trick).

Seat 0 leads (dealer 1). Expectations are written out from the rules, not computed by the engine.
"""

import json
import random

import pytest

from hcards_core.cards import PACK, card_name, shuffled_pack
from hcards_core.errors import MalformedRecord
from hcards_core.messages import catalog
from hcards_core.records import replay
from hcards_core.zsiros import GAME, ZsirosState, new_deal
from hcards_core.zsiros.state import share_out

PP = {"ping_pong": True}
A_HAND, B_HAND = ["9a", "Ka", "Ua", "8h"], ["9l", "Al", "Xl", "Oh"]


def rest(*hands):
    used = {c for h in hands for c in h}
    return [c for c in PACK if c not in used]


def record(actions, options=PP, hands=(A_HAND, B_HAND)):
    return {"game": "zsiros", "players": 2, "dealer": 1, "options": dict(options),
            "deals": [{"cards": {"hands": [list(h) for h in hands], "talon": rest(*hands)}, "actions": actions}]}


def play(seat, card):
    return {"seat": seat, "act": "play", "card": card}


def tiny(hands, talon=()):
    """A position late in a deal: ``hands`` of any size (seat 0 leads) and a short talon."""
    return ZsirosState(2, 1, [list(h) for h in hands], list(talon), PP)


def run(state, *cards):
    for card in cards:
        state = state.apply(play(state.to_act, card))
    return state


def types(state):
    return [e["type"] for e in state.events]


# ---- the source's rule ---------------------------------------------------------------------

def test_letting_go_costs_the_leader_a_card_that_the_opponent_takes():
    out = replay(record([play(0, "9a"), play(1, "9l"), play(0, "Ka")]), events=True)
    deal = out["deals"][0]
    assert out["ok"] and deal["result"] is None
    state = deal["state"]
    assert sorted(state["won"][1]) == ["9a", "9l", "Ka"] and state["won"][0] == []  # Ka went to B
    assert state["hand_sizes"] == [4, 4] and state["talon"] == 21  # B draws 1 first, then A 2
    assert deal["to_act"] == 1 and state["tricks"] == [0, 1]
    let_go = [e for e in deal["events"] if e["type"] == "let_go"]
    assert let_go and let_go[0]["seat"] == 0 and let_go[0]["winner"] == 1 and card_name("Ka") in let_go[0]["text"]
    draws = [(e["seat"], e["count"]) for e in deal["events"] if e["type"] == "draw"]
    assert draws == [(1, 1), (0, 2)]


def test_the_same_card_is_illegal_without_the_option_and_stop_is_illegal_with_it():
    plain = replay(record([play(0, "9a"), play(1, "9l"), play(0, "Ka")], options={}))
    assert not plain["ok"] and plain["error"]["rule"] == "Z-4.4" and plain["error"]["code"] == "no_hitting_card"
    stop = replay(record([play(0, "9a"), play(1, "9l"), {"seat": 0, "act": "stop"}]), lang="hu")
    assert not stop["ok"] and stop["error"]["rule"] == "Z-V2" and stop["error"]["code"] == "ping_pong_must_play"
    assert stop["error"]["action"] == 2 and "B" in stop["error"]["message"]
    default = replay(record([play(0, "9a"), play(1, "9l"), {"seat": 0, "act": "stop"}], options={}))
    assert default["ok"] and default["deals"][0]["state"]["won"][1] == ["9a", "9l"]  # D-Z3: no extra card


def test_the_leader_plays_every_card_at_the_decision_and_a_hit_continues():
    s = run(new_deal(2, 1, hands=[A_HAND, B_HAND], talon=rest(A_HAND, B_HAND), options=PP), "9a", "9l")
    assert s.phase == "decide" and s.to_act == 0
    assert sorted(a["card"] for a in s.legal_actions()) == sorted(["Ka", "Ua", "8h"])  # no stop
    hits_only = run(new_deal(2, 1, hands=[["9a", "9b", "7h", "9h"], B_HAND],
                             talon=rest(["9a", "9b", "7h", "9h"], B_HAND), options=PP), "9a", "9l")
    assert [a["act"] for a in hits_only.legal_actions()] == ["play"] * 3  # cannot let go: must hit
    cont = hits_only.apply(play(0, "7h"))
    assert cont.phase == "play" and cont.to_act == 1 and "continue" in types(cont)


def test_an_opponent_who_does_not_hit_hands_the_leader_the_trick_as_usual():
    s = run(new_deal(2, 1, hands=[A_HAND, B_HAND], talon=rest(A_HAND, B_HAND), options=PP), "9a", "Oh")
    assert s.won[0] == ["9a", "Oh"] and s.to_act == 0 and s.phase == "lead"


# ---- the uncovered case: our proposal --------------------------------------------------------

def test_short_talon_is_shared_one_card_at_a_time_from_the_winner():
    assert share_out([2, 2], 4) == [2, 2]  # equal needs: Z-5.2's equal split
    assert share_out([1, 2], 1) == [1, 0] and share_out([1, 3], 3) == [1, 2] and share_out([2, 3], 3) == [2, 1]
    s = run(tiny([A_HAND, B_HAND], ["Ab", "Xb", "8b"]), "9a", "9l", "Ka")  # B needs 1, A 2: talon 3
    assert s.hands()[1] == ["Al", "Xl", "Oh", "Ab"] and s.hands()[0] == ["Ua", "8h", "Xb", "8b"]
    s = run(tiny([A_HAND, B_HAND], ["Ab", "Xb"]), "9a", "9l", "Ka")  # talon 2: B 1, A 1
    assert [len(h) for h in s.hands()] == [3, 4] and "talon_shared" in types(s) and not s.talon
    assert s.hands()[1][-1] == "Ab" and s.hands()[0][-1] == "Xb"


def test_unequal_hands_play_on_and_the_last_cards_go_to_their_holder():
    s = run(tiny([A_HAND, B_HAND], ["Ab"]), "9a", "9l", "Ka")
    assert s.hands() == [["Ua", "8h"], ["Al", "Xl", "Oh", "Ab"]] and s.to_act == 1
    s = run(s, "Al", "8h", "Xl", "Ua")  # B wins both; A is out of cards
    assert s.is_over and "leftover" in types(s)
    res = s.result()
    assert s.won[1][-2:] == ["Oh", "Ab"] and res["card_points"] == [0, 30]
    assert res["tricks"] == [0, 4] and res["last_trick"] == 1 and res["game_points"] == 3  # A csupasz


def test_a_player_with_no_card_cannot_answer_and_the_holder_takes_the_rest():
    s = run(tiny([["9a", "9b", "8h"], ["9l"]]), "9a", "9l")  # B hits with its last card
    assert s.phase == "decide" and s.to_act == 0
    cont = s.apply(play(0, "9b"))  # A continues; B has nothing to answer with
    assert "no_card" in types(cont) and cont.is_over
    assert cont.won == [["9a", "9l", "9b", "8h"], []] and cont.result()["tricks"] == [2, 0]
    let_go = s.apply(play(0, "8h"))  # or A lets go: B takes the pile, A keeps the IX as a last trick
    assert let_go.is_over and let_go.won == [["9b"], ["9a", "9l", "8h"]]
    assert let_go.result()["last_trick"] == 0 and let_go.result()["tricks"] == [1, 1]


def test_option_is_for_two_players_only_and_documented():
    opt = GAME.options["ping_pong"]
    assert opt.default is False and opt.rule == "Z-V2" and "2 players" in opt.doc
    with pytest.raises(MalformedRecord) as exc:
        new_deal(4, 0, options=PP)
    assert exc.value.code == "bad_option_value"
    bad = {"game": "zsiros", "players": 4, "dealer": 0, "options": PP,
           "deals": [{"cards": {"pack": shuffled_pack(3)}, "actions": []}]}
    with pytest.raises(MalformedRecord):
        replay(bad)
    with pytest.raises(MalformedRecord) as exc:  # refused before any deal is played
        replay({**bad, "deals": []})
    assert exc.value.code == "bad_option_value" and exc.value.where == "options.ping_pong"


@pytest.mark.parametrize("lang", ["en", "hu", "ro", "fa", "ja"])
def test_new_texts_exist_in_every_language(lang):
    for key in ("error.ping_pong_must_play", "event.zsiros.let_go", "event.zsiros.no_card",
                "event.zsiros.talon_shared", "event.zsiros.leftover"):
        assert key in catalog(lang)


# ---- random play with the option on ----------------------------------------------------------

def random_ping_pong(seed):
    """A whole deal from a seeded pack with random legal play: (record, final state)."""
    rng = random.Random(seed)
    pack = shuffled_pack(seed)
    state, actions = new_deal(2, seed % 2, pack=pack, options=PP), []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    rec = {"game": "zsiros", "players": 2, "dealer": seed % 2, "options": PP,
           "deals": [{"cards": {"pack": pack}, "actions": actions}]}
    return rec, state


def test_random_records_replay_to_the_same_result_with_every_event_narrated():
    seen = set()
    for seed in range(40):
        rec, final = random_ping_pong(seed)
        out = replay(json.loads(json.dumps(rec)), lang="ja", events=True)
        assert out["ok"] and out["deals"][0]["result"] == final.result()
        events = out["deals"][0]["events"]
        seen |= {e["type"] for e in events}
        assert all(e["text"] and not e["text"].startswith("event.") for e in events)
    assert {"let_go", "talon_shared", "leftover"} <= seen
