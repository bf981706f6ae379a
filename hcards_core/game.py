"""The shape every game shares: a ``Game`` (its options, its act vocabulary, how a deal is
dealt and a session carried on) and a ``State`` (one deal in progress).

A state is never changed in place by a failed action: ``apply`` checks first (``verify``),
then works on a copy, like python-chess's ``push`` on a board copy. Every operation has the
three forms of PokerKit: ``can_apply`` (bool), ``verify`` (raises ``IllegalAction``) and
``apply`` (the next state). The events of the last action are on the new state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import HIDDEN, PACK, parse_card
from .errors import IllegalAction, MalformedRecord
from .messages import finish, render, seat_label


@dataclass(frozen=True)
class Option:
    """A variant switch: its default, its allowed values, the clause or source it comes from."""

    name: str
    default: Any
    choices: tuple | None = None  # allowed values; None means "any value of the default's type"
    rule: str = ""  # clause id or variant id in rules/*.md, e.g. "Z-V1"
    doc: str = ""

    def check(self, value: Any, where: str) -> Any:
        # Of the default's very type: JSON's true is no 1 and 4.0 is no 4 (``True in (1, 5)``
        # and ``4.0 in (2, 4)`` hold in Python, and either would then play a game nobody chose).
        ok = type(value) is type(self.default) and (self.choices is None or value in self.choices)
        if not ok:
            allowed = list(self.choices) if self.choices is not None else type(self.default).__name__
            raise MalformedRecord("bad_option_value", where=where, option=self.name, value=repr(value), allowed=allowed)
        return value


# The fields an act may carry, and how each is checked. Games name which fields each act needs.
def _check_card(value, where):
    return parse_card(value, where=where)


def _check_int(value, where):
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedRecord("not_whole", where=where, value=repr(value))  # a chip amount, a seat
    return value


def _check_str(value, where):
    if not isinstance(value, str):
        raise MalformedRecord("bad_field", where=where, value=repr(value), expected="text")
    return value


FIELD_CHECKS = {"card": _check_card, "amount": _check_int, "slave": _check_int, "call": _check_str}
OPTIONAL_FIELDS = ("note",)


class State:
    """One deal in progress: the rules only (whose turn, the legal actions, ``apply``, the
    events of the last action, the result, what each seat sees). How it is shown is its game's
    ``View``. Subclasses implement the game-specific methods marked below."""

    game: ClassVar[str] = ""
    TURN_RULE: ClassVar[str] = ""  # clause cited for "not your turn"
    OVER_RULE: ClassVar[str] = ""  # clause cited for "the deal is over"
    # Every refusal the state raises: its code → the clauses it may cite (``refuse`` raises no
    # other), so the clause ids the core can cite are read from the code (``refusal_clauses``).
    REFUSALS: ClassVar[dict[str, tuple[str, ...]]] = {}

    players: int
    events: list[dict]
    # The actions applied since the deal's first state, in order (a tuple, shared safely between
    # copies): what computer players read for inference and what a state's record is made of.
    history: tuple = ()

    # ---- game-specific -------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the deal is over."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[dict]:
        """Every legal action of ``seat``, the seat to act (the deal is not over)."""
        raise NotImplementedError

    def _verify(self, action: dict) -> None:
        """Raise ``IllegalAction`` if ``action``, by a seat that may act (``may_act``), breaks a rule."""
        raise NotImplementedError

    def _do(self, action: dict) -> None:
        """Carry out a verified action on this (already copied) state, appending to ``events``."""
        raise NotImplementedError

    def result(self) -> dict | None:
        """The deal's result (ARCHITECTURE §3) once it is over, else None."""
        raise NotImplementedError

    def public_state(self) -> dict:
        """What every player at the table can see."""
        raise NotImplementedError

    def hands(self) -> list[list[str]]:
        """Each seat's hand, in order."""
        raise NotImplementedError

    def may_act(self, seat, action: dict) -> bool:
        """May ``seat`` make ``action`` now, turn-wise? The seat to act, unless the game lets
        another seat make this act (a Zsíros partner's call, a Ferbli look, either Filkó master)."""
        return seat == self.to_act

    def _turn_error(self, action: dict) -> IllegalAction:
        """The refusal of an act by a seat that may not act now (games word some turns apart)."""
        return self.refuse(self.TURN_RULE, "not_your_turn", seat=action.get("seat"), to_act=self.to_act)

    # ---- shared --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def legal_actions(self) -> list[dict]:
        """Every legal action of the seat to act, as action dicts (empty when over)."""
        seat = self.to_act
        return [] if seat is None else self._legal(seat)

    def verify(self, action: dict) -> None:
        """Raise ``IllegalAction`` (its clause, code and parameters) if ``action`` is illegal now."""
        if self.is_over:
            raise self.refuse(self.OVER_RULE, "deal_over")
        if not self.may_act(action.get("seat"), action):
            raise self._turn_error(action)
        self._verify(action)

    def refuse(self, rule: str, code: str, **params) -> IllegalAction:
        """The refusal ``code`` citing ``rule``, which must be one ``REFUSALS`` lists for it."""
        if rule not in self.refusals().get(code, ()):
            raise LookupError(f"{type(self).__name__}.REFUSALS lacks {code!r} citing {rule!r}")
        return IllegalAction(rule, code, **params)

    @classmethod
    def refusals(cls) -> dict[str, tuple[str, ...]]:
        """``REFUSALS`` with the shared two: not your turn, the deal is over."""
        return {"not_your_turn": (cls.TURN_RULE,), "deal_over": (cls.OVER_RULE,), **cls.REFUSALS}

    def can_apply(self, action: dict) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: dict) -> "State":
        """The state after ``action``; raises ``IllegalAction`` and leaves ``self`` untouched."""
        self.verify(action)
        return self.copy().push_trusted(dict(action))

    def push_trusted(self, action: dict, record: bool = True) -> "State":
        """Carry out ``action`` on this state itself, unchecked, and return it: only for an
        action known to be legal (the computer players' playouts and search, where the check
        and the copy ``apply`` makes are most of the time). ``record``: extend ``history``."""
        self.events = []
        if record:
            self.history = self.history + (action,)
        self._do(action)
        return self

    def copy(self) -> "State":
        """A copy ``apply`` may change, by one rule for every game: each list attribute is
        copied, and each list inside it (hands, rounds); everything else (tuples, numbers,
        the options, a session context) is shared and never changed in place. So a new list
        attribute can never alias the state it was copied from."""
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        for name, value in fields.items():
            if type(value) is list:
                fields[name] = [v[:] if type(v) is list else v for v in value]
        new.__dict__ = fields
        return new

    def to_json(self) -> dict:
        """The whole state, hidden cards included, as plain JSON (``from_json`` rebuilds an
        equal state): e.g. to save a position or send it elsewhere.

        >>> from hcards_core.cards import PACK
        >>> from hcards_core.zsiros import new_deal
        >>> s = new_deal(players=2, dealer=1, pack=list(PACK))
        >>> import json; t = State.from_json(json.loads(json.dumps(s.to_json())))
        >>> type(t).__name__, t.hands() == s.hands(), t.legal_actions() == s.legal_actions()
        ('ZsirosState', True, True)
        """
        cls = type(self)
        return {"class": f"{cls.__module__}:{cls.__qualname__}", "fields": _encode(self.__dict__)}

    @staticmethod
    def from_json(data: dict) -> "State":
        cls = _core_class(data["class"])
        state = object.__new__(cls)
        state.__dict__.update(_decode(data["fields"]))
        return state

    def view(self, seat: int | None = None) -> dict:
        """The public state plus the hands as ``seat`` sees them (None: every card shown)."""
        data = self.public_state()
        data["hands"] = [list(h) if seat is None or s == seat else [HIDDEN] * len(h)
                         for s, h in enumerate(self.hands())]
        return data

    def narrate(self, event: dict, lang: str = "en") -> str:
        """The event in words (its game's ``View.narrate``)."""
        from .games import view_of

        return view_of(self, lang).narrate(event)

    def event_rule(self, event: dict) -> str | None:
        """The rule clause the event applies (its game's ``View.event_rule``), or None."""
        from .games import view_of

        return view_of(self).event_rule(event)

    def seat_team(self, seat: int) -> int | None:
        """The seat's side while sides are fixed in the deal (None: none yet, or no sides);
        the computer players ask the state, the view answers (``View.seat_team``)."""
        from .games import view_of

        return view_of(self).seat_team(seat)


