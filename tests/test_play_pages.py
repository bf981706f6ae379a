"""The Play pages' texts and links against the site's pages (outside the core's own suite, which
also runs inside Pyodide without the pages): the set-up form names every option and choice in
the page's language, and the review's clause links land on clauses of the rules pages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hcards_core import table_session as ts

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from test_table_session import play_out  # noqa: E402


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
    root = ROOT / "docs"
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

    root = ROOT / "docs"
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


def test_a_ferbli_payment_or_stop_names_the_clause_of_what_it_answers():
    """Read from the events alone: a payment after a besszer calls it (F-6.2), after a charge
    pays it (F-6.5), after a counter-charge (F-6.8), after a bet or raise calls it (F-7.4); a
    stop after a besszer or charge ends the charging (F-6.6), after a bet the re-raising (F-7.5)."""
    from hcards_core.records import states_at

    answers = {"besszer": "besszer", "charge": "charge", "bet": "bet", "raise": "bet",
               "blind_bet": "bet", "blind_raise": "bet"}
    want_pay = {"besszer": "F-6.2", "charge": "F-6.5", "counter": "F-6.8", "bet": "F-7.4"}
    want_stop = {"besszer": "F-6.6", "charge": "F-6.6", "counter": "F-6.8", "bet": "F-7.5"}
    seen = set()
    for seed in range(12):
        setup = ts.check_setup({"game": "ferbli", "players": 3, "seat": 0, "seed": f"pay-{seed}",
                                "tiers": ["beginner"] * 3})
        calm = lambda legal: next((x["action"] for x in legal if x["action"]["act"] not in ("bet", "raise", "charge")),
                                  legal[0]["action"])  # the learner answers; the computer players bet
        rec, _ = play_out(setup, pick=calm)
        actions = rec["deals"][0]["actions"]
        states, _ = states_at(rec, [(0, k) for k in range(len(actions) + 1)], "en")
        last = None
        for k in range(1, len(actions) + 1):
            after = states[(0, k)]
            for e in after.events:
                if e["type"] in ("pay", "stop") and last:
                    rule = after.event_rule(e)
                    assert rule == (want_pay if e["type"] == "pay" else want_stop)[last], (seed, k, e, last, rule)
                    seen.add((e["type"], rule))
                if e["type"] in answers:
                    last = answers[e["type"]]
                elif e["type"] == "charge":
                    last = "counter" if e["seat"] != after.last else "charge"
    assert {("pay", "F-6.2"), ("pay", "F-7.4")} <= seen, seen  # the deals reach both
