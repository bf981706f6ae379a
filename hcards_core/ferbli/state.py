"""One Ferbli deal in progress: round 1 (vizi, F-5), round 2 (besszer and charging, F-6) and
round 3 (hívás, visszahívás and blind betting, F-7), up to the showdown (F-8, results.py).

Betting is kept as a ledger of what each active player still ``owe``s: a bet of C (the blind
vizi, a besszer, a charge, a hív, a visszahív increment) is paid by the bettor and owed by
everyone else still in; a call (``vizi``/``pay``) pays what is owed. Whoever must answer is
queued in ``pending`` in turn order, so "who answers a charge, and in which order" (D-F5) is
one list. ``phase`` names the decision in hand; ``decider`` is the one player making it when
it is not an answering queue.
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..game import State
from ..seats import right_of, seats_from
from . import results
from .options import check_word, limit_for, quorum
from .ranking import Ranking, ranking_for

QUEUE_PHASES = frozenset({"vizi", "answer", "show", "open"})
# The clause that governs each decision, cited when an act does not fit it.
PHASE_RULE = {"announce": "F-V6", "majzli": "F-V8", "vizi": "F-5.1", "mehet": "F-6.1", "charge": "F-6.4",
              "counter": "F-6.8", "show": "F-V7", "open": "F-7.2", "must_raise": "F-7.7",
              "reraise": "F-7.5"}
ANSWER_RULE = {"besszer": "F-6.2", "charge": "F-6.5", "counter": "F-6.8", "bet": "F-7.4"}
AMOUNT_ACTS = ("majzli", "besszer", "charge", "bet", "raise")
_PHASE_RULES = tuple(dict.fromkeys([*ANSWER_RULE.values(), *PHASE_RULE.values()]))


class FerbliState(State):
    game = "ferbli"
    TURN_RULE = "F-0.1"
    OVER_RULE = "F-8.4"
    REFUSALS = {"card_not_in_hand": ("F-V7",), "show_whole_packet": ("F-V7",), "second_look": ("F-7.6",),
                "nothing_to_look": ("F-7.6",), "amount_below_vizi": ("F-V12", "F-3.3"),
                "amount_over_limit": ("F-V12", "F-3.3", "F-6.1"), "over_table_cap": ("F-3.1",), "must_pay_vizi": ("F-V9",),
                "first_player_cannot_fold": ("F-5.2", "F-6.1"), "must_raise": ("F-7.7",),
                "raise_not_allowed": (*ANSWER_RULE.values(), "F-7.7"), "charge_not_now": ("F-6.6", "F-6.5", "F-6.4"),
                "wrong_act": _PHASE_RULES}

    def __init__(self, players: int, dealer: int, options: dict, first: list, later,
                 stack: tuple | None, bottom: str | None, carried: int = 0,
                 forced: bool = False, call_or_drop: bool = False, announce: bool = False):
        n = self.players = players
        self.dealer, self.p1 = dealer, right_of(dealer, n)
        self.options, self.vizi = options, options["vizi"]
        self.held = [list(first[s]) for s in range(n)]
        self.later, self.stack, self.next_card, self.bottom = later, stack, 0, bottom
        self.seen = [2] * n  # cards each player has looked at (F-5.1: the first two, at once)
        self.folded, self.paid = [False] * n, [False] * n
        self.stake, self.owe = [0] * n, [0] * n
        self.pot = self.carried_in = carried
        self.largest = 0
        self.round, self.phase, self.decider, self.pending, self.context = 1, "vizi", None, [], ""
        self.forced, self.call_or_drop = forced, call_or_drop
        self.announcing = announce  # F-V6 announced: the dealer decides before round 1
        self.quorum = quorum(options, n, call_or_drop)
        self.majzli = None
        self.besszered = False
        self.last = self.target = self.trace_seat = None
        self.charges_made = self.charges_allowed = self.trace_paid = self.counters_made = 0
        self.first = self.p1
        self.bettor = self.last_caller = None
        self.bet_blind = self.blind_phase = False
        self.checks = 0
        self.shown = [[] for _ in range(n)]
        self.outcome: dict | None = None
        self.events = []
        if bottom:
            self.events.append({"type": "bottom_card", "card": bottom})
        if forced:
            self.events.append({"type": "forced_deal"})
        if options["majzli"]:
            self.phase, self.decider = "majzli", self.p1
        else:
            self._post(self.p1, self.vizi)
            self.events.append({"type": "blind", "seat": self.p1, "amount": self.vizi})
            self._start_round1()

    @property
    def ranking(self) -> Ranking:
        """The hand ranking of this deal's options: derived, never stored, so the state's JSON
        holds the state only (the table is shared by every state of the process)."""
        return ranking_for(self.options)

    # ---- seats ------------------------------------------------------------------------------
    def order_from(self, start: int) -> list[int]:
        return list(seats_from(start, self.players))

    def active(self) -> list[int]:
        """Active seats in turn order from the dealer's right."""
        return [s for s in self.order_from(self.p1) if not self.folded[s]]

    def last_player(self) -> int:
        """L (F-6.3): the dealer, or the last active player in turn order."""
        return self.active()[-1]

    def trace_horse(self) -> int | None:
        """T (F-6.3, D-F20): the last active player before L."""
        act = self.active()
        return act[-2] if len(act) >= 2 else None

    def looked(self, seat: int) -> bool:
        """Has ``seat`` seen any of cards 3–4? Until then its bets are blind (F-7.7a)."""
        return self.seen[seat] > 2

    # ---- the State interface ------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.outcome is not None:
            return None
        return self.pending[0] if self.phase in QUEUE_PHASES else self.decider

    def hands(self) -> list[list[str]]:
        return [list(h) for h in self.held]

    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` sees: its own cards as far as it has looked, cards shown to all."""
        data = self.public_state()
        over = self.outcome is not None and self.outcome.get("showdown")
        shown_all = {d["seat"] for d in over} if over else set()
        data["hands"] = [h[:] if seat is None or s in shown_all else
                         [c if (s == seat and i < self.seen[s]) or c in self.shown[s] else "??"
                          for i, c in enumerate(h)]
                         for s, h in enumerate(self.held)]
        return data

    def may_act(self, seat, action: dict) -> bool:
        """Looking is not a turn (F-7.6): an active player may look whenever it holds unseen cards."""
        if action.get("act") == "look" and isinstance(seat, int) and 0 <= seat < self.players:
            return not self.folded[seat]
        return seat == self.to_act

    def _legal(self, seat: int) -> list[dict]:
        out = []
        for act in self._acts(seat):
            if act in AMOUNT_ACTS:
                lo, hi = self._range(seat, act)
                out.append({"seat": seat, "act": act, "min": lo, "max": hi})
            elif act == "show":
                out.extend({"seat": seat, "act": "show", "card": c} for c in self._showable(seat))
            else:
                out.append({"seat": seat, "act": act})
        return out

    def result(self) -> dict | None:
        return None if self.outcome is None else dict(self.outcome)

    def public_state(self) -> dict:
        seat = self.to_act
        act = self.active()
        return {
            "round": self.round, "phase": self.phase if self.outcome is None else "over",
            "dealer": self.dealer, "vizi": self.vizi, "pot": self.pot, "carried_in": self.carried_in,
            "stakes": self.stake[:], "active": [not f for f in self.folded],
            "looked": [self.looked(s) for s in range(self.players)],
            "cards_held": [len(h) for h in self.held],
            "largest_bet": self.largest, "to_call": self.owe[seat] if seat is not None else 0,
            "bet_limit": limit_for(self.options, max(self.largest, self.vizi)),
            "first_player": self.first if self.round == 3 else self.p1,
            "last_player": act[-1] if act else None, "trace_horse": self.trace_horse(),
            "besszer": self.besszered, "next_charge": self._next_charge(),
            "charges_made": self.charges_made,
            "charges_left": max(self.charges_allowed - self.charges_made, 0) if self.last is not None else None,
            "blind_phase": self.blind_phase, "bettor": self.bettor, "last_caller": self.last_caller,
            "checks": self.checks, "bottom": self.bottom,
            "majzli": self.majzli if self.round > 1 else None,
            "shown": [h[:] for h in self.shown],
        }

    # ---- what the seat to act may do ------------------------------------------------------------
    def _acts(self, seat: int, capped: bool = True) -> list[str]:
        phase = self.phase
        if phase == "announce":
            acts = ["call_or_drop", "no_call_or_drop"]
        elif phase == "majzli":
            acts = ["majzli"]
        elif phase == "vizi":
            acts = ["vizi"] if self.forced else ["vizi", "fold"]
        elif phase == "mehet":
            acts = ["go_on", "besszer"]
        elif phase == "answer":
            acts = ["pay", "fold"]
            if self.context == "bet" and self.bet_blind and not self.looked(seat):
                acts.append("raise")  # F-7.7b: a blind player may answer a blind bet by raising blind
        elif phase in ("charge", "counter"):
            acts = ["charge", "stop"]
        elif phase == "show":
            acts = ["show"]
        elif phase == "open":
            acts = ["check", "bet"]
        elif phase == "must_raise":
            acts = ["raise"]
        else:  # reraise
            acts = ["raise", "stop"]
        if capped:
            acts = [a for a in acts if a not in AMOUNT_ACTS or self._range(seat, a)[0] is not None]
        if self.seen[seat] < len(self.held[seat]):
            acts.append("look")
        return acts

    def _range(self, seat: int, act: str) -> tuple[int | None, int | None]:
        """(min, max) of an amount act; (None, None) when a table cap leaves no room."""
        lo = self.vizi
        if act == "majzli":
            hi = None
        elif act == "besszer" and self.options["ruleset"] == "titok":
            lo = hi = 2 * self.vizi  # F-V12
        elif act == "besszer" and self.options["besszer_cap"] == "double_vizi":
            hi = 2 * self.vizi  # F-6.1 read as a fixed V to 2V
        else:
            hi = limit_for(self.options, self.largest)
            if act == "raise" and self.options["ruleset"] == "titok":
                hi = 3 * self.vizi if hi is None else min(hi, 3 * self.vizi)
        cap = self.options["table_cap"]
        if cap:
            room = cap - self.stake[seat] - self.owe[seat]
            hi = room if hi is None else min(hi, room)
            if hi < lo:
                return None, None
        return lo, hi

    def _showable(self, seat: int) -> list[str]:
        shown, hand = self.shown[seat], self.held[seat]
        if shown and seat in self._must_show_packet():
            i = hand.index(shown[0])
            return [hand[i ^ 1]]  # the other card of the same packet (F-V7)
        return [c for c in hand if c not in shown]

    def _must_show_packet(self) -> set[int]:
        """Who besszered or charged must show a whole packet (F-V7)."""
        seats = {self.p1} if self.besszered else set()
        if self.charges_made:
            seats.add(self.last)
        if self.counters_made:
            seats.add(self.trace_seat)
        return seats

    # ---- verification -------------------------------------------------------------------------
    def _verify(self, action: dict) -> None:
        seat, act = action["seat"], action["act"]
        if act == "look":
            return self._verify_look(seat)
        if act not in self._acts(seat):
            raise self._refusal(seat, act)
        if act in AMOUNT_ACTS:
            self._verify_amount(seat, act, action["amount"])
        elif act == "show":
            card = action["card"]
            if card not in self.held[seat] or card in self.shown[seat]:
                raise self.refuse("F-V7", "card_not_in_hand", seat=seat, card=card)
            if card not in self._showable(seat):
                raise self.refuse("F-V7", "show_whole_packet", seat=seat)

    def _verify_look(self, seat: int) -> None:
        if self.seen[seat] >= len(self.held[seat]):
            code = "second_look" if len(self.held[seat]) > 2 else "nothing_to_look"
            raise self.refuse("F-7.6", code, seat=seat)

    def _verify_amount(self, seat: int, act: str, amount: int) -> None:
        lo, hi = self._range(seat, act)
        rule = "F-V12" if self.options["ruleset"] == "titok" and act in ("besszer", "raise") else "F-3.3"
        if amount < lo:
            raise self.refuse(rule, "amount_below_vizi", seat=seat, amount=amount, vizi=lo)
        if hi is not None and amount > hi:
            if act == "besszer" and self.options["besszer_cap"] == "double_vizi" and rule == "F-3.3":
                rule = "F-6.1"
            cap = self.options["table_cap"]
            if cap and self.stake[seat] + self.owe[seat] + amount > cap:
                raise self.refuse("F-3.1", "over_table_cap", seat=seat, amount=amount, cap=cap)
            raise self.refuse(rule, "amount_over_limit", seat=seat, amount=amount, limit=hi)

    def _refusal(self, seat: int, act: str) -> IllegalAction:
        phase, allowed = self.phase, self._acts(seat)
        rule = ANSWER_RULE[self.context] if phase == "answer" else PHASE_RULE[phase]
        if act == "fold" and phase == "vizi":
            return self.refuse("F-V9", "must_pay_vizi", seat=seat)
        if act == "fold" and seat == self.p1 and phase in ("majzli", "mehet"):
            return self.refuse("F-5.2" if phase == "majzli" else "F-6.1", "first_player_cannot_fold", seat=seat)
        if phase == "must_raise":
            return self.refuse("F-7.7", "must_raise", seat=seat)
        if act == "raise" and phase == "answer":
            rule = "F-7.7" if self.context == "bet" and self.bet_blind else rule
            return self.refuse(rule, "raise_not_allowed", seat=seat)
        if act == "charge":
            rule = "F-6.6" if self.round == 3 else ("F-6.5" if self.context in ("charge", "counter")
                                                     and phase == "answer" else "F-6.4")
            return self.refuse(rule, "charge_not_now", seat=seat)
        if act in self._acts(seat, capped=False):  # allowed but for the agreed cap
            return self.refuse("F-3.1", "over_table_cap", seat=seat, amount=self.vizi, cap=self.options["table_cap"])
        return self.refuse(rule, "wrong_act", seat=seat, act=act, allowed=allowed)

    # ---- carrying out ---------------------------------------------------------------------------
    def _do(self, action: dict) -> None:
        seat, act = action["seat"], action["act"]
        if act == "look":
            self.seen[seat] = len(self.held[seat])
            self.events.append({"type": "look", "seat": seat})
            return
        getattr(self, "_do_" + act)(seat, action)

    def _post(self, seat: int, amount: int) -> None:
        self.stake[seat] += amount
        self.pot += amount
        self.paid[seat] = True

    def _bet(self, seat: int, amount: int) -> None:
        """``seat`` bets ``amount`` (after paying what it owes); everyone else in owes it."""
        self._post(seat, self.owe[seat] + amount)
        self.owe[seat] = 0
        self.largest = max(self.largest, amount)
        for s in range(self.players):
            if s != seat and not self.folded[s]:
                self.owe[s] += amount

    def _give(self, seat: int, count: int) -> None:
        """The dealer gives ``seat`` its next ``count`` cards (face down, unseen)."""
        hand = self.held[seat]
        if self.stack is None:
            hand.extend(self.later[seat][len(hand) - 2:len(hand) - 2 + count])
        else:
            hand.extend(self.stack[self.next_card:self.next_card + count])
            self.next_card += count
        self.events.append({"type": "cards_dealt", "seat": seat, "count": count})

    def _answer_queue(self, after: int, skip: int | None = None, first: int | None = None) -> list[int]:
        seats = [s for s in self.order_from(after)[1:] if not self.folded[s] and s != skip]
        if first is not None:
            seats = [first] + [s for s in self.order_from(first)[1:] if s in seats]
        return seats

    def _next_in_queue(self) -> None:
        self.pending.pop(0)
        if len(self.active()) == 1 and self.round > 1:
            return results.win_alone(self)
        if not self.pending:
            {"vizi": self._end_round1, "answer": self._answered, "show": self._start_open,
             "open": self._all_checked}[self.phase]()

    # round 1 ---------------------------------------------------------------------------------
    def _start_round1(self) -> None:
        if self.announcing:  # F-V6: the dealer first says whether it is call-or-drop
            self.phase, self.decider = "announce", self.dealer
            return
        seats = self.order_from(self.p1)[1:]
        if self.call_or_drop:
            seats.reverse()  # F-V6: clockwise from the dealer (D-F17)
        if self.majzli is None:  # with Majzli the stayers pay when the fist opens
            for s in seats:
                self.owe[s] = self.vizi
        self.phase, self.pending = "vizi", seats

    def _do_call_or_drop(self, seat: int, action: dict) -> None:
        self._announced(seat, True)

    def _do_no_call_or_drop(self, seat: int, action: dict) -> None:
        self._announced(seat, False)

    def _announced(self, seat: int, call_or_drop: bool) -> None:
        self.announcing, self.call_or_drop = False, call_or_drop
        self.quorum = quorum(self.options, self.players, call_or_drop)
        self.events.append({"type": "call_or_drop" if call_or_drop else "no_call_or_drop", "seat": seat})
        self._start_round1()

    def _do_majzli(self, seat: int, action: dict) -> None:
        self.majzli = action["amount"]
        self.events.append({"type": "majzli_hidden", "seat": seat})
        self._start_round1()

    def _do_vizi(self, seat: int, action: dict) -> None:
        if self.majzli is None:
            self._post(seat, self.owe[seat])
            self.events.append({"type": "vizi", "seat": seat, "amount": self.owe[seat]})
        else:
            self.paid[seat] = True  # stays; pays the hidden amount when it is revealed
            self.events.append({"type": "stay", "seat": seat})
        self.owe[seat] = 0
        self._next_in_queue()

    def _do_fold(self, seat: int, action: dict) -> None:
        self.folded[seat], self.owe[seat] = True, 0
        self.events.append({"type": "fold", "seat": seat})
        self._next_in_queue()

    def _end_round1(self) -> None:
        if self.majzli is not None:
            amount = self.majzli
            for s in self.active():
                self._post(s, amount)
            self.largest = amount  # F-V8: the fist's amount is the deal's first bet
            if self.options["majzli_minimum"] == "fist":  # ... and this deal's vizi
                self.vizi = amount
            self.events.append({"type": "majzli_revealed", "seat": self.p1, "amount": amount})
        active = len(self.active())
        if active < self.quorum:
            self.events.append({"type": "quorum_failed", "active": active, "needed": self.quorum})
            return results.carry(self, "cukassza")
        if self.majzli is None:
            self.largest = self.vizi  # F-3.2: the blind vizi is the first bet
        self.round, self.phase, self.decider = 2, "mehet", self.p1

    # round 2 ---------------------------------------------------------------------------------
    def _do_go_on(self, seat: int, action: dict) -> None:
        self.events.append({"type": "go_on", "seat": seat})
        self._free_cards()
        self._start_round3()

    def _do_besszer(self, seat: int, action: dict) -> None:
        self._bet(seat, action["amount"])
        self.besszered = True
        self.events.append({"type": "besszer", "seat": seat, "amount": action["amount"]})
        self.phase, self.context, self.pending = "answer", "besszer", self._answer_queue(seat)

    def _do_pay(self, seat: int, action: dict) -> None:
        amount = self.owe[seat]
        self._post(seat, amount)
        self.owe[seat] = 0
        self.last_caller = seat
        if self.context == "charge" and seat == self.target and self.target == self.trace_seat:
            self.trace_paid += 1
        self.events.append({"type": "pay", "seat": seat, "amount": amount})
        self._next_in_queue()

    def _answered(self) -> None:
        """Everyone has answered the latest bet: what comes next depends on what it was."""
        if self.context == "besszer":
            self.last = self.last_player()
            self.charges_allowed = len(self.active())  # F-6.9
            self._continue_charging()
        elif self.context == "charge":
            if self.target == self.trace_seat and self.trace_paid == 2:
                self.phase, self.decider, self.target = "counter", self.trace_seat, self.last  # F-6.8
            else:
                self._continue_charging()
        elif self.context == "counter":
            L = self.last
            if not self.folded[L] and len(self.held[L]) == 3:
                self.phase, self.decider = "counter", self.trace_seat
            else:
                self._free_cards()
                self._start_round3()
        else:
            self._bet_answered()

    def _continue_charging(self) -> None:
        """L charges the next player in turn order who still lacks cards (F-6.4, D-F20)."""
        self.target = next((s for s in self.active() if s != self.last and len(self.held[s]) < 4), None)
        if self.target is None:
            self._free_cards()
            return self._start_round3()
        self.trace_seat = self.trace_horse()
        self.phase, self.decider = "charge", self.last

    def _do_charge(self, seat: int, action: dict) -> None:
        target, amount = self.target, action["amount"]
        single = self.phase == "counter" or target == self.trace_seat  # T and L: card by card
        card = len(self.held[target]) + 1
        self._bet(seat, amount)
        if self.phase == "counter":
            self.counters_made += 1
            context = "counter"
        else:
            self.charges_made += 1
            context = "charge"
        self.events.append({"type": "charge", "seat": seat, "target": target, "amount": amount,
                            "cards": f"{card}" if single else f"{card}–{card + 1}"})
        self._give(target, 1 if single else 2)
        self.phase, self.context = "answer", context
        self.pending = self._answer_queue(target, skip=seat, first=target)

    def _do_stop(self, seat: int, action: dict) -> None:
        self.events.append({"type": "stop", "seat": seat})
        if self.phase == "reraise":
            return results.showdown(self)
        self._free_cards()
        self._start_round3()

    def _free_cards(self) -> None:
        for s in self.active():
            if len(self.held[s]) < 4:
                self._give(s, 4 - len(self.held[s]))

    def _next_charge(self) -> dict | None:
        if self.outcome is not None or self.phase not in ("charge", "counter"):
            return None
        lo, hi = self._range(self.decider, "charge")
        card = len(self.held[self.target]) + 1
        single = self.phase == "counter" or self.target == self.trace_seat
        return {"charger": self.decider, "target": self.target,
                "cards": [card] if single else [card, card + 1], "min": lo, "max": hi}

    # round 3 ---------------------------------------------------------------------------------
    def _start_round3(self) -> None:
        self.round = 3
        self.first = self.active()[0]  # F-7.1, D-F9
        self.owe = [0] * self.players
        if self.options["shown_cards"] and self.besszered:
            self.phase = "show"
            self.pending = [s for s in self.active() for _ in range(2)]
        else:
            self._start_open()

    def _do_show(self, seat: int, action: dict) -> None:
        card = action["card"]
        self.shown[seat].append(card)
        if self.held[seat].index(card) >= self.seen[seat]:
            self.seen[seat] = len(self.held[seat])  # a card shown is a card seen
        self.events.append({"type": "show_card", "seat": seat, "card": card})
        self._next_in_queue()

    def _start_open(self) -> None:
        self.phase, self.pending = "open", self.active()

    def _do_check(self, seat: int, action: dict) -> None:
        self.events.append({"type": "check", "seat": seat, "word": check_word(self.checks)})
        self.checks += 1
        self._next_in_queue()

    def _all_checked(self) -> None:
        self.events.append({"type": "all_checked"})
        results.carry(self, "all_checked")  # F-7.3

    def _do_bet(self, seat: int, action: dict) -> None:
        self._open_bet(seat, action["amount"], "bet")

    def _do_raise(self, seat: int, action: dict) -> None:
        self._open_bet(seat, action["amount"], "raise")

    def _open_bet(self, seat: int, amount: int, kind: str) -> None:
        """A hív or visszahív: blind when the bettor has not looked (F-7.7a, D-F22)."""
        blind = not self.looked(seat)
        self._bet(seat, amount)
        self.bettor, self.last_caller, self.bet_blind = seat, None, blind
        # F-7.7e: a bet or raise by a sighted player ends the blind phase; a blind one opens
        # or continues it (F-7.7b/d).
        self.blind_phase = blind
        self.events.append({"type": ("blind_" if blind else "") + kind, "seat": seat, "amount": amount})
        self.phase, self.context, self.pending = "answer", "bet", self._answer_queue(seat)

    def _bet_answered(self) -> None:
        if self.blind_phase:
            lo, _ = self._range(self.last_caller, "raise")
            if lo is None:  # D-F21: a cap blocks the compulsory raise: waived, blind phase over
                self.blind_phase = False
                return results.showdown(self)
            self.phase, self.decider = "must_raise", self.last_caller  # F-7.7c
            return
        raiser = self.last_caller
        if self.options["ruleset"] == "titok":  # F-V12: the last active player's privilege
            raiser = self.active()[-1]
            if raiser == self.bettor:
                return results.showdown(self)
        if self._range(raiser, "raise")[0] is None:
            return results.showdown(self)
        self.phase, self.decider = "reraise", raiser  # F-7.5
