"""The shared core: cards, messages, errors, the record loader and the CLI."""

import doctest
import importlib
import io
import json
import pkgutil
import re
import string
from contextlib import redirect_stderr, redirect_stdout

import pytest

import hcards_core

from hcards_core import LANGUAGES
from hcards_core.cards import PACK, card_name, parse_card, parse_cards, shuffled_pack
from hcards_core.cli import main
from hcards_core.errors import IllegalAction, MalformedRecord
from hcards_core.messages import catalog, placeholders, render

MODULES = ["hcards_core"] + sorted(m.name for m in pkgutil.walk_packages(hcards_core.__path__, "hcards_core.")
                                   if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    """Every example in a docstring still runs as written (they teach the API)."""
    assert doctest.testmod(importlib.import_module(name)).failed == 0


def test_the_core_teaches_by_example():
    with_examples = [n for n in MODULES if doctest.testmod(importlib.import_module(n)).attempted]
    assert len(with_examples) >= 15, with_examples


def test_pack_has_32_distinct_cards():
    assert len(set(PACK)) == 32
    assert {c[0] for c in PACK} == set("AKOUX987") and {c[1] for c in PACK} == set("alhb")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_long_name_parses_back(lang):
    names = [card_name(c, lang) for c in PACK]
    assert len(set(names)) == 32, "two cards share a name"
    assert [parse_card(n) for n in names] == list(PACK)
    assert parse_cards(", ".join(names)) == list(PACK)


def test_parsing_is_lenient_on_case_and_accents_but_not_on_cards():
    assert parse_card("PIROS ÁSZ") == "Ah" == parse_card("piros asz")
    assert parse_card("xh") == "Xh"
    with pytest.raises(MalformedRecord) as exc:
        parse_card("Qh", where="hands[0][1]")
    assert exc.value.code == "unknown_card" and "hands[0][1]" in str(exc.value) and "Qh" in str(exc.value)
    with pytest.raises(MalformedRecord) as exc:
        parse_cards("Oa Xh Oa")
    assert exc.value.code == "duplicate_card" and exc.value.params["card"] == "Oa"


def test_shuffle_is_deterministic_and_a_permutation():
    assert shuffled_pack(1) == shuffled_pack(1)
    assert shuffled_pack(1) != shuffled_pack(2)
    assert sorted(shuffled_pack("x")) == sorted(PACK)


def _placeholders(text):
    return placeholders(text)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_catalogs_have_every_key_with_the_same_placeholders(lang):
    en, other = catalog("en"), catalog(lang)
    assert set(other) == set(en), f"{lang}: missing {sorted(set(en) - set(other))}, extra {sorted(set(other) - set(en))}"
    for key, text in en.items():
        assert _placeholders(other[key]) == _placeholders(text), f"{lang} {key}"
        if key.startswith(("error.", "event.")) and re.search(r"[A-Za-z]{4,}", text):
            assert other[key] != text, f"{lang} {key} is still English"


def test_illegal_action_renders_in_every_language():
    exc = IllegalAction("Z-3.1", "not_your_turn", seat=2, to_act=1)
    texts = {lang: exc.message(lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == 5
    assert all("C" in t and "B" in t for t in texts.values()), "seats read as the table's letters"
    assert exc.to_json("hu")["rule"] == "Z-3.1"


def test_render_missing_key_shows_the_key():
    assert render("error.no_such_thing", "fa") == "error.no_such_thing"


def run_cli(args, stdin=None, monkeypatch=None):
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with redirect_stdout(out), redirect_stderr(err):
        status = main(args)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text,needle", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"game": "chess", "players": 2, "deals": [{}]}', "Unknown game"),
    ('{"game": "zsiros", "players": 4, "deals": []}', None),
])
def test_replay_malformed_input_exits_2_with_one_line(text, needle, monkeypatch):
    status, out, err = run_cli(["replay", "-"], stdin=text, monkeypatch=monkeypatch)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    if needle:
        assert needle in err


def test_replay_missing_file_exits_2(tmp_path):
    status, out, err = run_cli(["replay", str(tmp_path / "nope.json")])
    assert status == 2 and "Cannot read" in err


def test_cli_usage_error_exits_2():
    status, out, err = run_cli(["frobnicate"])
    assert status == 2 and err.startswith("hcards:")


def test_bridge_reports_errors_structured():
    from hcards_core.bridge import handle
    ok = json.loads(handle(json.dumps({"fn": "describe_cards", "args": {"text": "鈴の7, Oa", "lang": "ja"}})))
    assert ok == {"ok": True, "value": {"cards": [{"code": "7b", "name": "鈴の7"}, {"code": "Oa", "name": "ドングリのオーバー"}]}}
    bad = json.loads(handle(json.dumps({"fn": "describe_cards", "args": {"text": "Oa Zz", "lang": "fa"}})))
    assert bad["ok"] is False and bad["error"]["code"] == "unknown_card" and "Zz" in bad["error"]["message"]
    assert "[1]" == bad["error"]["where"]
    for request in ("{}", "not json", "[]", '{"fn": "nope"}', '{"fn": "ping", "args": []}',
                    '{"fn": "ping", "args": {"lang": "en"}}', '{"fn": "describe_cards"}'):
        error = json.loads(handle(request))["error"]
        assert (error["kind"], error["code"]) == ("MalformedRecord", "bad_request"), request
    assert json.loads(handle('{"fn": "ping"}'))["ok"]  # args may be left out


@pytest.mark.parametrize("depth", [65, 5000, 100_000])
def test_a_record_nested_too_deep_is_refused_before_it_is_parsed(depth):
    """The ruling checker's text, nested thousands deep, is refused by name — in Pyodide the
    JSON parser's recursion would otherwise overflow the interpreter's stack and kill it
    (5,000 brackets did, in the browser); this test runs there too (tests/test_pyodide_node.py)."""
    from hcards_core.bridge import handle
    text = '{"game": "zsiros", "deals": ' + "[" * depth + "]" * depth + "}"
    reply = json.loads(handle(json.dumps({"fn": "checker_rule", "args": {"record": text, "lang": "hu"}})))
    assert reply["ok"] is False and reply["error"]["code"] == "too_deep", reply
    assert "64" in reply["error"]["message"]
    assert json.loads(handle('{"fn": "ping"}'))["ok"]  # and the engine goes on


def test_bridge_warm_up_loads_a_game_and_names_an_unknown_one():
    from hcards_core.bridge import handle
    ok = json.loads(handle(json.dumps({"fn": "warm_up", "args": {"game": "ferbli"}})))
    assert ok == {"ok": True, "value": {"game": "ferbli"}}
    bad = json.loads(handle(json.dumps({"fn": "warm_up", "args": {"game": "chess"}})))
    assert bad["ok"] is False and bad["error"]["code"] == "unknown_game"


def test_bridge_positions_are_remembered_and_never_changed_by_a_what_if():
    """table_at/try_actions share remembered positions: a what-if move must not alter them."""
    from hcards_core.bridge import handle
    hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
    talon = [c for c in PACK if not any(c in h for h in hands)]
    record = {"game": "zsiros", "players": 4, "dealer": 3,
              "deals": [{"cards": {"hands": hands, "talon": talon},
                         "actions": [{"seat": 0, "act": "play", "card": "9a"}]}]}
    ask = lambda fn, **a: json.loads(handle(json.dumps({"fn": fn, "args": {"record": record, **a}})))["value"]  # noqa: E731
    before = ask("table_at", deal=0, after=1)
    moved = ask("try_actions", deal=0, after=1, actions=[{"seat": 1, "act": "play", "card": "9l"}])
    assert moved["error"] is None and moved["to_act"] == 2 and moved["html"] != before["html"]
    assert ask("table_at", deal=0, after=1) == before


@pytest.mark.parametrize("game,players,cards", [
    ("zsiros", 4, {}), ("zsiros", 2, {}), ("filicau", 4, {}), ("filko", 4, {"cut": 10}),
    ("filko", 5, {"cut": 12}), ("filko", 6, {"cut": 7}), ("ferbli", 4, {}), ("ferbli", 6, {}),
])
def test_every_state_survives_a_json_round_trip(game, players, cards):
    """ARCHITECTURE §2: a state's JSON rebuilds an equal state at every point of a deal: the
    same public state, hands and legal actions, and the same future under the same actions."""
    import random

    from hcards_core.game import State
    from hcards_core.games import get_game

    g = get_game(game)
    session = g.new_session(players, g.parse_options({}), 0, {})
    pack = shuffled_pack(players * 7)
    if game in ("filicau", "filko"):  # 5 and 6 players use a shortened pack (FK-2, FK-3)
        from hcards_core.filicau.rules import pack_for
        pack = [c for c in pack if c in set(pack_for(players))]
    state = g.deal(session, {"pack": pack, **cards}, None, "deals[0]")
    rng = random.Random(players)
    steps = 0
    while not state.is_over and steps < 400:
        copy = State.from_json(json.loads(json.dumps(state.to_json())))
        assert type(copy) is type(state)
        assert copy.public_state() == state.public_state() and copy.hands() == state.hands()
        legal = state.legal_actions()
        assert copy.legal_actions() == legal
        action = dict(rng.choice(legal))
        if "min" in action:  # an amount act offers a range (Ferbli's bets): take its least
            action = {"seat": action["seat"], "act": action["act"], "amount": action["min"]}
        state, copy = state.apply(action), copy.apply(action)
        assert copy.to_json() == state.to_json()
        steps += 1
    assert state.is_over


def test_states_at_gives_the_states_state_at_gives_in_one_replay():
    from hcards_core.records import state_at, states_at
    from hcards_core.play import random_deal

    record = random_deal("zsiros", 11, 4).record
    n = len(record["deals"][0]["actions"])
    points = [(0, 0), (0, n // 2), (0, n)]
    states, report = states_at(record, points)
    assert report["ok"] and set(states) == set(points)
    for deal, after in points:
        assert states[(deal, after)].to_json() == state_at(record, deal, after)[0].to_json()
