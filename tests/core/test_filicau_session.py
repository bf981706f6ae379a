"""Filicău/Filkó sessions: statuses and dealers deal by deal (FC-2.3, FC-5, FK-1.3–1.6),
the 5- and 6-player Filkó (FK-2, FK-3), the early stop (FC-4.8), and records through the CLI.

Deals with a wanted point split are found by seeded random legal play (or, for 8–0, from
rigged hands); the expectations are written out from the rules, not computed by the engine.
"""

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout

import pytest

from hcards_core.cards import PACK, shuffled_pack
from hcards_core.cli import main
from hcards_core.filicau import ALIASES, GAME, deal_state
from hcards_core.filicau.rules import pack_for
from hcards_core.play import random_deal
from hcards_core.records import replay

L, M, S = "level", "master", "slave"
STRONG = ["Kh", "Oa", "Ol", "Oh", "Ob", "Ah", "Xh", "Uh", "9h", "8h", "Aa", "Xa", "Al", "Xl", "Ab", "Xb"]


def rigged(dealer, strong_team):
    """Hands where ``strong_team`` holds every point and 10 trumps (hearts, from the dealer's
    first card), so random play often ends 8–0."""
    weak = [c for c in PACK if c not in STRONG]
    weak.remove("7h")
    weak.insert(0, "7h")
    hands = [None] * 4
    sets = {strong_team: STRONG, 1 - strong_team: weak}
    mine, other = sets[dealer % 2], sets[1 - dealer % 2]
    hands[dealer], hands[(dealer + 2) % 4] = mine[:8], mine[8:]
    hands[(dealer + 1) % 4], hands[(dealer + 3) % 4] = other[:8], other[8:]
    return {"hands": hands}


def find_deal(game, session, want, players=4, choose=None, cards=None, tries=4000):
    """The first seeded deal (cards and actions) whose final state satisfies ``want``."""
    for seed in range(tries):
        rng = random.Random(seed)
        if cards is None:
            pack = [c for c in shuffled_pack(seed) if c in pack_for(players)]
            deal_cards = {"pack": pack, "cut": rng.randrange(1, len(pack))}
            if game.options["rules"].default == "romanian" and players == 4:
                deal_cards.pop("cut")
        else:
            deal_cards = cards
        st = game.deal(session, deal_cards, None, "d")
        actions = []
        while not st.is_over:
            action = rng.choice(st.legal_actions())
            if action["act"] == "choose_slave" and choose is not None:
                action = {**action, "slave": choose}
                if not st.can_apply(action):
                    break
            actions.append(action)
            st = st.apply(action)
        if st.is_over and want(st):
            return {"dealer": session.dealer, "cards": deal_cards, "actions": actions}, st
    raise AssertionError("no deal found")


def run_session(game, players, steps, options=None):
    session = game.new_session(players, game.parse_options(options or {}), 0, {})
    deals = []
    for target, choose in steps:
        cards = rigged(session.dealer, 0 if target == 8 else 1) if target in (0, 8) else None
        deal, st = find_deal(game, session, lambda s, t=target: s.points[0] == t, players, choose, cards)
        deals.append(deal)
        session = game.settle(session, st)
    record = {"game": game.name, "players": players, "options": options or {}, "dealer": 0, "deals": deals}
    return record, replay(json.loads(json.dumps(record)), events=True)


def test_romanian_session_step_by_step():
    # level → 6–2 masters → 3–5 unchanged → 2–6 the masters fall → 5–3 unchanged → 8–0 escape → 4–4
    record, out = run_session(GAME, 4, [(6, None), (3, None), (2, None), (5, None), (8, None), (4, None)])
    assert out["ok"], out["error"]
    got = [(r["result"]["points"][0], r["result"]["status"], r["result"]["next_dealer"]) for r in out["deals"]]
    assert got == [(6, [M, S], 1), (3, [M, S], 1), (2, [S, M], 2), (5, [S, M], 2), (8, [L, L], 3), (4, [L, L], 0)]
    assert [d["dealer"] for d in record["deals"]] == [0, 1, 1, 2, 2, 3]  # checked by replay too
    assert out["session"] == {"status": [L, L], "dealer": 0}
    assert all(sum(r["result"]["points"]) == 8 for r in out["deals"])


