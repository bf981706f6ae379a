"""Ferbli hand ranking (F-2): the worked examples EX-F3…EX-F7, the derived checks of F-9,
every one of the 35,960 hands, and the ``rank``/``compare`` commands."""

import doctest
import importlib
import io
import json
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from itertools import combinations

import pytest

from hcards_core.cards import PACK
from hcards_core.cli import main
from hcards_core.errors import MalformedRecord
from hcards_core.ferbli import compare_hands, rank_hand
from hcards_core.ferbli.ranking import CATEGORIES, STRENGTH, VALUES, ranking_for

BASE = ["four_of_a_kind", "banda", "three_of_a_kind", "three_card_ferbli", "two_aces",
        "two_card_ferbli", "four_suits"]


@pytest.mark.parametrize("name", ["hcards_core.ferbli", "hcards_core.ferbli.ranking",
                                  "hcards_core.ferbli.options", "hcards_core.ferbli.game"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def r(text, **options):
    return rank_hand(text, options or None)


def test_ex_f3_no_kickers():
    assert r("Aa Al 8h 7b") == r("Ah Ab Kl Kb") == {"category": "two_aces", "value": None}
    assert compare_hands("Aa Al 8h 7b", "Ah Ab Kl Kb") == 0


def test_ex_f4_worst_hand():
    worst = "8a 8l 7h 7b"
    assert r(worst) == {"category": "four_suits", "value": 8}
    ranking = ranking_for(None).fill()
    lowest = min(ranking.table.values(), key=lambda e: e[2])
    assert ranking.key(worst.split()) == lowest[2]


def test_ex_f5_value_ranges():
    ranking = ranking_for(None).fill()
    values = {}
    for category, value, _ in ranking.table.values():
        values.setdefault(category, set()).add(value)
    assert values["banda"] == set(range(34, 42))
    assert values["three_card_ferbli"] == set(range(24, 32))
    assert values["two_card_ferbli"] == set(range(15, 22))
    assert values["four_suits"] == set(range(8, 12))
    assert values["two_aces"] == {None}
    assert values["four_of_a_kind"] == values["three_of_a_kind"] == set("AKOUX987")
    assert r("Aa Ka Oa Ua") == {"category": "banda", "value": 41}
    assert r("Xh 9h 8h 7h") == {"category": "banda", "value": 34}
    assert r("Al Kl Ol 7a")["value"] == 31 and r("9b 8b 7b Ah")["value"] == 24


def test_ex_f6_santa_banda_of_42():
    assert r("Oa Ah Kh Xh", wild="santa") == {"category": "banda", "value": 42}
    assert r("Oa Ah Kh Xh") == {"category": "three_card_ferbli", "value": 31}


def test_ex_f7_kis_and_nagy_grigare_on_top():
    kis, nagy = "7a 8l 9b Xh", "Ua Ol Kb Ah"
    assert r(kis, grigare="kis_nagy")["category"] == "kis_grigare"
    assert r(nagy, grigare="kis_nagy")["category"] == "nagy_grigare"
    opts = {"grigare": "kis_nagy"}
    assert compare_hands(kis, nagy, opts) == 1
    assert compare_hands(nagy, "Aa Al Ah Ab", opts) == 1
    assert r(kis)["category"] == "four_suits"  # without the variant it is nothing special


@pytest.mark.parametrize("better,worse", [
    ("7a 7l 7h 7b", "Aa Ka Oa Ua"),   # four VIIs beat the 41 banda
    ("Xh 9h 8h 7h", "Aa Al Ah 7b"),   # a 34 banda beats three aces
    ("7a 7l 7h Ab", "Ah Kh Oh 7b"),   # three VIIs beat a 31 ferbli
    ("Ah Ab 8l 7a", "Aa Ka 8l 7h"),   # two aces beat the top two-card ferbli (21)
    ("Ka Kl Kh 7b", "Xa Xl Xh 7b"),   # rank decides three of a kind, not value
    ("Ah Kh Oh Aa", "Al Ab 8a 7h"),   # the 31 ferbli is the best combination, above two aces
])
def test_derived_checks(better, worse):
    assert compare_hands(better, worse) == 1 and compare_hands(worse, better) == -1


def test_derived_checks_categories_and_ties():
    assert r("Ah Kh Oh Aa")["category"] == "three_card_ferbli"
    assert r("Kh Oa Ul Xb") == r("Xh Ka 9l 8b") == {"category": "four_suits", "value": 10}
    assert compare_hands("Kh Oa Ul Xb", "Xh Ka 9l 8b") == 0
    assert r("Ah 9h Ka Xa") == {"category": "two_card_ferbli", "value": 20}


def test_all_35960_hands_form_a_preorder_consistent_with_categories():
    ranking = ranking_for(None).fill()
    hands = list(combinations(PACK, 4))
    assert len(hands) == len(ranking.table) == 35960
    entries = [ranking.entry(list(h)) for h in hands]
    counts = Counter(e[0] for e in entries)
    assert set(counts) == set(BASE)
    # Known combinatorics of the 32-card pack.
    assert counts["four_of_a_kind"] == 8 and counts["banda"] == 4 * 70
    # Keys order the categories strictly: every hand of a higher category beats every lower one.
    lo_hi = {}
    for category, _, key in entries:
        lo, hi = lo_hi.get(category, (key, key))
        lo_hi[category] = (min(lo, key), max(hi, key))
    for upper, lower in zip(BASE, BASE[1:]):
        assert lo_hi[upper][0] > lo_hi[lower][1], (upper, lower)
    # Within a category the key follows the value (rank order for the kinds, totals otherwise).
    for category, value, key in entries:
        if category in ("banda", "three_card_ferbli", "two_card_ferbli", "four_suits"):
            assert key == STRENGTH[category] * 100 + value
    # Equal category and value ⇔ equal key: nothing else (no kicker) matters.
    by_key = {}
    for category, value, key in entries:
        assert by_key.setdefault(key, (category, value)) == (category, value)


def test_category_is_the_best_combination_held():
    """An independent check: a hand's category is the best of all it contains."""
    ranking = ranking_for(None)
    for hand in combinations(PACK, 4):
        category, value, _ = ranking.entry(list(hand))
        suits = Counter(c[1] for c in hand)
        ranks = Counter(c[0] for c in hand)
        held = {"four_suits"}
        if max(suits.values()) >= 2:
            held.add("two_card_ferbli")
        if ranks["A"] >= 2:
            held.add("two_aces")
        if max(suits.values()) >= 3:
            held.add("three_card_ferbli")
        if max(ranks.values()) >= 3:
            held.add("three_of_a_kind")
        if max(suits.values()) == 4:
            held.add("banda")
        if max(ranks.values()) == 4:
            held.add("four_of_a_kind")
        best = min(held, key=BASE.index)
        assert category == best, hand
        if best in ("three_card_ferbli", "two_card_ferbli"):
            size = 3 if best == "three_card_ferbli" else 2
            totals = [sum(sorted((VALUES[c[0]] for c in hand if c[1] == s), reverse=True)[:size])
                      for s in suits if suits[s] >= size]
            assert value == max(totals)


def test_wild_cards_count_eleven_and_copy_any_card():
    assert r("Oa Aa Al Ah", wild="santa") == {"category": "four_of_a_kind", "value": "A"}
    assert r("Oa Ol 8h 7b", wild="santa") == {"category": "two_card_ferbli", "value": 21}
    assert r("Oa Ol 8l 7b", wild="santa") == {"category": "three_card_ferbli", "value": 29}
    assert r("Xa Xl 9h 8b", wild="tens") == {"category": "three_of_a_kind", "value": "9"}
    assert r("Xa Xl Ah 8b", wild="tens") == {"category": "three_of_a_kind", "value": "A"}
    assert r("7h Kl 9b 8a", wild="seven_h") == {"category": "two_card_ferbli", "value": 21}
    assert r("Xa Xl Xh Xb", wild="tens") == {"category": "four_of_a_kind", "value": "A"}
    assert r("Xa Xl Xh Xb") == {"category": "four_of_a_kind", "value": "X"}


def test_general_grigare_between_banda_and_three_of_a_kind():
    opts = {"grigare": "general"}
    assert r("9a Xl Uh Ob", **opts) == {"category": "grigare", "value": "O"}
    assert compare_hands("9a Xl Uh Ob", "Aa Al Ah 7b", opts) == 1
    assert compare_hands("Xh 9h 8h 7h", "9a Xl Uh Ob", opts) == 1
    assert compare_hands("Ua Ol Kb Ah", "9a Xl Uh Ob", opts) == 1  # ranked by the top card
    assert r("9a Xl Uh Ob")["category"] == "four_suits"
    assert r("9a Xl Uh Ab", **opts)["category"] == "four_suits"  # not consecutive
    assert CATEGORIES.index("grigare") == CATEGORIES.index("banda") + 1


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_rank_and_compare_commands():
    status, out, _ = cli("rank", "ferbli", "Aa", "Al", "8h", "7b")
    assert status == 0 and json.loads(out) == {"category": "two_aces", "value": None}
    status, out, _ = cli("rank", "ferbli", "Oa", "Ah", "Kh", "Xh", "--options", '{"wild": "santa"}')
    assert json.loads(out) == {"category": "banda", "value": 42}
    status, out, _ = cli("compare", "ferbli", "Aa Al 8h 7b", "Ah Ab Kl Kb")
    assert status == 0 and json.loads(out) == {"result": 0}
    status, out, _ = cli("compare", "ferbli", "7a 7l 7h 7b", "Aa Ka Oa Ua")
    assert json.loads(out) == {"result": 1}
    status, out, _ = cli("compare", "ferbli", "Aa Ka Oa Ua", "makk VII, zöld VII, piros VII, tök VII")
    assert json.loads(out) == {"result": -1}


@pytest.mark.parametrize("args,needle", [
    (("rank", "ferbli", "Aa", "Al", "8h"), "four cards"),
    (("rank", "ferbli", "Aa", "Al", "8h", "7b", "Kb"), "four cards"),
    (("rank", "ferbli", "Aa", "Zz", "8h", "7b"), "Zz"),
    (("rank", "ferbli", "Aa", "Aa", "8h", "7b"), "more than once"),
    (("rank", "ferbli", "Aa", "Al", "8h", "7b", "--options", '{"wild": "jokers"}'), "jokers"),
    (("rank", "ferbli", "Aa", "Al", "8h", "7b", "--options", '{"colour": 1}'), "colour"),
    (("compare", "ferbli", "Aa Al 8h", "Ah Ab Kl Kb"), "four cards"),
])
def test_rank_rejects_bad_hands_with_exit_2(args, needle):
    status, out, err = cli(*args)
    assert status == 2 and out == "" and needle in err and err.count("\n") == 1


def test_rank_hand_raises_malformed_record():
    with pytest.raises(MalformedRecord) as exc:
        rank_hand(["Aa", "Al", "8h"])
    assert exc.value.code == "ferbli_hand_size" and exc.value.params == {"count": 3}
    with pytest.raises(MalformedRecord):
        rank_hand(["Aa", "Aa", "8h", "7b"])


def test_table_fills_on_demand_with_the_same_entries():
    """The table is filled as hands are ranked; a hand ranked before the fill keeps its entry."""
    from hcards_core.ferbli.ranking import Ranking, evaluate

    lazy = Ranking()
    assert lazy.table == {}
    first = lazy.entry(["Kh", "Xh", "9h", "Aa"])
    assert len(lazy.table) == 1 and first == evaluate(["Kh", "Xh", "9h", "Aa"])
    lazy.fill()
    assert len(lazy.table) == 35960
    assert lazy.entry(["Aa", "Kh", "Xh", "9h"]) is first  # any order: one mask
    with pytest.raises(KeyError):
        lazy.entry(["Aa", "Aa", "Kh", "Xh"])  # not four distinct cards
