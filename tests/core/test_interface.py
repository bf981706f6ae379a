"""The one interface a game plugs in through: its ``Game`` and its ``View``, found in the one
registry (``hcards_core.games``); what the shared modules get from it."""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest

from hcards_core.bridge import handle
from hcards_core.cards import PACK, card_name
from hcards_core.cli import main
from hcards_core.errors import IllegalAction
from hcards_core.game import State, View
from hcards_core.games import GAME_MODULES, PACKAGES, get_game, view_of
from hcards_core.messages import render
from hcards_core.play import random_deal

LANGUAGES = ("en", "hu", "ro", "fa", "ja")


def cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_every_game_names_its_state_view_and_layouts(name):
    game = get_game(name)
    assert issubclass(game.state, State) and game.state is not State
    assert issubclass(game.view, View) and game.view is not View and game.view.game == game.state.game
    for n in game.players:
        layout = game.layout(n)
        assert len(layout["hands"]) == n and set(layout["pack"]) <= set(PACK)
    state, _ = random_deal(name, 3, game.players[0])
    assert isinstance(state, game.state) and isinstance(view_of(state), game.view)


@pytest.mark.parametrize("game", ["filko", "filicau", "zsiros"])
def test_rank_and_compare_of_a_game_without_ranking_is_one_clean_line(game):
    """The module-name guess of old made ``rank filko`` a traceback; the Game now answers."""
    status, out, err = cli("rank", game, "Aa", "Al", "8h", "7b")
    assert status == 2 and out == "" and err.count("\n") == 1 and "has no hand ranking" in err
    status, _, err = cli("compare", game, "Aa Al 8h 7b", "Ah Ab Kl Kb")
    assert status == 2 and "Traceback" not in err


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_bridge_warms_up_every_game_name(game):
    assert json.loads(handle(json.dumps({"fn": "warm_up", "args": {"game": game}}))) == \
        {"ok": True, "value": {"game": game}}


def test_a_ferbli_state_holds_no_ranking_cache():
    """The ranking is derived from the options, so the JSON is the state's alone, whatever
    else the process has ranked."""
    from hcards_core.ferbli.ranking import ranking_for

    state, _ = random_deal("ferbli", 5, 4)
    before = json.dumps(state.to_json())
    ranking_for(state.options).fill()
    after = json.dumps(state.to_json())
    assert after == before and len(after) < 10_000
    assert state.ranking is ranking_for(state.options)
    assert State.from_json(json.loads(after)).result() == state.result()


def _first_refusal(state, actions):
    for action in actions:
        try:
            state.verify(action)
        except IllegalAction as exc:
            return exc
    raise AssertionError("no refusal")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_reads_as_its_name_in_every_game(lang):
    """The same card not in hand: a name in Zsíros, Filicău and Ferbli messages alike."""
    from hcards_core.filicau import deal_state
    from hcards_core.zsiros import new_deal

    zs = new_deal(players=2, dealer=1, pack=list(PACK))
    fc = deal_state([list(PACK[i::4]) for i in range(4)])
    for state in (zs, fc):
        seat = state.to_act
        absent = next(c for c in PACK if c not in state.hands()[seat])
        exc = _first_refusal(state, [{"seat": seat, "act": "play", "card": absent}])
        assert exc.params["card"] == absent  # the JSON keeps the code
        assert card_name(absent, lang, definite=True) in exc.message(lang) and not re.search(rf"\b{absent}\b", exc.message(lang))


def test_events_and_errors_show_parameters_by_one_table():
    assert render("event.filicau.trump_shown", "hu", seat=0, shown=["Oa", "Ab"], trump="b") == \
        render("event.filicau.trump_shown", "hu", seat="A", shown="makk felső, tök ász", trump="tök")
    assert "rank Nine" in render("error.no_hitting_card", "en", seat=0, rank="9")


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_apply_never_changes_the_state_it_was_called_on(name):
    """One copy rule for every game: a list attribute is never shared with the next state."""
    game = get_game(name)
    state, _ = random_deal(name, 11, game.players[-1])
    rng = random.Random(1)
    state = game.deal(game.new_session(game.players[-1], game.parse_options({}), 0, {}),
                      game.random_cards(game.players[-1], rng), None, "deal")
    while not state.is_over:
        before = json.dumps(state.to_json(), sort_keys=True)
        nxt = state.apply(game.random_action(state, rng))
        assert json.dumps(state.to_json(), sort_keys=True) == before
        state = nxt


def test_the_exercise_table_options_replace_editing_its_html():
    from hcards_core.table import render_table
    from hcards_core.zsiros import new_deal

    state = new_deal(players=2, dealer=1, pack=list(PACK))
    html = render_table(state, 0, "en", card_buttons=0, hide_facts={"table.talon"},
                        actions=[({"seat": 0, "act": "stop"}, "Let it go", False),
                                 ({"seat": 0, "act": "bet"}, "Bet", True)])
    assert html.count('class="hc-card-btn"') == 4 and "Talon" not in html
    assert 'data-amount="1">Bet</button>' in html and ">Let it go</button>" in html
    plain = render_table(state, 0, "en")
    assert "hc-card-btn" not in plain and "hc-actions" not in plain


def test_the_table_names_sides_only_where_they_have_partners():
    from hcards_core.table import render_table
    from hcards_core.zsiros import new_deal

    two = render_table(new_deal(players=2, dealer=1, pack=list(PACK)), 0, "en")
    four = render_table(new_deal(players=4, dealer=3, pack=list(PACK)), 0, "en")
    assert "hc-team" not in two  # each seat its own side: no "team 1" against "team 2"
    assert four.count('class="hc-team hc-team--0"') == 2 and four.count('class="hc-team hc-team--1"') == 2


def test_every_package_has_the_same_shape():
    import importlib

    for package in PACKAGES:
        for module in ("options", "results", "state", "game", "view"):
            importlib.import_module(f"hcards_core.{package}.{module}")
