"""One deal of Zsíros in progress: trick play with multiple tricks, the talon, the calls.

The flow (Z-3, Z-4): the leader leads, every other player plays one card (any card). At the
end of each complete round the trick ends when the leader's side is winning (Z-4.2) or the
hands are empty (Z-4.5); otherwise the leader has a turn (phase ``decide``): ``stop`` lets the
trick go, a ``play`` continues it and must hit (Z-4.4). The leader gets this turn even holding
no hitting card (then only ``stop`` is legal), so the flow never reveals the leader's hand.
The winner takes every card of every round, draws first (Z-5) and leads next.

The 2-player "ping-pong" option (Z-V2, HK-Z): the leader lets a trick go by playing a card that
does not hit (``stop`` is refused), and the opponent takes it. Hands can then become unequal
once the talon runs short; what the source leaves open follows our proposal (``_draw``,
``_out_of_cards``).

Phases: ``lead`` (a new trick), ``play`` (inside a round), ``decide`` (the leader's choice),
``over``. A call (4-player game) is made by the partner of the seat to act, not by the seat
to act, so ``legal_actions`` (the seat to act's moves) never lists calls: see ``legal_calls``.
"""

from __future__ import annotations

from ..errors import IllegalAction, MalformedRecord
from ..game import State
from ..seats import partner_of, right_of, seats_from, team_of
from .results import loser_label, score_hand, winner_on_points
from .options import check_options
from .rules import CALLS, HAND_SIZE, SEVEN, card_points, hits

LEAD, PLAY, DECIDE, OVER = "lead", "play", "decide", "over"


