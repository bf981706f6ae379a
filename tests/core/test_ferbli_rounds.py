"""Ferbli betting, round by round (F-3 … F-8), with the worked examples EX-F1 and EX-F2.

Each scenario drives a state with explicit hands (first two cards = first packet) and checks
what the rules say happens, and that every refusal cites its clause in all five languages.
"""

import pytest

from hcards_core import LANGUAGES
from hcards_core.cards import PACK
from hcards_core.errors import IllegalAction, MalformedRecord
from hcards_core.ferbli import GAME
from hcards_core.records import replay

DIGEST_CLAUSES = {"F-0.1", "F-3.1", "F-3.3", "F-5.1", "F-5.2", "F-6.1", "F-6.2", "F-6.4", "F-6.5",
                  "F-6.6", "F-6.8", "F-7.2", "F-7.4", "F-7.5", "F-7.6", "F-7.7", "F-8.4",
                  "F-V6", "F-V7", "F-V8", "F-V9", "F-V12"}


def deal_hands(players):
    """Seat s holds the 4 cards PACK[4s:4s+4]: seat 0 the 41 banda of acorns, and so on."""
    return [list(PACK[4 * s:4 * s + 4]) for s in range(players)]


def start(players, dealer=None, hands=None, options=None, begin=None):
    dealer = players - 1 if dealer is None else dealer
    session = GAME.new_session(players, GAME.parse_options(options), dealer, begin or {})
    return GAME.deal(session, {"hands": hands or deal_hands(players)}, None, "deals[0]")


def act(text):
    seat, name, *rest = text.split()
    action = {"seat": int(seat), "act": name}
    if rest:
        action["card" if name == "show" else "amount"] = rest[0] if name == "show" else int(rest[0])
    return action


def play(state, *steps):
    for step in steps:
        state = state.apply(act(step))
    return state


def refuse(state, step, rule, code):
    before = (state.public_state(), state.hands(), state.to_act, state.legal_actions())
    with pytest.raises(IllegalAction) as exc:
        state.apply(act(step))
    assert (exc.value.rule, exc.value.code) == (rule, code)
    assert rule in DIGEST_CLAUSES
    messages = {lang: exc.value.message(lang) for lang in LANGUAGES}
    assert len(set(messages.values())) == 5 and not any(m.startswith("error.") for m in messages.values())
    assert (state.public_state(), state.hands(), state.to_act, state.legal_actions()) == before
    return exc.value


def acts(state):
    return [a["act"] for a in state.legal_actions()]


# ---- round 1 --------------------------------------------------------------------------------

def test_blind_vizi_and_round_one_order():
    s = start(4)  # dealer 3, P1 = seat 0
    assert s.stake == [1, 0, 0, 0] and s.pot == 1 and s.to_act == 1
    assert s.events[0] == {"type": "blind", "seat": 0, "amount": 1}
    s = play(s, "1 vizi", "2 fold")
    assert s.to_act == 3 and s.round == 1  # the dealer answers last
    s = play(s, "3 vizi")
    assert s.round == 2 and s.phase == "mehet" and s.to_act == 0
    assert s.public_state()["largest_bet"] == 1 and s.pot == 3


def test_quorum_fails_into_cukassza_which_carries():
    record = {"game": "ferbli", "players": 4, "dealer": 3, "deals": [
        {"cards": {"hands": deal_hands(4)}, "actions": [act("1 fold"), act("2 fold"), act("3 fold")]},
        {"cards": {"hands": deal_hands(4)}, "dealer": 0, "actions": [act("2 vizi")]}]}
    out = replay(record)
    assert out["ok"], out["error"]
    first = out["deals"][0]["result"]
    assert first["carried"] and first["winner"] is None and first["won"] == 0
    second = out["deals"][1]
    assert second["result"] is None and second["state"]["carried_in"] == 4
    assert second["state"]["pot"] == 4 + 1 + 1  # the cukassza, the new P1's blind, one vizi
    assert second["to_act"] == 3 and {"seat": 3, "act": "fold"} in second["legal"]


def test_quorum_three_with_five_players_and_two_with_santa():
    s = play(start(5), "1 vizi", "2 fold", "3 fold", "4 fold")
    assert s.is_over and s.result()["reason"] == "cukassza" and s.pot == 5
    s = play(start(5, options={"wild": "santa"}), "1 vizi", "2 fold", "3 fold", "4 fold")
    assert not s.is_over and s.phase == "mehet"