def test_filko_session_same_splits_never_level_again():
    steps = [(6, 3), (3, None), (2, None), (5, None), (8, None), (4, None)]
    record, out = run_session(ALIASES["filko"], 4, steps)
    assert out["ok"], out["error"]
    got = [(r["result"]["status"], r["result"]["slave"], r["result"]["next_dealer"]) for r in out["deals"]]
    assert got == [([M, S], 3, 3),   # the new masters name seat 3, who deals
                   ([M, S], 3, 3),   # 3–5: the slave deals again
                   ([S, M], 0, 0),   # the slaves take 6: the old slave's right becomes the slave
                   ([S, M], 0, 0),
                   ([M, S], 1, 1),   # 8–0 counts like 6–2: roles swap, no escape
                   ([M, S], 1, 1)]
    chooses = [a for a in record["deals"][0]["actions"] if a["act"] == "choose_slave"]
    assert len(chooses) == 1 and chooses[0]["seat"] in (0, 2)
    assert any(e["type"] == "slave_chosen" for e in out["deals"][0]["events"])
    assert out["session"] == {"status": [M, S], "dealer": 1, "slave": 1}


def test_romanian_start_from_carried_status_and_dealer_checks():
    rec = {"game": "filicau", "players": 4, "dealer": 1, "start": {"status": ["master", "slave"]},
           "deals": [{"dealer": 1, "cards": {"pack": shuffled_pack(3)}, "actions": []}]}
    out = replay(rec)
    assert out["deals"][0]["state"]["status"] == [M, S] and out["deals"][0]["to_act"] == 2


def test_five_player_call_masters_slave_and_freeing():
    game = ALIASES["filko"]
    session = game.new_session(5, game.parse_options({}), 0, {})
    deal, st = find_deal(game, session, lambda s: max(s.points) >= 6, players=5)
    call = deal["actions"][0]
    assert call["act"] == "call_card" and call["seat"] == st.old_man
    res = st.result()
    winners = res["teams"][res["status"].index(M)]
    losers = res["teams"][res["status"].index(S)]
    holder = next(s for s, h in enumerate(st.dealt) if call["card"] in h)
    assert sorted(res["teams"][0]) == sorted({st.old_man, holder}) and len(res["teams"][1]) == 3
    assert res["trump"] == call["card"][1]
    expected_slave = next(s for s in [0, 1, 2, 3, 4] if s in losers)  # dealer 0, then anticlockwise
    assert res["slave"] == res["next_dealer"] == expected_slave and expected_slave not in winners
    session = game.settle(session, st)
    # while masters exist: same teams and trumps, the slave deals, the öreg leads, no call
    slave_team = 0 if expected_slave in res["teams"][0] else 1
    deal2, st2 = find_deal(game, session, lambda s: 1 <= s.points[slave_team] <= 5, players=5)
    assert deal2["dealer"] == expected_slave and deal2["actions"][0]["seat"] == st.old_man
    assert deal2["actions"][0]["act"] == "play" and st2.trump == res["trump"] and st2.teams() == res["teams"]
    assert st2.result()["status"] == res["status"] and st2.result()["next_dealer"] == expected_slave
    session = game.settle(session, st2)
    deal3, st3 = find_deal(game, session, lambda s: s.points[slave_team] in (0, 6, 7, 8), players=5)
    assert st3.result()["status"] == [L, L] and st3.result()["next_dealer"] == (expected_slave + 1) % 5
    session = game.settle(session, st3)
    rec = {"game": "filko", "players": 5, "dealer": 0, "deals": [deal, deal2, deal3]}
    out = replay(json.loads(json.dumps(rec)))
    assert out["ok"] and out["session"]["teams"] is None and out["session"]["slave"] is None
    assert out["session"]["dealer"] == (expected_slave + 1) % 5
    nxt = game.deal(session, {"pack": [c for c in shuffled_pack(9) if c in pack_for(5)]}, None, "d")
    assert nxt.phase == "call"  # FK-3.6: the öreg calls again


def five_state(seed=0):
    pack = [c for c in shuffled_pack(seed) if c in pack_for(5)]
    hands = [pack[i * 6:(i + 1) * 6] for i in range(5)]
    return deal_state(hands, dealer=0, options={"rules": "filko"})


def test_five_player_illegal_calls_and_secret_partner():
    st = five_state(4)
    om = st.old_man
    assert st.to_act == om and "Oa" in st.hands()[om]
    own = next(c for c in st.hands()[om] if c[0] != "O")
    for card, code, rule in [(own, "call_own_card", "FK-3.3"), ("Ob" if "Ob" not in st.hands()[om] else "Ol", "call_top_trump", "FK-3.3"),
                             ("7l", "call_not_in_pack", "FK-3.1")]:
        with pytest.raises(Exception) as exc:
            st.apply({"seat": om, "act": "call_card", "card": card})
        assert (exc.value.rule, exc.value.code) == (rule, code)
    with pytest.raises(Exception) as exc:
        st.apply({"seat": om, "act": "play", "card": own})
    assert exc.value.code == "filicau_wrong_act"
    legal = {a["card"] for a in st.legal_actions()}
    assert legal and not legal & set(st.hands()[om]) and not any(c[0] == "O" for c in legal)
    card = sorted(legal)[0]
    partner = next(s for s, h in enumerate(st.hands()) if card in h)
    st = st.apply({"seat": om, "act": "call_card", "card": card})
    assert st.trump == card[1] and st.to_act == om  # the öreg leads
    assert st.public_state()["teams"] is None and st.public_state()["points"] is None
    rng = random.Random(1)
    while card in st.hands()[partner]:
        st = st.apply(rng.choice(st.legal_actions()))
    revealed = [e for e in st.events if e["type"] == "partner_revealed"]
    assert revealed == [{"type": "partner_revealed", "seat": partner, "old_man": om}]
    assert sorted(st.public_state()["teams"][0]) == sorted([om, partner])


