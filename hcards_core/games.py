"""The registry of games, the only one: a record's ``"game"`` name → its ``Game``, and each
game package's clause prefixes. Everything else a shared module needs to know about a game it
asks that ``Game`` (rules and session) or its ``View`` (how a state is shown).

Each game subpackage exposes ``GAME`` (and ``ALIASES`` for other names of the same game);
importing lazily keeps start-up (and Pyodide's first call) cheap when only one game is used.
This module imports nothing of the core at load time, so that ``messages`` can read it.

>>> get_game("filko").name, get_game("filko").view.__name__, game_of_clause("EX-C1")
('filko', 'FilicauView', 'filicau')
"""

from __future__ import annotations

import importlib

# A record's game name → the package that plays it (an alias plays with other defaults).
GAME_MODULES = {"zsiros": "zsiros", "filicau": "filicau", "filko": "filicau", "ferbli": "ferbli"}
# Each package, in the site's order, with the prefixes of the clause ids on its rules pages.
CLAUSE_PREFIXES = {"zsiros": ("Z", "EX-Z"), "filicau": ("FC", "FK", "EX-C"), "ferbli": ("F", "EX-F")}
PACKAGES = tuple(CLAUSE_PREFIXES)


def get_game(name):
    """The ``Game`` for ``name``; ``MalformedRecord`` when it is unknown or not built yet."""
    from .errors import MalformedRecord

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


def view_of(state, lang: str = "en"):
    """The ``View`` that shows ``state`` (of any game) in ``lang``."""
    return get_game(state.game).view(state, lang)


def game_of_clause(rule: str) -> str:
    """The package whose rules pages carry clause ``rule`` (``KeyError`` for none)."""
    prefix = rule[:4] if rule.startswith("EX-") else rule.split("-", 1)[0]
    for game, prefixes in CLAUSE_PREFIXES.items():
        if prefix in prefixes:
            return game
    raise KeyError(rule)


def refusal_clauses() -> dict[str, set[str]]:
    """Every clause id the core can cite in a refusal, read from each game's ``State.REFUSALS``
    (``State.refuse`` raises no other): clause id → the codes citing it.

    >>> clauses = refusal_clauses()
    >>> sorted(clauses["Z-4.3"]), sorted(clauses["Z-4.4"]), "F-6.4" in clauses
    (['continue_needs_hit', 'only_leader_decides'], ['no_hitting_card'], True)
    """
    out: dict[str, set[str]] = {}
    for package in PACKAGES:
        for code, rules in get_game(package).state.refusals().items():
            for rule in rules:
                out.setdefault(rule, set()).add(code)
    return out
