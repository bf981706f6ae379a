"""The ruling checker's core functions (hcards_core.checker): typed actions, the ruling of a
record step by step, asking about one more action, the results in words, the game info."""

from __future__ import annotations

import pytest

from hcards_core.bridge import FUNCTIONS
from hcards_core.cards import PACK
from hcards_core.checker import ask_action, game_info, parse_action_text, rule_record
from hcards_core.errors import MalformedRecord
from hcards_core.messages import LANGUAGES


def zsiros(actions):
    hands = [["9a", "Aa", "Kb", "Ub"], ["9l", "Xl", "8l", "Ab"], ["7h", "Kh", "8h", "Ob"], ["Kl", "Ul", "8b", "9b"]]
    used = {c for h in hands for c in h}
    return {"game": "zsiros", "players": 4, "dealer": 3,
            "deals": [{"cards": {"hands": hands, "talon": [c for c in PACK if c not in used]}, "actions": actions}]}


def play(seat, card):
    return {"seat": seat, "act": "play", "card": card}


@pytest.mark.parametrize("text, expected", [
    ("B play Oa", {"seat": 1, "act": "play", "card": "Oa"}),
    ("play 7l", {"seat": 2, "act": "play", "card": "7l"}),
    ("Xh", {"seat": 2, "act": "play", "card": "Xh"}),
    ("d Over of acorns", {"seat": 3, "act": "play", "card": "Oa"}),
    ("stop", {"seat": 2, "act": "stop"}),
    ("A call no-grease", {"seat": 0, "act": "call", "call": "no_grease"}),
    ('{"act": "play", "card": "Ka"}', {"seat": 2, "act": "play", "card": "Ka"}),
    ('{"seat": 0, "act": "stop"}', {"seat": 0, "act": "stop"}),
])
def test_parse_zsiros_actions(text, expected):
    assert parse_action_text("zsiros", 4, text, to_act=2) == expected


def test_parse_other_games():
    assert parse_action_text("ferbli", 3, "C besszer 2", to_act=0) == {"seat": 2, "act": "besszer", "amount": 2}
    assert parse_action_text("ferbli", 3, "pay", to_act=1) == {"seat": 1, "act": "pay"}
    assert parse_action_text("filicau", 4, "B choose_slave D", to_act=0) == {"seat": 1, "act": "choose_slave", "slave": 3}
    assert parse_action_text("filicau", 5, "Al", to_act=0, acts_now=["call_card"]) == {
        "seat": 0, "act": "call_card", "card": "Al"}


@pytest.mark.parametrize("text, code, where", [
    ("", "empty_action", "action"),
    ("B play Qz", "unknown_card", "action.card"),
    ("B dance", "unknown_act", "action.act"),
    ("C besszer lots", "bad_field", "action.amount"),
    ("C besszer", "missing_field", "action"),
    ('{"act": "play", "card": ', "bad_json", "action"),
])
def test_parse_errors_name_the_problem(text, code, where):
    game = "ferbli" if "besszer" in text else "zsiros"
    with pytest.raises(MalformedRecord) as info:
        parse_action_text(game, 4 if game == "zsiros" else 3, text, to_act=1)
    assert (info.value.code, info.value.where) == (code, where)


def test_rule_record_marks_the_illegal_step_with_its_clause():
    out = rule_record(zsiros([play(0, "9a"), play(1, "9l"), play(2, "7h"), play(3, "Kl"), play(0, "Aa")]), "hu")
    moves = [s for s in out["steps"] if s["action"] is not None]
    assert [s["legal"] for s in moves] == [True, True, True, True, False]
    bad = moves[-1]
    assert (bad["rule"], bad["code"], bad["page"]) == ("Z-4.2", "own_side_winning", "zsiros/rules/")
    assert bad["label"].startswith("A: ") and "Aa" not in bad["label"]  # the card by name, in Hungarian
    assert out["error"]["action"] == 4 and out["end"] == {"deal": 0, "after": 4}
    assert not out["ok"] and out["to_act"] == 2 and all(x["action"]["seat"] == 2 for x in out["legal"])
    assert all(s["events"] for s in moves[:-1])


