"""Filicău (Romanian, 4 players) and Filkó (Hungarian, 4, 5 and 6 players).

``GAME`` is the record game ``"filicau"``; ``ALIASES["filko"]`` is the same game with
``rules: "filko"`` as default. ``deal_state`` builds a deal from hands.
"""

from __future__ import annotations

from .game import FilicauGame, Session
from .options import make_options
from .play import deal_state
from .state import FilicauState

ACTS = {"play": ("card",), "call_card": ("card",), "choose_slave": ("slave",)}
GAME = FilicauGame("filicau", (4, 5, 6), make_options("romanian"), ACTS)
ALIASES = {"filko": FilicauGame("filko", (4, 5, 6), make_options("filko"), ACTS)}

__all__ = ["GAME", "ALIASES", "FilicauState", "Session", "deal_state"]
