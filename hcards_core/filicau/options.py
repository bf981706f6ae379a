"""The variant switches of Filicău/Filkó, each with its default and the clause it comes from.

``rules`` picks the 4-player game; 5 and 6 players are always Filkó (FK-2, FK-3).
The record game ``"filko"`` is the same game with ``rules: "filko"`` as default.
"""

from __future__ import annotations

from ..game import Option


def make_options(rules_default: str = "romanian") -> dict[str, Option]:
    return {o.name: o for o in (
        Option("rules", rules_default, ("romanian", "filko"), "FC-5 / FK-1",
               "4 players: 'romanian' (one card at a time, trump from the dealer's first card, "
               "FC-5 status table with the 8–0 escape) or 'filko' (trump by the cut, packets "
               "of four, 6+ makes masters, a chosen slave deals, never level again). "
               "Default 'romanian' (game 'filko': 'filko')."),
        Option("over_order", "alhb", ("alhb", "ahbl"), "FC-1.2 / FK-V2",
               "Order of the Overs, by suit letters: 'alhb' acorns > leaves > hearts > bells "
               "(default, FC-1.2) or the regional 'ahbl' acorns > hearts > bells > leaves (FK-V2)."),
        Option("top_trumps", "overs", ("overs", "szeged"), "FK-V1",
               "'overs' (default): the four Overs are the permanent trumps. 'szeged' "
               "(Csólyospálos/Szeged, 5 and 6 players only): VII♥ above them (5 players), "
               "VII♥ and VII of acorns (6 players)."),
        Option("five_player", "call", ("call", "rich_and_poor"), "FK-3 / FK-V4",
               "5 players: 'call' (default, FK-3: the öreg calls a card for trumps and a secret "
               "partner) or 'rich_and_poor' (FK-V4: the holders of the two top Overs against "
               "three; the öreg's call_card only names trumps; rich need 6, poor 3; a fresh "
               "partnership every deal; a loser deals; one player holding both plays alone, D-C11)."),
        Option("rich_and_poor_form", "fresh", ("fresh", "fixed", "named"), "FK-V4 / D-C11",
               "With five_player 'rich_and_poor', which form (FK-V4): 'fresh' (default): new "
               "teams every deal. 'fixed': the first deal forms the teams as in 'fresh' and a "
               "loser deals; then the teams, the trumps and that dealer stay, the old man of the "
               "teams leading (as FK-3.5), until the dealing team takes 6 or more; then the deal "
               "goes to a loser of that deal and the next deal forms new teams (our reading of "
               "what the source leaves open). 'named': the öreg calls a card as in FK-3.3 (not an "
               "Over, not in the öreg's own hand): its suit is trumps and its holder the secret "
               "rich partner; rich need 6, poor 3, fresh teams every deal. In 'fresh' and 'fixed' "
               "a player holding both top Overs plays alone, still needing 6 (D-C11)."),
        Option("rich_cards", "top_two", ("top_two", "next_over", "acorns_leaves"), "FK-V4 / FK-V2",
               "With five_player 'rich_and_poor' ('fresh' and 'fixed'), which cards make the rich "
               "besides the Over of acorns: 'top_two' (default: the source's words, 'the holders "
               "of the two top trumps', read under the trump order in force — the Over of leaves "
               "by default, the Over of hearts with over_order 'ahbl', the VII of hearts with the "
               "Szeged trumps), 'next_over' (the Over ranking next below the Over of acorns: the "
               "'two top Overs' whatever the permanent trumps above them) or 'acorns_leaves' "
               "(the two Overs the source names in brackets, acorns and leaves, whatever the order)."),
        Option("count_masters", False, None, "FC-5.3",
               "Keep the optional count of how often each team became master (FC-5.3): the "
               "session report gains 'became_master', per team with 4 or 6 players and per seat "
               "with 5 (the teams change from deal to deal). Default off: no running score."),
        Option("six_player_scoring", "filko", ("filko", "romanian"), "FK-2.4 / D-C4",
               "6 players: status by Filkó rules (default, D-C4) or by the Romanian table FC-5."),
        Option("stop_early", False, None, "FC-4.8",
               "Stop a deal after a trick once every remaining split of points gives the same "
               "status change (event 'stopped_early'). Default off: every card is played."),
    )}
