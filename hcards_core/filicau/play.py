"""Building a deal without a record (tests, worked examples).

>>> from hcards_core.cards import PACK
>>> s = deal_state([list(PACK[i::4]) for i in range(4)])  # the dealer, seat 0, turns Aa
>>> s.trump, s.to_act
('a', 1)
"""

from __future__ import annotations


def deal_state(hands, dealer: int = 0, options: dict | None = None, start: dict | None = None,
               trump: str | None = None):
    """The first state of a deal from explicit hands (one list per seat, in the order received;
    the dealer's first card is the one turned for trumps unless ``trump`` is given)."""
    from . import GAME

    session = GAME.new_session(len(hands), GAME.parse_options(options), dealer, start or {})
    hands = [list(h) for h in hands]
    cards = {"hands": hands} if trump is None else {"hands": hands, "trump": trump}
    return GAME.deal(session, cards, None, "deal")
