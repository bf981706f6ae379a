"""Five-player Filkó "rich and poor" (FK-V4) in its three forms (option ``rich_and_poor_form``):
'fresh' (new teams every deal), 'fixed' (teams, trumps and dealer kept until the dealing team
takes 6 or more) and 'named' (the öreg calls a card that makes the secret rich partner), plus
one player holding both top Overs (D-C11).

Deals with a wanted point split are found by seeded random legal play; the expectations are
written out from the rules, not computed by the engine.
"""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st_

from hcards_core.cards import shuffled_pack
from hcards_core.errors import IllegalAction, MalformedRecord
from hcards_core.filicau import GAME
from hcards_core.filicau.rules import pack_for
from hcards_core.messages import catalog
from hcards_core.records import replay

from test_conformance import naive_filicau_winner as naive_winner, snapshot

L, M, S = "level", "master", "slave"
SEATS = [0, 1, 2, 3, 4]


def opts(form):
    return {"five_player": "rich_and_poor", "rich_and_poor_form": form}


def session_for(form, dealer=0, start=None):
    return GAME.new_session(5, GAME.parse_options(opts(form)), dealer, start or {})


def pack(seed):
    return [c for c in shuffled_pack(seed) if c in pack_for(5)]


def holder(state, card):
    return next(s for s, h in enumerate(state.dealt) if card in h)


def find_deal(session, want, hands_want=lambda st: True, tries=3000):
    """The first seeded deal of ``session`` whose dealt hands satisfy ``hands_want`` and whose
    final state satisfies ``want``: (the deal for a record, the final state)."""
    for seed in range(tries):
        rng = random.Random(seed)
        cards = {"pack": pack(seed)}
        st = GAME.deal(session, cards, None, "d")
        if not hands_want(st):
            continue
        actions = []
        while not st.is_over:
            action = rng.choice(st.legal_actions())
            actions.append(action)
            st = st.apply(action)
        if want(st):
            return {"dealer": session.dealer, "cards": cards, "actions": actions}, st
    raise AssertionError("no deal found")


def first_from(dealer, seats):
    """The dealer if in ``seats``, else the next of them anticlockwise (to the right)."""
    return next(s for s in SEATS[dealer:] + SEATS[:dealer] if s in seats)


def rich_of(st):
    return {holder(st, "Oa"), holder(st, "Ol")}


# ---- 'fresh' (the default form) and one player with both Overs ----------------------------

def test_fresh_is_the_default_and_keeps_nothing_between_deals():
    assert GAME.options["rich_and_poor_form"].default == "fresh"
    assert GAME.options["rich_and_poor_form"].rule == "FK-V4 / D-C11"
    session = GAME.new_session(5, GAME.parse_options({"five_player": "rich_and_poor"}), 0, {})
    deal, st = find_deal(session, lambda s: s.points[0] >= 6)
    res = st.result()
    assert set(res["teams"][0]) == rich_of(st) and res["status"] == [M, S] and "slave" not in res
    assert res["next_dealer"] == first_from(0, res["teams"][1])  # a poor player (a loser) deals
    after = GAME.settle(session, st)
    assert after.status == (L, L) and after.fixed is None
    assert GAME.deal(after, {"pack": pack(99)}, None, "d").phase == "call"  # new teams next deal


def test_one_player_with_both_top_overs_plays_alone_needing_six():
    session = session_for("fresh")
    both = lambda st: holder(st, "Oa") == holder(st, "Ol")
    deal, st = find_deal(session, lambda s: True, hands_want=both)
    om = holder(st, "Oa")
    assert st.result()["teams"] == [[om], [s for s in SEATS if s != om]]
    for p in range(9):  # alone, still 6; the four poor need 3
        assert st._outcome_for(p)["status"] == ([M, S] if p >= 6 else [S, M])
    out = replay({"game": "filko", "players": 5, "dealer": 0, "options": opts("fresh"), "deals": [deal]},
                 lang="hu", events=True)
    alone = [e for e in out["deals"][0]["events"] if e["type"] == "rich_alone"]
    assert out["ok"] and [e["seat"] for e in alone] == [om] and "zöld felső" in alone[0]["text"]
    assert not any(e["type"] == "rich_formed" for e in out["deals"][0]["events"])


# ---- 'fixed' ---------------------------------------------------------------------------------

