"""Computer players for every game: one API, four tiers, decisions from what a seat knows.

``choose(state, seat, tier, rng, budget)`` returns ``(action, explanation)``. The tiers:
``random`` (a uniformly random legal action, the yardstick), ``beginner`` (a teacher's rules
of thumb, each choice with its reason), ``club`` (determinized Monte Carlo: sampled worlds,
beginner playouts, an exact search of the last cards), ``expert`` (more worlds, weighted by
how likely the other seats' earlier plays were; anytime). A game plugs in with a
``GameBot`` in ``bots/<module>.py`` (``base.GameBot`` says what it provides); ``bot_for``
imports it lazily, so a page that plays one game loads one bot.

>>> from hcards_core.zsiros import new_deal
>>> state = new_deal(players=2, dealer=1)
>>> action, why = choose(state, 0, "beginner", rng=1)
>>> action["seat"], why["tier"], why["reason"]["key"].startswith("bot.zsiros.")
(0, 'beginner', True)
>>> choose(state, 0, "club", rng=3)[0] == choose(state, 0, "club", rng=3)[0]
True
"""

from __future__ import annotations

import importlib
import random

from ..errors import MalformedRecord

TIERS = ("random", "beginner", "club", "expert")

# game name -> module under hcards_core.bots that defines BOT (Filicău's serves Filkó too)
BOT_MODULES = {"zsiros": "zsiros", "filicau": "filicau", "filko": "filicau", "ferbli": "ferbli"}


def bot_for(game_name: str):
    """The ``GameBot`` of a game, or None when that game has no computer player yet."""
    module_name = BOT_MODULES.get(game_name)
    if module_name is None:
        return None
    try:
        module = importlib.import_module(f"hcards_core.bots.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"hcards_core.bots.{module_name}":
            raise
        return None
    bots = getattr(module, "BOTS", None)
    return bots.get(game_name) if isinstance(bots, dict) and game_name in bots else getattr(module, "BOT", None)


def games_with_bots() -> list[str]:
    """Every game name whose computer player exists (the match and the tests go over these)."""
    return [name for name in BOT_MODULES if bot_for(name) is not None]


def as_rng(rng) -> random.Random:
    """A ``random.Random`` from a seed or an existing generator (which is then drawn from)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


def choose(state, seat: int, tier: str = "club", rng: random.Random | int = 0, budget: float | None = None,
           **options) -> tuple[dict, dict]:
    """The ``tier``'s action for ``seat`` (the seat to act) and its explanation.

    ``budget`` is in milliseconds (None: the tier's default); it is turned into a number of
    worlds and playouts, never read off the clock, so a seed gives one answer on every machine.
    ``options``: ``explain=False`` lists only the chosen action; ``wall_clock=True`` lets the
    expert also stop early when ``budget`` ms have passed (anytime; then results depend on the
    machine's speed).
    """
    if tier not in TIERS:
        raise MalformedRecord("bad_field", where="tier", value=repr(tier), expected=", ".join(TIERS))
    bot = bot_for(state.game)
    if bot is None:
        raise MalformedRecord("game_not_available", where="game", game=state.game)
    return bot.choose(state, seat, tier, as_rng(rng), budget, **options)


def choose_call(state, seat: int, tier: str = "club", rng: random.Random | int = 0) -> dict | None:
    """An optional action ``seat`` may make out of turn now (a Zsíros partner's call), or None."""
    bot = bot_for(state.game)
    if bot is None or tier not in TIERS:
        return None
    return bot.choose_optional(state, seat, tier, as_rng(rng))