class View:
    """How a game's state is shown: the card table's centre and facts, the labels of actions,
    the events in words, the rows of a result and of a session. Presentation apart from the
    rules, like OpenSpiel's observers or python-chess's ``chess.svg``: the shared table,
    checker and exercises ask only this. ``state`` is None for a result's or session's rows.

    Parameters keep their codes (cards, suits, seats): ``messages.render`` shows each kind in
    the page's language, the same way in every game.
    """

    game: ClassVar[str] = ""
    card_play: ClassVar[bool] = False  # a trick game: a what-if table makes every held card a button

    def __init__(self, state: State | None = None, lang: str = "en"):
        self.state, self.lang = state, lang

    def text(self, key: str, **params) -> str:
        return render(key, self.lang, **params)

    def row(self, key: str, value: str) -> dict:
        """A labelled row of the ruling checker."""
        return {"key": key, "label": self.text(f"ruling.{key}"), "value": finish(value, self.lang)}

    # ---- the card table ------------------------------------------------------------------
    def center(self) -> list[list[dict]]:
        """The cards on the table, as rounds of ``{"seat", "card"}`` (empty by default)."""
        return []

    def facts(self) -> list[tuple[str, object]]:
        """Public facts beside the table as (catalog key of the label, value in words), e.g.
        the talon size, the trump suit or the pot."""
        return []

    def seat_team(self, seat: int) -> int | None:
        """The seat's side, when sides are fixed during the deal."""
        return None

    def trick_winner(self) -> int | None:
        """Who is winning the trick on the table (None: no trick, or not a trick game)."""
        return None

    def dealer_hand(self) -> list[str]:
        """The dealer's cards in the order received (e.g. to show the card turned for trumps)."""
        return self.state.hands()[self.state.public_state()["dealer"]]

    # ---- words ---------------------------------------------------------------------------
    def action_label(self, action: dict) -> str:
        """A legal action in words, e.g. 'Let the trick go' or 'Bet 2'."""
        params = {k: v for k, v in action.items() if k not in ("seat", "act")}
        return self.text(self.action_key(action), **params, **self.action_params(action))

    def action_key(self, action: dict) -> str:
        return f"act.{self.game}.{action['act']}"

    def action_params(self, action: dict) -> dict:
        """Words an action's label needs beyond its fields (e.g. Ferbli's word for a check)."""
        return {}

    def narrate(self, event: dict) -> str:
        params = {k: v for k, v in event.items() if k != "type"}
        return self.text(self.event_key(event), **self.event_params(params))

    # The clause each kind of event applies (event type → clause id), so a review of a played
    # deal links every event to its rule. Events that several clauses produce are left out.
    EVENT_RULES: ClassVar[dict[str, str]] = {}

    def event_rule(self, event: dict) -> str | None:
        """The rule clause of ``event``, or None (a game's view may choose by the table)."""
        return self.EVENT_RULES.get(event.get("type"))

    def event_key(self, event: dict) -> str:
        return f"event.{self.game}.{event['type']}"

    def event_params(self, params: dict) -> dict:
        """The event's parameters with what only this game words (a hand's category…)."""
        return params

    # ---- the ruling checker --------------------------------------------------------------
    def result_rows(self, result: dict, players: int) -> list[dict]:
        """A finished deal's result as labelled rows."""
        return []

    def session_rows(self, session: dict, players: int) -> list[dict]:
        """The session after a record as labelled rows: the game's own, then the next dealer."""
        rows = self._session_rows(session, players)
        if session.get("dealer") is not None:
            rows.append(self.row("next_dealer", seat_label(session["dealer"])))
        return rows

    def _session_rows(self, session: dict, players: int) -> list[dict]:
        return []


