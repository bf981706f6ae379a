"""What an exercise shows before it is solved, and every number its texts state, in every language.

- Nothing gives the answer away: the title, the question, the hints, the feedback of every
  listed wrong answer (the exercise's own and the core's) and the facts beside the table
  never contain the answer — the right option's words, the seat letter, the number, the
  status words, the card's name, the suit or the amount the core computes. (The question may
  name seats: it sets out the position.)
- Every number an exercise's texts state about its position is declared in the data
  (``numbers``: the fact of the core it is) and checked against the core here; the rest are
  numbers of the rules themselves (``rule_numbers``). A text with an undeclared number fails.
- No "Right! Right:": the explanation of a right answer does not repeat the word the page
  puts before it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import exercises as hook  # noqa: E402
import tutorial_data as data  # noqa: E402
from hcards_core.cards import card_name, rank_name, suit_name  # noqa: E402
from hcards_core.exercises import _then, check_exercise, correct_moves, option_label, position, truth  # noqa: E402
from hcards_core.messages import render, team_label  # noqa: E402
from hcards_core.table import action_label  # noqa: E402

ITEMS = data.load_kind("exercises")
CATEGORIES = ("four_of_a_kind", "banda", "three_of_a_kind", "three_card_ferbli", "two_aces", "two_card_ferbli",
              "four_suits")
IDS = [e["id"] for e in ITEMS]
LANGS = data.LANGUAGES
DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩０１２３４５６７８９", "0123456789" * 3)
# Small numbers written as words (the answers of the "how many" exercises are 0–3).
NUMBER_WORDS = {
    "en": {0: ["zero"], 1: ["one each", "one point"], 2: ["two each", "two points"], 3: ["three each", "three points"]},
    "hu": {0: ["nulla", "semmit"], 1: ["egyet", "egy pont"], 2: ["kettőt", "két pont"], 3: ["hármat", "három pont"]},
    "ro": {0: ["zero"], 1: ["câte una", "un punct"], 2: ["câte două", "două puncte"], 3: ["câte trei", "trei puncte"]},
    "fa": {0: ["صفر"], 1: ["یکی", "یک امتیاز"], 2: ["نفری دو", "دو امتیاز"], 3: ["نفری سه", "سه امتیاز"]},
    "ja": {0: ["ゼロ"], 1: ["一"], 2: ["二"], 3: ["三"]},
}


def own_text(ex, lang, key):
    return data.text(lang, "exercises", f"{ex['id']}.{key}")


def facts_text(ex, lang) -> list[str]:
    """The words of the facts beside the exercise's table, as the page shows them."""
    html = hook.table_html(hook.payload(ex, lang), position(ex, lang), lang, "assets/", True)
    dl = re.search(r'<dl class="hc-facts">(.*?)</dl>', html)
    return re.findall(r"<dd>(.*?)</dd>", dl[1]) if dl else []


def shown_before_solving(ex, lang) -> dict[str, list[str]]:
    """Texts a learner can read before solving, by where they are shown."""
    payload = hook.payload(ex, lang)
    wrong = []
    answers = [w["answer"] for w in ex.get("wrong", [])]
    if ex["kind"] == "move":  # every amount a learner may type, 0 to well past the limit
        seat = position(ex, lang).to_act
        answers += [{"seat": seat, "act": t["act"], "amount": n} for t in ex.get("acts", []) if t.get("amount")
                    for n in range(0, 20)]
    for answer in answers:
        r = check_exercise(payload, answer, lang)
        if not r["correct"]:
            wrong.append(r["feedback"])
    return {"title": [own_text(ex, lang, "title")], "question": [own_text(ex, lang, "question")],
            "hints": [own_text(ex, lang, h) for h in ex.get("hints", [])], "wrong": wrong,
            "facts": facts_text(ex, lang)}


def _word(token: str) -> re.Pattern:
    """``token`` as a whole word (no letter or digit touching it), in any case."""
    return re.compile(rf"(?<![\w]){re.escape(token)}(?![\w])", re.IGNORECASE)


class _OneSeat:
    """A seat letter, unless the text names every seat alike (e.g. "Stakes: A 2 · B 2 · C 2")."""

    def __init__(self, seat: int, players: int):
        self.pattern = f"seat {seat}"
        self._one, self._all = _word("ABCDEF"[seat]), [_word(c) for c in "ABCDEF"[:players]]

    def search(self, text: str):
        return self._one.search(text) and not all(p.search(text) for p in self._all)


