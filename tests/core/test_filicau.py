"""Filicău/Filkó rules: trumps and dealing (EX-C1, EX-C2, FK-1.2, FK-2.3), play (EX-C4,
FC-4.2–4.5), the status tables (FC-5, FK-1.3) and the choice of the slave (FK-1.4)."""

import doctest
import importlib

import pytest

from hcards_core import LANGUAGES
from hcards_core.cards import PACK
from hcards_core.errors import IllegalAction, MalformedRecord
from hcards_core.filicau import GAME, ALIASES, deal_state, results as R
from hcards_core.filicau.rules import top_trumps, order

L, M, S = "level", "master", "slave"


@pytest.mark.parametrize("name", ["rules", "results", "game", "view"])
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(f"hcards_core.filicau.{name}"))
    assert res.failed == 0 and res.attempted > 0


def hands_with(dealer_first, seat_cards=None, players=4, dealer=0):
    """Four 8-card hands: the dealer's starts with ``dealer_first``; the rest filled from the
    pack in order; ``seat_cards`` {seat: [cards first]}."""
    size = {4: 8, 5: 6, 6: 5}[players]
    pack = [c for c in PACK if players == 4 or c not in ("7b", "7l")]
    fixed = {dealer: list(dealer_first), **(seat_cards or {})}
    used = {c for cs in fixed.values() for c in cs}
    rest = iter(c for c in pack if c not in used)
    return [fixed.get(s, []) + [next(rest) for _ in range(size - len(fixed.get(s, [])))] for s in range(players)]


# ---- trumps and dealing ---------------------------------------------------------------------

def test_ex_c1_over_then_nine_of_bells_makes_bells_trumps():
    st = deal_state(hands_with(["Oh", "9b"]))
    assert st.trump == "b" and st.shown == ("Oh", "9b")
    assert st.hands()[0][:2] == ["Oh", "9b"]  # the dealer keeps both
    assert st.events[0]["type"] == "trump_shown" and st.events[0]["trump"] == "b"


def test_ex_c2_four_overs_then_seven_of_leaves():
    st = deal_state(hands_with(["Ob", "Oa", "Oh", "Ol", "7l"]))
    assert st.trump == "l" and st.shown == ("Ob", "Oa", "Oh", "Ol", "7l")


def test_romanian_pack_is_dealt_one_at_a_time_from_the_dealers_right():
    pack = list(PACK)
    pack[3], pack[7], pack[PACK.index("Oh")], pack[PACK.index("9b")] = "Oh", "9b", pack[3], pack[7]
    session = GAME.new_session(4, GAME.parse_options({}), 2, {})
    st = GAME.deal(session, {"pack": pack}, None, "deals[0]")
    hands = st.hands()
    assert hands[3] == pack[0::4] and hands[0] == pack[1::4] and hands[1] == pack[2::4]
    assert hands[2] == pack[3::4] and hands[2][:2] == ["Oh", "9b"]  # the dealer gets card 4 first
    assert st.trump == "b" and st.to_act == 3  # FC-4.1: the dealer's right leads


def _cut_pack(lifted_bottom_up, cut=10):
    """A pack whose lifted part (the first ``cut`` cards) ends with ``lifted_bottom_up`` reversed."""
    rest = [c for c in PACK if c not in lifted_bottom_up]
    lifted = rest[:cut - len(lifted_bottom_up)] + list(reversed(lifted_bottom_up))
    return lifted + rest[cut - len(lifted_bottom_up):], cut


def test_filko_trump_by_the_cut_goes_to_the_dealer():
    pack, cut = _cut_pack(["Oh", "Xa"])  # Oh shown first, then the Ten of acorns
    session = ALIASES["filko"].new_session(4, ALIASES["filko"].parse_options({}), 1, {})
    st = ALIASES["filko"].deal(session, {"pack": pack, "cut": cut}, None, "d")
    assert st.trump == "a" and st.shown == ("Oh", "Xa")
    assert {"Oh", "Xa"} <= set(st.hands()[1])
    assert st.events[0]["seat"] == 0  # the cutter, on the dealer's left, shows it
    assert [len(h) for h in st.hands()] == [8] * 4
    # packets of four: the player on the dealer's right gets the first four of the cut pack
    cut_pack = pack[cut:] + pack[:cut]
    assert st.hands()[2] == cut_pack[0:4] + cut_pack[16:20]


