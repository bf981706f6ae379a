"""The Play pages' session (``hcards_core.table_session``) without a browser: a seed gives the
same cards and computer moves, an illegal try keeps the record and names its clause, a
computer partner calls to the learner as to any seat (Z-6.3), the learner may call to a
partner, and the set-up form names every option and choice in the page's language."""

from __future__ import annotations

import doctest
import pytest

from hcards_core import table_session as ts
from hcards_core.errors import MalformedRecord



def play_out(setup: dict, pick=lambda legal: legal[-1]["action"], limit: int = 400):
    """The session played to the end of its first deal; the learner takes ``pick``'s action.
    Returns the record and every (action, learner_to_act_before) pair."""
    rec = ts.start(setup)
    seen = []
    for _ in range(limit):
        v = ts.view(rec, setup)
        if v["over"]:
            return rec, seen
        if v["mine"] and not v["call_pending"]:
            action = dict(pick(v["legal"]))
            if "min" in action:  # an amount act: the smallest legal amount
                action["amount"] = action.pop("min")
                action.pop("max", None)
            rec = ts.learner_move(rec, setup, action)["record"]
            seen.append((action, True))
            continue
        rec, action, _ = ts.advance(rec, setup)
        assert action is not None, "advance made no move though a computer or a call was due"
        seen.append((action, v["mine"]))
    pytest.fail("the deal did not end")


def test_doctests():
    assert doctest.testmod(ts).failed == 0


def test_the_seed_gives_the_same_deal_and_moves():
    setup = ts.check_setup({"game": "filicau", "players": 4, "seat": 1, "seed": "same", "tiers": ["beginner"] * 4})
    a, _ = play_out(setup)
    b, _ = play_out(setup)
    assert a == b
    other = ts.check_setup({**ts._public(setup), "seed": "other"})
    assert ts.start(other)["deals"][0]["cards"] != a["deals"][0]["cards"]


def test_an_illegal_try_keeps_the_record_and_names_the_clause():
    setup = ts.check_setup({"game": "zsiros", "players": 2, "seat": 0, "seed": "illegal", "tiers": [None, "beginner"]})
    rec = ts.start(setup)
    while not ts.view(rec, setup)["mine"]:
        rec, _, _ = ts.advance(rec, setup)
    state, _ = ts.position(rec)
    other = next(s for s in range(2) if s != state.to_act)
    out = ts.learner_move(rec, {**setup, "seat": other}, {"seat": other, "act": "play",
                                                         "card": state.hands()[other][0]}, "hu")
    assert out["error"]["rule"] and out["error"]["page"].endswith("rules/")
    assert "record" not in out
    assert ts.position(rec)[0].to_act == state.to_act  # the learner's place is kept


def test_a_computer_partner_calls_to_the_learner():
    calls_to_learner = 0
    for seed in range(4):
        setup = ts.check_setup({"game": "zsiros", "players": 4, "seat": 0, "seed": str(seed),
                                "tiers": [None, "club", "club", "club"]})
        _, seen = play_out(setup)
        for action, learner_next in seen:
            if action.get("act") == "call" and learner_next:
                assert action["seat"] == 2  # the learner's partner, never an opponent
                calls_to_learner += 1
    assert calls_to_learner > 0


def test_a_call_pending_is_made_once_then_the_learner_acts():
    for seed in range(8):
        setup = ts.check_setup({"game": "zsiros", "players": 4, "seat": 0, "seed": f"p{seed}"})
        rec = ts.start(setup)
        for _ in range(200):
            v = ts.view(rec, setup)
            if v["over"]:
                break
            if v["call_pending"]:
                rec, action, _ = ts.advance(rec, setup)
                assert action["act"] == "call" and action["seat"] == 2
                after = ts.view(rec, setup)
                assert after["mine"] and not after["call_pending"]  # one call a turn
                return
            if v["mine"]:
                rec = ts.learner_move(rec, setup, v["legal"][0]["action"])["record"]
            else:
                rec, _, _ = ts.advance(rec, setup)
    pytest.fail("no computer partner ever called to the learner")


def test_the_learner_is_offered_calls_only_to_a_partner_about_to_play():
    setup = ts.check_setup({"game": "zsiros", "players": 4, "seat": 1, "seed": "calls"})
    rec = ts.start(setup)
    offered = 0
    for _ in range(200):
        v = ts.view(rec, setup)
        if v["over"]:
            break
        if v["calls"]:
            offered += 1
            assert v["to_act"] == 3 and all(c["action"]["seat"] == 1 for c in v["calls"])
            assert all(c["label"] for c in v["calls"])
        if v["mine"] and not v["call_pending"]:
            rec = ts.learner_move(rec, setup, v["legal"][0]["action"])["record"]
        else:
            rec, _, _ = ts.advance(rec, setup)
    assert offered > 0
    two = ts.check_setup({"game": "zsiros", "players": 2, "seat": 0, "seed": "calls"})
    assert ts.view(ts.start(two), two)["calls"] == []


def test_a_bad_setup_names_its_field():
    with pytest.raises(MalformedRecord) as err:
        ts.check_setup({"game": "zsiros", "players": 2, "seat": 5})
    assert err.value.where == "setup.seat"
    with pytest.raises(MalformedRecord) as err:
        ts.check_setup({"game": "zsiros", "players": 2, "tiers": ["club", "grandmaster"]})
    assert err.value.where == "setup.tiers[1]"


