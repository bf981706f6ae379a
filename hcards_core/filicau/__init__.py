"""Filicău (Romanian, 4 players) and Filkó (Hungarian, 4, 5 and 6 players).

``GAME`` is the record game ``"filicau"``; ``ALIASES["filko"]`` is the same game with
``rules: "filko"`` as default. ``deal_state`` builds a deal from hands.
"""

from __future__ import annotations

from .game import ACTS, ALIASES, GAME, FilicauGame, Session, deal_state
from .state import FilicauState

__all__ = ["ACTS", "GAME", "ALIASES", "FilicauGame", "FilicauState", "Session", "deal_state"]
