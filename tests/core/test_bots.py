"""The computer players' shared contract, for every game whose bot exists (hcards_core.bots).

Determinism, no peeking (a decision is a function of what the seat knows and the seed),
sampled worlds that reproduce the seat's view, every consistent placement of the unseen cards
sampled with its right frequency (chi-square), explanations of every legal action, and short
seeded duplicate matches whose ordering a broken bot would fail. Generic over the games: a
game's bot is covered as soon as ``hcards_core/bots/<game>.py`` exists. Kept to a few seconds
(these tests also run inside Pyodide): small budgets, few positions.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter

import pytest

from hcards_core.bots import TIERS, bot_for, choose, games_with_bots
from hcards_core.bots.match import run_match
from hcards_core.cards import HIDDEN, PACK
from hcards_core.games import get_game

TABLES = [("zsiros", 2), ("zsiros", 4), ("filicau", 4), ("filko", 4), ("filko", 5), ("filko", 6),
          ("ferbli", 3), ("ferbli", 5)]
CASES = [t for t in TABLES if t[0] in games_with_bots()]
BUDGET = {"random": None, "beginner": None, "club": 5.0, "expert": 5.0}  # the tiers' minimum worlds


def positions(game_name: str, players: int, count: int, seed: int = 0, spread: float = 0.3):
    """Decision points with more than one legal action, from seeded beginner play."""
    game, bot = get_game(game_name), bot_for(game_name)
    out, k = [], 0
    while len(out) < count and k < 50:
        rng = random.Random(f"test-{seed}-{k}")
        session = game.new_session(players, game.parse_options({}), k % players, {})
        state = game.deal(session, game.random_cards(players, rng), None, "deals[0]")
        while not state.is_over and len(out) < count:
            if len(state.legal_actions()) > 1 and rng.random() < spread:
                out.append(state)
            state = state.apply(bot.beginner(state, state.to_act, rng)[0])
        k += 1
    return out


def hidden_fingerprint(state, seat: int) -> tuple:
    """The cards of each hand that ``seat`` cannot see, as sets."""
    view = state.view(seat)["hands"]
    out = []
    for s, hand in enumerate(state.hands()):
        shown = [c for c in view[s] if c != HIDDEN]
        out.append(tuple(sorted(c for c in hand if c not in shown)))
    return tuple(out)


@pytest.mark.parametrize("game_name,players", CASES)
def test_the_game_has_the_contract(game_name, players):
    bot = bot_for(game_name)
    assert bot.unit and callable(bot.sample_world) and callable(bot.beginner)
    state = positions(game_name, players, 1)[0]
    json.dumps(bot.knowledge(state, state.to_act))  # plain JSON


@pytest.mark.parametrize("game_name,players", CASES)
def test_same_position_and_seed_same_action(game_name, players):
    for i, state in enumerate(positions(game_name, players, 2, seed=1)):
        for tier in TIERS if i == 0 else ("random", "beginner"):
            a = choose(state, state.to_act, tier, rng=i, budget=BUDGET[tier])
            b = choose(state, state.to_act, tier, rng=random.Random(i), budget=BUDGET[tier])
            assert a[0] == b[0], (tier, i)
            assert state.can_apply(a[0])  # Ferbli's legal actions name a range, the bot an amount


@pytest.mark.parametrize("game_name,players", CASES)
def test_sampled_worlds_reproduce_the_seat_view_and_vary(game_name, players):
    bot = bot_for(game_name)
    for state in positions(game_name, players, 3, seed=2):
        seat = state.to_act
        view, know = state.view(seat), bot.knowledge(state, seat)
        prints = set()
        for k in range(12):
            world = bot.sample_world(state, seat, random.Random(k))
            assert world.view(seat) == view
            assert bot.knowledge(world, seat) == know
            assert world.legal_actions() == state.legal_actions()
            prints.add(hidden_fingerprint(world, seat))
        unknown = bot.unknown_cards(state, seat)
        assert unknown == sorted(unknown, key=PACK.index), "unknown cards in pack order (canonical)"
        assert not set(unknown) & {c for c in state.hands()[seat] if c in view["hands"][seat]}
        if sum(len(h) for h in hidden_fingerprint(state, seat)) >= 2 and len(unknown) > 2:
            assert len(prints) > 1, "every sampled world is the same: is the real deal copied?"


@pytest.mark.parametrize("game_name,players", CASES)
@pytest.mark.parametrize("tier", TIERS)
def test_no_peeking(game_name, players, tier):
    """A second state that looks the same to the seat (its hidden cards dealt differently,
    every public fact kept) gets the same action with the same seed."""
    bot = bot_for(game_name)
    for i, state in enumerate(positions(game_name, players, 2, seed=3)):
        seat = state.to_act
        expected = choose(state, seat, tier, rng=i, budget=BUDGET[tier])[0]
        for k in range(1 if tier in ("club", "expert") else 3):
            other = bot.sample_world(state, seat, random.Random(1000 + k))
            assert bot.knowledge(other, seat) == bot.knowledge(state, seat)
            assert choose(other, seat, tier, rng=i, budget=BUDGET[tier])[0] == expected, (tier, i, k)


def _placements(unknown, sizes):
    """Every way to put ``unknown`` cards into hidden slots of ``sizes`` (the rest elsewhere)."""
    def rec(pool, sizes):
        if not sizes:
            yield ()
            return
        for combo in itertools.combinations(pool, sizes[0]):
            rest = [c for c in pool if c not in combo]
            for tail in rec(rest, sizes[1:]):
                yield (tuple(sorted(combo)),) + tail
    yield from rec(list(unknown), list(sizes))


def _small_position(game_name, players, max_placements=40):
    bot = bot_for(game_name)
    for state in positions(game_name, players, 200, seed=4, spread=1.0):
        seat = state.to_act
        fp = hidden_fingerprint(state, seat)
        sizes = [len(h) for h in fp]
        unknown = bot.unknown_cards(state, seat)
        if sum(sizes) < 2 or len(unknown) > 10:
            continue
        count = math.comb(len(unknown), sizes[0]) if len(sizes) == 1 else None
        if count is None:
            count, left = 1, len(unknown)
            for n in sizes:
                count *= math.comb(left, n)
                left -= n
        if 3 <= count <= max_placements:
            return state, seat, unknown, sizes
    return None


@pytest.mark.parametrize("game_name,players", CASES)
def test_every_consistent_placement_with_its_right_frequency(game_name, players):
    """Chi-square: the hidden hands of sampled worlds against the uniform distribution over
    the placements the game's bot calls consistent (its hard inferences, e.g. voids)."""
    found = _small_position(game_name, players)
    if found is None:
        pytest.skip("no small enough position in the seeded deals")
    state, seat, unknown, sizes = found
    bot = bot_for(game_name)
    known = [tuple(sorted(c for c in h if c not in unknown)) for h in state.hands()]
    cells = []
    for p in _placements(unknown, sizes):
        hands = [list(known[s]) + list(p[s]) for s in range(len(sizes))]
        if bot.consistent_hands(state, seat, hands):
            cells.append(p)
    per_cell = 40
    n = per_cell * len(cells)
    counts = Counter(hidden_fingerprint(bot.sample_world(state, seat, random.Random(k)), seat) for k in range(n))
    assert set(counts) <= set(cells), "a sampled world is not a consistent placement"
    chi2 = sum((counts.get(c, 0) - per_cell) ** 2 / per_cell for c in cells)
    df = len(cells) - 1
    # Wilson-Hilferty: the 0.1 % upper point of chi-square with df degrees of freedom.
    z = 3.09
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < limit, (chi2, limit, len(cells))


