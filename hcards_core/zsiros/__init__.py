"""Zsíros (Zsírozás): 2 players, or 4 in fixed partnerships; rules in rules/zsiros.md.

>>> from hcards_core.zsiros import new_deal
>>> hands = [["9a", "Aa", "Oa", "7a"], ["9l", "Xa", "Ol", "Ul"], ["Ka", "Kl", "8a", "8l"], ["Al", "Ah", "Uh", "8h"]]
>>> s = new_deal(players=4, dealer=3, hands=hands, talon=[c for c in PACK if not any(c in h for h in hands)])
>>> for card in ["9a", "9l", "Ka", "Al"]:
...     s = s.apply({"seat": s.to_act, "act": "play", "card": card})
>>> s.public_state()["winner"], s.to_act, [a.get("card", "stop") for a in s.legal_actions()]
(1, 0, ['stop', '7a'])
"""

from ..cards import PACK
from .game import GAME, Session, ZsirosGame, deal_pack, new_deal, random_session
from .options import OPTIONS
from .results import score_hand
from .state import ZsirosState

__all__ = ["GAME", "OPTIONS", "PACK", "Session", "ZsirosGame", "ZsirosState", "deal_pack", "new_deal",
           "random_session", "score_hand"]
