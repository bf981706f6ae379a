"""Zsíros: whole deals, sessions, calls, illegal actions, malformed records and properties
over random legal play (cards conserved, 80 points, equal hands, the leader's turn rule)."""

import io
import json
import random
import re
from contextlib import redirect_stderr, redirect_stdout
from functools import partial

import pytest
from hypothesis import given, settings, strategies as st

from hcards_core.cards import PACK, shuffled_pack
from hcards_core.cli import main
from hcards_core.errors import IllegalAction
from hcards_core.messages import catalog, render
from hcards_core.records import replay
from hcards_core.play import random_deal, random_play
from hcards_core.zsiros import GAME, OPTIONS, ZsirosState, deal_pack, new_deal, random_session

LANGS = ("en", "hu", "ro", "fa", "ja")


def deal_record(seed, players=4, dealer=0, **how):
    """The record of one random deal; ``how`` goes to ``GAME.random_action`` (e.g. ``call_rate``)."""
    return random_deal("zsiros", seed, players, dealer=dealer, pick=partial(GAME.random_action, **how)).record


def cli(tmp_path, rec):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec) if not isinstance(rec, str) else rec, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["replay", str(path)])
    return status, out.getvalue(), err.getvalue()


def all_cards(s: ZsirosState):
    return [c for h in s.hands() for c in h] + s.talon + s.won[0] + s.won[1] + [c for r in s.rounds for c in r]


def points(cards):
    return sum(10 for c in cards if c[0] in "AX")


# ---- dealing and whole deals -----------------------------------------------------------------

def test_pack_is_dealt_one_card_at_a_time_from_the_dealers_right():
    pack = shuffled_pack(11)
    hands, talon = deal_pack(pack, 4, dealer=2)
    assert hands[3] == [pack[0], pack[4], pack[8], pack[12]] and hands[2] == [pack[3], pack[7], pack[11], pack[15]]
    assert talon == pack[16:]
    s = new_deal(2, dealer=0, pack=pack)
    assert s.hands()[1] == pack[0:8:2] and s.to_act == 1 and len(s.talon) == 24


@pytest.mark.parametrize("players,seed", [(2, 7), (4, 7)])
def test_whole_deal_from_a_seeded_pack(players, seed):
    rec = deal_record(seed, players, dealer=1)
    out = replay(rec, events=True)
    assert out["ok"] and out["error"] is None
    deal = out["deals"][0]
    tricks = [e for e in deal["events"] if e["type"] == "trick_won"]
    won = [[c for t in tricks if t["team"] == team for c in t["cards"]] for team in (0, 1)]
    assert sorted(won[0] + won[1]) == sorted(PACK)
    res = deal["result"]
    assert res["card_points"] == [points(won[0]), points(won[1])]
    assert res["tricks"] == [sum(t["team"] == k for t in tricks) for k in (0, 1)]
    assert res["last_trick"] == tricks[-1]["team"]
    assert deal["events"][0] == {"action": None, "type": "dealt", "dealer": 1, "leader": 2 % players,
                                 "talon": 32 - 4 * players, "text": deal["events"][0]["text"]}
    plays = [e for e in deal["events"] if e["type"] in ("lead", "play", "hit", "continue")]
    assert sorted(e["card"] for e in plays) == sorted(PACK)
    assert out["session"]["dealer"] == (1 + 1) % players
    hand_won = [e for e in deal["events"] if e["type"] == "hand_won"]
    assert len(hand_won) == 1 and hand_won[0]["team"] == res["winner"]


def test_dealer_leads_variant_and_default_leader():
    assert new_deal(4, dealer=2).to_act == 3
    assert new_deal(4, dealer=2, options={"dealer_leads": True}).to_act == 2
    assert new_deal(2, dealer=1, options={"dealer_leads": True}).to_act == 1


def test_options_are_documented_with_defaults_and_clauses():
    assert {k: o.default for k, o in OPTIONS.items()} == {"target": 5, "last_seven_loses": False,
                                                        "last_seven_points": "plain",
                                                        "dealer_leads": False, "ping_pong": False}
    assert all(o.rule.startswith("Z-V") and o.doc for o in OPTIONS.values())