def _core_class(name: str):
    """A class of the core named ``module:qualname`` (never anything outside the package)."""
    import importlib

    module, _, qualname = name.partition(":")
    if not module.startswith("hcards_core."):
        raise MalformedRecord("bad_field", where="class", value=repr(name), expected="a class of hcards_core")
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _encode(value):
    """Plain JSON for what states hold: tuples, sets, int-keyed dicts and small objects
    (e.g. a session context) are tagged so that ``_decode`` restores them exactly."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return {"__tuple__": [_encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted((_encode(v) for v in value), key=repr), "frozen": isinstance(value, frozenset)}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"__dict__": {k: _encode(v) for k, v in value.items()}}
        return {"__items__": [[_encode(k), _encode(v)] for k, v in value.items()]}
    cls = type(value)
    fields = {n: getattr(value, n) for n in getattr(cls, "__slots__", ())} or vars(value)
    return {"__object__": f"{cls.__module__}:{cls.__qualname__}", "fields": {k: _encode(v) for k, v in fields.items()}}


def _decode(value):
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "__tuple__" in value:
        return tuple(_decode(v) for v in value["__tuple__"])
    if "__set__" in value:
        items = [_decode(v) for v in value["__set__"]]
        return frozenset(items) if value.get("frozen") else set(items)
    if "__items__" in value:
        return {_decode(k): _decode(v) for k, v in value["__items__"]}
    if "__object__" in value:
        obj = object.__new__(_core_class(value["__object__"]))
        for k, v in value["fields"].items():
            setattr(obj, k, _decode(v))
        return obj
    return {k: _decode(v) for k, v in value["__dict__"].items()}


@dataclass
class Game:
    """A game's description: its name, table sizes, options and act vocabulary.

    Subclasses implement ``new_session``, ``deal``, ``settle``, ``session_report`` and
    ``layout``, and name their ``state`` and ``view`` classes: this and the ``View`` are all a
    shared module (records, table, checker, exercises, bridge, cli) asks of a game.
    """

    state: ClassVar[type[State]] = State
    view: ClassVar[type[View]] = View

    name: str
    players: tuple[int, ...]
    options: dict[str, Option] = field(default_factory=dict)
    acts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # act → required fields

    def parse_options(self, options: dict | None, where: str = "options") -> dict:
        options = options or {}
        if not isinstance(options, dict):
            raise MalformedRecord("bad_field", where=where, value=repr(options), expected="object")
        for key in options:
            if key not in self.options:
                raise MalformedRecord("unknown_option", where=where, option=key, game=self.name,
                                      known=sorted(self.options))
        return {name: opt.check(options[name], f"{where}.{name}") if name in options else opt.default
                for name, opt in self.options.items()}

    def check_players(self, players, where: str = "players") -> int:
        if type(players) is not int or players not in self.players:  # not True, not 4.0
            raise MalformedRecord("bad_players", where=where, players=repr(players), game=self.name,
                                  allowed=list(self.players))
        return players

    def parse_action(self, action: dict, players: int, where: str) -> dict:
        """Check an action's shape (not its legality): seat, known act, its fields."""
        if not isinstance(action, dict):
            raise MalformedRecord("bad_field", where=where, value=repr(action), expected="object")
        seat, act = action.get("seat"), action.get("act")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise MalformedRecord("bad_seat", where=f"{where}.seat", seat=repr(seat), players=players)
        if not isinstance(act, str) or act not in self.acts:
            raise MalformedRecord("unknown_act", where=f"{where}.act", act=repr(act), game=self.name,
                                  known=sorted(self.acts))
        parsed = {"seat": seat, "act": act}
        for name in self.acts[act]:
            if name not in action:
                raise MalformedRecord("missing_field", where=where, field=name, act=act)
            parsed[name] = FIELD_CHECKS[name](action[name], f"{where}.{name}")
        extra = set(action) - {"seat", "act", *self.acts[act], *OPTIONAL_FIELDS}
        if extra:
            raise MalformedRecord("unknown_field", where=where, field=sorted(extra)[0], act=act)
        return parsed

    # ---- game-specific -------------------------------------------------------------------
    def new_session(self, players: int, options: dict, dealer: int, start: dict, where: str = "start"):
        raise NotImplementedError

    def deal(self, session, cards: dict, dealer: int | None, where: str) -> State:
        """The first state of the next deal of ``session`` from the record's ``cards``."""
        raise NotImplementedError

    def settle(self, session, state: State):
        """The session after the finished deal ``state``."""
        raise NotImplementedError

    def session_report(self, session) -> dict:
        raise NotImplementedError

    def layout(self, players: int) -> dict:
        """The cards a situation needs: ``hands`` (cards per seat), other ``piles`` (name →
        size) and the ``pack`` of cards in play (the ruling checker builds situations from it)."""
        raise NotImplementedError

    # ---- shared checks -------------------------------------------------------------------
    def check_dealer(self, session, stated: int | None, where: str) -> None:
        """A deal's stated ``dealer`` must be the one the rules give (``session.dealer``):
        ``dealer_mismatch`` names the rules' ``dealer`` and the stated ``seat``."""
        if stated is not None and stated != session.dealer:
            raise MalformedRecord("dealer_mismatch", where=f"{where}.dealer", dealer=session.dealer, seat=stated)

    # ---- hand ranking (``rank``/``compare`` commands): only a ranking game has it ------------
    def rank_hand(self, cards, options: dict | None = None) -> dict:
        raise MalformedRecord("no_ranking", where="game", game=self.name)

    def compare_hands(self, first, second, options: dict | None = None) -> int:
        raise MalformedRecord("no_ranking", where="game", game=self.name)

    def warm_up(self) -> None:
        """Load what the first answer of this game needs (e.g. Ferbli's ranking tables)."""

    # ---- random legal play (``hcards_core.play``); a game overrides what differs -------------
    def random_cards(self, players: int, rng) -> dict:
        """A record's ``cards`` for a deal dealt at random: the whole pack, shuffled by ``rng``."""
        pack = list(PACK)
        rng.shuffle(pack)
        return {"pack": pack}

    def random_action(self, state: State, rng) -> dict:
        """A random legal action of the seat to act: uniform over ``legal_actions()``."""
        return rng.choice(state.legal_actions())
