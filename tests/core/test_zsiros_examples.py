"""The worked examples EX-Z1 … EX-Z7 of rules/zsiros.md, each replayed through ``replay``.

Seat order A, B, C, D = 0, 1, 2, 3 (A and C partners); A leads, so the dealer is seat 3
(seat 1 with two players). Whole deals are written trick by trick; ``compile_deal`` turns
that script into the explicit hands, talon and actions of a record, using only the rules'
own statements (the winner of each trick is the author's claim, which the engine must confirm).
"""

import pytest

from hcards_core.cards import PACK
from hcards_core.records import replay


def record(players, hands, actions, talon=None, dealer=None, options=None):
    used = {c for h in hands for c in h}
    if talon is None:
        talon = [c for c in PACK if c not in used]
    return {"game": "zsiros", "players": players, "dealer": (dealer if dealer is not None else players - 1),
            "options": options or {}, "deals": [{"cards": {"hands": hands, "talon": talon}, "actions": actions}]}


def plays(leader, players, *cards):
    return [{"seat": (leader + k) % players, "act": "play", "card": c} for k, c in enumerate(cards)]


def compile_deal(players, tricks, leader=0):
    """A whole deal from a script: ``tricks`` = [(rounds, winner)], each round the cards in play
    order from the trick's leader. The leader stops when an opponent wins with cards left
    (Z-4.3); everyone draws back to 4, winner first, a short talon split equally (Z-5)."""
    seqs = [[] for _ in range(players)]
    actions, draws = [], []
    sizes, talon = [4] * players, 32 - 4 * players
    for rounds, winner in tricks:
        for rnd in rounds:
            cards = rnd.split()
            assert len(cards) == players
            actions += plays(leader, players, *cards)
            for k, c in enumerate(cards):
                seqs[(leader + k) % players].append(c)
            sizes = [s - 1 for s in sizes]
        if winner % 2 != leader % 2 and sizes[leader]:
            actions.append({"seat": leader, "act": "stop"})
        if talon:
            need = 4 - sizes[winner]
            need = need if need * players <= talon else talon // players
            draws.append(([(winner + k) % players for k in range(players)], need))
            talon -= need * players
            sizes = [s + need for s in sizes]
        leader = winner
    assert sorted(c for s in seqs for c in s) == sorted(PACK), "the script must use all 32 cards once"
    hands = [s[:4] for s in seqs]
    taken = [4] * players
    talon_cards = []
    for order, need in draws:
        for seat in order:
            talon_cards += seqs[seat][taken[seat]:taken[seat] + need]
            taken[seat] += need
    return hands, talon_cards, actions


def run(rec):
    out = replay(rec, events=True)
    deal = out["deals"][-1]
    return out, deal, [e for e in deal["events"] if e["type"] == "trick_won"]


# ---- EX-Z1 … EX-Z3, EX-Z5: who is winning, and what the leader may do -------------------------

def test_ex_z1_last_hit_wins_and_leader_may_continue_with_a_nine_or_seven():
    hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
    out, deal, _ = run(record(4, hands, plays(0, 4, "9a", "9l", "Ka", "Al")))
    assert out["ok"] and deal["result"] is None
    st = deal["state"]
    assert st["winner"] == 1 and st["led_rank"] == "9" and st["may_continue"] and st["phase"] == "decide"
    assert deal["to_act"] == 0
    assert deal["legal"] == [{"seat": 0, "act": "stop"}, {"seat": 0, "act": "play", "card": "7a"}]