@pytest.mark.parametrize("p", range(9))
def test_five_player_tables(p):
    st = five_state(2)
    st = st.apply(st.legal_actions()[0])
    called = st._outcome_for(p)["status"]  # FK-3.4/3.7: 6, 7 and 8 make masters after a call
    assert called == ([M, S] if p >= 6 else [S, M] if p <= 2 else [L, L])
    for slave_team in (0, 1):
        start = {"status": [S, M] if slave_team == 0 else [M, S], "teams": st.teams(), "trump": "h",
                 "old_man": st.old_man, "slave": None}
        slave = next(s for s in range(5) if st.team[s] == slave_team)
        start["slave"] = slave
        fixed = deal_state(st.dealt, dealer=slave, options={"rules": "filko"}, start=start)
        assert fixed.phase == "play" and fixed.to_act == st.old_man and fixed.trump == "h"
        slave_points = p if slave_team == 0 else 8 - p
        out = fixed._outcome_for(p)
        if slave_points in (0, 6, 7, 8):  # freed (0 = swimming): everyone level, no reversal
            assert out["status"] == [L, L] and out["next_dealer"] == (slave + 1) % 5
        else:
            assert out["status"] == start["status"] and out["next_dealer"] == slave


def test_rich_and_poor():
    st = five_state(5)
    st = deal_state(st.dealt, dealer=0, options={"five_player": "rich_and_poor"})
    om = st.old_man
    own = next(c for c in st.hands()[om] if c[0] != "O")
    st = st.apply({"seat": om, "act": "call_card", "card": own})  # names trumps only
    rich = {om} | {s for s, h in enumerate(st.dealt) if "Ol" in h}
    assert set(st.teams()[0]) == rich and st.trump == own[1]
    for p in range(9):
        status = st._outcome_for(p)["status"]
        assert status == ([M, S] if p >= 6 else [S, M])  # rich need 6, poor 3


def test_six_player_session_and_romanian_scoring_option():
    game = ALIASES["filko"]
    session = game.new_session(6, game.parse_options({}), 2, {})
    deal, st = find_deal(game, session, lambda s: s.points[0] >= 6, players=6, choose=5)
    assert st.result()["status"] == [M, S] and st.result()["next_dealer"] == 5
    assert st.result()["teams"] == [[0, 2, 4], [1, 3, 5]] and deal["actions"][0]["seat"] == 3
    session = game.settle(session, st)
    deal2, st2 = find_deal(game, session, lambda s: s.points[1] >= 6, players=6)
    assert st2.result()["status"] == [S, M] and st2.result()["next_dealer"] == 0  # the old slave's right
    out = replay(json.loads(json.dumps({"game": "filko", "players": 6, "dealer": 2, "deals": [deal, deal2]})))
    assert out["ok"] and out["session"] == {"status": [S, M], "dealer": 0, "slave": 0}
    rom = deal_state(st.dealt, dealer=2, options={"six_player_scoring": "romanian"}, trump=st.trump)
    assert rom._outcome_for(8)["status"] == [L, L] and st._outcome_for(8)["status"] == [M, S]  # D-C4


def _level_outcomes(p0, remaining):
    """FC-5.1 from a level start, written out: the statuses every final split could give."""
    return {"L" if p in (0, 8) or 3 <= p <= 5 else "M" if p >= 6 else "S" for p in range(p0, p0 + remaining + 1)}


def test_stop_early_exactly_when_the_outcome_is_certain():
    stopped = 0
    for seed in range(60):
        hands = [list(shuffled_pack(seed)[i::4]) for i in range(4)]
        st = random_deal(GAME, seed, cards={"hands": hands}, options={"stop_early": True}).state
        res = st.result()
        p0 = 0
        for k, (winner, cards) in enumerate(st.tricks):  # never certain before the last trick played
            p0 += sum(c[0] in "AX" for c in cards) if winner % 2 == 0 else 0
            taken = sum(c[0] in "AX" for _, cs in st.tricks[:k + 1] for c in cs)
            certain = len(_level_outcomes(p0, 8 - taken)) == 1
            assert certain == (k == len(st.tricks) - 1 and res.get("stopped_early", False)) or k == 7
        if res.get("stopped_early"):
            stopped += 1
            assert any(e["type"] == "stopped_early" for e in st.events)
            assert sum(len(h) for h in st.hands()) > 0 and len(st.tricks) < 8
            (outcome,) = _level_outcomes(res["points"][0], 8 - sum(res["points"]))
            assert res["status"] == {"L": [L, L], "M": [M, S], "S": [S, M]}[outcome]
        else:
            assert sum(res["points"]) == 8 and len(st.tricks) == 8
    assert stopped > 5