def test_rule_record_finished_deal_has_result_rows_in_every_language():
    record = zsiros([])
    state_record = record
    # play the deal out with the first legal action each time
    for _ in range(200):
        out = rule_record(state_record)
        if out["over"]:
            break
        state_record = ask_action(state_record, out["legal"][0]["action"])["record"]
    assert out["over"] and out["deals"][0]["result"]
    for lang in LANGUAGES:
        rows = rule_record(state_record, lang)["deals"][0]["rows"]
        assert [r["key"] for r in rows] == ["card_points", "tricks", "last_trick", "winner", "game_points"]
        assert all(r["label"] and not r["label"].startswith("ruling.") for r in rows)


def test_ask_action_legal_and_illegal():
    record = zsiros([play(0, "9a"), play(1, "9l"), play(2, "8h"), play(3, "Kl")])
    no = ask_action(record, "C stop", "fa")
    assert not no["legal"] and no["error"]["rule"] == "Z-4.3" and no["error"]["page"] == "zsiros/rules/"
    yes = ask_action(record, "stop")
    assert yes["legal"] and yes["record"]["deals"][0]["actions"][-1] == {"seat": 0, "act": "stop"}
    assert len(record["deals"][0]["actions"]) == 4  # the record passed in is untouched
    # after an illegal tail, the question is asked where the record went wrong
    bad = zsiros([play(0, "9a"), play(1, "Aa")])
    fixed = ask_action(bad, "B 9l")
    assert fixed["legal"] and fixed["record"]["deals"][0]["actions"] == [play(0, "9a"), play(1, "9l")]


def test_malformed_records_name_the_place():
    record = zsiros([])
    record["deals"][0]["cards"]["hands"][2] = ["7h", "Kh", "8h", "Zz"]
    with pytest.raises(MalformedRecord) as info:
        rule_record(record)
    assert info.value.where == "deals[0].cards.hands[2][3]" and info.value.code == "unknown_card"
    record["deals"][0]["cards"]["hands"][2] = ["7h", "Kh", "8h", "9l"]
    with pytest.raises(MalformedRecord) as info:
        rule_record(record)
    assert info.value.code == "duplicate_card"


@pytest.mark.parametrize("game", ["zsiros", "filicau", "ferbli"])
def test_game_info_layouts_cover_the_pack(game):
    info = game_info(game)
    assert info["players"] and info["options"] and info["acts"]
    for n in info["players"]:
        lay = info["layouts"][str(n)]
        total = sum(lay["hands"]) + sum(lay["piles"].values())
        assert total <= len(lay["pack"]) and len(lay["hands"]) == n
    for opt in info["options"]:
        assert opt["rules"], opt["name"]


def test_bridge_exposes_the_checker():
    assert {"checker_game", "checker_rule", "checker_ask"} <= set(FUNCTIONS)


@pytest.mark.parametrize("game, players", [("filicau", 4), ("zsiros", 4), ("ferbli", 3)])
def test_persian_rows_and_table_facts_read_in_order(game, players):
    """On the Persian page a result row ("team 1 (A, C): 7 – team 2 (B, D): 1") and a table
    fact ("0 – 0") are finished as the core's own texts: Persian digits, every Latin run (a
    seat letter) isolated, so the right-to-left page does not reorder them."""
    import random
    import re

    from hcards_core.checker import describe_result
    from hcards_core.games import get_game
    from hcards_core.messages import FSI, PDI
    from hcards_core.table import render_table

    g = get_game(game)
    session = g.new_session(players, g.parse_options({}), 0, {})
    state = g.deal(session, g.random_cards(players, random.Random(7)), None, "deals[0]")
    html = render_table(state, 0, "fa", "assets/")
    facts = re.findall(r"<dd>([^<]*)</dd>", html)
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice([a for a in state.legal_actions() if "min" not in a] or
                                       [{**{k: v for k, v in a.items() if k not in ("min", "max")}, "amount": a["min"]}
                                        for a in state.legal_actions()]))
    rows = [r["value"] for r in describe_result(game, state.result(), players, "fa")]
    for text in facts + rows:
        assert not re.search("[0-9]", text), text
        bare = re.sub(f"{FSI}[^{PDI}]*{PDI}", "", text)
        assert not re.search("[A-Za-z]", bare), text