def test_ex_z1_without_a_nine_or_seven_the_leader_still_has_a_turn_but_only_stop():
    hands = [["9a", "Aa", "Oa", "Ob"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
    out, deal, _ = run(record(4, hands, plays(0, 4, "9a", "9l", "Ka", "Al")))
    assert deal["to_act"] == 0 and deal["legal"] == [{"seat": 0, "act": "stop"}]
    assert deal["state"]["may_continue"] is True  # public: the leader's hand stays hidden
    bad = run(record(4, hands, plays(0, 4, "9a", "9l", "Ka", "Al") + [{"seat": 0, "act": "play", "card": "Oa"}]))[0]
    assert bad["error"]["rule"] == "Z-4.4" and bad["error"]["code"] == "no_hitting_card"


def test_ex_z1_two_players_the_opponents_nine_wins():
    hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"]]
    out, deal, _ = run(record(2, hands, plays(0, 2, "9a", "9l")))
    assert deal["state"]["winner"] == 1 and deal["to_act"] == 0 and deal["state"]["round"] == 1
    assert {a.get("card") for a in deal["legal"]} == {None, "7a"}


def test_ex_z2_partner_wins_with_a_seven_and_the_trick_ends():
    hands = [["Xa", "Aa", "Oa", "7b"], ["Xl", "Al", "Ol", "Ul"], ["7a", "Kl", "8a", "8l"], ["9a", "Ah", "Uh", "8h"]]
    actions = plays(0, 4, "Xa", "Xl", "7a", "9a")
    out, deal, tricks = run(record(4, hands, actions))
    assert [(t["seat"], t["team"], t["count"], t["points"]) for t in tricks] == [(2, 0, 4, 20)]
    assert deal["to_act"] == 2 and deal["state"]["phase"] == "lead" and deal["state"]["leader"] == 2
    draws = [e["seat"] for e in deal["events"] if e["type"] == "draw"]
    assert draws == [2, 3, 0, 1]  # the winner draws first (Z-4.6)
    for attempt in ({"seat": 0, "act": "play", "card": "7b"}, {"seat": 0, "act": "stop"}):
        err = run(record(4, hands, actions + [attempt]))[0]["error"]
        assert (err["rule"], err["code"]) == ("Z-4.2", "own_side_winning")
    err = run(record(4, hands, actions + [{"seat": 2, "act": "stop"}]))[0]["error"]
    assert (err["rule"], err["code"]) == ("Z-4.1", "nothing_to_stop")


def test_ex_z3_opponent_ten_after_partner_seven_wins_and_leader_may_continue():
    hands = [["Xa", "Xb", "7l", "Ob"], ["Xl", "Al", "Ol", "Ul"], ["7a", "Kl", "8a", "8l"], ["Xh", "Ah", "Uh", "8h"]]
    actions = plays(0, 4, "Xa", "Xl", "7a", "Xh")
    out, deal, _ = run(record(4, hands, actions))
    assert deal["state"]["winner"] == 3 and deal["to_act"] == 0
    assert {a.get("card") for a in deal["legal"]} == {None, "Xb", "7l"}
    err = run(record(4, hands, actions + [{"seat": 0, "act": "play", "card": "Ob"}]))[0]["error"]
    assert (err["rule"], err["code"]) == ("Z-4.3", "continue_needs_hit")
    out, deal, _ = run(record(4, hands, actions + [{"seat": 0, "act": "play", "card": "Xb"}]))
    assert deal["state"]["round"] == 2 and deal["state"]["winner"] == 0 and deal["to_act"] == 1


def test_ex_z5_a_led_seven_is_hit_only_by_sevens():
    hands = [["7a", "7b", "Ab", "Ob"], ["Aa", "Al", "Ol", "Ul"], ["7l", "Kl", "8a", "8l"], ["7h", "Ah", "Uh", "8h"]]
    out, deal, _ = run(record(4, hands, plays(0, 4, "7a", "Aa")))
    assert deal["state"]["winner"] == 0  # an Ace does not hit a led VII
    actions = plays(0, 4, "7a", "Aa", "7l", "7h")
    out, deal, _ = run(record(4, hands, actions))
    assert deal["state"]["winner"] == 3 and deal["state"]["led_rank"] == "7"
    assert deal["legal"] == [{"seat": 0, "act": "stop"}, {"seat": 0, "act": "play", "card": "7b"}]
    err = run(record(4, hands, actions + [{"seat": 0, "act": "play", "card": "Ab"}]))[0]["error"]
    assert (err["rule"], err["code"]) == ("Z-4.3", "continue_needs_hit")


# ---- EX-Z4: the multiple trick ----------------------------------------------------------------

EX_Z4 = [["Aa", "Ah", "Oa", "7a"], ["Xa", "Xl", "9a", "7l"], ["Ka", "Kl", "8a", "7h"], ["Al", "Ol", "Ul", "7b"]]
EX_Z4_ROUNDS = [("Aa", "Xa", "8a", "7b"), ("Ah", "7l", "7h", "Al"), ("7a", "9a", "Ka", "Ul")]


def test_ex_z4_three_round_trick_goes_to_the_leader_with_all_twelve_cards():
    actions = [a for rnd in EX_Z4_ROUNDS for a in plays(0, 4, *rnd)]
    out, deal, tricks = run(record(4, EX_Z4, actions))
    assert out["ok"]
    decides = [e for e in deal["events"] if e["type"] == "decide"]
    assert [(e["round"], e["winner"], e["action"]) for e in decides] == [(1, 3, 3), (2, 3, 7)]
    assert [e["type"] for e in deal["events"] if e["action"] in (4, 8)] == ["continue", "continue"]
    assert [(t["seat"], t["count"], t["points"], t["rounds"]) for t in tricks] == [(0, 12, 40, 3)]
    st = deal["state"]
    assert sorted(st["won"][0]) == sorted(c for rnd in EX_Z4_ROUNDS for c in rnd) and st["won"][1] == []
    assert st["points"] == [40, 0] and st["tricks"] == [1, 0]
    draws = [(e["seat"], e["count"]) for e in deal["events"] if e["type"] == "draw"]
    assert draws == [(0, 3), (1, 3), (2, 3), (3, 3)] and st["talon"] == 4
    assert deal["to_act"] == 0 and st["hand_sizes"] == [4, 4, 4, 4]


def test_ex_z4_letting_go_after_round_one_gives_d_the_four_cards():
    actions = plays(0, 4, *EX_Z4_ROUNDS[0]) + [{"seat": 0, "act": "stop"}]
    out, deal, tricks = run(record(4, EX_Z4, actions))
    assert [(t["seat"], t["count"], t["points"]) for t in tricks] == [(3, 4, 20)]
    assert deal["to_act"] == 3


def test_ex_z4_variation_an_ace_in_round_three_and_the_leader_cannot_start_round_four():
    hands = [h[:] for h in EX_Z4]
    hands[1][2] = "Ab"  # B holds the fourth Ace instead of the IX
    rounds = EX_Z4_ROUNDS[:2] + [("7a", "Ab", "Ka", "Ul")]
    actions = [a for rnd in rounds for a in plays(0, 4, *rnd)]
    out, deal, _ = run(record(4, hands, actions))
    assert deal["state"]["winner"] == 1 and deal["state"]["round"] == 3
    assert deal["to_act"] == 0 and deal["legal"] == [{"seat": 0, "act": "stop"}]  # A holds only the O
    err = run(record(4, hands, actions + [{"seat": 0, "act": "play", "card": "Oa"}]))[0]["error"]
    assert (err["rule"], err["code"]) == ("Z-4.4", "no_hitting_card")
    out, deal, tricks = run(record(4, hands, actions + [{"seat": 0, "act": "stop"}]))
    assert [(t["seat"], t["count"], t["points"]) for t in tricks] == [(1, 12, 50)]


# ---- EX-Z6: scoring ----------------------------------------------------------------------------

CASE_50_30 = [  # A/C take 50: Aa Ab, Ah, Xb Xh; B/D take 30: Xa Xl, Al
    (["Aa Ka Ab Kl"], 2), (["Xa Xl Oa Ol"], 3), (["Al 9a 9l Kh"], 3), (["Ua Ah Ub 7a"], 2),
    (["Xb 8a Xh 9h"], 0), (["7l Kb Oh Ob"], 0), (["7h Ul Uh 8l"], 0), (["7b 8h 8b 9b"], 0)]
CASE_40_40 = [  # 40–40; D's VII takes the last trick with the Xh in it
    (["Aa Ka Ab Kl"], 2), (["Xa Xl Oa Ol"], 3), (["Al 9a 9l Kh"], 3), (["Ua Ah Ub 7a"], 2),
    (["Xb 8a 9h Kb"], 2), (["7l Oh Ob Ul"], 2), (["7h Uh 8l 8h"], 2), (["8b 7b 9b Xh"], 3)]
CASE_KOPASZ = [  # A/C win a pointless first trick, B/D everything else
    (["Ka Oa Ol Ua"], 0), (["Kl Kh Ub Uh"], 1), (["7a Kb Oh Ob"], 1), (["7l Ul 9a 9l"], 1),
    (["7h 9h 9b 8a"], 1), (["7b 8l 8h 8b"], 1), (["Aa Xa Xl Xh"], 1), (["Al Ah Ab Xb"], 3)]
CASE_CSUPASZ = [  # B/D win every trick
    (["Ka Kl Oa Ol"], 1), (["7a Ua Ul Uh"], 1), (["7l Ub 9a 9l"], 1), (["7h 9h 9b 8a"], 1),
    (["7b 8l 8h 8b"], 1), (["Aa Kh Kb Oh"], 1), (["Al Ob Xa Xl"], 1), (["Ah Xh Ab Xb"], 3)]


@pytest.mark.parametrize("script,points,tricks,last,winner,game_points,label", [
    (CASE_50_30, [50, 30], [6, 2], 0, 0, 1, None),
    (CASE_40_40, [40, 40], [5, 3], 1, 1, 1, None),
    (CASE_KOPASZ, [0, 80], [1, 7], 1, 1, 2, "kopasz"),
    (CASE_CSUPASZ, [0, 80], [0, 8], 1, 1, 3, "csupasz"),
], ids=["50-30", "40-40-last-trick", "kopasz", "csupasz"])
def test_ex_z6_scoring(script, points, tricks, last, winner, game_points, label):
    hands, talon, actions = compile_deal(4, script)
    rec = record(4, hands, actions, talon=talon)
    out, deal, won = run(rec)
    assert out["ok"], out["error"]
    assert [t["seat"] for t in won] == [w for _, w in script]
    assert deal["result"] == {"card_points": points, "tricks": tricks, "last_trick": last,
                              "winner": winner, "game_points": game_points}
    assert out["session"] == {"score": [game_points * (winner == 0), game_points * (winner == 1)],
                              "winner": None, "dealer": 0}
    labels = [e for e in deal["events"] if e["type"] in ("kopasz", "csupasz")]
    assert [e["type"] for e in labels] == ([label] if label else [])
    if label:
        assert labels[0]["seats"] == [0, 2]


def test_ex_z6_40_40_goes_to_the_last_trick_either_way():
    from hcards_core.zsiros import score_hand
    assert score_hand([40, 40], [5, 3], last_trick=0)["winner"] == 0
    assert score_hand([40, 40], [5, 3], last_trick=1)["winner"] == 1


# ---- EX-Z7: the talon split --------------------------------------------------------------------

def test_ex_z7_four_players_talon_of_four_after_a_two_round_trick():
    script = [(["Aa Ka Oa Ua"], 0), (["Al Kl Ol Ul"], 0), (["Ah Kh Oh Uh"], 0),
              (["Xa Xl 9a 9l", "7a 8a 8l 9h"], 0),
              (["Ab Kb Ob Ub"], 0), (["Xh 9b 8h 8b"], 0), (["Xb 7l 7h 7b"], 3)]
    hands, talon, actions = compile_deal(4, script)
    cut = 3 * 4 + 2 * 4  # three one-round tricks, then the two-round trick
    out, deal, won = run(record(4, hands, actions[:cut], talon=talon))
    assert [(t["seat"], t["rounds"]) for t in won][-1] == (0, 2)
    after = [e for e in deal["events"] if e["action"] == cut - 1]
    assert [e["type"] for e in after if e["type"] == "talon_split"] == ["talon_split"]
    assert [(e["seat"], e["count"]) for e in after if e["type"] == "draw"] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert deal["state"]["talon"] == 0 and deal["state"]["hand_sizes"] == [3, 3, 3, 3]
    out, deal, won = run(record(4, hands, actions, talon=talon))
    assert out["ok"] and deal["result"]["tricks"] == [6, 1] and deal["result"]["last_trick"] == 1


def test_ex_z7_two_players_talon_of_six_after_a_four_round_trick():
    singles = ["Aa Ka", "Al Kl", "Ah Kh", "Ab Kb", "Oa Ua", "Ol Ul", "Oh Uh", "Ob Ub", "9a 8a"]
    script = [([s], 0) for s in singles] + [(["Xa Xl", "Xh 7a", "7l 7h", "7b 9l"], 0)] + \
             [([s], 0) for s in ["9h 8l", "9b 8h", "Xb 8b"]]
    hands, talon, actions = compile_deal(2, script)
    cut = 2 * 9 + 8
    out, deal, won = run(record(2, hands, actions[:cut], talon=talon, dealer=1))
    assert out["ok"] and [e["round"] for e in deal["events"] if e["type"] == "decide"] == [1, 2, 3]
    assert (won[-1]["seat"], won[-1]["rounds"], won[-1]["count"]) == (0, 4, 8)
    after = [e for e in deal["events"] if e["action"] == cut - 1]
    assert [(e["seat"], e["count"]) for e in after if e["type"] == "draw"] == [(0, 3), (1, 3)]
    assert deal["state"]["talon"] == 0 and deal["state"]["hand_sizes"] == [3, 3]
    out, deal, won = run(record(2, hands, actions, talon=talon, dealer=1))
    assert out["ok"] and deal["result"]["game_points"] == 3  # seat 1 took no trick: csupasz
