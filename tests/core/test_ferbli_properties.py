"""Ferbli over random legal betting (F-3, F-8): random deals replay exactly and reach every act
and ending, every event narrates in every language, a copy is independent; plus the fixture
records in records/ferbli/ with their expected results. The rules at every state (chips
conserved, bets within the limit, illegal actions refused and harmless) are the conformance
suite's (test_conformance.py); ``illegal_moves`` and ``snapshot`` serve the tie-break tests."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hcards_core.cards import shuffled_pack
from hcards_core.ferbli import GAME
from hcards_core.play import random_deal
from hcards_core.records import replay

VARIANTS = [{}, {"vizi": 5}, {"limit": "unlimited"}, {"limit": "triple", "wild": "santa"},
            {"majzli": True}, {"shown_cards": True}, {"ruleset": "titok"}, {"table_cap": 12},
            {"call_or_drop": True}, {"two_failed_deals": True}, {"grigare": "general"},
            {"majzli": True, "majzli_minimum": "table"}, {"limit": "unlimited", "besszer_cap": "double_vizi"},
            {"call_or_drop": True, "call_or_drop_announced": True}]
BETS = ("besszer", "charge", "bet", "raise")
FIXTURES = Path(__file__).parent / "records" / "ferbli"


def snapshot(state):
    return (state.public_state(), state.hands(), state.to_act, state.legal_actions(),
            state.pending[:], state.owe[:], state.seen[:], state.phase)


def illegal_moves(state):
    """A few actions the rules forbid right now."""
    seat = state.to_act
    other = (seat + 1) % state.players
    moves = [{"seat": other, "act": "pay"}]
    for legal in state.legal_actions():
        if legal.get("max") is not None:
            moves.append({"seat": seat, "act": legal["act"], "amount": legal["max"] + 1})
        if "min" in legal:
            moves.append({"seat": seat, "act": legal["act"], "amount": legal["min"] - 1})
    if state.phase not in ("charge", "counter"):
        moves.append({"seat": seat, "act": "charge", "amount": state.vizi})
    if state.seen[seat] >= len(state.held[seat]):
        moves.append({"seat": seat, "act": "look"})
    return moves


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 9), players=st.integers(2, 7), variant=st.sampled_from(VARIANTS))
def test_random_deals_replay_to_the_same_result(seed, players, variant):
    state, record = random_deal("ferbli", seed, players, options=variant, dealer=seed % players)
    out = replay(json.loads(json.dumps(record)))
    assert out["ok"] and out["deals"][0]["result"] == state.result()
    assert sum(out["session"]["balances"]) + out["session"]["pot"] == 0
    assert random_deal("ferbli", seed, players, options=variant, dealer=seed % players).record == record


def test_random_play_reaches_every_act_and_ending():
    seen_acts, reasons = set(), set()
    for seed in range(400):
        # every third deal carries a pot in, so that the cukassza variants (F-V6) come up
        state, record = random_deal("ferbli", seed, 2 + seed % 6, options=VARIANTS[seed % len(VARIANTS)],
                                    start={"pot": 3} if seed % 3 == 0 else None)
        seen_acts |= {a["act"] for a in record["deals"][0]["actions"]}
        reasons.add(state.result()["reason"])
    assert seen_acts == set(GAME.acts)
    assert reasons == {"showdown", "alone", "cukassza", "all_checked"}


def test_every_event_narrates_in_every_language():
    kinds = set()
    for seed in range(120):
        # every third deal carries a pot in, so that the cukassza variants (F-V6) come up
        state, record = random_deal("ferbli", seed, 2 + seed % 6, options=VARIANTS[seed % len(VARIANTS)],
                                    start={"pot": 3} if seed % 3 == 0 else None)
        for lang in ("en", "hu", "ro", "fa", "ja"):
            out = replay(record, lang=lang, events=True)
            for event in out["deals"][0]["events"]:
                kinds.add(event["type"])
                assert "{" not in event["text"] and not event["text"].startswith("event."), event
    assert {"blind", "vizi", "fold", "cukassza", "besszer", "charge", "shows", "win", "check"} <= kinds


def test_copy_is_independent():
    state = GAME.deal(GAME.new_session(4, GAME.parse_options({}), 0, {}), {"pack": shuffled_pack(3)}, None, "d")
    twin = state.copy()
    twin.held[1].append("Xx")
    twin.stake[0] += 9
    twin.pending.clear()
    assert "Xx" not in state.held[1] and state.stake == [0, 1, 0, 0] and state.pending


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_fixture_records(path):
    fixture = json.loads(path.read_text(encoding="utf-8"))
    out = replay(fixture["record"], lang="hu", events=True)
    expect = fixture["expect"]
    assert out["ok"] == expect["ok"]
    assert [d["result"] for d in out["deals"]] == expect["results"]
    assert out["session"] == expect["session"]
    if "error" in expect:
        assert {k: out["error"][k] for k in expect["error"]} == expect["error"]
    assert all(not e["text"].startswith("event.") for d in out["deals"] for e in d["events"])


def test_fixtures_exist():
    assert len(list(FIXTURES.glob("*.json"))) >= 3
