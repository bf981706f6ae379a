"""The Play pages' session (``hcards_core.table_session``) without a browser: a seed gives the
same cards and computer moves, an illegal try keeps the record and names its clause, a
computer partner calls to the learner as to any seat (Z-6.3), the learner may call to a
partner, and the set-up form names every option and choice in the page's language."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

from hcards_core import table_session as ts
from hcards_core.errors import MalformedRecord

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "hooks"))


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


@pytest.mark.parametrize("lang", ["en", "hu", "ro", "fa", "ja"])
def test_the_setup_form_names_every_option_and_choice(lang):
    import play

    for page in play.PAGE_GAMES:
        for info in play.games(page, lang):
            for opt in info["options"]:
                assert opt["label"] and opt["label"] != opt["name"]
                if opt["kind"] == "choice":
                    for choice in opt["choices"]:
                        label = opt["choice_labels"][str(choice)]
                        if not isinstance(choice, int):  # words, never the identifier
                            assert "_" not in label and (lang == "en" or label != str(choice)), (
                                info["game"], opt["name"], choice, label)


@pytest.mark.parametrize("game, players", [("zsiros", 4), ("zsiros", 2), ("filicau", 4), ("filko", 4),
                                           ("filko", 5), ("filko", 6), ("ferbli", 3)])
def test_the_review_links_events_to_clauses_on_the_rules_pages(game, players):
    """Every clause an event names exists on its page in every language (the same check as the
    refusals' clauses), and most events of a deal name one."""
    from hcards_core.errors import clause_page

    setup = ts.check_setup({"game": game, "players": players, "seat": 0, "seed": "review",
                            "tiers": ["beginner"] * players})
    calm = lambda legal: next((x["action"] for x in legal if x["action"]["act"] not in ("bet", "raise", "charge")),
                              legal[0]["action"])  # betting stays short
    rec, _ = play_out(setup, pick=calm)
    out = ts.review(rec, setup, 0)
    events = [(e, r) for step in out["steps"] for e, r in zip(step["events"], step["event_rules"])]
    named = [r for _, r in events if r]
    assert len(named) >= 0.6 * len(events)
    root = Path(__file__).resolve().parents[2] / "docs"
    for link in named:
        assert link["page"] == clause_page(link["rule"])
        for lang in ("en", "hu", "ro", "fa", "ja"):
            folder = root / lang / link["page"].rstrip("/")
            text = (folder.with_suffix(".md") if folder.with_suffix(".md").exists() else folder / "index.md").read_text()
            assert link["rule"] in text, (lang, link)


def test_every_event_clause_is_on_its_page():
    from hcards_core.errors import clause_page
    from hcards_core.games import GAME_MODULES, get_game
    from hcards_core.messages import catalog

    root = Path(__file__).resolve().parents[2] / "docs"
    events = {k.split(".")[1]: set() for k in catalog("en") if k.startswith("event.")}
    for k in catalog("en"):
        if k.startswith("event."):
            events[k.split(".")[1]].add(k.split(".")[2])
    for name in GAME_MODULES:
        view = get_game(name).view
        for kind, rule in view.EVENT_RULES.items():
            assert kind in events[view.game], (name, kind)  # a real event of that game
            page = root / "en" / clause_page(rule).rstrip("/")
            assert rule in page.with_suffix(".md").read_text(), (name, kind, rule)