def test_fixed_first_deal_forms_the_teams_and_a_loser_deals_until_freed():
    session = session_for("fixed")
    deal1, st1 = find_deal(session, lambda s: s.points[0] <= 5)  # the rich fail: they are the losers
    res1 = st1.result()
    rich = sorted(rich_of(st1))
    slave = first_from(0, rich)
    assert res1["teams"][0] == rich and res1["status"] == [S, M]
    assert res1["slave"] == res1["next_dealer"] == slave
    assert [e["type"] for e in st1.events][-1] == "rich_teams_kept"
    session = GAME.settle(session, st1)
    assert session.dealer == slave and session.trump == st1.trump and session.status == (S, M)
    # the dealing (rich) team takes only 5: same teams, trumps and dealer; the öreg of the teams leads
    deal2, st2 = find_deal(session, lambda s: s.points[0] == 5)
    assert deal2["actions"][0]["seat"] == st1.old_man and deal2["actions"][0]["act"] == "play"
    assert st2.trump == st1.trump and st2.teams() == res1["teams"]
    assert st2.result()["status"] == [S, M] and st2.result()["next_dealer"] == slave
    session = GAME.settle(session, st2)
    # the dealing team takes 6: free, everyone level, a loser (a poor player) deals a fresh deal
    deal3, st3 = find_deal(session, lambda s: s.points[0] >= 6)
    res3 = st3.result()
    assert res3["status"] == [L, L] and res3["slave"] is None
    assert res3["next_dealer"] == first_from(slave, res1["teams"][1])
    assert [e["type"] for e in st3.events][-1] == "rich_teams_end"
    session = GAME.settle(session, st3)
    assert session.fixed is None and GAME.deal(session, {"pack": pack(5)}, None, "d").phase == "call"
    rec = {"game": "filko", "players": 5, "dealer": 0, "options": opts("fixed"), "deals": [deal1, deal2, deal3]}
    out = replay(json.loads(json.dumps(rec)), lang="ro", events=True)
    assert out["ok"], out["error"]
    assert [d["result"]["next_dealer"] for d in out["deals"]] == [slave, slave, res3["next_dealer"]]
    assert out["session"]["teams"] is None and out["session"]["dealer"] == res3["next_dealer"]
    wrong = json.loads(json.dumps(rec))
    wrong["deals"][1]["dealer"] = (slave + 1) % 5
    with pytest.raises(MalformedRecord):  # the same dealer must deal again
        replay(wrong)


@pytest.mark.parametrize("slave_team", [0, 1])
def test_fixed_table_only_six_frees_the_dealing_team(slave_team):
    session = session_for("fixed")
    _, st = find_deal(session, lambda s: True, hands_want=lambda st: holder(st, "Oa") != holder(st, "Ol"))
    teams = st.result()["teams"]
    # a dealer whose right-hand neighbour is a team-mate, when there is one: the next dealer is
    # then not simply the player on the right
    slave = next((s for s in teams[slave_team] if (s + 1) % 5 in teams[slave_team]), teams[slave_team][-1])
    start = {"status": [S, M] if slave_team == 0 else [M, S], "teams": teams, "trump": "h",
             "old_man": st.old_man, "slave": slave}
    kept = GAME.deal(session_for("fixed", slave, start), {"hands": [list(h) for h in st.dealt]}, None, "d")
    assert kept.phase == "play" and kept.to_act == st.old_man and kept.trump == "h"
    for p in range(9):
        out = kept._outcome_for(p)
        dealers = p if slave_team == 0 else 8 - p
        if dealers >= 6:  # even 3 poor need 6 here, not 3
            assert out["status"] == [L, L] and out["next_dealer"] == first_from(slave, teams[1 - slave_team])
        else:
            assert out["status"] == start["status"] and out["next_dealer"] == slave == out["slave"]


def test_fixed_start_may_carry_a_lone_rich_player():
    start = {"status": [M, S], "teams": [[2], [0, 1, 3, 4]], "trump": "b", "old_man": 2, "slave": 0}
    session = session_for("fixed", 0, start)
    st = GAME.deal(session, {"pack": pack(3)}, None, "d")
    assert st.teams() == [[2], [0, 1, 3, 4]] and st.trump == "b" and st.to_act == 2


# ---- 'named' ---------------------------------------------------------------------------------

