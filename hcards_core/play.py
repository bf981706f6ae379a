"""Random legal play (property tests, benchmarks): one deal dealt and played out from a
seeded ``random.Random``, returned with a record (ARCHITECTURE §3) that replays to it.

The games differ only in how a random deal is dealt (``Game.random_cards``: Filicău/Filkó
uses a smaller pack and a cut) and, where a uniform choice among ``legal_actions()`` is not
enough, how an action is picked (``Game.random_action``: Ferbli names amounts, a Zsíros
partner sometimes calls).

>>> from hcards_core.records import replay
>>> deal = random_deal("zsiros", 3)
>>> deal.state.is_over, replay(deal.record)["deals"][0]["result"] == deal.state.result()
(True, True)
>>> state, record = random_deal("filko", 3, 5)  # it unpacks as the pair (state, record)
>>> record["game"], record["players"], sum(state.result()["points"])
('filko', 5, 8)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from .game import Game, State
from .games import get_game

Pick = Callable[[State, random.Random], dict]  # (state, rng) -> a legal action of the seat to act


class RandomDeal(NamedTuple):
    """A finished deal and a one-deal record that ``records.replay`` replays to the same result."""

    state: State
    record: dict


def random_play(state: State, rng: random.Random, pick: Pick | None = None) -> Iterator[tuple[dict, State]]:
    """Play ``state`` to the end; yield each ``(action, state after it)``.

    ``pick`` chooses the action (default: the game's ``random_action``).
    """
    pick = pick or get_game(state.game).random_action
    while not state.is_over:
        action = pick(state, rng)
        state = state.apply(action)
        yield action, state


def random_deal(game: str | Game, seed, players: int = 4, *, options: dict | None = None, dealer: int = 0,
                start: dict | None = None, cards: dict | None = None, pick: Pick | None = None) -> RandomDeal:
    """One deal of ``game`` played out with random legal actions, all drawn from ``Random(seed)``.

    ``cards`` is the record's ``cards`` field (default: ``game.random_cards``); ``options``,
    ``dealer`` and ``start`` mean what they mean in a record; ``pick`` as in ``random_play``.
    """
    game = get_game(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    cards = game.random_cards(players, rng) if cards is None else cards
    session = game.new_session(game.check_players(players), game.parse_options(options), dealer, dict(start or {}))
    state = game.deal(session, cards, None, "deals[0]")
    actions = []
    for action, state in random_play(state, rng, pick or game.random_action):
        actions.append(action)
    record = {"game": game.name, "players": players, "options": dict(options or {}), "dealer": dealer,
              **({"start": dict(start)} if start else {}), "deals": [{"cards": cards, "actions": actions}]}
    return RandomDeal(state, record)
