"""One deal of Filicău/Filkó in progress: the call (5 players), the tricks, the choice of
the slave (Filkó), and the deal's result with the status change.

Every container on a state is a tuple, so the shared ``copy()`` has nothing to copy deeper
(``apply`` never mutates the state it was called on). What the deal needs to know about the
session (prior statuses, the slave, fixed 5-player teams) is in ``ctx``, shared and read-only.
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import IllegalAction
from ..game import State as _Base
from ..seats import right_of, seats_from
from . import results as R
from .rules import card_points, legal_cards, order, trick_winner

CALL, PLAY, CHOOSE, OVER = "call", "play", "choose", "over"


class Context:
    """The session facts a deal needs (read-only). ``mode`` is the scoring: 'romanian',
    'filko', 'call' (5-player FK-3) or 'rich' (FK-V4, whose ``form`` is 'fresh', 'fixed' or
    'named')."""

    __slots__ = ("players", "mode", "dealer", "prior", "slave", "top", "stop_early", "fixed", "old_man", "form",
                 "rich_cards")

    def __init__(self, players, mode, dealer, prior, slave=None, top=(), stop_early=False,
                 fixed=None, old_man=None, form=None, rich_cards="top_two"):
        self.players, self.mode, self.dealer = players, mode, dealer
        self.prior, self.slave, self.top, self.stop_early = tuple(prior), slave, top, stop_early
        self.fixed, self.old_man = fixed, old_man  # fixed: seat → team while 5-player masters exist
        self.form = form if mode == "rich" else None
        self.rich_cards = rich_cards

    def rich_card(self) -> str:
        """FK-V4: the card whose holder is rich beside the holder of the Over of acorns
        (option ``rich_cards``).

        >>> from hcards_core.filicau.rules import top_trumps
        >>> [Context(5, "rich", 0, ("level", "level"), top=top_trumps(5, order, szeged), rich_cards=r).rich_card()
        ...  for order, szeged, r in (("alhb", False, "top_two"), ("ahbl", False, "top_two"),
        ...                           ("alhb", True, "top_two"), ("alhb", True, "next_over"), ("ahbl", False, "acorns_leaves"))]
        ['Ol', 'Oh', '7h', 'Ol', 'Ol']
        """
        if self.rich_cards == "acorns_leaves":
            return "Ol"
        if self.rich_cards == "next_over":
            return next(c for c in self.top[self.top.index("Oa") + 1:] if c[0] == "O")
        first, second = self.top[:2]
        return second if first == "Oa" else first

    @property
    def overs_make_rich(self) -> bool:
        """FK-V4 'fresh'/'fixed': the two top Overs make the rich; the call only names trumps."""
        return self.mode == "rich" and self.form != "named"


class FilicauState(_Base):
    """A deal. Team 0 is seats ``s % 2 == 0`` with 4 or 6 players, and the öreg's side with 5."""

    game: ClassVar[str] = "filicau"
    TURN_RULE: ClassVar[str] = "FC-4.1"
    OVER_RULE: ClassVar[str] = "FC-5.1"
    REFUSALS = {"choose_not_master": ("FK-1.4",), "filicau_wrong_act": ("FC-4.1", "FK-3.2", "FK-1.4"),
                "slave_not_opponent": ("FK-1.4",), "card_not_in_hand": ("FC-4.1",),
                "must_follow_suit_over": ("FC-4.2",), "must_follow_suit": ("FC-4.2",),
                "must_trump_over": ("FC-4.3",), "must_trump": ("FC-4.3",), "call_top_trump": ("FK-V4", "FK-3.3"),
                "call_not_in_pack": ("FK-3.1",), "call_own_card": ("FK-3.3",)}

    def __init__(self, ctx: Context, hands, trump: str | None, shown=(), shown_by: int | None = None):
        n = ctx.players
        self.ctx, self.players = ctx, n
        self.held = tuple(tuple(h) for h in hands)
        self.dealt = self.held
        self.shown = tuple(shown)
        self.table: tuple = ()
        self.tricks: tuple = ()
        self.points = (0, 0)
        self.seat_points = (0,) * n
        self.called = self.partner = None
        self.outcome: dict | None = None
        self.stopped = False
        self.events = []
        if ctx.mode in ("call", "rich") and ctx.fixed is None:
            self.old_man = next(s for s, h in enumerate(self.held) if "Oa" in h)
            self.team = None  # formed by the call
            self.trump, self.eff, self.power = None, None, None
            self.phase, self.turn, self.revealed = CALL, self.old_man, False
            return
        if ctx.fixed is not None:
            self.old_man, self.team, self.revealed = ctx.old_man, ctx.fixed, True
            first = ctx.old_man  # FK-3.5: the öreg of the teams leads
        else:
            self.old_man, self.team, self.revealed = None, tuple(s % 2 for s in range(n)), True
            first = right_of(ctx.dealer, n)  # FC-4.1
        self._set_trump(trump)
        self.phase, self.turn = PLAY, first
        self.events.append({"type": "trump_shown", "seat": ctx.dealer if shown_by is None else shown_by, "shown": list(self.shown), "trump": trump}
                           if self.shown else {"type": "trump_kept", "trump": trump})

    def _set_trump(self, trump: str) -> None:
        self.trump = trump
        self.eff, self.power = order(trump, self.ctx.top)

    # ---- turn and actions ----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == CHOOSE:
            master = self.outcome["status"].index(R.MASTER)
            return next(s for s in self._from_right() if self.team[s] == master)
        return self.turn

    def _from_right(self):
        return list(seats_from(right_of(self.ctx.dealer, self.players), self.players))

    @property
    def led(self) -> str | None:
        return self.eff[self.table[0][1]] if self.table else None

    def _legal(self, seat: int) -> list[dict]:
        if self.phase == PLAY:
            return [{"seat": seat, "act": "play", "card": c}
                    for c in legal_cards(self.held[seat], self.led, self.trump, self.eff)]
        if self.phase == CALL:
            return [{"seat": seat, "act": "call_card", "card": c} for c in self._callable()]
        master = self.team[seat]
        return [{"seat": seat, "act": "choose_slave", "slave": s} for s in self._from_right() if self.team[s] != master]

    def _callable(self) -> list[str]:
        """FK-3.3 (D-C5): a card of the pack that is not a top trump nor in the öreg's hand.
        Rich and poor (FK-V4) only names the trump suit: any card that is not a top trump,
        except in its 'named' form, which calls a partner as FK-3.3 does."""
        own = () if self.ctx.overs_make_rich else self.held[self.old_man]
        return [c for h in self.dealt for c in h if c not in self.ctx.top and c not in own]

    def may_act(self, seat, action: dict) -> bool:
        """FK-1.4: either master may name the slave, so that turn is by team."""
        if self.phase == CHOOSE and action.get("act") == "choose_slave":
            master = self.outcome["status"].index(R.MASTER)
            return isinstance(seat, int) and 0 <= seat < self.players and self.team[seat] == master
        return seat == self.to_act

    def _turn_error(self, action: dict) -> IllegalAction:
        if self.phase == CHOOSE and action.get("act") == "choose_slave":
            return self.refuse("FK-1.4", "choose_not_master", seat=action.get("seat"))
        return super()._turn_error(action)

    def _verify(self, action: dict) -> None:
        act = action.get("act")
        expected = {PLAY: "play", CALL: "call_card", CHOOSE: "choose_slave"}[self.phase]
        if act != expected:
            rule = {PLAY: "FC-4.1", CALL: "FK-3.2", CHOOSE: "FK-1.4"}[self.phase]
            raise self.refuse(rule, "filicau_wrong_act", act=act, expected=expected)
        if self.phase == PLAY:
            self._verify_play(action["seat"], action.get("card"))
        elif self.phase == CALL:
            self._verify_call(action.get("card"))
        else:
            slave = action.get("slave")
            if not isinstance(slave, int) or not 0 <= slave < self.players or self.team[slave] == self.team[action["seat"]]:
                raise self.refuse("FK-1.4", "slave_not_opponent", slave=slave)

    def _verify_play(self, seat: int, card) -> None:
        hand = self.held[seat]
        if card not in hand:
            raise self.refuse("FC-4.1", "card_not_in_hand", seat=seat, card=card)
        led = self.led
        if led is None:
            return
        eff, trump = self.eff, self.trump
        if eff[card] == led:
            return
        if any(eff[c] == led for c in hand):
            if card in self.ctx.top and card[1] == led:  # the Over looks like the led suit
                raise self.refuse("FC-4.2", "must_follow_suit_over", seat=seat, card=card, led=led, trump=trump)
            raise self.refuse("FC-4.2", "must_follow_suit", seat=seat, card=card, led=led)
        if eff[card] != trump and any(eff[c] == trump for c in hand):
            over = next((c for c in hand if c in self.ctx.top and c[1] == led), None)
            if over is not None:  # the player may think the Over is a card of the led suit
                raise self.refuse("FC-4.3", "must_trump_over", seat=seat, card=card, led=led, over=over, trump=trump)
            raise self.refuse("FC-4.3", "must_trump", seat=seat, card=card, led=led)

    def _verify_call(self, card) -> None:
        if card in self.ctx.top:
            raise self.refuse("FK-V4" if self.ctx.mode == "rich" else "FK-3.3", "call_top_trump", card=card)
        if not any(card in h for h in self.dealt):
            raise self.refuse("FK-3.1", "call_not_in_pack", card=card)
        if not self.ctx.overs_make_rich and card in self.held[self.old_man]:
            raise self.refuse("FK-3.3", "call_own_card", card=card)

    def _do(self, action: dict) -> None:
        if self.phase == PLAY:
            self._play(action["seat"], action["card"])
        elif self.phase == CALL:
            self._call(action["seat"], action["card"])
        else:
            slave = action["slave"]
            self.outcome = {**self.outcome, "slave": slave, "next_dealer": slave}
            self.phase = OVER
            self.events.append({"type": "slave_chosen", "seat": action["seat"], "slave": slave})

    def _call(self, seat: int, card: str) -> None:
        self._set_trump(card[1])
        self.called = card
        hands = self.held
        if self.ctx.overs_make_rich:  # FK-V4: the holders of the two top Overs are the rich
            second = self.ctx.rich_card()
            rich = {seat} | {s for s, h in enumerate(hands) if second in h}
            self.team = tuple(0 if s in rich else 1 for s in range(self.players))
            self.revealed = True
            self.events.append({"type": "trump_named", "seat": seat, "card": card, "trump": self.trump})
            if len(rich) == 1:  # D-C11: both top Overs in one hand
                self.events.append({"type": "rich_alone", "seat": seat, "over": second})
            else:
                self.events.append({"type": "rich_formed", "seats": sorted(rich), "over": second})
        else:
            self.partner = next(s for s, h in enumerate(hands) if card in h)
            self.team = tuple(0 if s in (seat, self.partner) else 1 for s in range(self.players))
            self.events.append({"type": "card_called", "seat": seat, "card": card, "trump": self.trump})
        self.phase, self.turn = PLAY, seat  # FK-3.2: the öreg leads

    def _play(self, seat: int, card: str) -> None:
        held = list(self.held)
        held[seat] = tuple(c for c in held[seat] if c != card)
        self.held = tuple(held)
        self.table += ((seat, card),)
        self.events.append({"type": "played", "seat": seat, "card": card})
        if card == self.called and not self.revealed:
            self.revealed = True
            self.events.append({"type": "partner_revealed", "seat": seat, "old_man": self.old_man})
        if len(self.table) < self.players:
            self.turn = right_of(seat, self.players)
            return
        winner = trick_winner(self.table, self.trump, self.eff, self.power)
        got = sum(card_points(c) for _, c in self.table)
        pts = list(self.points)
        pts[self.team[winner]] += got
        self.points = tuple(pts)
        sp = list(self.seat_points)
        sp[winner] += got
        self.seat_points = tuple(sp)
        self.tricks += ((winner, tuple(c for _, c in self.table)),)
        self.table = ()
        self.turn = winner  # FC-4.1: the winner leads
        self.events.append({"type": "trick_won", "seat": winner, "points": got})
        if not self.held[winner]:
            self._finish()
        elif self.ctx.stop_early and self._outcome_certain():
            self.stopped = True
            self.events.append({"type": "stopped_early", "points0": pts[0], "points1": pts[1]})
            self._finish()

    # ---- outcome ---------------------------------------------------------------------------
    def _outcome_for(self, p: int) -> dict:
        """The status change and next dealer if team 0 ends with ``p`` points."""
        ctx, n, d = self.ctx, self.players, self.ctx.dealer
        prior, slave, choose = list(ctx.prior), None, False
        if ctx.mode == "romanian":
            status = R.romanian_status(prior, p)
            nxt = R.romanian_dealer(status, d, n)
        elif ctx.mode == "filko":
            status = R.filko_status(prior, p)
            slave, choose = R.filko_slave(prior, status, ctx.slave, n)
            nxt = None if choose else slave if slave is not None else right_of(d, n)
        elif ctx.mode == "rich" and ctx.fixed is not None:  # FK-V4 'fixed': the dealers play to get free
            slave_team = prior.index(R.SLAVE)
            if (p if slave_team == 0 else R.TOTAL - p) >= 6:
                losers = [s for s in range(n) if self.team[s] != slave_team]
                status, nxt = [R.LEVEL, R.LEVEL], R.first_loser_from(d, losers, n)
            else:
                status, slave, nxt = prior, ctx.slave, ctx.slave
        elif ctx.mode == "rich":  # FK-V4: rich need 6, poor 3; a loser deals
            status = [R.MASTER, R.SLAVE] if p >= 6 else [R.SLAVE, R.MASTER]
            nxt = R.first_loser_from(d, [s for s in range(n) if status[self.team[s]] == R.SLAVE], n)
            if ctx.form == "fixed":  # that loser deals until the losing team takes 6
                slave = nxt
        elif ctx.fixed is not None:  # 5 players, masters exist: FK-3.5–3.6
            slave_team = prior.index(R.SLAVE)
            if R.five_freed(p if slave_team == 0 else R.TOTAL - p):
                status, nxt = [R.LEVEL, R.LEVEL], right_of(ctx.slave, n)
            else:
                status, slave, nxt = prior, ctx.slave, ctx.slave
        else:  # 5 players after a call: FK-3.4, FK-3.7
            status = R.five_called(p)
            if R.SLAVE in status:
                slave = R.first_loser_from(d, [s for s in range(n) if status[self.team[s]] == R.SLAVE], n)
                nxt = slave
            else:
                nxt = right_of(d, n)
        return {"status": status, "next_dealer": nxt, "slave": slave, "choose": choose}

    def _outcome_certain(self) -> bool:
        """FC-4.8: every split of the points still to come gives the same outcome."""
        p0, p1 = self.points
        first = self._outcome_for(p0)
        return all(self._outcome_for(p0 + i) == first for i in range(1, R.TOTAL - p0 - p1 + 1))

    def _finish(self) -> None:
        out = self._outcome_for(self.points[0])
        self.outcome = out
        self.phase = CHOOSE if out["choose"] else OVER
        self.revealed = True
        self.events.append({"type": "deal_scored", "points0": self.points[0], "points1": self.points[1],
                            "status0": out["status"][0], "status1": out["status"][1]})
        if self.ctx.form == "fixed":  # FK-V4: say whether the teams stay
            kept = out["slave"] is not None
            self.events.append({"type": "rich_teams_kept" if kept else "rich_teams_end",
                                "seat": out["next_dealer"]})

    def teams(self) -> list[list[int]] | None:
        if self.team is None:
            return None
        return [[s for s in range(self.players) if self.team[s] == t] for t in (0, 1)]

    def result(self) -> dict | None:
        if self.phase != OVER:
            return None
        out = self.outcome
        res = {"trump": self.trump, "teams": self.teams(), "points": list(self.points),
               "status": list(out["status"]), "next_dealer": out["next_dealer"]}
        if self.ctx.mode in ("filko", "call") or self.ctx.form == "fixed":
            res["slave"] = out["slave"]
        if self.ctx.mode in ("call", "rich"):
            res["old_man"] = self.old_man
            if self.called:
                res["called"] = self.called
        if self.stopped:
            res["stopped_early"] = True
        return res

    def public_state(self) -> dict:
        table = [[s, c] for s, c in self.table]
        teams_public = self.revealed or self.ctx.mode not in ("call", "rich")
        return {
            "phase": self.phase, "dealer": self.ctx.dealer, "trump": self.trump, "shown": list(self.shown),
            "led": self.led, "table": table,
            "winning": trick_winner(self.table, self.trump, self.eff, self.power) if self.table else None,
            "points": list(self.points) if teams_public else None, "seat_points": list(self.seat_points),
            "teams": self.teams() if teams_public else None, "tricks": len(self.tricks),
            "hand_sizes": [len(h) for h in self.held], "status": list(self.ctx.prior),
            "slave": self.ctx.slave, "old_man": self.old_man, "called": self.called,
        }

    def hands(self) -> list[list[str]]:
        return [list(h) for h in self.held]
