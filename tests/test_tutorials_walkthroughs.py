"""Walkthroughs (ARCHITECTURE §5, issue 7): every one replays legally through the core, every
step exists and agrees with what its data expects, every text exists in every language (and is
not left in English), and the narration's claims are tied to the core where that is cheap."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "hooks"))

import tutorial_data as data  # noqa: E402
import walkthroughs  # noqa: E402
from hcards_core.bridge import try_actions  # noqa: E402
from hcards_core.games import view_of  # noqa: E402
from hcards_core.messages import render  # noqa: E402
from hcards_core.records import replay, state_at  # noqa: E402
from hcards_core.table import render_table  # noqa: E402

ALL = data.load_kind("walkthroughs")
BY_ID = {w["id"]: w for w in ALL}
L, M, S = "level", "master", "slave"


class Links(NamedTuple):
    assets: str
    home: str


def step(wid: str, text: str) -> dict:
    return next(s for s in BY_ID[wid]["steps"] if s["text"] == text)


def test_the_walkthroughs_of_issue_7_are_all_there():
    assert {"zsiros-multiple-trick", "zsiros-no-fourth-round", "zsiros-two-players",
            "filicau-trump-turn-up", "filicau-follow-suit", "filicau-session", "filicau-filko-session",
            "ferbli-full-deal", "ferbli-cukassza"} <= set(BY_ID)
    assert {w["game"] for w in ALL} == {"zsiros", "filicau", "ferbli"}


@pytest.mark.parametrize("walkthrough", ALL, ids=[w["id"] for w in ALL])
def test_walkthrough_replays_and_its_texts_exist(walkthrough):
    assert walkthroughs.check(walkthrough) == []
    assert replay(walkthrough["record"])["ok"]


# ---- check() must be able to fail ------------------------------------------------------------

def test_check_reports_an_illegal_record():
    w = copy.deepcopy(BY_ID["zsiros-no-fourth-round"])
    w["record"]["deals"][0]["actions"][-1] = {"seat": 0, "act": "play", "card": "Oa"}
    assert any("illegal action" in p and "Z-4.4" in p for p in walkthroughs.check(w))


def test_check_reports_a_missing_step_text_and_a_step_out_of_range():
    w = copy.deepcopy(BY_ID["zsiros-two-players"])
    w["steps"].append({"after": 99, "text": "no_such_text"})
    w["steps"].append({"deal": 3, "after": 0, "text": "deal"})
    problems = walkthroughs.check(w)
    assert sum("no text for 'zsiros-two-players.no_such_text'" in p for p in problems) == len(data.LANGUAGES)
    assert any("is after action 99" in p for p in problems)
    assert any("is in deal 3" in p for p in problems)


def test_check_reports_a_wrong_expectation():
    w = copy.deepcopy(BY_ID["filicau-session"])
    w["steps"][3]["expect"]["result"]["status"] = [M, S]  # the masters fell: it is [S, M]
    w["steps"][1]["expect"]["legal"] = ["Oa"]  # the deal is over: nothing is legal
    w["steps"][0]["expect"]["no_such_field"] = 1
    problems = walkthroughs.check(w)
    assert any("step 4: expected result" in p for p in problems)
    assert any("step 2: expected legal" in p for p in problems)
    assert any("'no_such_field'" in p for p in problems)


def test_check_reports_text_left_in_english(monkeypatch):
    real = data.text

    def leftover(lang, kind, key):
        return real("en", kind, key) if (lang, key) == ("ja", "ferbli-cukassza.carried") else real(lang, kind, key)

    monkeypatch.setattr(data, "text", leftover)
    assert walkthroughs.check(BY_ID["ferbli-cukassza"]) == [
        "tutorials/text/ja/walkthroughs.json: 'ferbli-cukassza.carried' is still the English text"]


# ---- the narration against the core ----------------------------------------------------------

def session_statuses(record):
    report = replay(record)
    assert report["ok"], report["error"]
    return ([d["result"]["status"] for d in report["deals"] if d["result"]],
            [d["result"]["next_dealer"] for d in report["deals"] if d["result"]],
            [d["result"]["points"] for d in report["deals"] if d["result"]])


def test_filicau_session_level_master_unchanged_fall_escape():
    status, dealers, points = session_statuses(BY_ID["filicau-session"]["record"])
    assert points == [[6, 2], [4, 4], [2, 6], [8, 0]]
    assert status == [[M, S], [M, S], [S, M], [L, L]]
    # FC-2.3: the slave dealer deals again; a master dealer passes to the right; level passes right
    assert dealers == [3, 3, 0, 1]


def test_filko_session_same_points_never_level_again():
    record = BY_ID["filicau-filko-session"]["record"]
    assert record["options"] == {"rules": "filko"}
    status, dealers, points = session_statuses(record)
    assert points == [[6, 2], [4, 4], [2, 6], [8, 0]]
    assert points == session_statuses(BY_ID["filicau-session"]["record"])[2]
    assert status == [[M, S], [M, S], [S, M], [M, S]]  # 8–0 counts like 6–2 (FK-1.3, FK-1.5)
    assert dealers == [1, 1, 2, 3]  # the chosen slave B, then the slave role passes right (FK-1.4)


def test_walkthrough_steps_point_into_later_deals():
    for wid in ("filicau-session", "filicau-filko-session", "ferbli-cukassza"):
        assert {s.get("deal", 0) for s in BY_ID[wid]["steps"]} >= {0, 1}


def test_zsiros_variation_leader_can_only_stop_and_the_over_is_refused():
    w, s = BY_ID["zsiros-no-fourth-round"], step("zsiros-no-fourth-round", "stuck")
    state, _ = state_at(w["record"], 0, s["after"])
    assert state.legal_actions() == [{"seat": 0, "act": "stop"}] and state.hands()[0] == ["Oa"]
    for lang in data.LANGUAGES:
        out = try_actions(w["record"], 0, s["after"], [{"seat": 0, "act": "play", "card": "Oa"}], lang=lang)
        assert out["error"]["rule"] == "Z-4.4" and out["error"]["page"] == "zsiros/rules/"
    html = render_table(state, None, "en", interactive=True)
    assert 'data-action="{&quot;seat&quot;: 0, &quot;act&quot;: &quot;play&quot;, &quot;card&quot;: &quot;Oa&quot;}"' in html


def test_zsiros_two_players_talon_is_split_equally():
    w = BY_ID["zsiros-two-players"]
    report = replay(w["record"], events=True)
    events = report["deals"][0]["events"]
    split = [e for e in events if e["type"] == "talon_split"]
    assert len(split) == 1 and split[0]["each"] == 1 and split[0]["action"] == step("zsiros-two-players", "split")["after"] - 1
    assert sum(e["type"] == "continue" for e in events) == 2
    assert report["deals"][0]["result"]["game_points"] == 1


def test_filicau_follow_suit_over_is_a_trump():
    w, s = BY_ID["filicau-follow-suit"], step("filicau-follow-suit", "leaves_led")
    out = try_actions(w["record"], 0, s["after"], [{"seat": 1, "act": "play", "card": "Ka"}], lang="en")
    assert out["error"]["rule"] == "FC-4.3" and "Over of leaves" in out["error"]["message"]
    turn = BY_ID["filicau-trump-turn-up"]
    state, _ = state_at(turn["record"], 0, 0)
    assert state.trump == "l" and list(state.shown) == ["Oh", "Ob", "9l"]


def test_ferbli_full_deal_goes_through_every_round():
    w = BY_ID["ferbli-full-deal"]
    report = replay(w["record"], events=True)
    events = report["deals"][0]["events"]
    types = [e["type"] for e in events]
    for kind in ("blind", "vizi", "besszer", "charge", "check", "blind_bet", "raise", "shows", "win"):
        assert kind in types, kind
    charges = [(e["seat"], e["target"], e["cards"]) for e in events if e["type"] == "charge"]
    # in order: P1 (two cards), B (two cards), the trace-horse card by card, then C's counter-charge
    assert charges == [(3, 0, "3–4"), (3, 1, "3–4"), (3, 2, "3"), (3, 2, "4"), (2, 3, "3")]
    result = report["deals"][0]["result"]
    assert [d["category"] for d in result["showdown"]] == ["two_aces", "two_aces"]
    assert result["winner"] == 0 and result["won"] == result["pot"]  # the tie goes to A, by position
    must_raise = step("ferbli-full-deal", "must_raise")
    state, _ = state_at(w["record"], 0, must_raise["after"])
    assert [a["act"] for a in state.legal_actions()] == ["raise"]
    refused = try_actions(w["record"], 0, must_raise["after"], [{"seat": 0, "act": "stop"}])
    assert refused["error"]["rule"] == "F-7.7"


def test_ferbli_cukassza_carries_the_pot():
    report = replay(BY_ID["ferbli-cukassza"]["record"])
    first = report["deals"][0]["result"]
    assert first["carried"] and first["winner"] is None and first["pot"] == 4
    state, _ = state_at(BY_ID["ferbli-cukassza"]["record"], 1, 0)
    assert state.public_state()["carried_in"] == 4 and state.public_state()["pot"] == 5


# ---- the card table at the steps -------------------------------------------------------------

@pytest.mark.parametrize("lang", data.LANGUAGES)
def test_ferbli_table_shows_the_session_view(lang):
    w = BY_ID["ferbli-full-deal"]
    state, _ = state_at(w["record"], 0, step("ferbli-full-deal", "charging_starts")["after"])
    facts = dict(view_of(state, lang).facts())
    for key in ("table.round_name", "table.pot", "table.stakes", "table.ferbli.looked", "table.ferbli.first_player",
                "table.ferbli.last_player", "table.ferbli.trace_horse", "table.ferbli.next_charge"):
        assert key in facts, key
        assert render(key, lang) != key  # a label in every language
    assert facts["table.ferbli.last_player"] == "D" and facts["table.ferbli.trace_horse"] == "C"
    assert "{" not in facts["table.ferbli.next_charge"] and any(d in facts["table.ferbli.next_charge"] for d in "4۴")
    html = render_table(state, None, lang, interactive=True)
    actions = [json.loads(a.replace("&quot;", '"')) for a in
               __import__("re").findall(r'data-action="([^"]+)"', html)]
    # one charge button (the smallest amount) and a field for any amount up to the limit
    assert {"seat": 3, "act": "charge", "amount": 1} in actions
    assert 'class="hc-amount" inputmode="numeric" step="1" min="1" max="4" value="1"' in html
    cuk, _ = state_at(BY_ID["ferbli-cukassza"]["record"], 1, 0)
    assert any(d in str(dict(view_of(cuk, lang).facts())["table.pot"]) for d in "4۴")  # Persian digits in fa


@pytest.mark.parametrize("lang", data.LANGUAGES)
def test_filicau_table_shows_new_statuses_and_next_dealer(lang):
    w = BY_ID["filicau-session"]
    s = step("filicau-session", "masters_fall")
    state, _ = state_at(w["record"], s["deal"], s["after"])
    facts = dict(view_of(state, lang).facts())
    assert facts["table.status"] == " / ".join(render(f"term.filicau.{x}", lang) for x in (S, M))
    assert facts["table.filicau.next_dealer"] == "A"
    assert render("table.filicau.next_dealer", lang) != "table.filicau.next_dealer"


@pytest.mark.parametrize("lang", data.LANGUAGES)
def test_rendered_walkthroughs_hold_every_step_and_its_narration(lang):
    links = Links("../../assets/", "../../")
    for game in data.GAMES:
        html = walkthroughs.render_game(game, lang, links)
        for w in (w for w in ALL if w["game"] == game):
            for n, s in enumerate(w["steps"], start=1):
                assert f'id="{w["id"]}-{n}"' in html
                # the narration, its clause ids kept whole (span.hc-id)
                assert walkthroughs.with_clause_ids(data.text(lang, "walkthroughs", f"{w['id']}.{s['text']}")) in html
            assert f'id="{w["id"]}-{len(w["steps"]) + 1}"' not in html
        # the last step of each walkthrough points to the next one, the last to the exercises
        assert html.count('class="hc-next-step"') == len([w for w in ALL if w["game"] == game])
        assert f'href="../../{game}/exercises/"' in html
