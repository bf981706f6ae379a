"""How a Ferbli deal is shown: no cards are played to the middle, so the facts beside the
table carry the deal (round, pot, the bet to call, stakes, who has looked, P1/L/T, the next
charge); a hand's category in words; results and the ledger for the checker.

>>> from hcards_core.play import random_deal
>>> state, record = random_deal("ferbli", 7, 4)
>>> [k for k, v in FerbliView(state).facts()][:2]
['table.round_name', 'table.pot']
"""

from __future__ import annotations

from ..game import View
from ..messages import seat_label, show
from .options import check_word


class FerbliView(View):
    game = "ferbli"
    # "pay" and "stop" come from the besszer, the charges and the betting alike: their clause
    # is that of what they answer (``event_rule``); "cards_dealt" has no single clause.
    EVENT_RULES = {
        "bottom_card": "F-4.4", "blind": "F-4.1", "vizi": "F-5.1", "fold": "F-3.5", "quorum_failed": "F-5.3",
        "cukassza": "F-5.4", "forced_deal": "F-V9", "majzli_hidden": "F-V8", "majzli_revealed": "F-V8",
        "stay": "F-V8", "go_on": "F-6.1", "besszer": "F-6.1", "charge": "F-6.5", "look": "F-7.6",
        "show_card": "F-V7", "check": "F-7.2", "all_checked": "F-7.3", "bet": "F-7.2", "blind_bet": "F-7.7",
        "raise": "F-7.5", "blind_raise": "F-7.7", "win_alone": "F-8.1", "shows": "F-8.2", "win": "F-8.2",
        "tie_by_suit": "F-8.3", "call_or_drop": "F-V6", "no_call_or_drop": "F-V6",
    }

    # What a payment or a stop answers, by the state's context (the latest besszer, charge,
    # counter-charge or bet, kept until the next one): calling a besszer, paying a charge or a
    # counter-charge, calling a bet; stopping the charges, the counter-charges, the re-raising.
    PAY_RULES = {"besszer": "F-6.2", "charge": "F-6.5", "counter": "F-6.8", "bet": "F-7.4"}
    STOP_RULES = {"besszer": "F-6.6", "charge": "F-6.6", "counter": "F-6.8", "bet": "F-7.5"}

    def event_rule(self, event: dict) -> str | None:
        """``pay`` and ``stop`` by what they answer (the view's state is the one just after
        the event, whose context is still the one the event answered); the rest by type."""
        kind = event.get("type")
        if kind in ("pay", "stop"):
            return (self.PAY_RULES if kind == "pay" else self.STOP_RULES).get(self.state.context)
        return super().event_rule(event)

    def _seats(self, flags) -> str:
        return self.text("list.separator").join(
            seat_label(s) for s, f in enumerate(flags) if f) or self.text("table.ferbli.nobody")

    def facts(self) -> list[tuple[str, object]]:
        """Round, pot, the bet to call, stakes, who has looked, P1/L/T and the next charge."""
        state = self.state
        pub = state.public_state()
        pot = pub["pot"]
        if pub["carried_in"]:
            pot = self.text("table.ferbli.pot_carried", pot=pub["pot"], carried=pub["carried_in"])
        facts = [("table.round_name", pub["round"]), ("table.pot", pot)]
        if pub["to_call"]:
            facts.append(("table.bet", pub["to_call"]))
        facts.append(("table.stakes", " · ".join(f"{seat_label(s)} {v}" for s, v in enumerate(pub["stakes"]))))
        if not all(pub["active"]):
            facts.append(("table.ferbli.folded", self._seats([not a for a in pub["active"]])))
        facts.append(("table.ferbli.looked", self._seats([lk and a for lk, a in zip(pub["looked"], pub["active"])])))
        facts.append(("table.ferbli.first_player", seat_label(pub["first_player"])))
        if state.outcome is None and state.round == 2 and pub["last_player"] is not None:
            facts.append(("table.ferbli.last_player", seat_label(pub["last_player"])))
            if pub["trace_horse"] is not None:
                facts.append(("table.ferbli.trace_horse", seat_label(pub["trace_horse"])))
        nxt = pub["next_charge"]
        if nxt:
            key = "table.ferbli.charge_value" if nxt["max"] is not None else "table.ferbli.charge_value_open"
            facts.append(("table.ferbli.next_charge",
                          self.text(key, seat=nxt["charger"], target=nxt["target"],
                                    cards="–".join(str(c) for c in nxt["cards"]), min=nxt["min"], max=nxt["max"])))
        if pub["blind_phase"] and state.outcome is None:
            facts.append(("table.ferbli.blind_phase", self.text("table.ferbli.blind_by", seat=pub["bettor"])))
        return facts

    def action_params(self, action: dict) -> dict:
        """The traditional word of a check (F-7.2)."""
        return {"word": check_word(self.state.checks)} if action.get("act") == "check" else {}

    def hand(self, category: str, value) -> str:
        """A hand's category and value in words: "two aces", "banda 41", "three of a kind, aces"."""
        label = self.text(f"ferbli.category.{category}")
        return label if value is None else f"{label} {show('rank', value, self.lang)}"

    def event_params(self, params: dict) -> dict:
        """A shown hand in words; no seats as "—"."""
        if "category" in params:
            params["hand"] = self.hand(params["category"], params.get("value"))
        if "seats" in params and not params["seats"]:
            params["seats"] = "—"
        return params

    # ---- the ruling checker ----------------------------------------------------------------
    def result_rows(self, result: dict, players: int) -> list[dict]:
        rows = [self.row("winner", seat_label(result["winner"]) if result["winner"] is not None else "—"),
                self.row("won", str(result["won"]))]
        for shown in result.get("showdown") or []:
            cat = self.text(f"ferbli.category.{shown['category']}")
            value = "" if shown.get("value") is None else f" ({shown['value']})"
            rows.append(self.row("showdown", f"{seat_label(shown['seat'])}: {cat}{value}"))
        rows.append(self.row("carried", self.text("ruling.yes" if result.get("carried") else "ruling.no")))
        return rows

    def _session_rows(self, session: dict, players: int) -> list[dict]:
        return [self.row("balances", ", ".join(f"{seat_label(s)}: {b:+d}" for s, b in enumerate(session["balances"]))),
                self.row("pot", str(session["pot"]))]