def test_the_coach_says_whether_the_learner_followed_the_rule_of_thumb():
    """Beside the rule of thumb in words, whether the learner's action was it: a rule that
    names another card must not read as praise of the learner's card."""
    setup = ts.check_setup({"game": "zsiros", "players": 2, "seat": 0, "seed": "thumb", "tiers": [None, "beginner"]})
    rec = ts.start(setup)
    while not ts.view(rec, setup)["mine"]:
        rec, _, _ = ts.advance(rec, setup)
    hint = ts.coach(rec, setup, None, "en", 20)
    assert "followed" not in hint and hint["reason"]
    rule = hint["beginner"]
    other = next(r["action"] for r in hint["rows"] if not ts._same(r["action"], rule))
    assert ts.coach(rec, setup, rule, "en", 20)["followed"] is True
    assert ts.coach(rec, setup, other, "en", 20)["followed"] is False


@pytest.mark.parametrize("lang, loss, words", [
    ("en", 1.0, "1 game point more"), ("en", 0.5, "0.5 game points more"), ("en", 2.0, "2 game points more"),
    ("ro", 1.0, "1 punct de joc"), ("ro", 0.5, "0,5 puncte de joc"), ("ro", 20.0, "20 de puncte de joc"),
    ("hu", 1.5, "1,5 játszmapont"), ("fa", 2.5, "۲٫۵ امتیاز بازی"),
])
def test_the_coachs_remark_says_its_loss_as_the_language_does(lang, loss, words):
    """The unit agrees with the number ("1 game point", "20 de puncte") and the decimal sign is
    the language's."""
    from hcards_core.messages import render

    text = render("play.remark.mistake", lang, best="X", loss=ts._num(loss, lang),
                  unit=render("play.unit.game_points", lang, n=ts._count(loss)))
    assert words in text, text


def test_the_coach_counts_the_learners_choices_so_a_forced_move_gets_no_remark():
    setup = ts.check_setup({"game": "filicau", "players": 4, "seat": 0, "seed": "forced", "tiers": [None] + ["beginner"] * 3})
    rec, counts = ts.start(setup), set()
    for _ in range(200):
        v = ts.view(rec, setup)
        if v["over"]:
            break
        if v["mine"] and not v["call_pending"]:
            state, _ = ts.position(rec)
            legal = state.legal_actions()
            counts.add(ts.coach(rec, setup, legal[0], "en", 10)["choices"])
            rec = ts.learner_move(rec, setup, legal[0])["record"]
        else:
            rec, _, _ = ts.advance(rec, setup)
    assert 1 in counts and max(counts) > 1, counts  # the last trick's card is forced, the first are not


@pytest.mark.parametrize("game, players", [("zsiros", 2), ("filicau", 4)])
def test_the_comparison_counts_the_deal_as_the_table_does(game, players):
    """"The club in your seat scored …; you scored …": the deal's own numbers — Zsíros the
    game points its result gave (signed), Filicău the side's card points — not the search's
    value with its tie-breaks (a lost kopasz is −2 game points, not −2.4)."""
    setup = ts.check_setup({"game": game, "players": players, "seat": 0, "seed": "tally",
                            "tiers": [None] + ["beginner"] * (players - 1)})
    rec, _ = play_out(setup)
    out = ts.club_in_my_seat(rec, setup, 0)
    for key, record in (("learner", rec), ("club", out["record"])):
        state, _ = ts.position(record)
        result = state.result()
        if game == "zsiros":
            sign = 1 if result["winner"] == 0 else -1
            assert out[key] == sign * result["game_points"], (key, out[key], result)
        else:
            assert out[key] == result["points"][result["teams"][0].count(0) == 0], (key, out[key], result)


def test_the_coach_grades_no_loss_inside_the_sampling_noise():
    """A grade needs a loss clear of the club's sampling noise (``GRADE_Z`` standard errors
    of the paired difference, ``loss_se``): the rows carry it, and no graded move's loss is
    within it — while a loss that is clear of it still gets its grade. The rule of thumb
    itself is never graded an error: where the club leans elsewhere, the coach says so
    (``look_ahead``)."""
    from hcards_core.messages import render

    setup = ts.check_setup({"game": "zsiros", "players": 2, "seat": 0, "seed": "audit1", "tiers": [None, "club"]})
    rec, graded, quiet, leans = ts.start(setup), 0, 0, 0
    lean_words = render("play.remark.look_ahead", "en", best="", loss="", unit="").split(".")[0]
    for _ in range(60):
        v = ts.view(rec, setup)
        if v["over"]:
            break
        if not v["mine"]:
            rec, _, _ = ts.advance(rec, setup)
            continue
        hint = ts.coach(rec, setup, None, "en", 40)
        if len(hint["rows"]) > 1:  # one card left: nothing weighed, no remark
            assert all(r["loss_se"] is not None and r["loss_se"] >= 0 for r in hint["rows"]), hint["rows"]
        for row in hint["rows"]:
            out = ts.coach(rec, setup, row["action"], "en", 40)
            if out.get("followed"):
                assert not out.get("grade"), out
                leans += lean_words in out.get("remark", "")
            if out.get("grade"):
                graded += 1
                assert out["loss"] > ts.GRADE_Z * row["loss_se"], (out, row)
            elif out.get("loss", 0) >= ts.GRADE_STEPS["game points"][0]:
                quiet += 1  # a loss big enough for a grade, held back as noise
        rec = ts.learner_move(rec, setup, hint["beginner"])["record"]
    assert graded and quiet and leans, (graded, quiet, leans)