def test_filko_four_overs_exception_gives_the_trump_card_to_the_left():
    pack, cut = _cut_pack(["Oa", "Ol", "Oh", "Ob", "Kb"])
    filko = ALIASES["filko"]
    st = filko.deal(filko.new_session(4, filko.parse_options({}), 1, {}), {"pack": pack, "cut": cut}, None, "d")
    assert st.trump == "b"
    assert {"Oa", "Ol", "Oh", "Ob"} <= set(st.hands()[1]) and "Kb" in st.hands()[0]  # seat 0 = dealer's left


def test_six_players_two_overs_shown_split_between_dealer_and_left():
    pack = [c for c in PACK if c not in ("7b", "7l")]
    shown = ["Oa", "Ol", "9h"]
    rest = [c for c in pack if c not in shown]
    pack6 = rest[:7] + list(reversed(shown)) + rest[7:]  # cut 10: the lifted part ends 9h Ol Oa
    filko = ALIASES["filko"]
    st = filko.deal(filko.new_session(6, filko.parse_options({}), 3, {}), {"pack": pack6, "cut": 10}, None, "d")
    assert st.trump == "h" and [len(h) for h in st.hands()] == [5] * 6
    assert {"Oa", "Ol"} <= set(st.hands()[3]) and "9h" in st.hands()[2]
    assert st.to_act == 4


def test_six_player_pack_must_have_thirty_cards():
    filko = ALIASES["filko"]
    with pytest.raises(MalformedRecord) as exc:
        filko.deal(filko.new_session(6, filko.parse_options({}), 0, {}), {"pack": list(PACK), "cut": 3}, None, "d")
    assert exc.value.code == "filicau_card_not_in_pack"


# ---- card order and play ------------------------------------------------------------------------

def test_card_order_overs_then_a_x_k_u_9_8_7():
    eff, power = order("l", top_trumps(4))
    trumps = sorted((c for c in PACK if eff[c] == "l"), key=power.get, reverse=True)
    assert trumps == ["Oa", "Ol", "Oh", "Ob", "Al", "Xl", "Kl", "Ul", "9l", "8l", "7l"]
    hearts = sorted((c for c in PACK if eff[c] == "h"), key=power.get, reverse=True)
    assert hearts == ["Ah", "Xh", "Kh", "Uh", "9h", "8h", "7h"]  # FC-1.5: Oh is a trump
    eff2, power2 = order("l", top_trumps(4, "ahbl"))  # FK-V2
    assert sorted(["Ol", "Ob", "Oh", "Oa"], key=power2.get, reverse=True) == ["Oa", "Oh", "Ob", "Ol"]
    eff5, power5 = order("b", top_trumps(5, szeged=True))  # FK-V1
    assert eff5["7h"] == "b" and power5["7h"] > power5["Oa"]


def play_out(st, cards):
    for card in cards:
        st = st.apply({"seat": st.to_act, "act": "play", "card": card})
    return st


def ex_c4_state(trump_first):
    # dealer 3; seat 0 leads. Seat 1's only printed leaf is Ol.
    hands = [["Al", "Ab", "Kb", "Ub", "9b", "8b", "7b", "Aa"],
             ["Ol", "9h", "Xb", "Xa", "Ka", "Ua", "9a", "8a"],
             ["Kl", "Ul", "9l", "8l", "Xl", "Ah", "Xh", "7l"],
             [trump_first, "Oa", "Oh", "Ob", "Uh", "8h", "7h", "7a"]]
    return deal_state(hands, dealer=3)


