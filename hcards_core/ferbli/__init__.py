"""Ferbli: the Hungarian four-card betting game (rules digest ``rules/ferbli.md``, F-0 … F-10).

``GAME`` plugs into the shared record machinery; ``rank_hand``/``compare_hands`` serve the
``rank``/``compare`` commands; ``GAME.random_action`` is how ``hcards_core.play`` bets at random.

>>> rank_hand("7a 7l 7h 7b")["category"], compare_hands("7a 7l 7h 7b", "Aa Ka Oa Ua")
('four_of_a_kind', 1)
"""

from .game import GAME
from .ranking import compare_hands, rank_hand

__all__ = ["GAME", "rank_hand", "compare_hands"]