def test_last_seven_loses_house_rule():
    found = 0
    for seed in range(400):
        rec = deal_record(seed, 4, call_rate=0)
        last = rec["deals"][0]["actions"][-1]
        if last["act"] != "play" or last["card"][0] != "7":
            continue
        plain = replay(rec)["deals"][0]["result"]
        rec["options"] = {"last_seven_loses": True}
        house = replay(rec, events=True)["deals"][0]
        assert house["result"]["winner"] == 1 - last["seat"] % 2
        assert house["result"]["card_points"] == plain["card_points"]
        assert any(e["type"] == "last_seven" for e in house["events"])
        found += 1
        if found == 3:
            break
    assert found == 3


# ---- sessions ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players,target,start", [(4, 5, {}), (2, 10, {}), (4, 5, {"score": [3, 4]}), (2, 1, {})])
def test_session_reaches_the_target(players, target, start, tmp_path):
    rec = random_session(f"s{players}{target}", players, dealer=1, options={"target": target}, start=start)
    out = replay(rec)
    assert out["ok"]
    score = list(start.get("score", [0, 0]))
    for deal in out["deals"]:
        assert max(score) < target  # the game was still on
        score[deal["result"]["winner"]] += deal["result"]["game_points"]
    winner = out["session"]["winner"]
    assert out["session"]["score"] == score and score[winner] >= target > score[1 - winner]
    assert out["session"]["dealer"] == (1 + len(rec["deals"])) % players
    if target == 1:
        assert len(rec["deals"]) == 1
    # a further deal after the game is won is malformed
    rec["deals"].append(deal_record("extra", players, out["session"]["dealer"])["deals"][0])
    status, stdout, err = cli(tmp_path, rec)
    assert status == 2 and "already won" in err


def test_dealer_rotates_and_a_stated_dealer_is_checked(tmp_path):
    d0 = deal_record(1, 4, dealer=3)["deals"][0]
    d1 = deal_record(2, 4, dealer=0)["deals"][0]
    rec = {"game": "zsiros", "players": 4, "dealer": 3, "deals": [d0, dict(d1, dealer=0)]}
    out = replay(rec)
    assert out["ok"] and out["session"]["dealer"] == 1
    rec["deals"][1]["dealer"] = 2
    status, _, err = cli(tmp_path, rec)
    assert status == 2 and "seat A deals this deal, not seat C" in err


# ---- calls -------------------------------------------------------------------------------------

def test_calls_are_events_never_binding_and_once_per_turn():
    s = new_deal(4, dealer=3, pack=shuffled_pack(3))
    before = s.legal_actions()
    s2 = s.apply({"seat": 2, "act": "call", "call": "no_hit"})
    assert s2.to_act == 0 and s2.legal_actions() == before and s2.hands() == s.hands()
    assert s2.events == [{"type": "call", "seat": 2, "partner": 0, "call": "no_hit"}]
    assert "Ne üss!" in s2.narrate(s2.events[0], "hu")
    for bad, code in [({"seat": 2, "act": "call", "call": "hit"}, "call_already_made"),
                      ({"seat": 1, "act": "call", "call": "hit"}, "call_not_partner_turn"),
                      ({"seat": 0, "act": "call", "call": "hit"}, "call_not_partner_turn")]:
        with pytest.raises(IllegalAction) as exc:
            (s2 if code == "call_already_made" else s).apply(bad)
        assert (exc.value.rule, exc.value.code) == ("Z-6.3", code)
    s3 = s2.apply(s2.legal_actions()[0])
    assert s3.legal_calls() and s3.apply({"seat": 3, "act": "call", "call": "grease"}).events[0]["partner"] == 1


def test_the_leaders_partner_may_call_during_the_decision():
    hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
    s = new_deal(4, 3, hands=hands, talon=[c for c in PACK if not any(c in h for h in hands)])
    for card in ["9a", "9l", "Ka", "Al"]:
        s = s.apply({"seat": s.to_act, "act": "play", "card": card})
    assert s.phase == "decide" and s.apply({"seat": 2, "act": "call", "call": "hit"}).to_act == 0


def test_no_calls_in_the_two_player_game(tmp_path):
    s = new_deal(2, 1)
    with pytest.raises(IllegalAction) as exc:
        s.apply({"seat": 1, "act": "call", "call": "hit"})
    assert exc.value.rule == "Z-6.1" and s.legal_calls() == []
    rec = deal_record(4, 2)
    rec["deals"][0]["actions"].insert(0, {"seat": 1, "act": "call", "call": "hit"})
    status, out, err = cli(tmp_path, rec)
    data = json.loads(out)  # a rules question, not malformed input: illegal, exit 1
    assert status == 1 and data["error"]["rule"] == "Z-6.1" and data["error"]["code"] == "no_calls_two_players"
    assert data["error"]["action"] == 0