def test_named_the_call_makes_a_secret_rich_partner():
    session = session_for("named")
    st = GAME.deal(session, {"pack": pack(4)}, None, "d")
    om = st.old_man
    own = next(c for c in st.hands()[om] if c[0] != "O")
    for card, code, rule in [(own, "call_own_card", "FK-3.3"), ("Ol" if om != holder(st, "Ol") else "Oh",
                                                                  "call_top_trump", "FK-V4")]:
        with pytest.raises(IllegalAction) as exc:
            st.apply({"seat": om, "act": "call_card", "card": card})
        assert (exc.value.rule, exc.value.code) == (rule, code)
        assert exc.value.message("ja") != exc.value.message("en")
    legal = {a["card"] for a in st.legal_actions()}
    assert legal and not legal & set(st.hands()[om]) and not any(c[0] == "O" for c in legal)
    card = sorted(legal)[0]
    partner = holder(st, card)
    called = st.apply({"seat": om, "act": "call_card", "card": card})
    assert called.trump == card[1] and called.to_act == om and called.public_state()["teams"] is None
    assert called.teams()[0] == sorted([om, partner])  # not the holder of the Over of leaves
    for p in range(9):
        assert called._outcome_for(p)["status"] == ([M, S] if p >= 6 else [S, M])


def test_named_fresh_teams_every_deal_and_a_loser_deals():
    session = session_for("named")
    deal, st = find_deal(session, lambda s: s.points[1] >= 3)  # the poor reach 3: the rich lost
    res = st.result()
    assert res["status"] == [S, M] and res["next_dealer"] == first_from(0, res["teams"][0])
    assert GAME.settle(session, st).status == (L, L)
    out = replay({"game": "filko", "players": 5, "dealer": 0, "options": opts("named"), "deals": [deal]})
    assert out["ok"] and out["session"]["dealer"] == res["next_dealer"] and out["session"]["teams"] is None


# ---- options and texts -----------------------------------------------------------------------

@pytest.mark.parametrize("record", [
    {"options": {"rich_and_poor_form": "fixed"}},  # needs five_player rich_and_poor
    {"options": opts("fresh"), "start": {"status": [M, S], "teams": [[0, 1], [2, 3, 4]], "trump": "h", "slave": 2}},
    {"options": opts("named"), "start": {"status": [M, S], "teams": [[0, 1], [2, 3, 4]], "trump": "h", "slave": 2}},
    {"options": opts("fixed"), "start": {"status": [M, S], "teams": [[], [0, 1, 2, 3, 4]], "trump": "h", "slave": 2}},
    {"options": {**opts("fixed"), "rich_and_poor_form": "sometimes"}},
])
def test_malformed_option_combinations(record):
    rec = {"game": "filko", "players": 5, "dealer": 2, "deals": [], **record}
    with pytest.raises(MalformedRecord) as exc:
        replay(rec)
    assert exc.value.message("fa")


@pytest.mark.parametrize("lang", ["en", "hu", "ro", "fa", "ja"])
def test_new_events_have_texts(lang):
    for t in ("rich_formed", "rich_alone", "rich_teams_kept", "rich_teams_end"):
        assert f"event.filicau.{t}" in catalog(lang)


# ---- random sessions with every form ---------------------------------------------------------

def illegal_tries(state, rng):
    """A few actions the rules forbid right now: another seat's turn, a card that breaks
    FC-4.2/FC-4.3, a card not held, calling the Over of acorns (a top trump, FK-3.3)."""
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



@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 10 ** 6), form=st_.sampled_from(["fresh", "fixed", "named"]),
       szeged=st_.booleans(), deals=st_.integers(1, 4))
