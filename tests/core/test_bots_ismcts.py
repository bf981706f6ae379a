"""The expert's information-set MCTS (hcards_core.bots.ismcts): determinism, no peeking,
anytime, a line the beginner's rules miss, and a short seeded match a broken search loses."""

from __future__ import annotations

import functools
import random

import pytest

from test_bots import hidden_fingerprint, positions

from hcards_core.bots import bot_for, ismcts
from hcards_core.bots.match import run_match

TABLES = [("zsiros", 2), ("zsiros", 4), ("filicau", 4), ("filko", 4), ("filko", 6)]  # the expert's search there


def _searchable(game_name, players, count, seed):
    """Positions the tree search itself decides (not the exact endgame it hands over to)."""
    bot = bot_for(game_name)
    return [s for s in positions(game_name, players, 3 * count, seed=seed)
            if not bot.exact_ready(s, "expert")][:count]


@pytest.mark.parametrize("game_name,players", TABLES)
def test_same_position_seed_and_budget_same_action_and_explanation(game_name, players):
    bot = bot_for(game_name)
    for state in _searchable(game_name, players, 2, seed=31):
        seat = state.to_act
        assert bot.expert_search_for(state) == "ismcts"
        a = ismcts.search(bot, state, seat, random.Random(5), 40.0)
        b = ismcts.search(bot, state.copy(), seat, random.Random(5), 40.0)
        assert a == b
        assert a[1]["search"] == "ismcts" and a[1]["iterations"] >= ismcts.MIN_ITERATIONS
        assert [r["action"] for r in a[1]["actions"]] == state.legal_actions()
        assert abs(sum(r["best_share"] for r in a[1]["actions"]) - 1) < 0.01
        assert a[1]["actions"][a[1]["best"]]["action"] == a[0]


@pytest.mark.parametrize("game_name,players", TABLES)
def test_no_peeking_hidden_cards_swapped(game_name, players):
    """A state whose hidden cards are dealt differently (every public fact kept) gets the same
    action and the same statistics."""
    bot = bot_for(game_name)
    for state in _searchable(game_name, players, 2, seed=32):
        seat = state.to_act
        expected = ismcts.search(bot, state, seat, random.Random(3), 40.0)
        for k in range(2):
            other = bot.sample_world(state, seat, random.Random(2000 + k))
            assert bot.knowledge(other, seat) == bot.knowledge(state, seat)
            if hidden_fingerprint(other, seat) == hidden_fingerprint(state, seat):
                continue
            assert ismcts.search(bot, other, seat, random.Random(3), 40.0) == expected


def test_anytime_smaller_budget_fewer_iterations_legal_action():
    bot = bot_for("filicau")
    state = _searchable("filicau", 4, 1, seed=33)[0]
    seat = state.to_act
    small = ismcts.search(bot, state, seat, random.Random(0), 60.0)
    large = ismcts.search(bot, state, seat, random.Random(0), 240.0)
    assert small[1]["iterations"] < large[1]["iterations"]
    n = len(state.legal_actions())  # the paired root spends whole rounds (one per action)
    assert ismcts.iterations_for(bot, 60.0) - n < small[1]["iterations"] <= ismcts.iterations_for(bot, 60.0)
    assert state.can_apply(small[0]) and state.can_apply(large[0])
    # the wall clock stops it early when the caller allows it: a 1 ms budget, far fewer
    quick = ismcts.search(bot, state, seat, random.Random(0), 1.0, wall_clock=True, iterations=5000)
    assert 1 <= quick[1]["iterations"] < 5000 and state.can_apply(quick[0])


def test_finds_the_hit_the_beginner_lets_go():
    """Zsíros 2, seeded beginner play: the seat that led may carry on with its VII (7l) or let
    the trick go; the rule of thumb lets it go (no zsír on the table). The search carries on,
    whatever its seed; independent playouts of both moves agree it is better; the same search
    with the value's sign flipped lets the trick go. (The search alone: the rule-of-thumb guard
    off.)"""
    bot = bot_for("zsiros")
    state = [p for p in positions("zsiros", 2, 60, seed=21, spread=0.5) if not bot.exact_ready(p, "expert")][42]
    seat = state.to_act
    rule = bot.beginner(state, seat, random.Random(0))[0]
    assert rule == {"seat": seat, "act": "stop"} and len(state.talon) == 12
    hit = {"seat": seat, "act": "play", "card": "7l"}
    for k in range(3):
        assert ismcts.search(bot, state, seat, random.Random(k), None, iterations=400, guard_z=None)[0] == hit
    assert ismcts.search(bot, state, seat, random.Random(0), None, iterations=400, guard_z=None, sign=-1)[0] != hit

    def mean(action):
        return sum(bot.playout(bot.sample_world(state, seat, random.Random(500 + w)), action, seat,
                               random.Random(900 + w))[0] for w in range(300)) / 300
    assert mean(hit) > mean(rule)


def test_a_broken_search_loses_the_match(monkeypatch):
    """Expert (ISMCTS at its smallest budget) against beginner on seeded duplicate deals, then
    the same deals with the backed-up values' sign flipped: the broken search loses nearly
    every pair (measured 16 deals: 9 % against 47 %), the real one holds its own."""
    bot = bot_for("zsiros")
    monkeypatch.setattr(type(bot), "expert_search", "ismcts")
    monkeypatch.setattr(type(bot), "expert_search_players", {})
    budgets = {"expert": 30.0}
    good = run_match("zsiros", ("expert", "beginner"), deals=12, players=2, seed=41, budgets=budgets)
    monkeypatch.setattr(ismcts, "search", functools.partial(ismcts.search, sign=-1.0))
    bad = run_match("zsiros", ("expert", "beginner"), deals=12, players=2, seed=41, budgets=budgets)
    assert bad["win_rate"] < 0.25 and bad["score"][0] < bad["score"][1], bad
    assert good["win_rate"] >= bad["win_rate"] + 0.2 and good["score"][0] > bad["score"][0] + 5, (good, bad)


