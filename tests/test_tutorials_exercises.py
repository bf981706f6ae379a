"""Exercises (tutorials/exercises): every exercise in every language, through the core in CPython
and through the same bridge call the browser makes.

- the position replays legally; the kinds, checkers and clauses exist;
- a choice's listed correct option is the one the core computes (``truth``), every other
  option is listed as wrong, and each wrong option gets its stated feedback and clause;
- a move's correct answers are legal and accepted; each listed wrong move gets its stated
  feedback and clause — the core's own ``IllegalAction`` (code, rule, message) when illegal;
- every text key exists in every language, and no non-English text is the English one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import exercises as hook  # noqa: E402
import tutorial_data as data  # noqa: E402
from hcards_core.bridge import handle  # noqa: E402
from hcards_core.errors import IllegalAction, clause_page  # noqa: E402
from hcards_core.exercises import CHECKERS, correct_moves, position, right_options, truth  # noqa: E402
from hcards_core.games import get_game  # noqa: E402

ITEMS = data.load_kind("exercises")
IDS = [e["id"] for e in ITEMS]
CLAUSES = json.loads((ROOT / "tutorials" / "clauses.json").read_text(encoding="utf-8"))
KNOWN_RULES = {rule for game in CLAUSES.values() if isinstance(game, dict) for ids in game.values() for rule in ids}


def bridge(fn: str, **args):
    reply = json.loads(handle(json.dumps({"fn": fn, "args": args})))
    assert reply["ok"], reply
    return reply["value"]


def test_at_least_eight_per_game():
    for game in data.GAMES:
        assert len([e for e in ITEMS if e["game"] == game]) >= 8, game
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("ex", ITEMS, ids=IDS)
def test_structure(ex):
    assert hook.check(ex) == []
    assert ex["id"].startswith(ex["game"] + "-")
    assert ex["rule"] in KNOWN_RULES
    for wrong in ex.get("wrong", []):
        assert wrong["rule"] in KNOWN_RULES, wrong
        assert wrong.get("feedback") or wrong.get("code"), wrong
    state = position(ex)
    if ex["kind"] == "move":
        assert state.to_act is not None
    else:
        assert ex["check"]["name"] in CHECKERS


@pytest.mark.parametrize("ex", [e for e in ITEMS if e["kind"] == "choice"], ids=lambda e: e["id"])
def test_choice_truth_is_the_listed_answer(ex):
    # the core decides; the data only says what it expects the core to say
    assert right_options(ex) == ex["correct"], truth(ex)
    assert len(ex["correct"]) == 1
    values = [json.dumps(o["value"], sort_keys=True) for o in ex["options"]]
    assert len(set(values)) == len(values), "two options with the same value"
    listed = {w["answer"] for w in ex["wrong"]}
    assert listed == {o["id"] for o in ex["options"]} - set(ex["correct"]), "every wrong option needs feedback"


@pytest.mark.parametrize("ex", [e for e in ITEMS if e["kind"] == "move"], ids=lambda e: e["id"])
def test_move_answers_against_the_core(ex):
    state = position(ex)
    patterns = correct_moves(ex, state)
    assert patterns
    game = get_game(ex["record"]["game"])
    for wrong in ex["wrong"]:
        action = game.parse_action(wrong["answer"], state.players, "wrong")
        if "code" in wrong:
            with pytest.raises(IllegalAction) as exc:
                state.apply(action)
            assert (exc.value.code, exc.value.rule) == (wrong["code"], wrong["rule"])
        else:  # legal, and not matched by a correct pattern
            assert state.can_apply(action), wrong
            assert not any(all(action.get(k) == v for k, v in p.items()) for p in patterns), wrong
    # every listed answer can be given at the table: a card of the seat to act, or an offered act
    offered = {a["act"] for a in ex.get("acts", [])}
    html = hook.table_html(hook.payload(ex, "en"), state, "en", "assets/", True)
    for answer in [w["answer"] for w in ex["wrong"]] + [p for p in patterns if isinstance(p, dict)]:
        if answer["act"] == "play" and "card" in answer:
            assert answer["card"] in state.hands()[state.to_act]
            assert f'&quot;card&quot;: &quot;{answer["card"]}&quot;' in html
        elif answer["act"] != "play":
            assert answer["act"] in offered, answer
    # the revealed answer is made of legal moves
    answer = bridge("exercise_answer", exercise=hook.payload(ex, "en"), lang="en")
    assert answer["actions"]
    for action in answer["actions"]:
        assert state.can_apply(action)


@pytest.mark.parametrize("lang", data.LANGUAGES)
@pytest.mark.parametrize("ex", ITEMS, ids=IDS)
def test_answers_and_feedback_in_every_language(ex, lang):
    payload = hook.payload(ex, lang)
    texts = payload["texts"]
    key = lambda k: texts[f"{ex['id']}.{k}"]  # noqa: E731
    check = lambda answer: bridge("check_exercise", exercise=payload, answer=answer, lang=lang)  # noqa: E731

    if ex["kind"] == "choice":
        right = [check(oid) for oid in ex["correct"]]
    else:
        state = position(ex)
        right = [check(a) for a in bridge("exercise_answer", exercise=payload, lang=lang)["actions"]]
        assert right and all(r["html"] for r in right)
    for r in right:
        assert r["correct"] is True
        assert r["feedback"] == key("explain")
        assert (r["rule"], r["page"]) == (ex["rule"], clause_page(ex["rule"]))

    for wrong in ex["wrong"]:
        r = check(wrong["answer"])
        assert r["correct"] is False, wrong
        assert (r["rule"], r["page"]) == (wrong["rule"], clause_page(wrong["rule"])), wrong
        if "code" in wrong:  # illegal: the core's own explanation in this language
            state = position(ex, lang)
            action = get_game(ex["record"]["game"]).parse_action(wrong["answer"], state.players, "wrong")
            with pytest.raises(IllegalAction) as exc:
                state.apply(action)
            assert r["illegal"] is True and r["code"] == wrong["code"]
            own = ex.get("illegal_feedback", {}).get(wrong["code"])  # the core's message would state the answer
            assert r["feedback"].startswith(key(own) if own else exc.value.message(lang))
        else:
            assert r["illegal"] is False
            assert r["feedback"] == key(wrong["feedback"])


@pytest.mark.parametrize("lang", [lang for lang in data.LANGUAGES if lang != "en"])
def test_texts_complete_and_translated(lang):
    english = json.loads((ROOT / "tutorials/text/en/exercises.json").read_text(encoding="utf-8"))
    other = json.loads((ROOT / f"tutorials/text/{lang}/exercises.json").read_text(encoding="utf-8"))
    needed = {k for ex in ITEMS for k in hook.keys(ex)}
    assert needed <= set(english)
    assert set(other) == set(english), set(other) ^ set(english)
    same = [k for k in english if other[k] == english[k]]
    assert not same, same
    ui_en = data.ui("en", hook.UI_KEYS)
    ui = data.ui(lang, hook.UI_KEYS)
    same_ui = [k for k in data.EXERCISE_UI_KEYS if ui[k] == ui_en[k] and k != "ex_ok"]
    assert not same_ui, same_ui


def test_no_leftover_keys():
    english = json.loads((ROOT / "tutorials/text/en/exercises.json").read_text(encoding="utf-8"))
    needed = {k for ex in ITEMS for k in hook.keys(ex)}
    assert set(english) == needed, set(english) ^ needed


def test_prerendered_page_reads_without_javascript():
    class Links:
        assets, home = "../../assets/", "../../"

    html = hook.render_game("zsiros", "fa", Links)
    ex = next(e for e in ITEMS if e["id"] == "zsiros-last-hit")
    assert 'id="zsiros-last-hit"' in html
    assert data.text("fa", "exercises", "zsiros-last-hit.question") in html
    assert 'class="hc-table' in html and 'type="radio"' in html
    # the answer shown (after three tries, or to a reader without JavaScript) is the core's
    answer = right_options(ex)[0]
    assert f'value="{answer}"' in html
    assert '../../zsiros/rules/#Z-3.4' in html
    assert html.count('class="hc-exercise"') == len([e for e in ITEMS if e["game"] == "zsiros"])
