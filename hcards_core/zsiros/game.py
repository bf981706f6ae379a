"""The Zsíros game: dealing, the session (game points to the target), and helpers.

Dealing from a ``pack`` (top card first): one card at a time, anticlockwise, starting with
the player on the dealer's right, until everyone has 4; the rest is the talon, top card
first. D-Z1 says the method makes no difference; this one is fixed so records are exact.

A session ends when a side reaches the target (Z-7.4). A record that deals again after that
is malformed (``game_over``): a new game is a new record.

>>> from hcards_core.cards import PACK
>>> state = new_deal(players=2, dealer=1, pack=list(PACK))
>>> state.hands()[0], state.to_act, len(state.talon)
(['Aa', 'Oa', 'Xa', '8a'], 0, 24)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import PACK, shuffled_pack
from ..errors import MalformedRecord
from ..game import Game
from ..play import random_deal
from ..records import parse_hands, parse_pack
from .options import OPTIONS, check_options
from .rules import CALLS, HAND_SIZE, talon_size
from .state import ZsirosState
from .view import ZsirosView

CALL_RATE = 0.1  # how often random play (``hcards_core.play``) makes a call before a move


@dataclass
class Session:
    """Carried from deal to deal: the score, the winner once the target is reached, the next dealer."""

    players: int
    options: dict
    dealer: int
    score: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None


def deal_pack(pack: list[str], players: int, dealer: int) -> tuple[list[list[str]], list[str]]:
    """Hands and talon from a pack, one card at a time from the dealer's right (D-Z1)."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for k in range(HAND_SIZE * players):
        hands[(dealer + 1 + k) % players].append(pack[k])
    return hands, list(pack[HAND_SIZE * players:])


class ZsirosGame(Game):
    state = ZsirosState
    view = ZsirosView

    def new_session(self, players: int, options: dict, dealer: int, start: dict, where: str = "start") -> Session:
        for key in start:
            if key != "score":
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="start")
        score = start.get("score", [0, 0])
        if (not isinstance(score, list) or len(score) != 2
                or not all(isinstance(g, int) and not isinstance(g, bool) and g >= 0 for g in score)):
            raise MalformedRecord("bad_field", where=f"{where}.score", value=repr(score),
                                  expected="[game points of side 0, game points of side 1]")
        check_options(players, options)  # refused even for a record with no deals yet
        target = options["target"]
        if score[0] >= target and score[1] >= target:  # Z-7.5: only one side can get there
            raise MalformedRecord("bad_field", where=f"{where}.score", value=repr(score),
                                  expected=f"at most one side at {target} or more")
        winner = 0 if score[0] >= target else 1 if score[1] >= target else None
        return Session(players, options, dealer, list(score), winner)

    def deal(self, session: Session, cards: dict, dealer: int | None, where: str) -> ZsirosState:
        if session.winner is not None:
            raise MalformedRecord("game_over", where=where, team=session.winner, score=session.score)
        self.check_dealer(session, dealer, where)
        hands, talon = parse_cards_field(cards, session.players, session.dealer, f"{where}.cards")
        return ZsirosState(session.players, session.dealer, hands, talon, session.options)

    def settle(self, session: Session, state: ZsirosState) -> Session:
        result = state.result()
        score = session.score[:]
        score[result["winner"]] += result["game_points"]
        target = session.options["target"]
        winner = result["winner"] if score[result["winner"]] >= target else None
        return Session(session.players, session.options, (session.dealer + 1) % session.players, score, winner)

    def session_report(self, session: Session) -> dict:
        return {"score": session.score[:], "winner": session.winner, "dealer": session.dealer}

    def layout(self, players: int) -> dict:
        return {"hands": [HAND_SIZE] * players, "piles": {"talon": talon_size(players)}, "pack": list(PACK)}

    def parse_action(self, action: dict, players: int, where: str) -> dict:
        """The shared shape check, plus: a call names one of the four calls. (A call in the
        2-player game is well formed but against the rules: the state refuses it, Z-6.1.)"""
        parsed = super().parse_action(action, players, where)
        if parsed["act"] == "call":
            if parsed["call"] not in CALLS:
                raise MalformedRecord("bad_field", where=f"{where}.call", value=repr(parsed["call"]),
                                      expected=", ".join(CALLS))
        return parsed

    def random_action(self, state: ZsirosState, rng: random.Random, call_rate: float = CALL_RATE) -> dict:
        """A random legal action; with 4 players the partner of the seat to act calls first
        ``call_rate`` of the time (at most once a turn, Z-6.3)."""
        if call_rate and rng.random() < call_rate:
            calls = state.legal_calls()
            if calls:
                return rng.choice(calls)
        return rng.choice(state.legal_actions())


def parse_cards_field(cards: dict, players: int, dealer: int, where: str) -> tuple[list[list[str]], list[str]]:
    """``{"pack": [...]}`` or ``{"hands": [...], "talon": [...]}``: the hands and the talon."""
    if not isinstance(cards, dict):
        raise MalformedRecord("bad_field", where=where, value=repr(cards), expected="object")
    keys = set(cards)
    if keys == {"pack"}:
        return deal_pack(parse_pack(cards, where), players, dealer)
    if keys == {"hands", "talon"}:
        hands, piles = parse_hands(cards, players, [HAND_SIZE] * players, where, {"talon": talon_size(players)})
        return hands, piles["talon"]
    raise MalformedRecord("bad_cards", where=where, keys=sorted(keys))


GAME = ZsirosGame(
    name="zsiros",
    players=(2, 4),
    options=OPTIONS,
    acts={"play": ("card",), "stop": (), "call": ("call",)},
)


# ---- conveniences for the site, tests and benchmarks ---------------------------------------

def new_deal(players: int = 4, dealer: int = 0, hands=None, talon=None, pack=None,
             options: dict | None = None) -> ZsirosState:
    """A fresh deal from explicit ``hands`` + ``talon`` or a ``pack`` (shuffled_pack(0) if neither)."""
    GAME.check_players(players)
    opts = GAME.parse_options(options)
    if hands is not None:
        cards = {"hands": hands, "talon": talon if talon is not None else []}
    else:
        cards = {"pack": pack if pack is not None else shuffled_pack(0)}
    h, t = parse_cards_field(cards, players, dealer, "cards")
    return ZsirosState(players, dealer, h, t, opts)


def random_session(seed: int | str, players: int = 4, dealer: int = 0, options: dict | None = None,
                   start: dict | None = None, max_deals: int = 200) -> dict:
    """A record of random deals until a side reaches the target (the dealer rotating, Z-2.1)."""
    game_record = {"game": "zsiros", "players": players, "options": dict(options or {}), "dealer": dealer,
                   "start": dict(start or {}), "deals": []}
    session = GAME.new_session(players, GAME.parse_options(options), dealer, dict(start or {}))
    k = 0
    while session.winner is None and k < max_deals:
        deal = random_deal(GAME, f"{seed}-{k}", players, options=options, dealer=session.dealer)
        session = GAME.settle(session, deal.state)  # a deal depends on the session only by its dealer
        game_record["deals"].append(deal.record["deals"][0])
        k += 1
    return game_record
