"""How a Zsíros deal is shown: the rounds of the trick, the talon and the points beside the
table, each call in its own words, and results by side (a partnership with 4 players).

>>> from hcards_core.zsiros import new_deal
>>> from hcards_core.cards import PACK
>>> ZsirosView(new_deal(players=2, dealer=1, pack=list(PACK))).facts()[0]
('table.talon', 24)
"""

from __future__ import annotations

from ..game import View
from ..messages import seat_label, show, team_label
from ..seats import team_of


class ZsirosView(View):
    game = "zsiros"
    card_play = True
    EVENT_RULES = {
        "dealt": "Z-2.2", "lead": "Z-3.1", "play": "Z-0.2", "hit": "Z-3.4", "continue": "Z-4.3",
        "decide": "Z-4.3", "stop": "Z-4.3", "trick_won": "Z-4.6", "no_card": "Z-4.5", "draw": "Z-5.1",
        "talon_split": "Z-5.2", "talon_empty": "Z-5.4", "call_hit": "Z-6.1", "call_no_hit": "Z-6.1",
        "call_grease": "Z-6.1", "call_no_grease": "Z-6.1", "hand_won": "Z-7.1", "kopasz": "Z-7.3",
        "csupasz": "Z-7.3", "last_seven": "Z-V3", "let_go": "Z-V2", "talon_shared": "Z-V2", "leftover": "Z-V2",
    }

    def center(self) -> list[list[dict]]:
        return self.state.public_state()["rounds"]

    def facts(self) -> list[tuple[str, object]]:
        pub = self.state.public_state()
        facts = []
        if pub["led_rank"]:
            facts.append(("table.led_rank", show("rank", pub["led_rank"], self.lang)))
        if pub["winner"] is not None and pub["rounds"]:
            facts.append(("table.winner", seat_label(pub["winner"])))
        facts += [("table.talon", pub["talon"]),
                  ("table.points", " – ".join(str(p) for p in pub["points"])),
                  ("table.tricks", " – ".join(str(t) for t in pub["tricks"]))]
        return facts

    def seat_team(self, seat: int) -> int | None:
        return team_of(seat, self.state.players)

    def trick_winner(self) -> int | None:
        return self.state.public_state()["winner"]

    def action_key(self, action: dict) -> str:
        """Each call has its own words ("Üss!", "Ne zsírt!"…)."""
        if action["act"] == "call" and "call" in action:
            return f"act.zsiros.call_{action['call']}"
        return super().action_key(action)

    def event_key(self, event: dict) -> str:
        if event["type"] == "call":
            return f"event.zsiros.call_{event['call']}"
        return super().event_key(event)

    # ---- the ruling checker ----------------------------------------------------------------
    def side(self, players: int):
        """Names a side: a partnership with its seats (4 players) or a seat (2 players)."""
        if players != 4:
            return seat_label
        return lambda t: f"{team_label(t, self.lang)} ({', '.join(seat_label(s) for s in range(t, 4, 2))})"

    def result_rows(self, result: dict, players: int) -> list[dict]:
        side = self.side(players)
        return [self.row("card_points", " – ".join(f"{side(t)}: {p}" for t, p in enumerate(result["card_points"]))),
                self.row("tricks", " – ".join(f"{side(t)}: {n}" for t, n in enumerate(result["tricks"]))),
                self.row("last_trick", side(result["last_trick"])),
                self.row("winner", side(result["winner"])),
                self.row("game_points", str(result["game_points"]))]

    def _session_rows(self, session: dict, players: int) -> list[dict]:
        side = self.side(players)
        return [self.row("score", " – ".join(f"{side(t)}: {g}" for t, g in enumerate(session["score"]))),
                self.row("game_winner", side(session["winner"]) if session.get("winner") is not None else "—")]