def forbidden(ex, lang) -> list[tuple[re.Pattern, tuple[str, ...]]]:
    """(pattern, where it is forbidden) for the answer of ``ex`` in ``lang``."""
    everywhere = ("title", "question", "hints", "wrong", "facts")
    not_question = ("title", "hints", "wrong", "facts")
    out = []
    if ex["kind"] == "choice":
        payload = hook.payload(ex, lang)
        value = truth(ex, lang)
        right = next(o for o in ex["options"] if o["value"] == value)
        label_places = everywhere if not isinstance(value, int) else ("title", "question", "hints", "wrong")
        out.append((_word(option_label(payload, right, lang, payload["texts"])), label_places))
        name, field = ex["check"]["name"], ex["check"].get("field")
        if name in ("trick_winner", "to_act") or field in ("winner", "next_dealer", "slave"):
            out.append((_OneSeat(value, position(ex, lang).players), not_question))
        elif isinstance(value, int) and not isinstance(value, bool):
            # the facts show the position's own numbers (talon, tricks), which may be the same digit
            out.append((_word(str(value)), ("title", "hints", "wrong")))
            for word in NUMBER_WORDS[lang].get(value, []):
                out.append((_word(word) if lang != "ja" else re.compile(re.escape(word) + "(枚|点|ポイント)"),
                            ("title", "hints", "wrong")))
        elif name == "trump":
            out.append((_word(suit_name(value, lang)), not_question))
        elif name == "hand_rank" and isinstance(value["value"], int):
            out.append((_word(str(value["value"])), not_question))
        elif name == "amount_range":
            out.append((_word(str(value[1])), not_question))
        elif field == "status":
            words = {render(f"term.filicau.{s}", lang) for s in value}
            out += [(_word(w), ("wrong", "facts")) for w in words]
            out += [(_word(render(f"term.filicau.{s}", lang)), ("facts",)) for s in ("level", "master", "slave")]
    else:
        state = position(ex, lang)
        patterns = [p for p in correct_moves(ex, state) if isinstance(p, dict)]
        cards = {p["card"] for p in patterns if p.get("card")}
        if len(cards) == 1:  # one right card: neither it nor (in the title) its rank
            card = cards.pop()
            out.append((re.compile(re.escape(card_name(card, lang))), everywhere))
            out.append((_word(rank_name(card[0], lang)), ("title",)))
        for act in {p["act"] for p in patterns if p["act"] != "play"}:  # e.g. letting the trick go
            out.append((re.compile(re.escape(action_label(state, {"seat": state.to_act, "act": act}, lang)),
                                   re.IGNORECASE), ("title",)))
        amounts = {p["amount"] for p in patterns if isinstance(p.get("amount"), int)}
        if len(amounts) == 1:
            out.append((_word(str(amounts.pop())), not_question))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ex", ITEMS, ids=IDS)
def test_nothing_shown_before_solving_gives_the_answer_away(ex, lang):
    shown = shown_before_solving(ex, lang)
    rules = forbidden(ex, lang)
    many = ex["kind"] == "move" and (ex["correct"] == "legal" or ex["correct"] == [{"seat": ex["seat"], "act": "play"}])
    assert rules or many, "every exercise with one answer has an answer to keep hidden"
    leaks = []
    for pattern, where in rules:
        for place in where:
            for text in shown[place]:
                if pattern.search(text.translate(DIGITS)):
                    leaks.append((place, pattern.pattern, text))
    assert not leaks, leaks


def test_the_giveaway_check_can_fail():
    # the state after the answer (what the table used to show) does give it away
    ex = next(e for e in ITEMS if e["id"] == "filicau-next-dealer")
    bare = {k: v for k, v in ex.items() if k != "hide"}
    assert any(p.search(t) for p, w in forbidden(bare, "en") if "facts" in w for t in facts_text(bare, "en"))
    ex = next(e for e in ITEMS if e["id"] == "ferbli-charge-range")
    bare = {k: v for k, v in ex.items() if k != "hide"}
    assert any(p.search(t) for p, w in forbidden(bare, "en") if "facts" in w for t in facts_text(bare, "en"))


# ---- numbers stated about the position, checked against the core ----------------------------------

