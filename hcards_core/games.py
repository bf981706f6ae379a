"""The registry of games: a record's ``"game"`` name → its ``Game`` description.

Each game subpackage exposes ``GAME``; importing lazily keeps start-up (and Pyodide's
first call) cheap when only one game is used.
"""

from __future__ import annotations

import importlib

from .errors import MalformedRecord

GAME_MODULES = {"zsiros": "zsiros", "filicau": "filicau", "filko": "filicau", "ferbli": "ferbli"}


def get_game(name):
    """The ``Game`` for ``name``; ``MalformedRecord`` when it is unknown or not built yet."""
    module_name = GAME_MODULES.get(name) if isinstance(name, str) else None
    if module_name is None:
        raise MalformedRecord("unknown_game", where="game", game=repr(name), known=sorted(GAME_MODULES))
    try:
        module = importlib.import_module(f"hcards_core.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"hcards_core.{module_name}":
            raise
        raise MalformedRecord("game_not_available", where="game", game=name) from None
    # An alias (e.g. "filko") is a Game of the same module with other defaults.
    game = getattr(module, "ALIASES", {}).get(name) or getattr(module, "GAME", None)
    if game is None:
        raise MalformedRecord("game_not_available", where="game", game=name)
    return game