def test_random_rich_and_poor_sessions_keep_every_invariant(seed, form, szeged, deals):
    options = GAME.parse_options({**opts(form), **({"top_trumps": "szeged"} if szeged else {})})
    rng = random.Random(seed)
    session = GAME.new_session(5, options, rng.randrange(5), {})
    everything = sorted(pack_for(5))
    for k in range(deals):
        cards = pack(seed + k)
        state = GAME.deal(session, {"pack": cards}, None, "d")
        assert sorted(c for h in state.hands() for c in h) == everything
        while not state.is_over:
            legal = state.legal_actions()
            assert legal
            before = snapshot(state)
            for bad in illegal_tries(state, rng):
                with pytest.raises(IllegalAction) as exc:
                    state.apply(bad)
                assert exc.value.rule and exc.value.message("fa") != exc.value.message("en")
                assert snapshot(state) == before  # an illegal action changes nothing
            table = list(state.table)
            action = rng.choice(legal)
            nxt = state.apply(action)
            assert snapshot(state) == before
            won = [e for e in nxt.events if e["type"] == "trick_won"]
            if won:
                assert won[0]["seat"] == naive_winner(table + [(action["seat"], action["card"])], nxt.trump, session.top)
            state = nxt
            held = [c for h in state.hands() for c in h] + [c for _, c in state.table]
            assert sorted(held + [c for _, cs in state.tricks for c in cs]) == everything
        res = state.result()
        assert sum(res["points"]) == 8 and len(state.tricks) == 6
        for t in (0, 1):
            assert res["points"][t] == sum(c[0] in "AX" for w, cs in state.tricks if w in res["teams"][t] for c in cs)
        assert sorted(s for t in res["teams"] for s in t) == SEATS and 1 <= len(res["teams"][0]) <= 3
        for e in state.events:
            assert not state.narrate(e, "ro").startswith("event.")
        prior = session
        session = GAME.settle(session, state)
        if form == "fixed" and prior.fixed is not None:  # the teams and trumps stay until freed
            assert res["teams"] == [[s for s in SEATS if prior.fixed[s] == t] for t in (0, 1)]
            assert res["trump"] == prior.trump and state.dealt  # no call in this deal
            freed = res["points"][prior.status.index(S)] >= 6
            assert (session.fixed is None) == freed
            masters = res["teams"][1 - prior.status.index(S)]
            assert session.dealer == (first_from(prior.dealer, masters) if freed else prior.dealer)
        elif form == "fixed":
            assert session.fixed is not None and session.dealer in res["teams"][session.status.index(S)]
        else:
            assert session.fixed is None and session.status == (L, L)


@pytest.mark.parametrize("options, second", [
    ({}, "Ol"),
    ({"over_order": "ahbl"}, "Oh"),
    ({"top_trumps": "szeged"}, "7h"),
    ({"top_trumps": "szeged", "rich_cards": "next_over"}, "Ol"),
    ({"over_order": "ahbl", "rich_cards": "acorns_leaves"}, "Ol"),
])
def test_which_cards_make_the_rich(options, second):
    """FK-V4 with FK-V2 / FK-V1 (option ``rich_cards``): the rich are the holders of the Over of
    acorns and of ``second``; the call only names trumps."""
    options = {**opts("fresh"), **options}
    session = GAME.new_session(5, GAME.parse_options(options), 0, {})
    for seed in range(40):
        st = GAME.deal(session, {"pack": pack(seed)}, None, "d")
        if holder(st, "Oa") == holder(st, second):
            continue
        call = next(a for a in st.legal_actions() if a["act"] == "call_card")
        st = st.apply(call)
        rich = {holder(st, "Oa"), holder(st, second)}
        assert [s for s in SEATS if st.team[s] == 0] == sorted(rich)
        assert st.events[-1] == {"type": "rich_formed", "seats": sorted(rich), "over": second}
        return
    pytest.fail("no deal with the two cards apart")


def test_count_masters_is_optional_and_counts_each_rise():
    """FC-5.3: with ``count_masters`` the session counts how often each team became master
    (per team with 4 players); without it the report has no such field."""
    rng = random.Random(3)
    record = {"game": "filicau", "players": 4, "dealer": 0, "options": {"count_masters": True}, "deals": []}
    session = GAME.new_session(4, GAME.parse_options(record["options"]), 0, {})
    rises = [0, 0]
    for k in range(12):
        cards = {"pack": [c for c in shuffled_pack(100 + k) if c in pack_for(4)]}
        st = GAME.deal(session, cards, None, "d")
        actions = []
        while not st.is_over:
            a = rng.choice(st.legal_actions())
            actions.append(a)
            st = st.apply(a)
        before = session.status
        session = GAME.settle(session, st)
        rises = [r + (session.status[t] == M and before[t] != M) for t, r in enumerate(rises)]
        record["deals"].append({"cards": cards, "actions": actions})
    out = replay(record)
    assert out["ok"] and out["session"]["became_master"] == rises and sum(rises) >= 1
    record["options"] = {}
    assert "became_master" not in replay(record)["session"]