class ZsirosState(State):
    game = "zsiros"
    TURN_RULE = "Z-3.1"  # each player in turn plays one card
    OVER_RULE = "Z-5.4"  # the hand ends when every card has been played
    REFUSALS = {"own_side_winning": ("Z-4.2",), "only_leader_decides": ("Z-4.3",), "no_calls_two_players": ("Z-6.1",),
                "call_not_partner_turn": ("Z-6.3",), "call_already_made": ("Z-6.3",), "card_not_in_hand": ("Z-3.1",),
                "continue_needs_hit": ("Z-4.3",), "no_hitting_card": ("Z-4.4",), "ping_pong_must_play": ("Z-V2",),
                "nothing_to_stop": ("Z-4.1",)}

    def __init__(self, players: int, dealer: int, hands: list[list[str]], talon: list[str],
                 options: dict | None = None):
        options = options or {}
        check_options(players, options)
        self.players = players
        self.dealer = dealer
        self.last_seven_loses = bool(options.get("last_seven_loses", False))
        self.last_seven_turned = options.get("last_seven_points") == "turned"
        self.ping_pong = bool(options.get("ping_pong", False))
        self.hands_ = [list(h) for h in hands]
        self.talon = list(talon)  # top card first
        self.won = [[], []]  # cards won by each side
        self.tricks = [0, 0]
        self.leader = dealer if options.get("dealer_leads") else right_of(dealer, players)
        self.turn: int | None = self.leader
        self.phase = LEAD
        self.led: str | None = None  # the led rank, fixed for the whole trick (Z-3.2)
        self.rounds: list[list[str]] = []  # cards of the current trick, per round, leader first
        self.winner: int | None = None  # the current winner: the last hit (Z-3.4)
        self.last_trick: int | None = None
        self.last_card: tuple[int, str] | None = None  # for Z-V3
        self.called = False  # a call already made during this turn (Z-6.3)
        self.own_side_end: int | None = None  # leader of a trick just ended by Z-4.2
        self.events = [{"type": "dealt", "dealer": dealer, "leader": self.leader, "talon": len(self.talon)}]

    @property
    def to_act(self) -> int | None:
        return self.turn

    def hands(self) -> list[list[str]]:
        return self.hands_

    def side(self, seat: int) -> int:
        return team_of(seat, self.players)

    def partner(self, seat: int) -> int | None:
        return partner_of(seat, self.players) if self.players == 4 else None

    def _legal(self, seat: int) -> list[dict]:
        hand = self.hands_[seat]
        if self.phase == DECIDE and self.ping_pong:  # Z-V2: a hit continues, any other card lets go
            return [{"seat": seat, "act": "play", "card": c} for c in hand]
        if self.phase == DECIDE:  # Z-4.4: continuing needs a hitting card
            return [{"seat": seat, "act": "stop"},
                    *({"seat": seat, "act": "play", "card": c} for c in hand if hits(c, self.led))]
        return [{"seat": seat, "act": "play", "card": c} for c in hand]

    def legal_calls(self) -> list[dict]:
        """The calls the partner of the seat to act may make now (4 players only, Z-6.3)."""
        if self.turn is None or self.players != 4 or self.called:
            return []
        caller = (self.turn + 2) % 4
        return [{"seat": caller, "act": "call", "call": c} for c in CALLS]

    def may_act(self, seat, action: dict) -> bool:
        """A call is made by the partner of the seat to act (Z-6.3): ``_verify`` checks it."""
        return action.get("act") == "call" or seat == self.turn

    def _turn_error(self, action: dict) -> IllegalAction:
        seat = action.get("seat")
        if action.get("act") in ("play", "stop"):
            if seat == self.own_side_end:
                return self.refuse("Z-4.2", "own_side_winning", seat=seat)
            if self.phase == DECIDE:  # another player tries to take the leader's choice
                return self.refuse("Z-4.3", "only_leader_decides", seat=seat, leader=self.leader)
        return super()._turn_error(action)

    def _verify_call(self, seat, call) -> None:
        if self.players != 4:
            raise self.refuse("Z-6.1", "no_calls_two_players", seat=seat)
        if call not in CALLS:
            raise MalformedRecord("bad_field", where="call", value=repr(call), expected=", ".join(CALLS))
        if seat != (self.turn + 2) % 4:
            raise self.refuse("Z-6.3", "call_not_partner_turn", seat=seat, to_act=self.turn)
        if self.called:
            raise self.refuse("Z-6.3", "call_already_made", seat=seat, to_act=self.turn)

    def _verify(self, action: dict) -> None:
        seat, act = action["seat"], action.get("act")
        if act == "call":
            self._verify_call(seat, action.get("call"))
        elif act == "play":
            card = action.get("card")
            hand = self.hands_[seat]
            if card not in hand:
                raise self.refuse("Z-3.1", "card_not_in_hand", seat=seat, card=card)
            if self.phase == DECIDE and not self.ping_pong and not hits(card, self.led):
                if any(hits(c, self.led) for c in hand):
                    raise self.refuse("Z-4.3", "continue_needs_hit", seat=seat, card=card, rank=self.led)
                raise self.refuse("Z-4.4", "no_hitting_card", seat=seat, rank=self.led)
        elif act == "stop":
            if self.phase == DECIDE and self.ping_pong:
                raise self.refuse("Z-V2", "ping_pong_must_play", seat=seat, winner=self.winner)
            if self.phase != DECIDE:
                if seat == self.own_side_end:
                    raise self.refuse("Z-4.2", "own_side_winning", seat=seat)
                raise self.refuse("Z-4.1", "nothing_to_stop", seat=seat)
        else:
            raise MalformedRecord("unknown_act", where="act", act=repr(act), game="zsiros",
                                  known=["call", "play", "stop"])

    def _do(self, action: dict) -> None:
        act, seat = action["act"], action["seat"]
        if act == "call":
            self.called = True
            self.events.append({"type": "call", "seat": seat, "partner": self.turn, "call": action["call"]})
            return
        self.called = False
        if act == "stop":
            self.events.append({"type": "stop", "seat": seat, "winner": self.winner})
            return self._end_trick()
        card = action["card"]
        self.hands_[seat].remove(card)
        self.last_card = (seat, card)
        self.own_side_end = None
        if self.phase == LEAD:
            self.led, self.winner, self.rounds = card[0], seat, [[card]]
            self.events.append({"type": "lead", "seat": seat, "card": card})
        elif self.phase == DECIDE and not hits(card, self.led):  # Z-V2: the card lets the trick go
            self.rounds.append([card])
            self.events.append({"type": "let_go", "seat": seat, "card": card, "winner": self.winner})
            return self._end_trick()
        elif self.phase == DECIDE:
            self.winner = seat
            self.rounds.append([card])
            self.events.append({"type": "continue", "seat": seat, "card": card, "round": len(self.rounds)})
        else:
            self.rounds[-1].append(card)
            if card[0] == self.led or card[0] == SEVEN:
                self.winner = seat
                self.events.append({"type": "hit", "seat": seat, "card": card})
            else:
                self.events.append({"type": "play", "seat": seat, "card": card})
        if len(self.rounds[-1]) < self.players:
            self.phase, self.turn = PLAY, right_of(seat, self.players)
            if not self.hands_[self.turn]:  # only with ping-pong's unequal hands
                self.events.append({"type": "no_card", "seat": self.turn, "winner": self.winner})
                self._end_trick()
            return
        # A complete round (Z-4.1).
        if not self.hands_[self.leader] or self.winner % 2 == self.leader % 2:
            if self.hands_[self.leader]:
                self.own_side_end = self.leader
            return self._end_trick()
        self.phase, self.turn = DECIDE, self.leader
        self.events.append({"type": "decide", "seat": self.leader, "winner": self.winner,
                            "round": len(self.rounds)})

    def _end_trick(self) -> None:
        """The winner takes every card of every round, draws first and leads (Z-4.6, Z-5)."""
        winner, team = self.winner, self.winner % 2
        cards = [c for r in self.rounds for c in r]
        self.won[team].extend(cards)
        self.tricks[team] += 1
        self.last_trick = team
        self.events.append({"type": "trick_won", "seat": winner, "team": team, "count": len(cards),
                            "points": card_points(cards), "rounds": len(self.rounds), "cards": cards})
        self._draw(winner)
        self.leader = self.turn = winner
        self.phase, self.led, self.rounds = LEAD, None, []
        if self.ping_pong and not self.talon:
            self._out_of_cards()
        if not self.hands_[winner]:  # the talon is empty and every card is played (Z-5.4)
            self.turn, self.phase = None, OVER
            self.events.extend(self._hand_events())

    def _draw(self, first: int) -> None:
        """Draw back to 4, winner first, each their full number; a short talon is split (Z-5.2).

        With ping-pong the two needs may differ and the talon may be odd, so a short talon is
        shared out one card at a time from the winner, each up to 4 (our proposal, Z-V2); with
        equal needs and an even talon that is exactly Z-5.2's equal split."""
        if not self.talon:
            return
        order = list(seats_from(first, self.players))
        counts = [HAND_SIZE - len(self.hands_[s]) for s in order]
        if sum(counts) > len(self.talon):
            if self.ping_pong:
                counts = share_out(counts, len(self.talon))
                self.events.append({"type": "talon_shared", "count": len(self.talon)})
            else:
                counts = [len(self.talon) // self.players] * self.players
                self.events.append({"type": "talon_split", "each": counts[0]})
        for seat, count in zip(order, counts):
            if not count:
                continue
            self.hands_[seat].extend(self.talon[:count])
            del self.talon[:count]
            self.events.append({"type": "draw", "seat": seat, "count": count})
        if not self.talon:
            self.events.append({"type": "talon_empty"})

    def _out_of_cards(self) -> None:
        """Ping-pong, talon empty (our proposal, Z-V2): once a hand is empty nobody can answer
        the other player's cards, so each of them would win its own trick. They are taken at
        once, as that player's last trick."""
        if all(self.hands_) or not any(self.hands_):
            return
        seat = next(s for s in range(self.players) if self.hands_[s])
        cards, self.hands_[seat] = self.hands_[seat], []
        side = self.side(seat)
        self.won[side].extend(cards)
        self.tricks[side] += 1
        self.last_trick = side
        self.leader = self.turn = seat
        self.events.append({"type": "leftover", "seat": seat, "count": len(cards),
                            "points": card_points(cards), "cards": cards})

    # ---- results and views -----------------------------------------------------------------
    def _last_seven_side(self) -> int | None:
        if self.last_seven_loses and self.last_card and self.last_card[1][0] == SEVEN:
            return self.last_card[0] % 2
        return None

    def result(self) -> dict | None:
        if self.turn is not None:
            return None
        return score_hand([card_points(self.won[0]), card_points(self.won[1])], self.tricks,
                          self.last_trick, self._last_seven_side(), self.last_seven_turned)

    def _hand_events(self) -> list[dict]:
        res = self.result()
        team = res["winner"]
        seats = [s for s in range(self.players) if s % 2 == team]
        losers = [s for s in range(self.players) if s % 2 != team]
        events = []
        if self._last_seven_side() is not None:
            events.append({"type": "last_seven", "seat": self.last_card[0], "card": self.last_card[1]})
        events.append({"type": "hand_won", "team": team, "seats": seats, "points": res["card_points"][team],
                       "other": res["card_points"][1 - team], "game_points": res["game_points"]})
        label = loser_label(res)
        if label and winner_on_points(res["card_points"], self.last_trick) != team:  # Z-V3: turned over, not shut out
            label = None
        if label:
            events.append({"type": label, "team": 1 - team, "seats": losers})
        return events

    def public_state(self) -> dict:
        """What the whole table sees (D-Z7 aside, the tool shows each side's won cards).

        ``may_continue`` says whether the rules offer the leader a continuation right now (an
        opponent is winning at the end of a round and cards remain), whatever the leader holds:
        the leader's hand stays hidden.
        """
        n, leader = self.players, self.leader
        return {
            "players": n,
            "dealer": self.dealer,
            "to_act": self.turn,
            "phase": self.phase,
            "leader": leader,
            "led_rank": self.led,
            "round": len(self.rounds),
            "rounds": [[{"seat": (leader + k) % n, "card": c} for k, c in enumerate(r)] for r in self.rounds],
            "winner": self.winner,
            "may_continue": self.phase == DECIDE,
            "call_made": self.called,
            "won": [self.won[0][:], self.won[1][:]],
            "points": [card_points(self.won[0]), card_points(self.won[1])],
            "tricks": self.tricks[:],
            "last_trick": self.last_trick,
            "talon": len(self.talon),
            "hand_sizes": [len(h) for h in self.hands_],
        }


def share_out(needs: list[int], talon: int) -> list[int]:
    """Cards each player gets from a short talon dealt one at a time in ``needs`` order, each
    stopping at their need (Z-V2, our proposal).

    >>> share_out([2, 2], 4), share_out([3, 2], 3), share_out([1, 3], 3)
    ([2, 2], [2, 1], [1, 2])
    """
    got = [0] * len(needs)
    while talon:
        for i, need in enumerate(needs):
            if talon and got[i] < need:
                got[i] += 1
                talon -= 1
    return got