@pytest.mark.parametrize("root_mode", ["ucb", "paired"])
def test_both_root_modes_deterministic_and_blind_to_hidden_cards(root_mode):
    bot = bot_for("zsiros")
    state = _searchable("zsiros", 2, 1, seed=34)[0]
    seat = state.to_act
    a = ismcts.search(bot, state, seat, random.Random(7), 60.0, root_mode=root_mode)
    other = bot.sample_world(state, seat, random.Random(77))
    assert ismcts.search(bot, other, seat, random.Random(7), 60.0, root_mode=root_mode) == a
    assert state.can_apply(a[0]) and a[1]["iterations"] >= len(state.legal_actions())


def test_filko4_cash_winner_stands_at_the_root():
    """Filkó 4 (``ISMCTS_RULE_Z``): where the rule of thumb cashes a winner the search keeps
    it, however the paired rounds compare; the same positions without the guard depart from
    it at least once (so the guard, not the search, keeps the cash)."""
    bot = bot_for("filko")
    kept = departed = 0
    for state in _searchable("filko", 4, 60, seed=35):
        seat = state.to_act
        rule, reason = bot.beginner(state, seat, random.Random(0))
        if not reason["key"].endswith(".cash_winner"):
            continue
        action, out = ismcts.search(bot, state, seat, random.Random(1), 40.0)
        assert action == rule, (state.legal_actions(), out["reason"])
        kept += 1
        departed += ismcts.search(bot, state, seat, random.Random(1), 40.0, guard_z=None)[0] != rule
    assert kept >= 3 and departed >= 1, (kept, departed)


def test_exploration_constant_per_table_size():
    """Zsíros 4 explores less than Zsíros 2 (``ismcts_c_players``): its default search is the
    search with that constant, and not the one with the game's ``ismcts_c``."""
    bot = bot_for("zsiros")
    differ = 0
    for state in _searchable("zsiros", 4, 3, seed=36):
        seat = state.to_act
        assert bot.expert_search_for(state) == "ismcts" and bot.ismcts_c_players[4] != bot.ismcts_c
        default = ismcts.search(bot, state, seat, random.Random(2), None, iterations=300)
        assert default == ismcts.search(bot, state, seat, random.Random(2), None, iterations=300,
                                        c=bot.ismcts_c_players[4])
        differ += default != ismcts.search(bot, state, seat, random.Random(2), None, iterations=300, c=bot.ismcts_c)
    assert differ


def test_root_guard_per_table_size():
    """Zsíros 2 departs from the rule of thumb only 1.5 standard errors clear of it
    (``ismcts_guard_z_players``), Zsíros 4 at the framework's 1: the default search is the
    search with that guard, and on some position not the one with the other; Filkó falls back
    to the framework's guard where ``ISMCTS_RULE_Z`` names no rule."""
    bot = bot_for("zsiros")
    two = _searchable("zsiros", 2, 12, seed=38)
    assert bot.ismcts_guard_for(two[0], {"key": "bot.zsiros.lead_low"}) == bot.ismcts_guard_z_players[2] == 1.5
    four = _searchable("zsiros", 4, 1, seed=38)[0]
    assert bot.ismcts_guard_for(four, {"key": "bot.zsiros.lead_low"}) == bot.ismcts_guard_z == 1.0
    filko = bot_for("filko")
    six = _searchable("filko", 6, 1, seed=38)[0]
    assert filko.ismcts_guard_for(six, {"key": "bot.filicau.lead_low"}) == filko.ismcts_guard_z
    differ = 0
    for state in two:
        seat = state.to_act
        default = ismcts.search(bot, state, seat, random.Random(4), None, iterations=120)
        assert default == ismcts.search(bot, state, seat, random.Random(4), None, iterations=120, guard_z=1.5)
        differ += default[0] != ismcts.search(bot, state, seat, random.Random(4), None, iterations=120, guard_z=0.0)[0]
    assert differ, "no position where the guard kept the rule of thumb"


def test_more_iterations_where_the_time_goal_leaves_room():
    """Filkó 6 (``ismcts_iterations_players``): its default search buys 1.5 times the
    iterations of the same budget at Filkó 4, and the search spends them (whole rounds)."""
    bot = bot_for("filko")
    four, six = ismcts.iterations_for(bot, 600.0, players=4), ismcts.iterations_for(bot, 600.0, players=6)
    assert four == ismcts.iterations_for(bot, 600.0) and 1.45 * four <= six <= 1.5 * four + 1
    state = _searchable("filko", 6, 1, seed=37)[0]
    n = len(state.legal_actions())
    out = ismcts.search(bot, state, state.to_act, random.Random(0), 60.0)[1]
    assert ismcts.iterations_for(bot, 60.0, players=6) - n < out["iterations"] <= ismcts.iterations_for(bot, 60.0, players=6)
    assert out["iterations"] > ismcts.iterations_for(bot, 60.0)  # more than the unscaled budget buys
