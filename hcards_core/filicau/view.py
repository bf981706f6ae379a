"""How a Filicău/Filkó deal is shown: the trick on the table, the trumps, the points and the
statuses beside it, results by team.

>>> from hcards_core.cards import PACK
>>> from hcards_core.filicau import deal_state
>>> FilicauView(deal_state([list(PACK[i::4]) for i in range(4)]), "hu").facts()[0]
('table.trump', 'makk')
"""

from __future__ import annotations

from ..game import View
from ..messages import seat_label, show, team_label


class FilicauView(View):
    game = "filicau"
    card_play = True

    def center(self) -> list[list[dict]]:
        table = self.state.table
        return [[{"seat": s, "card": c} for s, c in table]] if table else []

    def facts(self) -> list[tuple[str, object]]:
        state = self.state
        pub = state.public_state()
        facts = []
        if state.trump:
            facts.append(("table.trump", show("suit", state.trump, self.lang)))
        if pub["winning"] is not None:
            facts.append(("table.winner", seat_label(pub["winning"])))
        if pub["points"] is not None:
            facts.append(("table.points", " – ".join(str(p) for p in pub["points"])))
        # Once the deal is scored, the table shows the statuses it produced and who deals next.
        res = state.result() if state.outcome is not None else None
        status = res["status"] if res else pub["status"]
        facts.append(("table.status", " / ".join(show("status", s, self.lang) for s in status)))
        if res:
            facts.append(("table.filicau.next_dealer", seat_label(res["next_dealer"])))
        slave = res.get("slave") if res else pub["slave"]
        if slave is not None:
            facts.append(("table.filicau.slave", seat_label(slave)))
        return facts

    def seat_team(self, seat: int) -> int | None:
        teams = self.state.public_state()["teams"]
        return None if teams is None else (0 if seat in teams[0] else 1)

    def trick_winner(self) -> int | None:
        return self.state.public_state()["winning"]

    def dealer_hand(self) -> list[str]:
        return list(self.state.dealt[self.state.ctx.dealer])

    EVENT_RULES = {"played": "FC-4.2", "trick_won": "FC-4.5", "stopped_early": "FC-4.8",
                   "partner_revealed": "FK-3.2", "rich_formed": "FK-V4", "rich_alone": "FK-V4",
                   "rich_teams_kept": "FK-V4", "rich_teams_end": "FK-V4"}

    def event_rule(self, event: dict) -> str | None:
        """Trumps, statuses and the slave follow different clauses in Romanian Filicău (FC),
        4- and 6-player Filkó (FK-1, FK-2), the 5-player call (FK-3) and rich and poor (FK-V4)."""
        kind = event.get("type")
        if kind in self.EVENT_RULES:
            return self.EVENT_RULES[kind]
        ctx = self.state.ctx
        by_mode = {
            "trump_shown": {"romanian": "FC-3.1", "filko": "FK-2.3" if ctx.players == 6 else "FK-1.1"},
            "trump_kept": {"call": "FK-3.5", "rich": "FK-V4"},
            "card_called": {"call": "FK-3.2", "rich": "FK-V4"},
            "trump_named": {"call": "FK-3.2", "rich": "FK-V4"},
            "deal_scored": {"romanian": "FC-5.1", "filko": "FK-2.4" if ctx.players == 6 else "FK-1.3",
                            "call": "FK-3.4", "rich": "FK-V4"},
            "slave_chosen": {"filko": "FK-1.4", "call": "FK-3.4"},
        }
        return by_mode.get(kind, {}).get(ctx.mode)

    def event_params(self, params: dict) -> dict:
        """The teams of ``status0``/``status1`` as the table labels them (``team0`` is "team 1")."""
        if "status0" in params:
            params["team0"], params["team1"] = team_label(0, self.lang), team_label(1, self.lang)
        return params

    # ---- the ruling checker ----------------------------------------------------------------
    def _team(self, team: int, members=None) -> str:
        name = team_label(team, self.lang)
        return name + (" (" + ", ".join(seat_label(s) for s in members) + ")" if members else "")

    def _statuses(self, status) -> str:
        return " – ".join(f"{self._team(t)}: {self.text(f'ruling.status.{s}')}" for t, s in enumerate(status))

    def result_rows(self, result: dict, players: int) -> list[dict]:
        teams = result["teams"]
        rows = [self.row("trump", show("suit", result["trump"], self.lang) if result.get("trump") else "—"),
                self.row("points", " – ".join(f"{self._team(t, teams[t])}: {p}" for t, p in enumerate(result["points"]))),
                self.row("status", self._statuses(result["status"]))]
        if result.get("next_dealer") is not None:
            rows.append(self.row("next_dealer", seat_label(result["next_dealer"])))
        return rows

    def _session_rows(self, session: dict, players: int) -> list[dict]:
        rows = [self.row("status", self._statuses(session["status"]))]
        if session.get("slave") is not None:
            rows.append(self.row("slave", seat_label(session["slave"])))
        return rows
