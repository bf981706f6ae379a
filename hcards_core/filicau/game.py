"""Dealing and the session of Filicău/Filkó: who deals, how the cards come out of the pack,
where trumps come from, and what carries over from one deal to the next.

Dealing from a record's ``pack`` (top card first), always from the top, starting with the
player on the dealer's right and going anticlockwise (FC-2.5):

- Romanian, 4 players: one card at a time, so the dealer receives cards 4, 8, …, 32; the
  dealer's first card (the 4th of the pack) is the bottom one of the packet, turned for
  trumps (FC-3), then the next up while it is an Over.
- Filkó: the cutter lifts ``cut`` cards; the bottom card of the lifted part is shown, then
  the next up while it is a top trump (FK-1.1); the lifted part goes under the rest. Packets
  of 4+4 (4 players), 3+2 (6 players, FK-2.2) or 3+3 (5 players, no cut for trumps, FK-3.1).
  So the shown cards are the bottom of the pack and go to the dealer, except what does not
  fit the dealer's last packet, which goes to the left-hand player (FK-1.2, FK-2.3).

With explicit ``hands`` the trump is the suit of the dealer's first listed card that is not a
top trump; a Filkó record may state ``"trump"`` instead (needed when the shown card went to
the left-hand player).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import parse_cards
from ..errors import MalformedRecord
from ..game import Game
from ..records import parse_hands
from ..seats import left_of
from . import results as R
from .options import make_options
from .rules import SUITS, pack_for, top_trumps, turned_trump
from .state import Context, FilicauState
from .view import FilicauView

HAND_SIZE = {4: 8, 5: 6, 6: 5}
PACKETS = {("romanian", 4): (1,) * 8, ("filko", 4): (4, 4), ("filko", 5): (3, 3), ("filko", 6): (3, 2)}
PAIRS = {(R.LEVEL, R.LEVEL), (R.MASTER, R.SLAVE), (R.SLAVE, R.MASTER)}


@dataclass(frozen=True)
class Session:
    """What carries over between deals. ``dealer`` deals next; ``slave`` is the Filkó slave;
    with 5 players ``teams``/``trump``/``old_man`` persist while masters exist (FK-3.5)."""

    players: int
    options: dict
    dealer: int
    status: tuple = (R.LEVEL, R.LEVEL)
    slave: int | None = None
    fixed: tuple | None = None
    trump: str | None = None
    old_man: int | None = None
    deals: int = 0
    became_master: tuple | None = None  # FC-5.3 (option count_masters): per seat

    @property
    def mode(self) -> str:
        """The scoring of the next deal: 'romanian', 'filko', 'call' or 'rich'."""
        o, n = self.options, self.players
        if n == 5:
            return "rich" if o["five_player"] == "rich_and_poor" else "call"
        if n == 6:
            return o["six_player_scoring"]
        return o["rules"]

    @property
    def form(self) -> str | None:
        """The rich-and-poor form (FK-V4): 'fresh', 'fixed' or 'named'; None in other modes."""
        return self.options["rich_and_poor_form"] if self.mode == "rich" else None

    @property
    def style(self) -> str:
        """How cards are dealt: 'romanian' (one at a time) or 'filko' (packets, the cut)."""
        return self.options["rules"] if self.players == 4 else "filko"

    @property
    def top(self) -> tuple[str, ...]:
        o = self.options
        return top_trumps(self.players, o["over_order"], o["top_trumps"] == "szeged")


class FilicauGame(Game):
    """Filicău (Romanian, 4 players) and Filkó (4, 5, 6 players)."""

    state = FilicauState
    view = FilicauView

    def new_session(self, players, options, dealer, start, where="start"):
        if options["top_trumps"] == "szeged" and players == 4:
            raise MalformedRecord("bad_option_value", where="options.top_trumps", option="top_trumps",
                                  value="'szeged'", allowed="overs (szeged needs 5 or 6 players)")
        form = options["rich_and_poor_form"]
        if form != "fresh" and options["five_player"] != "rich_and_poor":
            raise MalformedRecord("bad_option_value", where="options.rich_and_poor_form", option="rich_and_poor_form",
                                  value=repr(form), allowed="fresh (the other forms need five_player 'rich_and_poor')")
        for key in start:
            if key not in ("status", "slave", "teams", "trump", "old_man"):
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="start")
        session = Session(players, options, dealer)
        status = start.get("status", [R.LEVEL, R.LEVEL])
        if not isinstance(status, list) or tuple(status) not in PAIRS:
            raise MalformedRecord("bad_field", where=f"{where}.status", value=repr(status),
                                  expected="['level','level'], ['master','slave'] or ['slave','master']")
        status = tuple(status)
        if players == 5:
            return self._five_start(session, status, start, where)
        if any(k in start for k in ("teams", "trump", "old_man")):
            key = next(k for k in ("teams", "trump", "old_man") if k in start)
            raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="start")
        if R.SLAVE in status and status[dealer % 2] != R.SLAVE:  # FC-2.2
            raise MalformedRecord("filicau_dealer_not_slave", where="dealer", dealer=dealer)
        slave = None
        if session.mode == "filko" and R.SLAVE in status:
            slave = start.get("slave", dealer)
            if slave != dealer:  # FK-1.4: the slave deals
                raise MalformedRecord("filicau_dealer_not_slave", where=f"{where}.slave", dealer=dealer)
        elif "slave" in start:
            raise MalformedRecord("unknown_field", where=f"{where}.slave", field="slave", act="start")
        return replace(session, status=status, slave=slave)

    def _five_start(self, session, status, start, where):
        """5 players may start with masters: ``teams`` [[öreg, partner], [three]], ``trump``,
        ``old_man`` and ``slave`` (the dealer, on the slave team)."""
        if status[0] != R.LEVEL and session.form in ("fresh", "named"):  # FK-V4: no teams carried over
            raise MalformedRecord("bad_field", where=f"{where}.status", value=repr(list(status)),
                                  expected="['level','level'] (rich and poor keeps its teams only in the 'fixed' form)")
        if status[0] == R.LEVEL:
            if len(start) > ("status" in start):
                key = next(k for k in start if k != "status")
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="start")
            return session
        teams, trump = start.get("teams"), start.get("trump")
        n = session.players
        ok = (isinstance(teams, list) and len(teams) == 2 and all(isinstance(t, list) for t in teams)
              and sorted(s for t in teams for s in t if isinstance(s, int)) == list(range(n))
              and sorted(map(len, teams)) in ([2, 3], [1, 4] if session.form == "fixed" else [2, 3]))
        if not ok:
            expected = ("[[the rich], [the poor]] (2 and 3 seats, or 1 and 4)" if session.form == "fixed"
                        else "[[öreg, partner], [three other seats]]")
            raise MalformedRecord("bad_field", where=f"{where}.teams", value=repr(teams), expected=expected)
        if trump not in tuple(SUITS):
            raise MalformedRecord("bad_field", where=f"{where}.trump", value=repr(trump), expected="a suit: a, l, h or b")
        old_man = start.get("old_man", teams[0][0])
        fixed = tuple(0 if s in teams[0] else 1 for s in range(n))
        if old_man not in teams[0]:
            raise MalformedRecord("bad_field", where=f"{where}.old_man", value=repr(old_man), expected="a seat of teams[0]")
        slave = start.get("slave", session.dealer)
        if slave != session.dealer or status[fixed[slave]] != R.SLAVE:
            raise MalformedRecord("filicau_dealer_not_slave", where=f"{where}.slave", dealer=session.dealer)
        return replace(session, status=status, slave=slave, fixed=fixed, trump=trump, old_man=old_man)

    # ---- one deal ---------------------------------------------------------------------------
    def deal(self, session, cards, dealer, where):
        self.check_dealer(session, dealer, where)
        where = f"{where}.cards"
        if not isinstance(cards, dict):
            raise MalformedRecord("bad_field", where=where, value=repr(cards), expected="object")
        for key in cards:
            if key not in ("pack", "cut", "hands", "trump"):
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="cards")
        n, top, d = session.players, session.top, session.dealer
        needs_trump = session.mode not in ("call", "rich") or session.fixed is not None
        if "pack" in cards:
            if "hands" in cards or "trump" in cards:
                key = "hands" if "hands" in cards else "trump"
                raise MalformedRecord("unknown_field", where=f"{where}.{key}", field=key, act="cards")
            hands, shown, trump = deal_pack(session, cards, where)
        elif "hands" in cards:
            if "cut" in cards:
                raise MalformedRecord("unknown_field", where=f"{where}.cut", field="cut", act="cards")
            hands, _ = parse_hands(cards, n, [HAND_SIZE[n]] * n, where)
            _check_in_pack([c for h in hands for c in h], n, f"{where}.hands")
            shown, trump = [], None
            if needs_trump and session.fixed is None:
                turned = turned_trump(hands[d], top)
                trump = cards.get("trump", turned[1] if turned else None)
                if trump not in tuple(SUITS):
                    raise MalformedRecord("bad_field", where=f"{where}.trump", value=repr(trump),
                                          expected="a suit: a, l, h or b")
                if "trump" not in cards or (turned and turned[1] == trump):
                    shown = turned[0]
                elif session.style == "romanian":  # FC-3: the dealer's first card decides
                    raise MalformedRecord("filicau_trump_mismatch", where=f"{where}.trump", trump=trump, turned=turned[1] if turned else None)
            elif "trump" in cards:
                raise MalformedRecord("unknown_field", where=f"{where}.trump", field="trump", act="cards")
        else:
            raise MalformedRecord("missing_field", where=where, field="pack|hands", act="cards")
        if session.fixed is not None:
            trump = session.trump
        ctx = Context(n, session.mode, d, session.status, session.slave, top, session.options["stop_early"],
                      session.fixed, session.old_man, session.form, session.options["rich_cards"])
        # FK-1.1: in Filkó the cutter (the dealer's left-hand opponent) shows the trump.
        by = left_of(d, n) if "pack" in cards and session.style == "filko" else d
        return FilicauState(ctx, hands, trump, shown, by)

    def settle(self, session, state):
        res = state.result()
        status = tuple(res["status"])
        fixed = trump = old_man = None
        keeps = session.mode == "call" or session.form == "fixed"
        if keeps and R.MASTER in status:  # FK-3.5, FK-V4 'fixed': teams and trumps stay
            fixed, trump, old_man = state.team, state.trump, state.old_man
        if session.form in ("fresh", "named"):
            status = (R.LEVEL, R.LEVEL)  # FK-V4: a fresh partnership every deal
        return replace(session, dealer=res["next_dealer"], status=status, slave=res.get("slave"),
                       fixed=fixed, trump=trump, old_man=old_man if fixed else state.old_man,
                       deals=session.deals + 1, became_master=_count_masters(session, state))

    def random_cards(self, players, rng):
        """The pack for ``players`` shuffled, and a cut (used where the rules cut, FK-1.1)."""
        pack = list(pack_for(players))
        rng.shuffle(pack)
        return {"pack": pack, "cut": rng.randrange(1, len(pack))}

    def layout(self, players: int) -> dict:
        return {"hands": [HAND_SIZE[players]] * players, "piles": {}, "pack": list(pack_for(players))}

    def session_report(self, session) -> dict:
        out = {"status": list(session.status), "dealer": session.dealer}
        if session.players == 5:
            out["slave"] = session.slave
            out["old_man"] = session.old_man
            out["teams"] = ([[s for s in range(5) if session.fixed[s] == t] for t in (0, 1)]
                            if session.fixed else None)
            out["trump"] = session.trump
        elif session.mode == "filko":
            out["slave"] = session.slave
        if session.options["count_masters"]:  # FC-5.3: per team where the teams are fixed
            counts = list(session.became_master or (0,) * session.players)
            out["became_master"] = counts if session.players == 5 else counts[:2]
        return out


def _count_masters(session, state):
    """FC-5.3: each seat's count of deals in which its team became master (from any other
    status), when the option asks for it."""
    if not session.options["count_masters"]:
        return None
    counts = list(session.became_master or (0,) * session.players)
    prior, status = state.ctx.prior, state.result()["status"]
    for seat in range(session.players):
        team = state.team[seat]
        if status[team] == R.MASTER and prior[team] != R.MASTER:
            counts[seat] += 1
    return tuple(counts)


def _check_in_pack(cards, players, where):
    allowed = set(pack_for(players))
    for card in cards:
        if card not in allowed:
            raise MalformedRecord("filicau_card_not_in_pack", where=where, card=card, players=players)


def deal_pack(session: Session, cards: dict, where: str):
    """(hands in the order received, cards shown for trumps, trump) from ``pack`` and ``cut``."""
    n, d, top = session.players, session.dealer, session.top
    pack = parse_cards(cards["pack"] if isinstance(cards["pack"], (list, str)) else [cards["pack"]], where=f"{where}.pack")
    full = pack_for(n)
    _check_in_pack(pack, n, f"{where}.pack")
    if len(pack) != len(full):
        raise MalformedRecord("filicau_bad_pack_size", where=f"{where}.pack", count=len(pack), size=len(full))
    needs_cut = session.style == "filko" and n != 5
    cut = cards.get("cut", None if needs_cut else 0)
    if cut is None or not isinstance(cut, int) or isinstance(cut, bool) or not (1 if needs_cut else 0) <= cut < len(pack):
        raise MalformedRecord("filicau_bad_cut", where=f"{where}.cut", cut=repr(cut), size=len(pack))
    pack = pack[cut:] + pack[:cut]  # the lifted part goes under the rest
    hands: list[list[str]] = [[] for _ in range(n)]
    i = 0
    for size in PACKETS[(session.style, n)]:
        for k in range(n):
            hands[(d + 1 + k) % n].extend(pack[i:i + size])
            i += size
    shown, trump = [], None
    if n == 5 and session.mode in ("call", "rich"):
        pass  # FK-3.2: no cut for trumps; the öreg calls (or the session keeps its trumps)
    elif session.style == "romanian":
        shown, trump = turned_trump(hands[d], top)  # FC-3
    else:
        shown, trump = turned_trump(reversed(pack), top)  # FK-1.1: from the bottom up
    return hands, shown, trump


ACTS = {"play": ("card",), "call_card": ("card",), "choose_slave": ("slave",)}
GAME = FilicauGame("filicau", (4, 5, 6), make_options("romanian"), ACTS)
ALIASES = {"filko": FilicauGame("filko", (4, 5, 6), make_options("filko"), ACTS)}


# ---- a convenience for the site, tests and worked examples -----------------------------------

def deal_state(hands, dealer: int = 0, options: dict | None = None, start: dict | None = None,
               trump: str | None = None) -> FilicauState:
    """The first state of a deal from explicit hands (one list per seat, in the order received;
    the dealer's first card is the one turned for trumps unless ``trump`` is given).

    >>> from hcards_core.cards import PACK
    >>> s = deal_state([list(PACK[i::4]) for i in range(4)])  # the dealer, seat 0, turns Aa
    >>> s.trump, s.to_act
    ('a', 1)
    """
    session = GAME.new_session(len(hands), GAME.parse_options(options), dealer, start or {})
    hands = [list(h) for h in hands]
    cards = {"hands": hands} if trump is None else {"hands": hands, "trump": trump}
    return GAME.deal(session, cards, None, "deal")