def test_session_balances_pass_the_deal_right():
    record = {"game": "ferbli", "players": 3, "dealer": 2, "start": {"pot": 0, "balances": [5, 0, -5]},
              "deals": [{"cards": {"hands": deal_hands(3)},
                         "actions": [act("1 vizi"), act("2 fold"), act("0 besszer 2"), act("1 fold")]}]}
    out = replay(record)
    assert out["deals"][0]["result"] == {"winner": 0, "won": 4, "showdown": [], "carried": False,
                                         "reason": "alone", "pot": 4, "stakes": [3, 1, 0]}
    assert out["session"] == {"balances": [6, -1, -5], "pot": 0, "dealer": 0}


def test_first_player_may_not_fold():
    s = play(start(4), "1 vizi", "2 vizi", "3 vizi")
    refuse(s, "0 fold", "F-6.1", "first_player_cannot_fold")
    m = start(4, options={"majzli": True})
    refuse(m, "0 fold", "F-5.2", "first_player_cannot_fold")


def test_two_failed_deals_force_the_third():
    s = start(4, options={"two_failed_deals": True}, begin={"failed_deals": 2})
    refuse(s, "1 fold", "F-V9", "must_pay_vizi")
    assert acts(s) == ["vizi"]
    record = {"game": "ferbli", "players": 3, "dealer": 2, "options": {"two_failed_deals": True},
              "deals": [{"cards": {"hands": deal_hands(3)}, "actions": [act(f"{a} fold"), act(f"{b} fold")]}
                        for a, b in ((1, 2), (2, 0))] +
                       [{"cards": {"hands": deal_hands(3)}, "actions": [act("0 fold")]}]}
    out = replay(record)
    assert out["error"]["rule"] == "F-V9" and out["error"]["deal"] == 2
    assert out["session"]["failed_deals"] == 2 and out["session"]["pot"] == 6


def test_call_or_drop_runs_clockwise_from_the_dealer_and_needs_one_caller():
    s = start(5, options={"call_or_drop": True}, begin={"pot": 5})  # dealer 4, P1 0
    assert s.to_act == 4
    s = play(s, "4 fold", "3 vizi")
    assert s.to_act == 2
    s = play(s, "2 fold", "1 fold")
    assert s.phase == "mehet"  # two active players are enough
    assert start(5, options={"call_or_drop": True}).to_act == 1  # no carried pot: normal order


def test_majzli_hidden_vizi():
    s = start(4, options={"majzli": True})
    assert s.to_act == 0 and acts(s) == ["majzli"] and s.pot == 0
    refuse(s, "0 majzli 0", "F-3.3", "amount_below_vizi")
    s = play(s, "0 majzli 3")
    assert s.public_state()["majzli"] is None and s.owe == [0, 0, 0, 0]
    s = play(s, "1 vizi", "2 fold", "3 vizi")
    assert s.stake == [3, 3, 0, 3] and s.public_state()["majzli"] == 3
    assert s.legal_actions()[1] == {"seat": 0, "act": "besszer", "min": 3, "max": 6}  # the fist is the vizi
    table = play(start(4, options={"majzli": True, "majzli_minimum": "table"}), "0 majzli 3", "1 vizi", "2 fold", "3 vizi")
    assert table.legal_actions()[1] == {"seat": 0, "act": "besszer", "min": 1, "max": 6}
    refuse(s, "0 besszer 2", "F-3.3", "amount_below_vizi")


def test_majzli_fist_is_the_cukassza_payment():
    """F-V8 'fist': when the quorum fails after the fist opens, the non-payers pay the fist."""
    s = play(start(5, options={"majzli": True}), "0 majzli 2", "1 fold", "2 fold", "3 fold", "4 vizi")
    assert s.result()["carried"] and s.pot == 2 * 5  # P1 and 4 paid 2 in the fist; 1, 2, 3 pay 2 now


# ---- round 2 --------------------------------------------------------------------------------

def test_mehet_gives_two_more_cards_to_each_active_player():
    s = play(start(4), "1 vizi", "2 fold", "3 vizi", "0 go_on")
    assert s.round == 3 and [len(h) for h in s.held] == [4, 4, 2, 4]
    assert s.public_state()["looked"] == [False] * 4 and s.to_act == 0