def test_stop_early_off_by_default_plays_every_card():
    st = random_deal(GAME, 0, cards={"hands": [list(shuffled_pack(1)[i::4]) for i in range(4)]}).state
    assert sum(len(h) for h in st.hands()) == 0 and len(st.tricks) == 8


# ---- records through the CLI --------------------------------------------------------------------

def cli(tmp_path, record, *extra):
    path = tmp_path / "rec.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["replay", str(path), *extra])
    return status, out.getvalue(), err.getvalue()


def base(**over):
    rec = {"game": "filicau", "players": 4, "dealer": 0,
           "deals": [{"cards": {"pack": shuffled_pack(11)}, "actions": []}]}
    rec.update(over)
    return rec


def test_cli_unfinished_deal_and_illegal_action(tmp_path):
    status, out, err = cli(tmp_path, base(), "--events", "--lang", "ro")
    data = json.loads(out)
    assert status == 0 and data["deals"][0]["to_act"] == 1 and data["deals"][0]["result"] is None
    assert "atuul" in data["deals"][0]["events"][0]["text"]
    legal = {a["card"] for a in data["deals"][0]["legal"]}
    rec = base()
    rec["deals"][0]["actions"] = [{"seat": 1, "act": "play", "card": next(iter(legal))},
                                  {"seat": 3, "act": "play", "card": "Aa"}]
    status, out, err = cli(tmp_path, rec, "--lang", "ja")
    data = json.loads(out)
    assert status == 1 and data["error"]["rule"] == "FC-4.1" and data["error"]["action"] == 1
    assert data["error"]["code"] == "not_your_turn"


@pytest.mark.parametrize("change,needle", [
    ({"options": {"trumps": 1}}, "not an option"),
    ({"options": {"rules": "hungarian"}}, "rules"),
    ({"game": "filko", "deals": [{"cards": {"pack": shuffled_pack(1)}}]}, "cut"),
    ({"game": "filko", "deals": [{"cards": {"pack": shuffled_pack(1), "cut": 32}}]}, "cut"),
    ({"players": 6, "game": "filko", "deals": [{"cards": {"pack": shuffled_pack(1), "cut": 3}}]}, "VIIs"),
    ({"players": 5, "deals": [{"cards": {"pack": shuffled_pack(1)[:29] + ["7a"]}}]}, "more than once"),
    ({"deals": [{"cards": {"hands": [shuffled_pack(1)[i::4][:7] for i in range(4)]}}]}, "8 cards"),
    ({"deals": [{"cards": {"hands": [["Kh", *shuffled_pack(1)[:7]]]}}]}, "one hand per player"),
    ({"deals": [{"cards": {"pack": shuffled_pack(1), "talon": []}}]}, "talon"),
    ({"deals": [{"cards": {"pack": shuffled_pack(1)}, "actions": [{"seat": 1, "act": "fold"}]}]}, "fold"),
    ({"deals": [{"cards": {"pack": shuffled_pack(1)}, "actions": [{"seat": 1, "act": "play", "card": "Qz"}]}]}, "Qz"),
    ({"deals": [{"dealer": 2, "cards": {"pack": shuffled_pack(1)}}]}, "deals"),
    ({"start": {"status": ["master", "slave"]}}, "cannot deal"),
    ({"start": {"status": ["master", "master"]}}, "status"),
])
def test_cli_malformed_records_exit_2(tmp_path, change, needle):
    status, out, err = cli(tmp_path, base(**change))
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert needle in err


def test_cli_trump_must_match_the_turned_card(tmp_path):
    hands = [shuffled_pack(2)[i::4] for i in range(4)]
    first = next(c for c in hands[0] if c[0] != "O")
    wrong = next(s for s in "alhb" if s != first[1])
    status, out, err = cli(tmp_path, base(deals=[{"cards": {"hands": hands, "trump": wrong}}]))
    assert status == 2 and "does not match" in err
    status, out, err = cli(tmp_path, base(deals=[{"cards": {"hands": hands, "trump": first[1]}}]))
    assert status == 0 and json.loads(out)["deals"][0]["state"]["trump"] == first[1]
