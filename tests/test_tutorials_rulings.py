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


# ---- the checker page: whole clauses, options in words, moves in words -------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_clauses_are_quoted_whole_lists_included(lang):
    texts = rulings.clause_texts(lang)
    # no clause stops at its lead-in: what follows the colon (its list, its table) is quoted
    cut = [cid for cid, text in texts.items() if text.rstrip().endswith((":", "："))]
    assert not cut, cut
    # Z-4.3 lists the leader's two choices in every language, and its items are whole
    items = [line for line in texts["Z-4.3"].split("\n") if line.startswith("• ")]
    assert len(items) == 2, texts["Z-4.3"]
    assert "FC-5.1" in texts and texts["FC-5.1"].count("\n• ") >= 5  # the table of results, row by row


def test_clause_lists_in_the_prerendered_cases():
    html = rulings.clause_html(rulings.clause_texts("hu")["Z-4.4"])
    assert html.count("<li>") == 2 and "szabálytalan, ha" in html


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_is_named_in_the_pages_language(lang):
    from hcards_core.checker import game_info

    en = {g: rulings.option_labels(game_info(g, "en"), "en") for g in rulings.GAMES}
    for game in rulings.GAMES:
        info = rulings.option_labels(game_info(game, lang), lang)
        for opt, opt_en in zip(info["options"], en[game]["options"]):
            assert opt["label"] and opt["label"] != opt["name"], opt["name"]
            assert opt["default_label"] not in ("False", "True", "false", "true"), opt
            for value, label in opt["choice_labels"].items():
                assert label and (label != value or value.isdigit() or value in ("filko", "pagat", "none")), (game, opt["name"], value)
            if lang != "en" and opt["kind"] == "bool":
                assert opt["default_label"] != opt_en["default_label"]


@pytest.mark.parametrize("lang", LANGS)
def test_moves_typed_in_the_pages_words(lang):
    from hcards_core.checker import ask_action, rule_record
    from hcards_core.messages import render

    case = next(c for c in CASES if c["id"] == "zsiros-continue-without-hit")
    rec = json.loads(json.dumps(case["record"]))
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:4]  # A's decision
    ruling = rule_record(rec, lang)
    stop = next(a for a in ruling["ask"] if a["action"]["act"] == "stop")
    for typed in (stop["label"], render("act.zsiros.stop", lang)):
        assert ask_action(rec, typed, lang)["action"] == {"seat": 0, "act": "stop"}, typed
    assert ask_action(rec, "A play Ab", lang)["action"]["card"] == "Ab"  # the record's form still works

    case = next(c for c in CASES if c["id"] == "ferbli-blind-must-raise")
    rec = json.loads(json.dumps(case["record"]))
    rec["deals"][0]["actions"] = rec["deals"][0]["actions"][:-1]  # the compulsory raise
    ruling = rule_record(rec, lang)
    assert all("{" not in item["label"] for item in ruling["legal"]), ruling["legal"]
    words = next(item["words"] for item in ruling["legal"] if item["action"]["act"] == "raise")
    assert ask_action(rec, words, lang)["action"] == {"seat": 2, "act": "raise", "amount": 1}
    typed = "C " + render("act.ferbli.raise", lang, amount=2).split(" (")[0].split("（")[0]
    assert ask_action(rec, typed, lang)["action"] == {"seat": 2, "act": "raise", "amount": 2}, typed


@pytest.mark.parametrize("lang", [l for l in LANGS if l != "en"])
def test_the_json_parsers_words_are_translated(lang):
    from hcards_core.checker import rule_record
    from hcards_core.errors import MalformedRecord

    for text in ('{"game": "zsiros" "players": 4}', '{"game": "zsiros", "deals": [}', '{"game": "zsi'):
        with pytest.raises(MalformedRecord) as info:
            rule_record(text, lang)
        message = info.value.message(lang)
        assert "Expecting" not in message and "Unterminated" not in message and "Extra data" not in message, message
