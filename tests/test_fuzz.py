"""No traceback, ever, for bad input (issue 14, item 4): real records mutated by
``scripts/fuzz_core.py`` and sent through ``replay``, ``rank``, ``compare`` (the CLI, in-process)
and every bridge function. Hypothesis draws the mutations, so a failure shrinks to the
smallest one. ``scripts/bench --only fuzz`` runs 100,000 of the same inputs and prints the
counts per outcome.

Then each defect the fuzzing and the hand-worked records of the issue found, as its own test.
"""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hcards_core import bridge, cli
from hcards_core.errors import MalformedRecord
from hcards_core.records import replay

REPO = Path(__file__).resolve().parents[1]
FUZZ_EXAMPLES = 3000  # ~15 s on CPython; the benchmark runs 100,000


def _load_fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_core", REPO / "scripts" / "fuzz_core.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()
RECORDS = fuzz.seed_records(REPO)
EXERCISES = fuzz.seed_exercises(REPO)


class DrawChooser:
    """The fuzzer's ``Chooser`` on Hypothesis's ``data``: every choice shrinks to the first."""

    def __init__(self, data):
        self.data = data

    def choice(self, seq):
        return seq[self.data.draw(st.integers(0, len(seq) - 1))]

    def integer(self, lo, hi):
        return self.data.draw(st.integers(lo, hi))


def test_the_seeds_are_the_real_records():
    games = {r["game"] for r in RECORDS}
    assert len(RECORDS) >= 40 and games == {"zsiros", "filicau", "filko", "ferbli"} - ({"filko"} - games)
    assert EXERCISES and all("kind" in ex for ex in EXERCISES)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None, derandomize=True,  # the same inputs in every run
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_hostile_input_gets_an_answer_never_a_traceback(data):
    outcomes = fuzz.one_input(DrawChooser(data), RECORDS, EXERCISES)  # raises fuzz.Failure
    assert outcomes and all(" " in o for o in outcomes)


def test_a_short_seeded_run_reaches_every_door_and_outcome():
    out = fuzz.run(400, seed=1, repo=REPO)
    assert out["failures"] == [] and "FAILURE" not in out["counts"]
    doors = {k.split()[0] for k in out["counts"]}
    assert {"replay", "rank", "compare", "shape", "replay_file", "table_at", "try_actions", "checker_rule",
            "check_exercise", "exercise_answer", "describe_cards", "warm_up"} <= doors
    assert {"replay exit 0", "replay exit 2", "shape error bad_request"} <= set(out["counts"])


# ---- the defects found, one by one ---------------------------------------------------------------

def cli_run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    old, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            status = cli.main(argv)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def ask(fn, **args):
    return json.loads(bridge.handle(json.dumps({"fn": fn, "args": args})))


ZSIROS = {"game": "zsiros", "players": 4, "dealer": 3, "deals": [{"cards": {"pack": "Aa Ka Oa Ua Xa 9a 8a 7a "
          "Al Kl Ol Ul Xl 9l 8l 7l Ah Kh Oh Uh Xh 9h 8h 7h Ab Kb Ob Ub Xb 9b 8b 7b"}, "actions": []}]}


@pytest.mark.parametrize("text,code", [
    ('{"game": "zsiros", "players": ' + "9" * 4400 + "}", "number_too_long"),
    ('{"game": "zsiros", "players": 4, "dealer": -' + "9" * 4400 + "}", "number_too_long"),
    ('{"game": "zsiros", "players": NaN}', "not_a_number"),
    ('{"game": "zsiros", "players": Infinity}', "not_a_number"),
    ('{"game": "zsiros", "note": ' + "[" * 5000 + "]" * 5000 + "}", "too_deep"),
    ("game: &a [*a]\n", "too_deep"),  # a YAML alias that contains itself
    ("game: zsiros\nplayers: 4\nwhen: 2024-01-01\n", "not_plain_data"),  # a YAML date
    ("players: " + "9" * 4400 + "\n", "number_too_long"),
])
def test_json_that_python_cannot_take_is_malformed_input(text, code):
    status, out, err = cli_run(["replay", "-"], text)
    assert (status, out) == (2, "") and err.count("\n") == 1 and err.startswith("hcards: ")
    assert MalformedRecord(code).message("en").split(":")[0] in err or code in ("too_deep", "not_plain_data")
    with pytest.raises(MalformedRecord) as exc:
        from hcards_core.records import load_record
        load_record(text)
    assert exc.value.code == code