def test_ex_c4_over_of_leaves_is_a_trump_not_a_leaf():
    st = play_out(ex_c4_state("Kh"), ["Al"])  # hearts trumps, leaves led
    assert st.trump == "h" and st.led == "l"
    assert {a["card"] for a in st.legal_actions()} == {"Ol", "9h"}
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 1, "act": "play", "card": "Xb"})
    assert (exc.value.rule, exc.value.code, exc.value.params["over"]) == ("FC-4.3", "must_trump_over", "Ol")
    texts = {lang: exc.value.message(lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == 5
    assert "Over of leaves" in texts["en"] and "zöld felső" in texts["hu"] and "treiar de verde" in texts["ro"]


def test_ex_c4_when_leaves_are_trumps_the_over_follows_suit():
    hands = ex_c4_state("Kh").hands()
    hands[3][0], hands[2][0] = hands[2][0], hands[3][0]  # the dealer's first card is now Kl
    st = play_out(deal_state(hands, dealer=3), ["Al"])
    assert st.trump == "l" and st.led == "l"
    assert [a["card"] for a in st.legal_actions()] == ["Ol"]


def test_over_played_as_its_printed_suit_is_not_following():
    hands = ex_c4_state("Kh").hands()
    hands[1][1], hands[2][1] = hands[2][1], hands[1][1]  # seat 1 now also holds Ul
    st = play_out(deal_state(hands, dealer=3), ["Al"])
    assert [a["card"] for a in st.legal_actions()] == ["Ul"]
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 1, "act": "play", "card": "Ol"})
    assert (exc.value.rule, exc.value.code) == ("FC-4.2", "must_follow_suit_over")
    assert "counts as a trump" in exc.value.message("en")
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 1, "act": "play", "card": "Xb"})
    assert (exc.value.rule, exc.value.code) == ("FC-4.2", "must_follow_suit")


def test_no_duty_to_beat_and_plain_must_trump():
    st = play_out(ex_c4_state("Kh"), ["Al", "Ol"])
    # seat 2 holds leaves: any of them, even the lowest, is legal (FC-4.4)
    assert {a["card"] for a in st.legal_actions()} == {"Kl", "Ul", "9l", "8l", "Xl", "7l"}
    st = play_out(st, ["8l"])
    # seat 3 has no leaves and holds trumps: must trump, but any trump
    assert {a["card"] for a in st.legal_actions()} == {"Kh", "Oa", "Oh", "Ob", "Uh", "8h", "7h"}
    st = play_out(st, ["7h"])
    assert st.table == () and st.turn == 1 and st.points == (0, 1)  # Ol beats 7h; Al's point to team 1


def test_trick_goes_to_highest_of_led_suit_without_trumps():
    from hcards_core.filicau.rules import trick_winner
    eff, power = order("h", top_trumps(4))
    assert trick_winner([(0, "Kb"), (1, "Ab"), (2, "Aa"), (3, "Xb")], "h", eff, power) == 1
    assert trick_winner([(2, "Kb"), (3, "Xb"), (0, "7b"), (1, "Ka")], "h", eff, power) == 3  # X above K
    assert trick_winner([(2, "Ab"), (3, "Ob"), (0, "7h"), (1, "Xb")], "h", eff, power) == 3  # Ob: a trump


def test_turn_card_and_over_errors():
    st = ex_c4_state("Kh")
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 1, "act": "play", "card": "Ol"})
    assert (exc.value.code, exc.value.rule) == ("not_your_turn", "FC-4.1")
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 0, "act": "play", "card": "Ol"})
    assert (exc.value.code, exc.value.rule) == ("card_not_in_hand", "FC-4.1")
    with pytest.raises(IllegalAction) as exc:
        st.apply({"seat": 0, "act": "choose_slave", "slave": 1})
    assert exc.value.code == "filicau_wrong_act"


def test_public_state_and_seat_view():
    st = play_out(ex_c4_state("Kh"), ["Al", "Ol"])
    pub = st.public_state()
    assert pub["trump"] == "h" and pub["led"] == "l" and pub["table"] == [[0, "Al"], [1, "Ol"]]
    assert pub["winning"] == 1 and pub["points"] == [0, 0] and pub["hand_sizes"] == [7, 7, 8, 8]
    assert pub["dealer"] == 3 and pub["status"] == [L, L]
    view = st.view(2)
    assert view["hands"][2] == st.hands()[2] and view["hands"][0] == ["??"] * 7


# ---- status tables, exhaustively ----------------------------------------------------------------

