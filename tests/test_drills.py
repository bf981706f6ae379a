"""The endless rule drills (hcards_core/learn/drills.py): every type of every game, from several
seeds, in every language — the right answer agrees with the core by another route (replaying
the record, applying the actions, the rules written out here), a wrong answer is explained with
a clause of that game's rules page, no placeholder is left unfilled, no English is left in the
other languages, and an id always regenerates the same drill."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hcards_core import LANGUAGES
from hcards_core.bridge import handle
from hcards_core.games import get_game
from hcards_core.learn import drills
from hcards_core.messages import placeholders
from hcards_core.records import replay, state_at

ROOT = Path(__file__).resolve().parent.parent
CLAUSES = json.loads((ROOT / "tutorials" / "clauses.json").read_text(encoding="utf-8"))
CATALOG = ROOT / "hcards_core" / "learn" / "catalog" / "drills"
SEEDS = (0, 1, 2, 3, 11)
CASES = [(g, t) for g, ts in drills.TYPES.items() for t in ts]
PAGE = {"zsiros": "zsiros", "filicau": "filicau", "filko": "filicau", "ferbli": "ferbli"}


def rules_clauses(game: str) -> set[str]:
    return set(CLAUSES[PAGE[game]]["rules"])


def wrong_answers(q: dict) -> list:
    values = [c["value"] for c in q["choices"]]
    if q["form"] == "multi":
        right = q["accepted"][0]
        wrong = [illegal for illegal in ([v] for v in values if v not in right)][:2]
        wrong.append(right[:-1])  # one legal card left out
        wrong.append(values)  # every card
        return [w for w in wrong if set(w) != set(right)]
    return [v for v in values if v not in q["accepted"]]


def texts(q: dict, verdicts: list[dict]) -> list[str]:
    out = [q["question"], *(c["label"] for c in q["choices"])]
    for v in verdicts:
        out += [v["why"]["text"], *(w["text"] for w in v["wrong"]), *v["right"]]
    return out


# ---- the right answer, by another route ------------------------------------------------------

def zsiros_winner(plays: list[dict], led: str) -> int:
    """Z-3.4: the last card that hits (the led rank or a VII); the leader if none."""
    winner = plays[0]["seat"]
    for p in plays[1:]:
        if p["card"][0] in (led, "7"):
            winner = p["seat"]
    return winner


def filicau_order(trump: str):
    """FC-1.2/1.3 written out: the Overs on top (acorns, leaves, hearts, bells), then the
    trump suit, each suit A X K U 9 8 7 (FC-1.3)."""
    def suit(card):
        return trump if card[0] == "O" else card[1]

    def power(card):
        if card[0] == "O":
            return 300 - "alhb".index(card[1])
        return (100 if card[1] == trump else 0) + 7 - "AXKU987".index(card[0])
    return suit, power


def check_right(q: dict) -> None:
    """The accepted answer, recomputed from the record without the drill module."""
    game, kind, record, after = q["game"], q["type"], q["record"], q["after"]
    d = drills.make(q["id"])
    out = replay(record)  # the position is a record the core replays, cut where the question is
    assert out["ok"] and len(out["deals"]) == 1 and out["error"] is None
    if game == "ferbli" and kind in ("hand", "compare"):
        hands = record["deals"][0]["cards"]["hands"]
        g = get_game("ferbli")
        if kind == "hand":
            r = g.rank_hand(hands[0])
            assert q["accepted"] == [f"{r['category']}:{r['value']}"]
            if r["category"] == "banda":
                assert len({c[1] for c in hands[0]}) == 1
        else:
            assert q["accepted"] == [{1: "first", -1: "second", 0: "equal"}[g.compare_hands(*hands)]]
        return
    state = state_at(record, 0, after)[0]
    pub = state.public_state()
    if game == "zsiros" and kind == "trick_winner":
        assert q["accepted"] == [zsiros_winner([p for r in pub["rounds"] for p in r], pub["led_rank"])]
    elif kind == "continue":
        hand = state.hands()[state.to_act]
        ok = [c for c in hand if state.can_apply({"seat": state.to_act, "act": "play", "card": c})]
        assert all(c[0] in (pub["led_rank"], "7") for c in ok)
        assert sorted(q["accepted"]) == sorted(ok or ["stop"])
    elif kind == "talon":
        full = d.record
        action = full["deals"][0]["actions"][after]
        before, later = state_at(full, 0, after)[0], state_at(full, 0, after + 1)[0]
        drawn = {len(later.hands()[s]) - len(before.hands()[s]) + (action.get("card") is not None and action["seat"] == s)
                 for s in range(state.players)}
        assert drawn == {q["accepted"][0]}
        assert later.public_state()["talon"] == 0
    elif kind == "game_points":
        res = replay(record)["deals"][0]["result"]
        w = res["winner"]
        expect = 3 if res["tricks"][1 - w] == 0 else 2 if res["card_points"][w] == 80 else 1
        assert q["accepted"] == [expect]
    elif kind == "trick_winner":  # Filicău / Filkó
        suit, power = filicau_order(state.trump)
        table = pub["table"]
        led = suit(table[0][1])
        trumps = [(power(c), s) for s, c in table if suit(c) == state.trump]
        follows = [(power(c), s) for s, c in table if suit(c) == led]
        assert q["accepted"] == [max(trumps or follows)[1]]
    elif kind == "legal_cards":
        suit, _ = filicau_order(state.trump)
        hand = state.hands()[state.to_act]
        led = suit(pub["table"][0][1])
        same = [c for c in hand if suit(c) == led]
        trumps = [c for c in hand if suit(c) == state.trump]
        assert sorted(q["accepted"][0]) == sorted(same or trumps or hand)
        assert [c for c in hand if state.can_apply({"seat": state.to_act, "act": "play", "card": c})] == q["accepted"][0]
    elif kind == "status":
        res = replay(record)["deals"][0]["result"]
        p = res["points"][0]
        prior = list(record.get("start", {}).get("status", ["level", "level"]))
        if game == "filicau":  # FC-5.1
            expect = (["level", "level"] if p in (0, 8) else ["slave", "master"] if p <= 2
                      else ["master", "slave"] if p >= 6 else prior)
        else:  # FK-1.3
            expect = ["master", "slave"] if p >= 6 else ["slave", "master"] if p <= 2 else prior
        assert q["accepted"] == ["/".join(expect)] == ["/".join(res["status"])]
    elif kind == "next_dealer":
        assert q["accepted"] == [replay(record)["session"]["dealer"]]
    elif kind == "bet_range":
        seat = state.to_act
        act = d.act
        legal = [a for a in range(0, 200) if state.can_apply({"seat": seat, "act": act, "amount": a})]
        lo, hi = (int(x) for x in q["accepted"][0].split("-"))
        assert legal and legal[0] == lo and legal[-1] == hi
    else:
        raise AssertionError(kind)


# ---- the tests -------------------------------------------------------------------------------

@pytest.mark.parametrize("game,kind", CASES)
def test_drills_in_every_language(game, kind):
    for seed in SEEDS:
        english = None
        for lang in LANGUAGES:
            q = drills.question(game, kind, seed, lang)
            assert q["id"] == f"{game}:{kind}:{seed}" and q["lang"] == lang
            assert q["clauses"] and set(q["clauses"]) <= rules_clauses(game)
            assert len(q["choices"]) >= 2 and q["html"].startswith("<div")
            if lang == "en":
                check_right(q)
            right = drills.judge(q["id"], q["accepted"][0], lang)
            assert right["correct"] and not right["wrong"]
            assert right["why"]["clause"] in rules_clauses(game)
            wrongs = wrong_answers(q)
            assert wrongs, q["id"]
            verdicts = [right]
            for w in wrongs:
                v = drills.judge(q["id"], w, lang)
                assert not v["correct"] and v["wrong"], (q["id"], w)
                for item in v["wrong"]:
                    assert item["clause"] in rules_clauses(game), item
                    assert item["page"] == f"{PAGE[game]}/rules/"
                verdicts.append(v)
            out = texts(q, verdicts)
            for text in out:
                assert text and not re.search(r"[{}]|drill\.|\bNone\b", text), (lang, text)
            if lang == "en":
                english = out
            else:  # no English left: every sentence differs from its English rendering
                for en, there in zip(english, out):
                    if len(en.split()) >= 4:
                        assert en != there, (lang, en)
            if lang == "fa":
                assert "\u2068" in q["question"] or not re.search(r"[A-Za-z]", q["question"])


@pytest.mark.parametrize("game,kind", CASES)
def test_an_id_regenerates_its_drill(game, kind):
    first = drills.question(game, kind, 5, "ja")
    drills.make.cache_clear()
    again = drills.question(game, kind, 5, "ja")
    assert first == again
    assert json.loads(json.dumps(first)) == first  # plain JSON for the worker


def test_mixed_draws_a_type_from_the_seed():
    seen = {drills.question("zsiros", "mixed", s)["type"] for s in range(40)}
    assert seen == set(drills.TYPES["zsiros"])
    assert drills.question("ferbli", "mixed", 9)["id"] == drills.question("ferbli", "mixed", 9)["id"]


def test_the_catalog_has_every_key_with_the_same_placeholders_in_every_language():
    en = json.loads((CATALOG / "en.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        data = json.loads((CATALOG / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(data) == set(en), lang
        for key, text in en.items():
            if key != "_doc":
                assert placeholders(data[key]) == placeholders(text), (lang, key)


def test_the_bridge_answers_and_refuses_bad_input_clearly():
    q = json.loads(handle(json.dumps({"fn": "drill_next", "args": {"game": "filko", "type": "legal_cards", "seed": 3,
                                                                     "lang": "hu"}})))
    assert q["ok"] and q["value"]["id"] == "filko:legal_cards:3"
    v = json.loads(handle(json.dumps({"fn": "drill_answer", "args": {"id": "filko:legal_cards:3",
                                                                       "answer": q["value"]["accepted"][0]}})))
    assert v["ok"] and v["value"]["correct"]
    for args in ({"id": "zsiros:nope:1", "answer": 1}, {"id": "zsiros:talon:1", "answer": 99},
                 {"id": "zsiros:talon:" + "9" * 5000, "answer": 1}, {"id": "zsiros:talon:١٢", "answer": 1},
                 {"id": ["zsiros"], "answer": 1}, {"id": "ferbli:hand:2", "answer": {"x": [1]}},
                 {"id": "filko:legal_cards:3", "answer": "Oa"}, {"id": "zsiros:talon:1", "answer": True}):
        err = json.loads(handle(json.dumps({"fn": "drill_answer", "args": args})))
        assert not err["ok"] and err["error"]["code"] == "bad_field", err
    for args in ({"game": "chess"}, {"game": "zsiros", "seed": -1}, {"game": "zsiros", "seed": 10 ** 40},
                 {"game": "zsiros", "type": "talon", "seed": True}, {"game": "ferbli", "type": "talon"}):
        err = json.loads(handle(json.dumps({"fn": "drill_next", "args": args})))
        assert not err["ok"] and err["error"]["code"] in ("bad_field", "bad_request"), (args, err)


def test_the_bench_runs_and_is_tabled():
    """``scripts/bench --only drills`` in miniature: one seed per type, and the table rows."""
    import importlib.util

    def load(name):
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    bench, mod = load("bench"), load("bench_drills")
    out = mod.run({"seeds": 1})
    json.dumps(out)
    assert len(out["types"]) == sum(len(t) for t in drills.TYPES.values()) and out["next_median_ms"] > 0
    rows = mod.rows({"cpython": out, "pyodide": None,
                     "browser": {"zsiros": {"count": 2, "median_ms": 5.0, "p95_ms": 6.0}, "ferbli": {"error": "x"}}},
                    bench.fmt, bench.mark)
    assert all(len(r) == 5 for r in rows) and any("click → next drill" in r[0] for r in rows)
