"""The variant switches of Zsíros, each with its default and the clause it comes from.

The defaults are the digest's ruleset (rules/zsiros.md); every other value is a variant of
Z-9 that a source or a house actually plays.
"""

from __future__ import annotations

from ..game import Option

OPTIONS: dict[str, Option] = {
    opt.name: opt for opt in (
        Option("target", 5, choices=(1, 5, 10), rule="Z-V1",
               doc="Game points that win the game (Z-7.4: 5; GT-Z also offers 1 and 10)."),
        Option("last_seven_loses", False, rule="Z-V3",
               doc="House rule: a side whose player plays a VII as the very last card of the hand "
                   "loses the hand whatever the points (default off; folk rule, GH-Z)."),
        Option("dealer_leads", False, rule="Z-V4",
               doc="The dealer, not the player on the dealer's right, leads the first trick "
                   "(default off; SH-Z, probably a translation slip, D-Z2)."),
    )
}