def test_a_huge_integer_in_options_is_exit_2_not_1():
    status, out, err = cli_run(["rank", "ferbli", "Aa", "Al", "8h", "7b", "--options", '{"vizi": ' + "1" * 4400 + "}"])
    assert (status, out) == (2, "") and "4,300" in err and err.count("\n") == 1


@pytest.mark.parametrize("game", ["zsiros", "filicau", "filko", "ferbli"])
@pytest.mark.parametrize("players", [4.0, True, "4", [4]])
def test_players_must_be_a_whole_number_in_every_game(game, players):
    record = {"game": game, "players": players, "deals": [{"cards": {}, "actions": []}]}
    with pytest.raises(MalformedRecord) as exc:
        replay(record)
    assert exc.value.code == "bad_players" and exc.value.where == "players"


@pytest.mark.parametrize("option,value", [("target", True), ("target", 5.0), ("dealer_leads", 1),
                                          ("last_seven_loses", 0)])
def test_a_boolean_is_no_number_and_a_number_no_boolean(option, value):
    with pytest.raises(MalformedRecord) as exc:
        replay({**ZSIROS, "options": {option: value}})
    assert exc.value.code == "bad_option_value" and exc.value.where == f"options.{option}"


def test_unhashable_values_are_refused_where_they_stand():
    bad_act = {**ZSIROS, "deals": [{"cards": ZSIROS["deals"][0]["cards"], "actions": [{"seat": 0, "act": ["play"]}]}]}
    with pytest.raises(MalformedRecord) as exc:
        replay(bad_act)
    assert (exc.value.code, exc.value.where) == ("unknown_act", "deals[0].actions[0].act")
    status = {"game": "filicau", "players": 4, "start": {"status": ["level", ["level"]]}, "deals": [{"cards": {}}]}
    with pytest.raises(MalformedRecord) as exc:
        replay(status)
    assert (exc.value.code, exc.value.where) == ("bad_field", "start.status")


def test_rank_and_warm_up_of_filko_answer_instead_of_crashing():
    status, out, err = cli_run(["rank", "filko", "Aa", "Al", "8h", "7b"])
    assert (status, out) == (2, "") and "no hand ranking" in err
    assert ask("warm_up", game="filko") == {"ok": True, "value": {"game": "filko"}}


@pytest.mark.parametrize("request_text,where", [
    ("not json", "request"), ("[]", "request"), ("null", "request"), ('{"fn": "ping", "args": {}, "x": 1}', "request"),
    ('{"fn": 3}', "fn"), ('{"fn": ["ping"]}', "fn"), ('{"fn": "nope"}', "fn"), ('{"fn": "ping", "args": null}', "args"),
    ('{"fn": "ping", "args": "x"}', "args"), ('{"fn": "ping", "args": {"lang": "en"}}', "args.lang"),
    ('{"fn": "describe_cards", "args": {}}', "args.text"), ("[" * 100_000, "request"),
])
def test_a_request_not_of_the_form_fn_args_is_bad_request(request_text, where):
    error = json.loads(bridge.handle(request_text))["error"]
    assert (error["code"], error["where"]) == ("bad_request", where)
    assert error["message"].startswith(f"{where}: ")