def test_besszer_limits_and_answers():
    s = play(start(4), "1 vizi", "2 vizi", "3 vizi")
    refuse(s, "0 besszer 3", "F-3.3", "amount_over_limit")
    refuse(s, "0 besszer 0", "F-3.3", "amount_below_vizi")
    s = play(s, "0 besszer 2")
    assert s.to_act == 1 and acts(s) == ["pay", "fold"]
    refuse(s, "1 raise 1", "F-6.2", "raise_not_allowed")
    refuse(s, "1 charge 2", "F-6.4", "charge_not_now")
    refuse(s, "3 pay", "F-0.1", "not_your_turn")
    s = play(s, "1 pay", "2 fold", "3 pay")
    assert s.phase == "charge" and s.to_act == 3
    assert s.public_state()["next_charge"] == {"charger": 3, "target": 0, "cards": [3, 4], "min": 1, "max": 4}


def test_besszer_everyone_folds_first_player_wins():
    s = play(start(3), "1 vizi", "2 vizi", "0 besszer 1", "1 fold", "2 fold")
    assert s.result()["winner"] == 0 and s.result()["won"] == 4 and s.result()["showdown"] == []


def test_ex_f1_limit_follows_the_largest_bet():
    # vizi 1 (first bet), besszer 2, a charge of 4, a charge of 1: the next may still be 1–8.
    s = play(start(5), "1 vizi", "2 vizi", "3 vizi", "4 vizi")
    assert s.legal_actions()[1]["max"] == 2
    s = play(s, "0 besszer 2", "1 pay", "2 pay", "3 pay", "4 pay")
    assert s.public_state()["next_charge"]["max"] == 4
    s = play(s, "4 charge 4", "0 pay", "1 pay", "2 pay", "3 pay")
    s = play(s, "4 charge 1", "1 pay", "2 pay", "3 pay", "0 pay")
    assert s.public_state()["next_charge"]["max"] == 8
    refuse(s, "4 charge 9", "F-3.3", "amount_over_limit")


def test_ex_f2_charging_limits_trace_horse_and_counter_charge():
    s = play(start(5), "1 vizi", "2 vizi", "3 vizi", "4 vizi", "0 besszer 2",
             "1 pay", "2 pay", "3 pay", "4 pay")
    ps = s.public_state()
    assert (ps["last_player"], ps["trace_horse"], ps["charges_left"]) == (4, 3, 5)
    for target, limit in ((0, 4), (1, 8), (2, 16)):
        nxt = s.public_state()["next_charge"]
        assert (nxt["target"], nxt["max"], nxt["cards"]) == (target, limit, [3, 4])
        s = play(s, f"4 charge {limit}")
        assert len(s.held[target]) == 4 and s.to_act == target
        # The charged player answers first, then the others round the table, skipping L.
        assert s.pending == [(target + k) % 5 for k in range(5) if (target + k) % 5 != 4]
        s = play(s, *(f"{seat} pay" for seat in list(s.pending)))
    for card, limit in ((3, 32), (4, 64)):  # the trace-horse, card by card
        assert s.public_state()["next_charge"] == {"charger": 4, "target": 3, "cards": [card],
                                                   "min": 1, "max": limit}
        s = play(s, f"4 charge {limit}")
        assert len(s.held[3]) == card
        s = play(s, *(f"{seat} pay" for seat in list(s.pending)))
    assert s.charges_made == 5 == s.charges_allowed  # F-6.9
    for card, limit in ((3, 128), (4, 256)):  # T paid both: counter-charge on L
        assert s.phase == "counter" and s.to_act == 3
        assert s.public_state()["next_charge"] == {"charger": 3, "target": 4, "cards": [card],
                                                   "min": 1, "max": limit}
        s = play(s, f"3 charge {limit}")
        assert s.pending[0] == 4 and 3 not in s.pending
        s = play(s, *(f"{seat} pay" for seat in list(s.pending)))
    assert s.round == 3 and all(len(h) == 4 for h in s.held)
    assert s.pot == sum(s.stake) == 5 * (1 + 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256)


def test_others_answer_a_charge_blind_and_stop_gives_cards_free():
    s = play(start(4), "1 vizi", "2 vizi", "3 vizi", "0 besszer 2", "1 pay", "2 pay", "3 pay",
             "3 charge 3")
    assert [len(h) for h in s.held] == [4, 2, 2, 2]
    s = play(s, "0 look")
    refuse(s, "0 look", "F-7.6", "second_look")
    refuse(s, "1 look", "F-7.6", "nothing_to_look")
    s = play(s, "0 pay", "1 fold", "2 pay")
    assert s.phase == "charge" and s.public_state()["next_charge"]["target"] == 2  # P2 folded: T is next
    assert s.public_state()["next_charge"]["cards"] == [3]
    s = play(s, "3 stop")
    assert s.round == 3 and [len(h) for h in s.held] == [4, 2, 4, 4]
    refuse(s, "0 charge 2", "F-6.6", "charge_not_now")