def _facts(ex) -> dict:
    """The facts of the position a text may state, computed by the core."""
    state = position(ex)
    out = {"answer": truth(ex) if ex["kind"] == "choice" else None}
    if isinstance(out["answer"], dict):
        out["answer.value"] = out["answer"]["value"]
    if state is None:  # cards alone (a Ferbli hand to rank)
        cards = ex["cards"]
        out["aces"] = len([c for c in cards if c[0] == "A"])
        out["longest_suit"] = max(len([c for c in cards if c[1] == s]) for s in "alhb")
        return out
    pub = state.public_state()
    game = ex["game"]
    out["players"] = state.players
    if game == "zsiros":
        rounds = pub["rounds"]
        led = pub["led_rank"]
        hand = state.hands()[state.to_act] if state.to_act is not None else []
        out.update(talon=pub["talon"], rounds=len([r for r in rounds if len(r) == state.players]),
                   hitting=len([c for c in hand if c[0] in (led, "7")]),
                   need=len(rounds),
                   table_points=sum(10 for r in rounds for p in r if p["card"][0] in "AX"))
    elif game == "filicau":
        dealt = state.dealt[state.ctx.dealer] if hasattr(state, "dealt") else []
        out["leading_overs"] = next((k for k, c in enumerate(dealt) if c[0] != "O"), 0)
        played = [c for _, c in state.table] + [a["card"] for a in ex.get("then", []) if "card" in a]
        out["overs_played"] = len([c for c in played if c[0] == "O"])
        res = (_then(ex, state) or state).result() or {}
        for t, p in enumerate(res.get("points") or pub["points"] or []):
            out[f"points[{t}]"] = p
    elif game == "ferbli":
        out.update(vizi=pub["vizi"], round=pub["round"], bet_limit=pub["bet_limit"])
        res = state.result() or {}
        for row in res.get("showdown", []):
            out[f"value[{row['seat']}]"] = row["value"]
        for action in ex["record"]["deals"][-1].get("actions", []):
            if "amount" in action:
                out.setdefault(f"amount:{action['act']}", action["amount"])
    return out


def _evaluate(expr: str, facts: dict) -> list:
    """``"a b"``: any of the facts; ``"a*b"``, ``"a-1"``: arithmetic on facts and numbers."""
    values = []
    for alt in expr.split():
        tokens = re.split(r"([*+-])", alt)
        code = "".join(t if t in "*+-" or t.isdigit() else repr(facts[t]) for t in tokens)
        values.append(eval(code, {"__builtins__": {}}))  # digits, operators and the facts' ints only
    return values


def numbers_in(text: str, lang: str) -> set[int]:
    """The numbers a text states, leaving out names that are written with digits: teams
    ("Team 1", "2. csapat"), ranks written as numerals (ja "ドングリの10": the Ten of acorns;
    a count there takes a counter, "10点") and the category "two aces" (ja "エース2枚")."""
    text = text.translate(DIGITS)
    for team in (0, 1):
        text = re.sub(re.escape(team_label(team, lang).translate(DIGITS)), "", text, flags=re.IGNORECASE)
    if lang == "hu":  # "az 1. csapat … a 2. (csapat)": ordinals name the teams
        text = re.sub(r"\b[12]\.(?=\s)", "", text)
    if lang == "ja":
        for category in CATEGORIES:
            text = text.replace(render(f"ferbli.category.{category}", lang), "")
        text = re.sub(r"(?<!\d)(10|9|8|7)(?![\d点枚人倍巡対〜つ])", "", text)
    return {int(n) for n in re.findall(r"\d+", text)}


@pytest.mark.parametrize("ex", ITEMS, ids=IDS)
def test_every_number_about_the_position_is_the_cores(ex):
    facts = _facts(ex)
    declared = ex.get("numbers", {})
    for number, expr in declared.items():
        assert int(number) in _evaluate(expr, facts), (number, expr, facts)
    allowed = {int(n) for n in declared} | set(ex.get("rule_numbers", []))
    for lang in LANGS:
        for key in hook.keys(ex):
            text = data.text(lang, "exercises", key)
            stray = numbers_in(text, lang) - allowed
            assert not stray, (lang, key, stray, text)


def test_the_number_check_catches_the_old_two_tens():
    ex = next(e for e in ITEMS if e["id"] == "zsiros-continue-seven")
    assert 20 not in _evaluate(ex["numbers"]["30"], _facts(ex))  # three Tens are 30 points, not 20
    assert numbers_in("hands D's side the two Tens (20 points)", "en") == {20}
    assert numbers_in("تیم ۱ فقط ۲ امتیاز گرفت", "fa") == {2}
    assert numbers_in("場の10二枚(20点)", "ja") == {20} and numbers_in("10点", "ja") == {10}


# ---- "Right! Right:" ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_explanations_do_not_repeat_right(lang):
    right = data.text(lang, "ui", "ex_correct").rstrip("!！ ")
    starts = {"en": ("Right", "Correct"), "hu": ("Így van", "Helyes"), "ro": ("Corect",), "fa": ("درست است",),
              "ja": ("正解",)}[lang]
    for ex in ITEMS:
        explain = own_text(ex, lang, "explain")
        assert not explain.startswith((right, *starts)), (ex["id"], explain)
