"""Ruling cases (tutorials/rulings/<game>/<id>.json): every stated verdict is what the core
computes (CPython), the clauses exist, and the texts exist in every language and are not
left in English; the checker page's labels too."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "scripts" / "hooks"
if str(HOOKS) not in sys.path:
    sys.path.insert(0, str(HOOKS))

import hcards_markdown  # noqa: E402
import rulings  # noqa: E402
import tutorial_data  # noqa: E402

from hcards_core.errors import clause_page  # noqa: E402
from hcards_core.records import replay  # noqa: E402

CASES = rulings.cases()
IDS = [c["id"] for c in CASES]
LANGS = tutorial_data.LANGUAGES
# Words that are the same in every language: game names and untranslated game terms.
SAME_EVERYWHERE = {"ui.game_zsiros", "ui.game_ferbli", "ui.game_filicau"}


def test_at_least_ten_cases_per_game():
    counts = Counter(c["game"] for c in CASES)
    assert all(counts[g] >= 10 for g in rulings.GAMES), counts
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_verdict_holds_through_the_core(case):
    out = replay(case["record"], events=True)
    verdict = case["verdict"]
    if verdict["legal"]:
        assert out["ok"], out["error"]
        d = verdict.get("deal", len(case["record"]["deals"]) - 1)
        for key, value in verdict.get("result", {}).items():
            assert out["deals"][d]["result"][key] == value, key
        for key, value in verdict.get("session", {}).items():
            assert out["session"][key] == value, key
    else:
        err = out["error"]
        assert not out["ok"] and err is not None
        assert (err["deal"], err["action"], err["rule"], err["code"]) == (
            verdict["deal"], verdict["action"], verdict["rule"], verdict["code"])
        # the illegal action is the last one: the dispute is about that move
        assert verdict["action"] == len(case["record"]["deals"][verdict["deal"]]["actions"]) - 1
        assert verdict["rule"] in case["clauses"]
    for ev in case.get("events", []):
        d = ev.get("deal", 0)
        assert any(all(e.get(k) == v for k, v in ev.items() if k != "deal") for e in out["deals"][d]["events"]), ev
    assert rulings.check_case(case) == []


def test_the_checker_detects_a_wrong_verdict():
    case = json.loads(json.dumps(next(c for c in CASES if not c["verdict"]["legal"])))
    case["verdict"]["rule"] = "Z-0.1"
    assert rulings.check_case(case)
    case = json.loads(json.dumps(next(c for c in CASES if c["verdict"].get("result"))))
    key = next(iter(case["verdict"]["result"]))
    case["verdict"]["result"][key] = "something else"
    assert rulings.check_case(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_clauses_exist_and_have_text_in_every_language(case):
    known = hcards_markdown.load_clause_pages()
    for cid in case["clauses"]:
        assert cid in known, cid
        clause_page(cid)
        for lang in LANGS:
            assert len(rulings.clause_texts(lang).get(cid, "")) > 10, (lang, cid)


@pytest.mark.parametrize("lang", [l for l in LANGS if l != "en"])
def test_texts_exist_in_every_language_and_differ_from_english(lang):
    en = json.loads((ROOT / "tutorials" / "text" / "en" / "rulings.json").read_text("utf-8"))
    other = json.loads((ROOT / "tutorials" / "text" / lang / "rulings.json").read_text("utf-8"))
    keys = [f"{cid}.{part}" for cid in IDS for part in ("question", "answer")] + [f"ui.{k}" for k in rulings.UI_KEYS]
    for key in keys:
        assert key in en, key
        assert key in other and other[key].strip(), (lang, key)
        if key not in SAME_EVERYWHERE:
            assert other[key] != en[key], (lang, key)
    assert set(other) == set(en), set(other) ^ set(en)


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_english(lang):
    import re
    en = json.loads((ROOT / "tutorials" / "text" / "en" / "rulings.json").read_text("utf-8"))
    other = json.loads((ROOT / "tutorials" / "text" / lang / "rulings.json").read_text("utf-8"))
    for key, value in en.items():
        assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", other[key])), (lang, key)


def test_clause_texts_come_from_the_pages_in_their_language():
    en, fa = rulings.clause_texts("en"), rulings.clause_texts("fa")
    assert "leader" in en["Z-4.2"] and "[§" not in en["Z-4.2"]
    assert en["Z-4.2"] != fa["Z-4.2"]
    assert "Over of leaves" in en["EX-C4"]  # cards in the text read as their names


def test_prerendered_page_section():
    from typing import NamedTuple

    class Links(NamedTuple):
        assets: str
        home: str

    html = rulings.render_game("all", "hu", Links("../../assets/", "../"))
    assert html.count('class="hc-ruling"') == len(CASES)
    data = html.split('<script type="application/json" class="hc-checker-data">')[1].split("</script>")[0]
    payload = json.loads(data)
    assert set(payload["cases"]) == set(IDS) and payload["lang"] == "hu"
    assert payload["clauses"]["Z-4.2"] == rulings.clause_texts("hu")["Z-4.2"]
    first = CASES[0]
    assert tutorial_data.text("hu", "rulings", f"{first['id']}.question") in html
    assert 'href="../zsiros/rules/#Z-4.2"' in html
