"""Building a deal without a record, and random legal play (property tests, benchmarks).

>>> s = random_deal(1)
>>> s.is_over, sum(s.result()["points"])
(True, 8)
"""

from __future__ import annotations

import random

from ..cards import shuffled_pack
from .rules import pack_for


def _game(options):
    from . import GAME
    return GAME, GAME.parse_options(options)


def deal_state(hands, dealer: int = 0, options: dict | None = None, start: dict | None = None,
               trump: str | None = None):
    """The first state of a deal from explicit hands (one list per seat, in the order received;
    the dealer's first card is the one turned for trumps unless ``trump`` is given)."""
    game, opts = _game(options)
    session = game.new_session(len(hands), opts, dealer, start or {})
    hands = [list(h) for h in hands]
    cards = {"hands": hands} if trump is None else {"hands": hands, "trump": trump}
    return game.deal(session, cards, None, "deal")


def random_play(state, rng: random.Random):
    """Yield each state of ``state``'s deal, playing uniformly random legal actions."""
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def random_deal(seed, players: int = 4, options: dict | None = None, dealer: int = 0,
                start: dict | None = None):
    """A whole deal from a seeded shuffle, played out at random; returns the final state."""
    game, opts = _game(options)
    rng = random.Random(seed)
    session = game.new_session(players, opts, dealer, start or {})
    pack = [c for c in shuffled_pack(rng.randrange(1 << 30)) if c in set(pack_for(players))]
    state = game.deal(session, {"pack": pack, "cut": rng.randrange(1, len(pack))}, None, "deal")
    for state in random_play(state, rng):
        pass
    return state