# ---- illegal actions ---------------------------------------------------------------------------

def test_illegal_actions_cite_clauses_and_exit_1(tmp_path):
    rec = deal_record(5, 4)
    acts = rec["deals"][0]["actions"]
    first = next(a for a in acts if a["act"] == "play")
    wrong_seat = dict(first, seat=(first["seat"] + 1) % 4)
    rec["deals"][0]["actions"] = [wrong_seat]
    status, out, _ = cli(tmp_path, rec)
    data = json.loads(out)
    assert status == 1 and data["error"]["rule"] == "Z-3.1" and data["error"]["code"] == "not_your_turn"
    assert data["deals"][0]["to_act"] == first["seat"]
    hand = new_deal(4, 0, pack=rec["deals"][0]["cards"]["pack"]).hands()[first["seat"]]
    missing = next(c for c in PACK if c not in hand)
    rec["deals"][0]["actions"] = [{"seat": first["seat"], "act": "play", "card": missing}]
    data = json.loads(cli(tmp_path, rec)[1])
    assert (data["error"]["rule"], data["error"]["code"]) == ("Z-3.1", "card_not_in_hand")
    rec["deals"][0]["actions"] = acts + [acts[-1]]
    status, out, _ = cli(tmp_path, rec)
    data = json.loads(out)
    assert status == 1 and data["error"]["code"] == "deal_over" and data["error"]["rule"] == "Z-5.4"
    assert data["error"]["action"] == len(acts) and data["deals"][0]["result"] is None


