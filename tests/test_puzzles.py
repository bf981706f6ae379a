"""The mined puzzles (issue 17, item 2): the data, the judge, the try checker and the ratings.

- every puzzle of ``tutorials/puzzles/<file>.jsonl`` replays to an unfinished deal whose seat
  is to act, its answers are legal, its themes and clauses known, its id unique; at least
  1,000 per file; its themes are what the code derives from the position;
- a sample (``SAMPLE`` per file) is re-judged over fresh sampled worlds here, all of them with
  ``HCARDS_PUZZLES_LONG=1`` (or ``scripts/mine_puzzles.py --check``): at least ``QUORUM`` of
  them must hold (a fresh sample has its own luck);
- the miner is deterministic: the first puzzles mined again with the recorded seed are the
  file's first lines;
- a try: legal or not (with the clause message in the learner's language), accepted or not;
- Glicko-2 against the worked example of Glickman's paper;
- the words of the page in five languages, and the page's data split for lazy loading.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import mine_puzzles as miner  # noqa: E402
import puzzles as hook  # noqa: E402
from hcards_core.bridge import handle  # noqa: E402
from hcards_core.learn import rating  # noqa: E402
from hcards_core.learn.puzzle_themes import themes_of  # noqa: E402
from hcards_core.learn.puzzles import check_try, position  # noqa: E402

FILES = sorted(miner.FILES)
LANGS = ("en", "hu", "ro", "fa", "ja")
SAMPLE = 20
LONG = os.environ.get("HCARDS_PUZZLES_LONG") == "1"


@pytest.fixture(scope="module", params=FILES)
def mined(request):
    return request.param, miner.load(request.param)


def call(fn: str, **args) -> dict:
    return json.loads(handle(json.dumps({"fn": fn, "args": args})))


def sample(puzzles: list[dict], n: int = SAMPLE) -> list[dict]:
    step = max(1, len(puzzles) // n)
    return puzzles[::step][:n]


# ---- the data ------------------------------------------------------------------------------------
def test_at_least_a_thousand_per_file(mined):
    file, puzzles = mined
    meta = json.loads((miner.OUT / f"{file}.meta.json").read_text(encoding="utf-8"))
    if meta.get("partial"):  # a run still under way (or cut short): say so, loudly, with the way on
        pytest.skip(f"{file}.jsonl: mining unfinished, {len(puzzles)} of {meta['command']}; "
                    "go on with the same command (shards resume where they stopped), then --merge")
    assert len(puzzles) >= 1000, f"{file}.jsonl holds {len(puzzles)} puzzles"


def test_every_puzzle_replays_with_its_seat_to_act_and_legal_answers(mined):
    file, puzzles = mined
    assert miner.structural_problems(file, puzzles) == []


def test_every_table_size_is_mined(mined):
    file, puzzles = mined
    tables = {(p["record"]["game"], p["record"]["players"]) for p in puzzles}
    assert tables == set(miner.FILES[file])


def test_the_fields_of_the_contract(mined):
    file, puzzles = mined
    for p in sample(puzzles):
        assert {"id", "record", "seat", "answer", "themes", "clauses", "rating", "seed"} <= set(p)
        assert len(p["record"]["deals"]) == 1 and p["answer"] and p["themes"]
        assert isinstance(p["rating"], int) and 800 <= p["rating"] <= 2300
        assert len(p["values"]) > len(p["answer"]), "more than one legal action, not all of them right"


def test_themes_are_derived_by_code(mined):
    file, puzzles = mined
    for p in sample(puzzles):
        state = position(p)
        rows = [v["action"] for v in p["values"]]
        assert themes_of(state, p["seat"], p["answer"], rows) == p["themes"], p["id"]


def test_the_themes_teach_several_things(mined):
    file, puzzles = mined
    themes = {t for p in puzzles for t in p["themes"]}
    assert len(themes) >= 5, themes


@pytest.mark.parametrize("file", FILES)
def test_a_sample_holds_over_fresh_worlds(file):
    puzzles = miner.load(file)
    chosen = puzzles if LONG else sample(puzzles)
    failed = [m for m in (miner.verify(p, 32 if LONG else 24) for p in chosen) if m]
    # fresh worlds are a new sample of the same luck: a puzzle may miss once in a while, the
    # set as a whole must hold (miner.QUORUM)
    assert len(failed) <= (1 - miner.QUORUM) * len(chosen), failed[:5]


def test_mining_is_deterministic_for_the_seed():
    for file in FILES:
        first = miner.load(file)[:2]
        again, _ = miner.mine(file, first[0]["seed"], 2, log=open(os.devnull, "w"))
        assert again == first, file


# ---- a try -----------------------------------------------------------------------------------------
def _puzzle(file="zsiros"):
    return miner.load(file)[0]


def test_the_answer_is_accepted_and_another_legal_move_is_not():
    p = _puzzle()
    out = check_try(p, p["answer"][0])
    assert out == {"legal": True, "accepted": True, "answer": p["answer"]}
    state = position(p)
    wrong = next(a for a in state.legal_actions() if a not in p["answer"])
    out = check_try(p, wrong)
    assert out["legal"] and not out["accepted"]


def test_an_illegal_try_names_its_clause_in_the_learners_language():
    p = _puzzle()
    state = position(p)
    held = set(state.hands()[p["seat"]])
    card = next(c for c in ("Aa", "Ab", "Ah", "Al", "7a", "7b") if c not in held)
    out = call("puzzle_try", puzzle=p, action={"act": "play", "card": card}, lang="hu")["value"]
    assert out["legal"] is False and not out["accepted"]
    assert re.fullmatch(r"Z-\d+(\.\d+)?", out["rule"]) and out["page"] == "zsiros/rules/"
    assert out["message"] and out["message"] != check_try(p, {"act": "play", "card": card}, "en")["message"]


def test_a_malformed_try_is_a_clear_error_not_a_traceback():
    out = call("puzzle_try", puzzle=_puzzle(), action="Aa")
    assert out["ok"] is False and out["error"]["kind"] != "internal_error"


@pytest.mark.parametrize("file", FILES)
def test_the_page_view_labels_every_judged_move(file):
    p = miner.load(file)[0]
    out = call("puzzle_view", puzzle=p, lang="ja")["value"]
    assert len(out["labels"]) == len(p["values"]) and all(out["labels"]) and out["answer"]
    assert "data-action" in out["html"] and out["to_act"] == p["seat"]


# ---- ratings -------------------------------------------------------------------------------------------
def test_glicko2_matches_glickmans_worked_example():
    r = rating.update({"rating": 1500, "rd": 200, "vol": 0.06},
                      [({"rating": 1400, "rd": 30}, 1), ({"rating": 1550, "rd": 100}, 0),
                       ({"rating": 1700, "rd": 300}, 0)])
    assert r["rating"] == pytest.approx(1464.06, abs=0.02)
    assert r["rd"] == pytest.approx(151.52, abs=0.01)
    assert r["vol"] == pytest.approx(0.05999, abs=1e-5)


def test_a_try_moves_both_ratings_the_right_way():
    out = call("rate_try", puzzle={"rating": 1600}, solved=False, learner={"rating": 1500, "rd": 120, "vol": 0.06})["value"]
    assert out["learner"]["rating"] < 1500 and out["puzzle"]["rating"] > 1600
    assert out["learner"]["rd"] < 120
    won = rating.after_try(None, {"rating": 1500}, True)
    lost = rating.after_try(None, {"rating": 1500}, False)
    assert won["learner"]["rating"] - 1500 == pytest.approx(1500 - lost["learner"]["rating"], abs=0.01)


def test_harder_positions_are_rated_higher():
    assert miner.rating(2, True, 2.0, 0.5) < miner.rating(4, True, 0.5, 0.5) < miner.rating(4, False, 0.5, 0.5)


# ---- the words and the page ---------------------------------------------------------------------------
def _texts(lang):
    return json.loads((ROOT / "tutorials" / "text" / lang / "puzzles.json").read_text(encoding="utf-8"))


def test_every_theme_and_string_in_five_languages():
    themes = miner.themes()
    en = _texts("en")
    assert {f"theme.{t}" for t in themes} <= set(en)
    for lang in LANGS:
        texts = _texts(lang)
        assert set(texts) == set(en), lang
        for key, text in texts.items():
            assert text.strip(), (lang, key)
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", en[key])), (lang, key)
            if lang != "en" and key.startswith(("theme.", "noscript", "wrong", "failed", "task")):
                assert text != en[key], f"{lang}: {key} is left in English"


def test_persian_isolates_latin_runs():
    for key, text in _texts("fa").items():
        bare = re.sub("\u2068[^\u2069]*\u2069", "", text)
        assert not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", bare)), key


def test_the_page_payload_and_the_split_data(tmp_path):
    class Links:
        assets, home = "../../assets/", "../../"

    html = hook.render_game("zsiros", "ja", Links)
    payload = json.loads(re.search(r'<script type="application/json" class="hc-data">(.*?)</script>', html).group(1))
    assert payload["data"] == "../../assets/puzzles/zsiros/" and payload["total"] == len(miner.load("zsiros"))
    assert all(t["label"] and t["count"] for t in payload["themes"])
    assert len(html) < 20_000, "the page carries no puzzles"
    hook.write_data(tmp_path)
    for file in FILES:
        index = json.loads((tmp_path / "assets" / "puzzles" / file / "index.json").read_text(encoding="utf-8"))
        assert len(index) == len(miner.load(file))
        chunk = json.loads((tmp_path / "assets" / "puzzles" / file / "0.json").read_text(encoding="utf-8"))
        assert chunk[0]["id"] == index[0]["id"] and len(chunk) == hook.CHUNK


def test_each_game_has_its_page_in_every_language():
    for lang in LANGS:
        for game in FILES:
            text = (ROOT / "docs" / lang / game / "puzzles.md").read_text(encoding="utf-8")
            assert f'<div data-hcards="puzzles" data-game="{game}"></div>' in text


@pytest.mark.parametrize("name", ["puzzles", "rating", "puzzle_themes"])
def test_doctests(name):
    import doctest
    import importlib

    res = doctest.testmod(importlib.import_module(f"hcards_core.learn.{name}"))
    assert res.failed == 0 and res.attempted > 0


def test_shards_put_together_the_puzzles_of_one_run(tmp_path, monkeypatch):
    import shutil

    monkeypatch.setattr(miner, "OUT", tmp_path)
    shutil.copy(ROOT / "tutorials" / "puzzles" / "themes.json", tmp_path)
    for k in range(2):
        out, stats = miner.mine("ferbli", 5, 4, shard=(k, 2), whole_deals=True, log=open(os.devnull, "w"))
        miner.write(f"ferbli.shard-{k}", out, stats, 5, 6)
    assert miner.merge("ferbli", 5, 6, 2) == 6
    single, _ = miner.mine("ferbli", 5, 6, log=open(os.devnull, "w"))
    assert miner.load("ferbli") == single
    assert json.loads((tmp_path / "ferbli.meta.json").read_text(encoding="utf-8"))["kept"] == 6


def test_an_interrupted_shard_goes_on_where_it_stopped():
    first, stats = miner.mine("ferbli", 5, 3, shard=(1, 2), whole_deals=True, log=open(os.devnull, "w"))
    stats = {**stats, "cpu_seconds": 0.0}
    more, _ = miner.mine("ferbli", 5, 6, shard=(1, 2), whole_deals=True, log=open(os.devnull, "w"), resume=(first, stats))
    once, _ = miner.mine("ferbli", 5, 6, shard=(1, 2), whole_deals=True, log=open(os.devnull, "w"))
    assert more == once
