"""The Ferbli session: dealing (F-4), the cukassza carried from deal to deal (F-5.4, F-7.3),
the running ledger of balances (F-3.6) and the deal passing right (F-4.5).

A session is a small immutable-by-convention record; ``settle`` returns a new one, so a replay
can keep every step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..cards import PACK
from ..errors import MalformedRecord
from ..game import Game
from ..records import parse_hands, parse_pack
from ..seats import right_of, seats_from
from .options import OPTIONS
from . import ranking
from .state import FerbliState
from .view import FerbliView

ACTS = {"vizi": (), "fold": (), "go_on": (), "besszer": ("amount",), "pay": (),
        "charge": ("amount",), "stop": (), "look": (), "check": (), "bet": ("amount",),
        "raise": ("amount",), "majzli": ("amount",), "show": ("card",),
        "call_or_drop": (), "no_call_or_drop": ()}
START_FIELDS = ("pot", "balances", "failed_deals")


@dataclass(frozen=True)
class Session:
    players: int
    options: dict
    dealer: int           # the dealer of the next deal
    balances: tuple       # net chips per seat, negative = paid in (F-3.6)
    pot: int              # carried over as a cukassza
    failed: int = 0       # cukasszas in a row after a failed quorum (F-V9)


class FerbliGame(Game):
    state = FerbliState
    view = FerbliView

    def new_session(self, players, options, dealer, start, where="start"):
        for name, lowest in (("vizi", 1), ("table_cap", 0)):
            if options[name] < lowest:
                raise MalformedRecord("bad_option_value", where=f"options.{name}", option=name,
                                      value=repr(options[name]), allowed=f">= {lowest}")
        if options["call_or_drop_announced"] and not options["call_or_drop"]:
            raise MalformedRecord("bad_option_value", where="options.call_or_drop_announced",
                                  option="call_or_drop_announced", value="true",
                                  allowed="false (an announcement needs call_or_drop)")
        for key in start:
            if key not in START_FIELDS:
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="start")
        pot = _count(start.get("pot", 0), f"{where}.pot")
        failed = _count(start.get("failed_deals", 0), f"{where}.failed_deals")
        balances = start.get("balances", [0] * players)
        if not isinstance(balances, list) or len(balances) != players or not all(
                isinstance(b, int) and not isinstance(b, bool) for b in balances):
            raise MalformedRecord("bad_field", where=f"{where}.balances", value=repr(balances),
                                  expected=f"{players} integers")
        return Session(players, options, dealer, tuple(balances), pot, failed)

    def deal(self, session, cards, dealer, where):
        n = session.players
        self.check_dealer(session, dealer, where)
        dealer = session.dealer
        where = f"{where}.cards"
        if not isinstance(cards, dict) or ("hands" in cards) == ("pack" in cards) or set(cards) - {"hands", "pack"}:
            raise MalformedRecord("bad_field", where=where, value=repr(cards), expected="{hands} or {pack}")
        order = list(seats_from(right_of(dealer, n), n))
        if "hands" in cards:
            hands, _ = parse_hands(cards, n, [4] * n, where)
            first, later, stack, bottom = [h[:2] for h in hands], tuple(tuple(h[2:]) for h in hands), None, None
        else:
            pack = parse_pack(cards, where)
            first = [None] * n
            for k, seat in enumerate(order):  # F-4.3: packets of two from the dealer's right
                first[seat] = pack[2 * k:2 * k + 2]
            later, stack, bottom = None, tuple(pack[2 * n:]), pack[-1]  # F-4.4, D-F14
        options = session.options
        return FerbliState(n, dealer, options, first, later, stack, bottom,
                           carried=session.pot,
                           forced=options["two_failed_deals"] and session.failed >= 2,
                           call_or_drop=options["call_or_drop"] and session.pot > 0
                           and not options["call_or_drop_announced"],
                           announce=options["call_or_drop_announced"] and session.pot > 0)

    def settle(self, session, state):
        out = state.outcome
        balances = [b - s for b, s in zip(session.balances, state.stake)]
        pot = state.pot
        if out["winner"] is not None:
            balances[out["winner"]] += pot
            pot = 0
        failed = session.failed + 1 if out["reason"] == "cukassza" else 0
        return replace(session, dealer=(session.dealer + 1) % session.players,
                       balances=tuple(balances), pot=pot, failed=failed)

    def layout(self, players: int) -> dict:
        return {"hands": [4] * players, "piles": {}, "pack": list(PACK)}

    def rank_hand(self, cards, options: dict | None = None) -> dict:
        return ranking.rank_hand(cards, options)

    def compare_hands(self, first, second, options: dict | None = None) -> int:
        return ranking.compare_hands(first, second, options)

    def warm_up(self) -> None:
        ranking.rank_hand(["Aa", "Al", "Ah", "Ab"], {})

    def session_report(self, session):
        report = {"balances": list(session.balances), "pot": session.pot, "dealer": session.dealer}
        if session.options["two_failed_deals"]:
            report["failed_deals"] = session.failed
        return report

    def random_action(self, state: FerbliState, rng: random.Random) -> dict:
        """A random legal action, with a concrete amount for a bet and fewer folds (so that
        random deals reach the later rounds).

        >>> from hcards_core.play import random_deal
        >>> state, record = random_deal("ferbli", 7, 4)
        >>> state.is_over and sum(state.stake) == state.pot
        True
        """
        legal = state.legal_actions()
        looks = [a for a in legal if a["act"] == "look"]
        if looks and rng.random() < 0.3:
            return looks[0]
        choices = [a for a in legal if a["act"] != "look"] or looks
        weights = [0.4 if a["act"] == "fold" else 1.0 for a in choices]
        action = dict(rng.choices(choices, weights)[0])
        if "min" in action:
            lo, hi = action.pop("min"), action.pop("max")
            hi = lo * 4 if hi is None else hi
            action["amount"] = lo if rng.random() < 0.5 else rng.randint(lo, hi)
        return action


def _count(value, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MalformedRecord("bad_field", where=where, value=repr(value), expected="a whole number >= 0")
    return value


GAME = FerbliGame("ferbli", tuple(range(2, 8)), OPTIONS, ACTS)  # F-1.1: 2 to 7 players