def test_trace_horse_patterns():
    base = play(start(2, dealer=1), "1 vizi", "0 besszer 2", "1 pay")
    assert base.public_state()["trace_horse"] == 0  # only P1 and L: P1 is the trace-horse
    # (b) card 3 charged and paid, card 4 free: no counter-charge.
    s = play(base, "1 charge 4", "0 pay", "1 stop")
    assert s.round == 3 and s.counters_made == 0 and [len(h) for h in s.held] == [4, 4]
    # T folds to the card-3 charge: out, with no card 4; L is left alone and wins.
    s = play(base, "1 charge 4", "0 fold")
    assert s.result()["winner"] == 1 and len(s.held[0]) == 3
    # (a) both paid: counter-charge, which L may answer after looking, then card 4 free.
    s = play(base, "1 charge 4", "0 pay", "1 charge 8", "0 pay")
    assert s.phase == "counter" and s.to_act == 0 and acts(s) == ["charge", "stop", "look"]
    s = play(s, "0 charge 16", "1 look", "1 pay", "0 stop")
    assert s.round == 3 and s.counters_made == 1 and [len(h) for h in s.held] == [4, 4]


# ---- round 3 --------------------------------------------------------------------------------

def round3(players=4, hands=None, options=None):
    s = start(players, hands=hands, options=options)
    return play(s, *(f"{seat} vizi" for seat in range(1, players)), "0 go_on")


def test_everyone_checks_with_the_traditional_words_and_the_pot_carries():
    s = play(start(6), "1 vizi", "2 vizi", "3 vizi", "4 vizi", "5 fold", "0 go_on")
    s = play(s, "0 check", "1 check", "2 check", "3 check", "4 check")
    words = [e["word"] for e in s.events if e["type"] == "check"]
    assert words == ["und"]
    res = s.result()
    assert res["carried"] and res["reason"] == "all_checked" and s.stake[5] == 1 and s.pot == 6
    narration = s.narrate({"type": "check", "seat": 0, "word": "fórpassz"}, "hu")
    assert "fórpassz" in narration


def test_bet_answers_and_visszahivas_only_by_the_last_caller():
    s = play(round3(), "0 look", "1 look", "2 look", "3 look", "0 check", "1 bet 2")
    assert s.to_act == 2 and acts(s) == ["pay", "fold"]
    refuse(s, "2 check", "F-7.4", "wrong_act")
    refuse(s, "2 raise 2", "F-7.4", "raise_not_allowed")
    refuse(s, "2 bet 2", "F-7.4", "wrong_act")
    s = play(s, "2 pay", "3 pay", "0 pay")
    assert s.phase == "reraise" and s.to_act == 0  # the last caller
    refuse(s, "0 raise 5", "F-3.3", "amount_over_limit")
    s = play(s, "0 raise 4", "1 pay", "2 fold", "3 pay")
    assert s.to_act == 3 and acts(s) == ["raise", "stop"]
    s = play(s, "3 stop")
    assert s.is_over and s.result()["reason"] == "showdown"
    refuse(s, "0 check", "F-8.4", "deal_over")


def test_showdown_whole_pot_best_hand_ties_to_the_dealers_right():
    hands = [["Aa", "7l", "Al", "8h"], ["Ah", "9l", "Ab", "Kl"], ["7a", "8a", "9b", "Xh"],
             ["Ka", "Kb", "Oh", "Ol"]]
    s = play(round3(hands=hands), "0 look", "1 look", "2 look", "3 look",
             "0 bet 1", "1 pay", "2 pay", "3 pay", "3 stop")
    res = s.result()
    assert [d["category"] for d in res["showdown"]] == ["two_aces", "two_aces", "two_card_ferbli", "four_suits"]
    assert [d["value"] for d in res["showdown"]] == [None, None, 15, 10]
    assert res["winner"] == 0 and res["won"] == s.pot == 8  # tie: seat 0 is nearest the dealer's right
    assert s.view(2)["hands"][1] == hands[1]  # shown hands are visible to everyone after the showdown


