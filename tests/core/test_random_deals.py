"""``hcards_core.play.random_deal``, the one random-deal helper of every game: its record
replays (``records.replay``) to the state it returns, at every table size of every game."""

import json

import pytest

from hcards_core.games import GAME_MODULES, get_game
from hcards_core.play import RandomDeal, random_deal
from hcards_core.records import replay, state_at

TABLES = [(name, n) for name in sorted(GAME_MODULES) for n in get_game(name).players]
SEEDS = range(6)


def test_every_table_size_of_every_game_is_covered():
    assert {("zsiros", 2), ("zsiros", 4), ("ferbli", 2), ("ferbli", 7)} <= set(TABLES)
    assert {(g, n) for g in ("filicau", "filko") for n in (4, 5, 6)} <= set(TABLES)


@pytest.mark.parametrize("game,players", TABLES)
def test_the_record_replays_to_the_returned_state(game, players):
    outcomes = set()
    for seed in SEEDS:
        deal = random_deal(game, seed, players, dealer=seed % players)
        assert isinstance(deal, RandomDeal) and deal.state.is_over
        record = json.loads(json.dumps(deal.record))  # plain JSON, as a file would hold it
        assert record["game"] == game and record["players"] == players
        out = replay(record)
        assert out["ok"] and out["error"] is None, out["error"]
        assert out["deals"][0]["result"] == deal.state.result()
        replayed, _ = state_at(record, 0, len(record["deals"][0]["actions"]))
        assert replayed.to_json() == deal.state.to_json()
        assert random_deal(game, seed, players, dealer=seed % players).record == deal.record  # seeded
        outcomes.add(json.dumps(deal.state.result(), sort_keys=True))
    assert len(outcomes) > 1  # the seed matters


@pytest.mark.parametrize("game,players,options,start", [
    ("zsiros", 4, {"target": 10}, {"score": [2, 1]}),
    ("filicau", 4, {}, {"status": ["slave", "master"]}),
    ("filko", 5, {"five_player": "rich_and_poor"}, {}),
    ("ferbli", 3, {"vizi": 2}, {"pot": 6}),
])
def test_options_and_start_go_into_the_record(game, players, options, start):
    deal = random_deal(game, 3, players, options=options, start=start)
    assert deal.record["options"] == options and deal.record.get("start", {}) == start
    assert replay(deal.record)["deals"][0]["result"] == deal.state.result()