@pytest.mark.parametrize("args,where", [
    ({"record": ZSIROS, "deal": "0"}, "args.deal"), ({"record": ZSIROS, "after": 1.0}, "args.after"),
    ({"record": ZSIROS, "seat": True}, "args.seat"), ({"record": 4}, "args.record"),
    ({"record": ZSIROS, "lang": 3}, "args.lang"), ({"record": ZSIROS, "interactive": 1}, "args.interactive"),
])
def test_an_argument_of_the_wrong_type_is_named(args, where):
    error = ask("table_at", **args)["error"]
    assert (error["code"], error["where"]) == ("bad_field", where)


def test_an_exercise_whose_position_is_illegal_is_a_structured_error():
    ex = json.loads((REPO / "tutorials/exercises/ferbli/showdown.json").read_text(encoding="utf-8"))
    actions = ex["record"]["deals"][0]["actions"]
    actions[0], actions[1] = actions[1], actions[0]
    error = ask("exercise_answer", exercise=ex)["error"]
    assert error["code"] == "bad_position" and error["params"]["rule"] == "F-0.1"
    ex["record"] = None
    assert ask("exercise_answer", exercise=ex)["error"]["code"] == "bad_exercise"


def test_ferbli_amounts_are_whole_multiples_of_the_vizi():
    """F-0.2: with a vizi of 2, a besszer of 3 is refused with the clause; 4 is fine."""
    record = {"game": "ferbli", "players": 3, "dealer": 2, "options": {"vizi": 2},
              "deals": [{"cards": {"hands": [["Aa", "Al", "8h", "7b"], ["Ah", "Ab", "Kl", "Kb"], ["Xa", "Kh", "9l", "8a"]]},
                         "actions": [{"seat": 1, "act": "vizi"}, {"seat": 2, "act": "vizi"},
                                     {"seat": 0, "act": "besszer", "amount": 3}]}]}
    out = replay(record)
    assert not out["ok"] and (out["error"]["rule"], out["error"]["code"]) == ("F-0.2", "amount_not_multiple")
    assert "3" in out["error"]["message"] and "2" in out["error"]["message"]
    record["deals"][0]["actions"][-1]["amount"] = 4
    assert replay(record)["ok"]


def test_a_table_cap_that_is_no_multiple_of_the_vizi_caps_at_the_multiple_below():
    """F-0.2 with F-3.1: a cap of 5 with a vizi of 2 lets a first bet be 2 or 4, not 5."""
    from hcards_core.ferbli import GAME

    options = GAME.parse_options({"vizi": 2, "table_cap": 7})
    state = GAME.deal(GAME.new_session(2, options, 1, {}), {"hands": [["Aa", "Al", "8h", "7b"], ["Ah", "Ab", "Kl", "Kb"]]},
                      None, "d")
    state = state.apply({"seat": 1, "act": "vizi"})
    besszer = next(a for a in state.legal_actions() if a["act"] == "besszer")
    assert (besszer["min"], besszer["max"]) == (2, 4)  # stake 2 already in: room 5, 4 the multiple below


def test_a_huge_amount_typed_in_the_checker_gets_a_clear_error():
    """Found by the fuzzer after the checker learnt the page's own words for acts: an amount of
    5,000 digits typed in the ask box was an internal_error (int() of a too-long string)."""
    import json

    from hcards_core.bridge import handle

    record = {"game": "ferbli", "players": 3, "dealer": 2, "deals": [
        {"cards": {"hands": [["Aa", "Al", "8h", "7b"], ["9l", "8a", "Ka", "7h"], ["Xa", "9h", "8l", "7l"]]},
         "actions": []}]}
    reply = json.loads(handle(json.dumps({"fn": "checker_ask", "args": {"record": record, "action": "B vizi " + "9" * 5000}})))
    assert reply["ok"] or reply["error"]["code"] != "internal_error", reply
    reply = json.loads(handle(json.dumps({"fn": "checker_ask", "args": {"record": record, "action": "B " + "9" * 5000}})))
    assert not reply["ok"] and reply["error"]["code"] != "internal_error", reply["error"]