@pytest.mark.parametrize("game_name,players", CASES)
def test_explanation_lists_every_legal_action(game_name, players):
    state = positions(game_name, players, 1, seed=5)[0]
    seat = state.to_act
    action, why = choose(state, seat, "club", rng=0, budget=5)
    legal = state.legal_actions()
    assert [row["action"] for row in why["actions"]] == legal
    assert why["actions"][why["best"]]["action"] == action
    assert why["tier"] == "club" and why["seat"] == seat and why["unit"] == bot_for(game_name).unit
    assert why["worlds"] >= 1 and why["reason"]["key"].startswith("bot.")
    for row in why["actions"]:
        assert isinstance(row["value"], float) and row["spread"] >= 0 and 0 <= row["best_share"] <= 1
    assert abs(sum(row["best_share"] for row in why["actions"]) - 1) < 0.01
    top = max(row["value"] for row in why["actions"])
    if why["reason"]["key"] == "bot.rule_stands":  # the beginner's move, not clearly beaten
        assert why["reason"]["params"]["rule"]["key"].startswith("bot.")
    elif why["reason"]["key"] == "bot.filicau.call_suits":  # the best of the calls weighed (one per suit)
        weighed = why["reason"]["params"]["weighed"]
        assert why["actions"][why["best"]]["value"] == max(r["value"] for r in why["actions"] if r["action"]["card"] in weighed)
    else:
        assert why["actions"][why["best"]]["value"] == top
    json.dumps(why)
    beginner = choose(state, seat, "beginner", rng=0)[1]
    assert beginner["reason"]["key"].startswith(f"bot.{bot_for(game_name).game}.")


@pytest.mark.parametrize("game_name,players", CASES)
def test_beginner_beats_random_on_duplicate_deals(game_name, players):
    # 40 deals: a quarter of Ferbli's duplicate pairs tie (both plays fold alike), so 12 could
    # end level by luck; the beginner decides in well under a millisecond
    out = run_match(game_name, ("beginner", "random"), deals=40, players=players, seed=7)
    assert out["win_rate"] > 0.5, out
    assert out["score"][0] > out["score"][1], out


def test_a_broken_bot_loses():
    """The match measures play: a tier pair's ordering flips when the tiers swap places."""
    a = run_match("zsiros", ("beginner", "random"), deals=40, players=2, seed=11)
    b = run_match("zsiros", ("random", "beginner"), deals=40, players=2, seed=11)
    assert a["win_rate"] >= 0.75 and abs(a["win_rate"] + b["win_rate"] - 1) < 1e-9
    assert a["score"] == b["score"][::-1]