def test_blind_betting_compulsory_raise_and_end_of_blind_phase():
    s = round3()
    s = play(s, "0 bet 2")  # seat 0 has not looked: blind
    assert s.events[-1]["type"] == "blind_bet" and s.public_state()["blind_phase"]
    assert acts(s) == ["pay", "fold", "raise", "look"]  # a blind player may raise blind
    s = play(s, "1 raise 2")
    assert s.events[-1]["type"] == "blind_raise"
    s = play(s, "2 look")
    refuse(s, "2 raise 2", "F-7.7", "raise_not_allowed")  # a sighted player only calls
    s = play(s, "2 pay", "3 pay", "0 look", "0 pay")  # looking does not end the blind phase
    assert s.phase == "must_raise" and s.to_act == 0 and s.public_state()["blind_phase"]
    refuse(s, "0 stop", "F-7.7", "must_raise")
    refuse(s, "0 fold", "F-7.7", "must_raise")
    s = play(s, "0 raise 1")  # seat 0 has looked: a sighted raise ends the blind phase
    assert not s.public_state()["blind_phase"] and s.events[-1]["type"] == "raise"
    s = play(s, "1 pay", "2 pay", "3 pay")
    assert s.phase == "reraise" and acts(s)[:2] == ["raise", "stop"]


def test_blind_compulsory_raiser_still_blind_keeps_the_cycle():
    s = play(round3(3), "0 bet 1", "1 pay", "2 pay")
    assert s.phase == "must_raise" and s.to_act == 2
    s = play(s, "2 raise 2")  # seat 2 has not looked either: the raise is blind
    assert s.events[-1]["type"] == "blind_raise"
    s = play(s, "0 pay", "1 pay")
    assert s.phase == "must_raise" and s.to_act == 1


def test_look_is_not_a_turn():
    s = round3()
    assert s.to_act == 0
    s = play(s, "2 look")
    assert s.to_act == 0 and s.public_state()["looked"] == [False, False, True, False]
    assert s.view(2)["hands"][2] == s.held[2] and s.view(1)["hands"][1][2:] == ["??", "??"]
    assert s.view(1)["hands"][2] == ["??"] * 4


# ---- variants -----------------------------------------------------------------------------

def test_unlimited_triple_and_table_cap():
    s = play(round3(options={"limit": "unlimited"}), "0 bet 1000")
    assert s.largest == 1000
    s = round3(options={"limit": "triple"})
    assert s.legal_actions()[1] == {"seat": 0, "act": "bet", "min": 1, "max": 3}
    s = round3(options={"table_cap": 2})
    refuse(s, "0 bet 2", "F-3.1", "over_table_cap")
    s = play(s, "0 bet 1", "1 pay", "2 pay", "3 pay")  # a blind bet; stakes reach the cap of 2
    assert s.is_over and s.result()["reason"] == "showdown"  # D-F21: the compulsory raise is waived


def test_titok_preset():
    s = play(start(4, options={"ruleset": "titok"}), "1 vizi", "2 fold", "3 fold")
    assert s.is_over and s.result()["reason"] == "cukassza"  # quorum 3
    s = play(start(4, options={"ruleset": "titok"}), "1 vizi", "2 vizi", "3 fold")
    refuse(s, "0 besszer 1", "F-V12", "amount_below_vizi")
    s = play(s, "0 go_on", "0 look", "1 look", "2 look", "0 bet 2", "1 pay", "2 pay")
    assert s.phase == "reraise" and s.to_act == 2  # the last active player re-raises
    refuse(s, "2 raise 4", "F-V12", "amount_over_limit")


def test_shown_cards_after_a_besszer():
    s = play(start(3, options={"shown_cards": True}), "1 vizi", "2 vizi", "0 besszer 1",
             "1 pay", "2 pay", "2 stop")
    assert s.phase == "show" and s.to_act == 0
    s = play(s, f"0 show {s.held[0][0]}")
    refuse(s, f"0 show {s.held[0][2]}", "F-V7", "show_whole_packet")
    s = play(s, f"0 show {s.held[0][1]}", f"1 show {s.held[1][3]}", f"1 show {s.held[1][0]}")
    assert s.public_state()["looked"][1] and not s.public_state()["looked"][0]
    s = play(s, f"2 show {s.held[2][0]}", f"2 show {s.held[2][1]}")
    assert s.phase == "open" and s.view(0)["hands"][1] == [s.held[1][0], "??", "??", s.held[1][3]]