ERRORS = {  # every error code the game raises, with the parameters it raises it with
    "own_side_winning": {"seat": 0}, "no_calls_two_players": {"seat": 1},
    "call_not_partner_turn": {"seat": 1, "to_act": 0}, "call_already_made": {"seat": 2, "to_act": 0},
    "continue_needs_hit": {"seat": 0, "card": "Ob", "rank": "X"}, "no_hitting_card": {"seat": 0, "rank": "9"},
    "nothing_to_stop": {"seat": 2}, "game_over": {"team": 1, "score": [2, 5]},
    "dealer_mismatch": {"dealer": 0, "seat": 2}, "bad_cards": {"keys": ["hands"]},
    "not_your_turn": {"seat": 1, "to_act": 0}, "deal_over": {}, "card_not_in_hand": {"seat": 0, "card": "Aa"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_in_every_language(lang):
    for code, params in ERRORS.items():
        text = render(f"error.{code}", lang, **params)
        assert text != f"error.{code}" and not re.search(r"\{\w+\}", text), (lang, code)
    keys = [k for k in catalog("en") if k.startswith("event.zsiros.")]
    assert len(keys) >= 19
    for key in keys:
        assert key in catalog(lang)
        assert set(re.findall(r"\{(\w+)\}", catalog(lang)[key])) == set(re.findall(r"\{(\w+)\}", catalog("en")[key]))
    if lang != "en":
        assert all(catalog(lang)[f"error.{c}"] != catalog("en")[f"error.{c}"] for c in ERRORS)


def test_every_event_of_random_play_is_narrated_in_every_language():
    seen = set()
    for seed in range(40):
        for players in (2, 4):
            out = replay(deal_record(seed, players, call_rate=0.3), events=True)
            for e in out["deals"][0]["events"]:
                seen.add(e["type"])
                assert not e["text"].startswith("event.") and "{" not in e["text"]
    assert {"dealt", "lead", "play", "hit", "continue", "decide", "stop", "trick_won", "draw",
            "talon_split", "talon_empty", "call", "hand_won"} <= seen
    s = new_deal(4, 0, pack=shuffled_pack(1))
    for lang in LANGS:
        for e in [{"type": t, "seat": 1, "partner": 3, "card": "Xh", "seats": [0, 2], "points": 50, "other": 30,
                   "game_points": 1, "team": 0} for t in ("hand_won", "kopasz", "csupasz", "last_seven")] + \
                 [{"type": "call", "seat": 1, "partner": 3, "call": c} for c in ("hit", "no_hit", "grease", "no_grease")]:
            text = s.narrate(e, lang)
            assert not text.startswith("event.") and "{" not in text


# ---- malformed records -------------------------------------------------------------------------

def base_record():
    return deal_record(9, 4)


def explicit_record():
    hands, talon = deal_pack(shuffled_pack(9), 4, 0)
    return {"game": "zsiros", "players": 4, "dealer": 0, "deals": [{"cards": {"hands": hands, "talon": talon}}]}


def mutate(fn):
    rec = explicit_record()
    fn(rec)
    return rec


@pytest.mark.parametrize("rec,needle", [
    (mutate(lambda r: r["deals"][0]["cards"]["hands"][1].pop()), "must have 4 cards"),
    (mutate(lambda r: r["deals"][0]["cards"]["talon"].__setitem__(0, r["deals"][0]["cards"]["hands"][2][0])),
     "more than once"),
    (mutate(lambda r: r["deals"][0]["cards"]["talon"].pop()), "must have 16 cards"),
    (mutate(lambda r: r.__setitem__("options", {"trump": True})), "not an option"),
    (mutate(lambda r: r.__setitem__("options", {"target": 7})), "cannot be 7"),
    (mutate(lambda r: r["deals"][0].__setitem__("actions", [{"seat": 1, "act": "pass"}])), "not an action"),
    (mutate(lambda r: r["deals"][0].__setitem__("actions", [{"seat": 3, "act": "call", "call": "zsír"}])),
     "hit, no_hit"),
    (mutate(lambda r: r["deals"][0]["cards"].__setitem__("pack", list(PACK))), "either a 'pack'"),
    (mutate(lambda r: r.__setitem__("start", {"score": [5, 6]})), "at most one side"),
    (mutate(lambda r: r.__setitem__("start", {"pot": 3})), "Unknown field"),
    (mutate(lambda r: r.__setitem__("players", 3)), "cannot be played by 3"),
    (mutate(lambda r: r["deals"][0]["cards"]["hands"][0].__setitem__(0, "Zz")), "not a card"),
], ids=["hand-size", "duplicate-hand-talon", "talon-size", "unknown-option", "bad-target", "unknown-act",
        "bad-call", "pack-and-hands", "start-both-won", "start-unknown", "three-players", "unknown-card"])
def test_malformed_records_exit_2(rec, needle, tmp_path):
    status, out, err = cli(tmp_path, rec)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert needle in err


def test_a_record_starting_after_the_game_is_won_is_malformed(tmp_path):
    rec = base_record()
    rec["start"] = {"score": [1, 5]}
    status, _, err = cli(tmp_path, rec)
    assert status == 2 and "side 1" in err


# ---- properties over random legal play ---------------------------------------------------------

def illegal_candidates(s: ZsirosState, rng: random.Random):
    """Actions the rules forbid in ``s`` (each raises IllegalAction)."""
    n, seat = s.players, s.to_act
    hand = s.hands()[seat]
    other = (seat + 1) % n
    out = [{"seat": other, "act": "play", "card": (s.hands()[other] or hand)[0]}, {"seat": other, "act": "stop"}]
    out.append({"seat": seat, "act": "play", "card": rng.choice([c for c in PACK if c not in hand])})
    if s.phase != "decide":
        out.append({"seat": seat, "act": "stop"})
    else:
        out += [{"seat": seat, "act": "play", "card": c} for c in hand if c[0] not in (s.led, "7")]
    if n == 4:
        out.append({"seat": (seat + 1) % 4, "act": "call", "call": "hit"})
    else:
        out.append({"seat": 1 - seat, "act": "call", "call": "hit"})
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 4]), dealer=st.integers(0, 3))
def test_random_play_properties(seed, players, dealer):
    dealer %= players
    rng = random.Random(seed)
    s = new_deal(players, dealer, pack=shuffled_pack(seed))
    n = players
    before = s
    for action, played in random_play(s, rng, partial(GAME.random_action, call_rate=0.2)):
        # every card accounted for, hands the same size at every trick boundary and decision
        assert sorted(all_cards(before)) == sorted(PACK)
        sizes = [len(h) for h in before.hands()]
        if before.phase in ("lead", "decide"):
            assert len(set(sizes)) == 1
        else:
            assert max(sizes) - min(sizes) <= 1
        assert action in before.legal_actions() + before.legal_calls()
        # an illegal action is refused and changes nothing; a legal one changes only the copy
        snapshot = json.dumps(before.to_json(), sort_keys=True)
        bad = rng.choice(illegal_candidates(before, rng))
        with pytest.raises(IllegalAction):
            before.apply(bad)
        assert json.dumps(before.to_json(), sort_keys=True) == snapshot
        after = before.apply(action)
        assert json.dumps(before.to_json(), sort_keys=True) == snapshot
        assert after.to_json() == played.to_json()
        assert ZsirosState.from_json(json.loads(json.dumps(after.to_json()))).to_json() == after.to_json()
        # the leader's turn rule (Z-4.1 … Z-4.5)
        ps = before.public_state()
        if action["act"] == "play" and ps["phase"] == "play" and len(ps["rounds"][-1]) == n - 1:
            winner = action["seat"] if action["card"][0] in (before.led, "7") else before.winner
            leader = before.leader
            if winner % 2 != leader % 2 and before.hands()[leader]:
                assert after.to_act == leader and after.phase == "decide" and after.public_state()["may_continue"]
                assert {"seat": leader, "act": "stop"} in after.legal_actions()
            else:
                assert after.leader == winner and after.phase in ("lead", "over")
                assert after.to_act in (winner, None)
        before = after
    final = after
    assert final.to_act is None and final.legal_actions() == []
    res = final.result()
    assert sum(res["card_points"]) == 80 and sorted(final.won[0] + final.won[1]) == sorted(PACK)
    session = GAME.new_session(n, GAME.parse_options({}), dealer, {"score": [1, 2]})
    settled = GAME.settle(session, final)
    gained = [settled.score[k] - session.score[k] for k in (0, 1)]
    assert gained[res["winner"]] == res["game_points"] and gained[1 - res["winner"]] == 0
    assert settled.dealer == (dealer + 1) % n


