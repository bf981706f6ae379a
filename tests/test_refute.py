"""Refutation by play (hcards_core/learn/refute.py, tutorials/refutations/, issue 17 item 1).

Every listed legal wrong answer of every move exercise has a stored refutation that replays,
is what its recorded script and seed make again, really ends worse than the right move in its
world, and was chosen from what the seat knows alone (another placement of the unseen cards
gives the same choice). The bridge draws a stored plan and refutes any other wrong move live;
an illegal answer keeps its clause. The texts exist in five languages.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))
sys.path.insert(0, str(ROOT / "scripts"))

import exercises as ex_hook  # noqa: E402
import refute_exercises as script  # noqa: E402
import tutorial_data as data  # noqa: E402
from hcards_core import LANGUAGES  # noqa: E402
from hcards_core.bots import bot_for  # noqa: E402
from hcards_core.bridge import handle  # noqa: E402
from hcards_core.exercises import position  # noqa: E402
from hcards_core.learn import refute as R  # noqa: E402
from hcards_core.messages import FSI, catalog, placeholders  # noqa: E402
from hcards_core.table import action_label  # noqa: E402

EXERCISES = {e["id"]: e for e in data.load_kind("exercises")}
BOOKS = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "tutorials/refutations").glob("*.json"))}
STORED = [(game, r) for game, book in BOOKS.items() for r in book["refutations"]]
IDS = [f"{r['exercise']}:{json.dumps(r['answer'], sort_keys=True)}" for _, r in STORED]


def listed_legal_wrong():
    """(exercise id, answer) of every listed wrong answer that is a legal move."""
    out = []
    for ex in EXERCISES.values():
        if ex["kind"] == "move" and ex["correct"] != "legal":
            out += [(ex["id"], answer) for _, answer in script.legal_wrong_answers(ex)]
    return out


def final(world, line):
    for action in line:
        world = world.apply(action)
    return world


def test_every_listed_legal_wrong_answer_has_its_refutation():
    stored = {(r["exercise"], json.dumps(r["answer"], sort_keys=True)) for _, r in STORED}
    wanted = {(eid, json.dumps(a, sort_keys=True)) for eid, a in listed_legal_wrong()}
    assert wanted, "some move exercise lists a legal wrong answer"
    assert wanted == stored, ("run scripts/refute_exercises.py", wanted ^ stored)
    for book in BOOKS.values():
        assert book["script"] == "scripts/refute_exercises.py" and isinstance(book["seed"], int)


@pytest.mark.parametrize("game, stored", STORED, ids=IDS)
def test_the_refutation_replays_and_the_wrong_line_ends_worse(game, stored):
    ex = EXERCISES[stored["exercise"]]
    state, plan = position(ex), stored["plan"]
    R.check_plan(state, ex["seat"], plan)  # every action legal, both lines to the end of the deal
    bot = bot_for(game)
    world = bot.sample_world(state, ex["seat"], random.Random(plan["world_seed"]))
    wrong, right = final(world, plan["wrong"]), final(world, plan["right"])
    assert plan["wrong"][0] == stored["answer"]
    assert plan["right"][0] in R.right_moves(state, ex["correct"])
    assert plan["values"] == {"wrong": round(bot.value(wrong, ex["seat"]), 3), "right": round(bot.value(right, ex["seat"]), 3)}
    # a flagged answer (not worse in any sampled world) would say so; none of today's is
    assert plan["refuted"] and plan["values"]["wrong"] < plan["values"]["right"], plan["values"]


@pytest.mark.parametrize("game, stored", STORED, ids=IDS)
def test_the_refutation_is_what_its_seed_makes(game, stored):
    ex = EXERCISES[stored["exercise"]]
    state = position(ex)
    book = BOOKS[game]
    again = R.search(state, ex["seat"], stored["answer"], R.right_moves(state, ex["correct"]), book["seed"], book["worlds"])
    assert again == stored["plan"]


@pytest.mark.parametrize("game, stored", STORED, ids=IDS)
def test_no_peeking_another_placement_of_the_unseen_cards_gives_the_same_choice(game, stored):
    ex = EXERCISES[stored["exercise"]]
    state, seat = position(ex), ex["seat"]
    bot = bot_for(game)
    rights = R.right_moves(state, ex["correct"])
    plan = R.search(state, seat, stored["answer"], rights, 5, 6)
    for k in range(3):
        # another real deal the seat cannot tell from this one: the unseen cards lie elsewhere
        other = bot.sample_world(state, seat, random.Random(1000 + k))
        assert other.hands() != state.hands() or getattr(other, "talon", None) != getattr(state, "talon", None)
        assert other.view(seat) == state.view(seat)
        assert R.search(other, seat, stored["answer"], rights, 5, 6) == plan


def test_the_no_peeking_check_can_fail():
    # a search that looked at the real hidden cards would change with them: the real deal's
    # own lines differ from a world's (the check above compares what such a search would see)
    ex = EXERCISES["zsiros-continue-seven"]
    state = position(ex)
    other = bot_for("zsiros").sample_world(state, 0, random.Random(1000))
    line = [{"seat": 0, "act": "stop"}]
    assert R.play_line(state, line[0], 1) != R.play_line(other, line[0], 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reply_draws_each_step_in_every_language(lang):
    game, stored = STORED[0]
    ex = EXERCISES[stored["exercise"]]
    state = position(ex)
    reply = R.render(state, ex["seat"], stored["plan"], lang)
    for side in ("wrong", "right"):
        line = reply[side]
        assert len(line["steps"]) == len(stored["plan"][side]) + 1  # the deal as it lies, then each action
        for step in line["steps"]:
            assert 'class="hc-table' in step["html"] and step["narration"].strip()
            assert not re.search(r"\{\w+", step["narration"])
        assert line["outcome"]["text"] and not re.search(r"\{\w+", line["outcome"]["text"])
    for part in ("summary", "comparison"):
        text = reply[part]["text"]
        assert text and not re.search(r"\{\w+|refute\.", text), text
    assert reply["wrong"]["steps"][reply["wrong"]["key_step"]].get("key")


@pytest.mark.parametrize("game, stored", STORED, ids=IDS)
def test_the_summary_shown_before_solving_does_not_name_the_right_move(game, stored):
    ex = EXERCISES[stored["exercise"]]
    state = position(ex)
    for lang in LANGUAGES:
        reply = R.render(state, ex["seat"], stored["plan"], lang)
        for move in R.right_moves(state, ex["correct"]):
            assert action_label(state, move, lang) not in reply["summary"]["text"]
        assert reply["right"]["label"] in reply["comparison"]["text"]  # shown only once solved


def test_zsiros_the_key_trick_is_the_one_let_go():
    stored = next(r for _, r in STORED if r["exercise"] == "zsiros-continue-seven")
    ex = EXERCISES["zsiros-continue-seven"]
    reply = R.render(position(ex), 0, stored["plan"], "en")
    assert reply["wrong"]["key_trick"] == 1  # the trick seat A let go
    assert reply["summary"]["key"] == "refute.summary.trick"
    assert "game point" in reply["comparison"]["text"]


def _call(fn, **args):
    return json.loads(handle(json.dumps({"fn": fn, "args": args})))


def test_bridge_draws_a_stored_plan_and_refutes_others_live():
    ex = EXERCISES["ferbli-charge-max"]
    stored = next(r for _, r in STORED if r["exercise"] == ex["id"] and r["answer"].get("amount") == 2)
    common = {"record": ex["record"], "seat": ex["seat"], "correct": ex["correct"], "lang": "ja"}
    out = _call("refute", answer=stored["answer"], plan=stored["plan"], **common)
    assert out["ok"], out
    assert out["value"]["world_seed"] == stored["plan"]["world_seed"]
    assert "チップ" in out["value"]["summary"]["text"]
    live = _call("refute", answer={"seat": 3, "act": "stop"}, seed=3, **common)
    assert live["ok"] and live["value"]["wrong"]["steps"][1]["action"] == {"seat": 3, "act": "stop"}
    assert _call("refute", answer={"seat": 3, "act": "stop"}, seed=3, **common) == live  # a seed, one answer
    # a plan made for another answer is refused, never drawn
    wrong_plan = _call("refute", answer={"seat": 3, "act": "stop"}, plan=stored["plan"], **common)
    assert not wrong_plan["ok"] and wrong_plan["error"]["where"] == "plan"


def test_bridge_an_illegal_answer_keeps_its_clause_and_a_right_one_is_not_refuted():
    ex = EXERCISES["zsiros-continue-seven"]
    common = {"record": ex["record"], "seat": 0, "correct": ex["correct"], "lang": "hu"}
    illegal = _call("refute", answer={"seat": 0, "act": "play", "card": "Ab"}, **common)
    assert not illegal["ok"] and illegal["error"]["kind"] == "IllegalAction" and illegal["error"]["rule"] == "Z-4.3"
    right = _call("refute", answer={"seat": 0, "act": "play", "card": "7a"}, **common)
    assert not right["ok"] and right["error"]["code"] == "refute_right_answer"
    assert right["error"]["message"] == "answer: " + catalog("hu")["error.refute_right_answer"]


def test_the_exercises_page_carries_the_plans(tmp_path, monkeypatch):
    ex = EXERCISES["zsiros-seven-led"]
    plans = ex_hook.refutations(ex)
    assert [p["answer"] for p in plans] == [{"seat": 0, "act": "stop"}]
    # a stale plan (here: a line cut short) fails the build with the command that remakes it
    book = json.loads(json.dumps(BOOKS["zsiros"]))
    for r in book["refutations"]:
        r["plan"]["wrong"] = r["plan"]["wrong"][:-1]
    (tmp_path / "zsiros.json").write_text(json.dumps(book), encoding="utf-8")
    monkeypatch.setattr(ex_hook, "REFUTATIONS", tmp_path)
    with pytest.raises(ValueError, match="refute_exercises.py --seed"):
        ex_hook.refutations(ex)


def test_the_script_check_mode_sees_the_files_are_current(capsys):
    assert script.main(["--check", "--seed", str(BOOKS["zsiros"]["seed"]), "--worlds", str(BOOKS["zsiros"]["worlds"])]) == 0


# ---- texts ---------------------------------------------------------------------------------------

CATALOG = ROOT / "hcards_core/learn/catalog/refute"


def _load(path: Path) -> dict:
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if not k.startswith("_")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_complete_in_every_language(lang):
    en, other = _load(CATALOG / "en.json"), _load(CATALOG / f"{lang}.json")
    assert set(other) == set(en)
    for key, text in other.items():
        assert placeholders(text) <= placeholders(en[key]), (lang, key)
        if lang != "en":
            assert text != en[key], (lang, key, "left in English")
        assert catalog(lang)[key] == text  # merged into the core's catalog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_texts_complete_in_every_language(lang):
    en, other = _load(ROOT / "tutorials/text/en/refute.json"), _load(ROOT / f"tutorials/text/{lang}/refute.json")
    assert set(other) == set(en) == set(ex_hook.REFUTE_UI)
    for key, text in other.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", en[key])), (lang, key)
        if lang != "en":
            assert text != en[key], (lang, key, "left in English")


def test_persian_latin_runs_are_isolated():
    ex = EXERCISES["zsiros-continue-seven"]
    stored = next(r for _, r in STORED if r["exercise"] == ex["id"])
    reply = R.render(position(ex), 0, stored["plan"], "fa")
    for text in (reply["summary"]["text"], reply["comparison"]["text"]):
        for run in re.finditer(r"[A-Za-z][A-Za-z0-9 .-]*", text):
            assert text[:run.start()].count(FSI) > text[:run.start()].count("\u2069"), (run.group(), text)


def test_bridge_refuses_a_malformed_plan_with_a_clear_message():
    ex = EXERCISES["zsiros-seven-led"]
    for plan in ({}, {"world_seed": "x"}, {**next(r for _, r in STORED if r["exercise"] == ex["id"])["plan"], "wrong": []}):
        out = _call("refute", record=ex["record"], seat=0, answer={"seat": 0, "act": "stop"}, correct=ex["correct"], plan=plan)
        assert not out["ok"] and out["error"]["code"] == "bad_field" and out["error"]["where"] == "plan", out


def test_bridge_hostile_arguments_get_clear_messages():
    ex = EXERCISES["zsiros-seven-led"]
    base = {"record": ex["record"], "seat": 0, "answer": {"seat": 0, "act": "stop"}, "correct": ex["correct"]}
    for change, where in (({"correct": ["7l"]}, "correct"), ({"worlds": 10**6}, "worlds"), ({"seat": 2}, "seat"),
                          ({"record": {"game": "zsiros"}}, None), ({"answer": {"act": "fly"}}, None)):
        out = _call("refute", **{**base, **change})
        assert not out["ok"] and out["error"]["kind"] in ("MalformedRecord", "IllegalAction"), out
        assert where is None or out["error"]["where"] == where, out