def test_malformed_records():
    record = {"game": "ferbli", "players": 4, "deals": [{"cards": {"hands": deal_hands(4)}, "dealer": 2}]}
    with pytest.raises(MalformedRecord) as exc:
        replay(record)
    assert exc.value.code == "dealer_mismatch"
    for cards in ({}, {"hands": deal_hands(4), "pack": list(PACK)}):
        with pytest.raises(MalformedRecord):
            replay({"game": "ferbli", "players": 4, "deals": [{"cards": cards}]})
    with pytest.raises(MalformedRecord):
        replay({"game": "ferbli", "players": 8, "deals": [{"cards": {"pack": list(PACK)}}]})
    with pytest.raises(MalformedRecord):
        replay({"game": "ferbli", "players": 4, "options": {"vizi": 0}, "deals": [{"cards": {"pack": list(PACK)}}]})
    with pytest.raises(MalformedRecord):
        replay({"game": "ferbli", "players": 4, "start": {"pott": 1}, "deals": [{"cards": {"pack": list(PACK)}}]})


def test_pack_is_dealt_in_packets_from_the_dealers_right():
    record = {"game": "ferbli", "players": 3, "dealer": 0, "deals": [
        {"cards": {"pack": list(PACK)}, "actions": [act("2 vizi"), act("0 fold"), act("1 besszer 2"),
                                                   act("2 pay"), act("2 charge 4")]}]}
    out = replay(record, events=True)
    state = out["deals"][0]["state"]
    assert state["bottom"] == "7b" and state["cards_held"] == [2, 3, 2]
    assert out["deals"][0]["events"][0]["text"] == "The bottom card of the pack is Seven of bells."  # names, not codes
    assert state["trace_horse"] == 1 and state["last_player"] == 2


def test_besszer_cap_in_unlimited_ferbli():
    """F-6.1 against F-3.4: by default unlimited Ferbli lifts the besszer's cap too (a besszer
    is a bet); 'double_vizi' keeps F-6.1's V to 2V, refused with F-6.1."""
    s = play(start(4, options={"limit": "unlimited"}), "1 vizi", "2 vizi", "3 vizi")
    assert s.legal_actions()[1] == {"seat": 0, "act": "besszer", "min": 1, "max": None}
    play(s, "0 besszer 9")
    fixed = play(start(4, options={"limit": "unlimited", "besszer_cap": "double_vizi"}), "1 vizi", "2 vizi", "3 vizi")
    assert fixed.legal_actions()[1] == {"seat": 0, "act": "besszer", "min": 1, "max": 2}
    refuse(fixed, "0 besszer 3", "F-6.1", "amount_over_limit")
    triple = play(start(4, options={"limit": "triple"}), "1 vizi", "2 vizi", "3 vizi")
    assert triple.legal_actions()[1]["max"] == 3


def test_call_or_drop_announced_by_the_dealer():
    """F-V6 as the source words it: in a cukassza deal the dealer *may* announce call-or-drop
    (act ``call_or_drop``) or not (``no_call_or_drop``); only then does round 1 start."""
    opts = {"call_or_drop": True, "call_or_drop_announced": True}
    s = start(5, options=opts, begin={"pot": 5})  # dealer 4, P1 0
    assert s.to_act == 4 and acts(s) == ["call_or_drop", "no_call_or_drop"]
    refuse(s, "4 vizi", "F-V6", "wrong_act")
    announced = play(s, "4 call_or_drop")
    assert announced.to_act == 4 and announced.phase == "vizi"  # clockwise from the dealer
    assert play(announced, "4 fold", "3 vizi", "2 fold", "1 fold").phase == "mehet"
    usual = play(s, "4 no_call_or_drop")
    assert usual.to_act == 1 and usual.quorum == 3  # the usual order and quorum
    assert start(5, options=opts).to_act == 1  # no carried pot: nothing to announce
    with pytest.raises(MalformedRecord):
        GAME.new_session(5, GAME.parse_options({"call_or_drop_announced": True}), 4, {})
    record = {"game": "ferbli", "players": 3, "dealer": 2, "options": opts, "start": {"pot": 3},
              "deals": [{"cards": {"hands": deal_hands(3)},
                         "actions": [act("2 call_or_drop"), act("2 vizi"), act("1 fold")]}]}
    out = replay(record, events=True)
    assert out["ok"] and any(e["type"] == "call_or_drop" for e in out["deals"][0]["events"])