def _expand(spec):
    """'0:L 1-2:S 3-5:L 6-7:M 8:L' → {p: status}."""
    out = {}
    for part in spec.split():
        rng, st = part.split(":")
        lo, _, hi = rng.partition("-")
        for p in range(int(lo), int(hi or lo) + 1):
            out[p] = {"L": L, "M": M, "S": S}[st]
    return out


ROMANIAN = {L: "0:L 1-2:S 3-5:L 6-7:M 8:L", M: "0:L 1-2:S 3-5:M 6-7:M 8:L", S: "0:L 1-2:S 3-5:S 6-7:M 8:L"}  # FC-5.2
FILKO = {L: "0-2:S 3-5:L 6-8:M", M: "0-2:S 3-5:M 6-8:M", S: "0-2:S 3-5:S 6-8:M"}  # FK-1.3
OTHER = {L: L, M: S, S: M}


@pytest.mark.parametrize("rules,table", [("romanian", ROMANIAN), ("filko", FILKO)])
@pytest.mark.parametrize("prior", [L, M, S])
@pytest.mark.parametrize("team", [0, 1])
def test_status_table_every_prior_and_split(rules, table, prior, team):
    """Through a real deal state: team ``team`` has prior status ``prior`` and ends with p."""
    start = [None, None]
    start[team], start[1 - team] = prior, OTHER[prior]
    dealer = next(d for d in range(4) if S not in start or start[d % 2] == S)
    st = deal_state(hands_with(["Kh"], dealer=dealer), dealer=dealer, options={"rules": rules},
                    start={"status": start})
    expected = _expand(table[prior])
    for p in range(9):
        got = st._outcome_for(p if team == 0 else 8 - p)["status"]
        want = expected[p]
        assert got[team] == want, (rules, prior, p)
        assert got[1 - team] == (L if want == L else OTHER[want])
        if rules == "filko" and prior != L:
            assert L not in got  # FK-1.5: never level again


def test_romanian_next_dealer_fc_2_3():
    assert R.romanian_dealer([L, L], 3, 4) == 0
    assert R.romanian_dealer([S, M], 2, 4) == 2  # the slave dealer deals again
    assert R.romanian_dealer([M, S], 2, 4) == 3  # a master dealt: the right-hand slave


# ---- choosing the slave (FK-1.4) --------------------------------------------------------------

def test_choose_slave_only_by_the_new_masters_and_only_an_opponent():
    st = deal_state(hands_with(["Kh"], dealer=0), dealer=0, options={"rules": "filko"})
    st = st.copy()
    st.points = (6, 2)
    st._finish()
    assert st.phase == "choose" and st.result() is None and st.to_act in (0, 2)
    assert {a["slave"] for a in st.legal_actions()} == {1, 3}
    for seat, slave, code in [(1, 3, "choose_not_master"), (0, 2, "slave_not_opponent")]:
        with pytest.raises(IllegalAction) as exc:
            st.apply({"seat": seat, "act": "choose_slave", "slave": slave})
        assert (exc.value.rule, exc.value.code) == ("FK-1.4", code)
    with pytest.raises(IllegalAction):
        st.apply({"seat": 0, "act": "play", "card": "Kh"})
    done = st.apply({"seat": 2, "act": "choose_slave", "slave": 3})  # either master may name him
    assert done.result()["next_dealer"] == 3 and done.result()["slave"] == 3
    assert done.result()["status"] == [M, S]


def test_szeged_needs_five_or_six_players():
    with pytest.raises(MalformedRecord):
        deal_state(hands_with(["Kh"]), options={"top_trumps": "szeged"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_deal_scored_names_the_teams_as_the_table_labels_them(lang):
    from hcards_core.messages import team_label
    from hcards_core.play import random_deal
    from hcards_core.table import escape, render_table

    state = random_deal("filicau", 1).state  # Romanian rules: the last card scores the deal
    (event,) = [e for e in state.events if e["type"] == "deal_scored"]
    text, html = state.narrate(event, lang), render_table(state, lang=lang)
    labels = [team_label(team, lang) for team in (0, 1)]
    assert all(label in text and escape(label) in html for label in labels), (text, labels)
    assert text.index(labels[0]) < text.index(labels[1])  # points0/status0 are the table's first team