def test_seat_view_masks_other_hands_and_public_state_fields():
    s = new_deal(4, 3, pack=shuffled_pack(21))
    s = s.apply({"seat": 0, "act": "play", "card": s.hands()[0][0]})
    view = s.view(2)
    assert view["hands"][2] == s.hands()[2] and view["hands"][0] == ["??"] * 3 and view["hands"][1] == ["??"] * 4
    ps = s.public_state()
    assert ps["rounds"] == [[{"seat": 0, "card": s.events[0]["card"]}]] and ps["led_rank"] == s.events[0]["card"][0]
    assert (ps["to_act"], ps["round"], ps["winner"], ps["talon"], ps["hand_sizes"]) == (1, 1, 0, 16, [3, 4, 4, 4])
    assert ps["won"] == [[], []] and ps["points"] == [0, 0] and ps["may_continue"] is False


def test_only_the_leader_takes_the_continue_or_stop_decision():
    """Z-4.3: at the end of a round with an opponent winning, the leader's partner (or an
    opponent) who tries to stop or continue is told that the choice is the leader's."""
    hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
    s = new_deal(players=4, dealer=3, hands=hands, talon=[c for c in PACK if not any(c in h for h in hands)])
    for card in ["9a", "9l", "Ka", "Al"]:
        s = s.apply({"seat": s.to_act, "act": "play", "card": card})
    assert s.to_act == 0 and s.public_state()["may_continue"]
    before = s.to_json()
    for seat, act in [(2, {"act": "stop"}), (1, {"act": "play", "card": "Xa"})]:
        with pytest.raises(IllegalAction) as exc:
            s.apply({"seat": seat, **act})
        assert (exc.value.rule, exc.value.code) == ("Z-4.3", "only_leader_decides")
        assert "A" in exc.value.message("en")
    assert s.to_json() == before


def _last_seven_records(limit: int):
    """Seeded 4-player deals whose very last card is a VII, with the side that played it."""
    found = []
    for seed in range(600):
        rec = deal_record(seed, 4, call_rate=0)
        last = rec["deals"][0]["actions"][-1]
        if last["act"] == "play" and last["card"][0] == "7":
            found.append((rec, last["seat"] % 2))
            if len(found) == limit:
                break
    return found


def test_last_seven_points_plain_and_turned():
    """Z-V3 game points (D-Z6): 'plain' scores the hand on what was taken (1 when the VII turns
    it over); 'turned' gives the other side what the hand was worth to the VII's side."""
    checked = 0
    for rec, side in _last_seven_records(12):
        plain = replay(rec)["deals"][0]["result"]
        if plain["winner"] != side:
            continue  # the VII's side lost anyway: both readings score it as usual
        worth = plain["game_points"]
        for points, expected in (("plain", 1), ("turned", worth)):
            rec["options"] = {"last_seven_loses": True, "last_seven_points": points}
            out = replay(rec, events=True)["deals"][0]
            assert out["result"]["winner"] == 1 - side and out["result"]["game_points"] == expected
            assert not any(e["type"] in ("kopasz", "csupasz") for e in out["events"])
        checked += 1
    assert checked >= 2
