"""The variant switches of Zsíros, each with its default and the clause it comes from.

The defaults are the digest's ruleset (rules/zsiros.md); every other value is a variant of
Z-9 that a source or a house actually plays.
"""

from __future__ import annotations

from ..errors import MalformedRecord
from ..game import Option

OPTIONS: dict[str, Option] = {
    opt.name: opt for opt in (
        Option("target", 5, choices=(1, 5, 10), rule="Z-V1",
               doc="Game points that win the game (Z-7.4: 5; GT-Z also offers 1 and 10)."),
        Option("last_seven_loses", False, rule="Z-V3",
               doc="House rule: a side whose player plays a VII as the very last card of the hand "
                   "loses the hand whatever the points (default off; folk rule, GH-Z)."),
        Option("last_seven_points", "plain", choices=("plain", "turned"), rule="Z-V3",
               doc="With last_seven_loses, the game points of a hand the VII decides (the source "
                   "is silent, D-Z6): 'plain' (default) scores the hand as Z-7.3 does on the tricks "
                   "and points actually taken, which gives the other side 1 when the VII turns the "
                   "hand over; 'turned' gives the other side what the hand was worth to the side "
                   "that played the VII (2 if it had all 80 points, 3 if the other side took no "
                   "trick)."),
        Option("dealer_leads", False, rule="Z-V4",
               doc="The dealer, not the player on the dealer's right, leads the first trick "
                   "(default off; SH-Z, probably a translation slip, D-Z2)."),
        Option("ping_pong", False, rule="Z-V2",
               doc="2 players only (HK-Z): a leader who lets the trick go must still play a card "
                   "that does not hit (a `play` of a non-hitting card at the leader's turn; `stop` "
                   "is illegal), then the opponent takes the pile. Default off (D-Z3). Our "
                   "proposal for what the source leaves open: a short talon is shared out one card "
                   "at a time from the trick's winner, each up to 4; once the talon is empty, a "
                   "player due to play with no card ends the trick (its current winner takes it), "
                   "and when either hand is empty the other player's remaining cards are that "
                   "player's last trick."),
    )
}


def check_options(players: int, options: dict) -> None:
    """Options that need a table size: ping-pong is the 2-player wording (Z-V2)."""
    if options.get("ping_pong") and players != 2:
        raise MalformedRecord("bad_option_value", where="options.ping_pong", option="ping_pong",
                              value="true", allowed="false (ping_pong is for 2 players)")
