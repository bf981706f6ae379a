"""How a Ferbli deal ends (F-8, F-5.4, F-7.3).

Three endings: one player left wins the whole pot unseen (F-8.1); a showdown gives the whole
pot to the best hand, ties to the player nearest the dealer's right, never split (F-8.2,
F-8.3); or the pot carries over as a cukassza after a failed quorum or when everyone checks,
with every player who has not paid the vizi paying it now (F-5.4, F-7.3).
"""

from __future__ import annotations

from .ranking import tie_break


def _finish(state, winner, showdown, reason: str) -> None:
    state.outcome = {"winner": winner, "won": state.pot if winner is not None else 0,
                     "showdown": showdown, "carried": winner is None, "reason": reason,
                     "pot": state.pot, "stakes": state.stake[:]}
    state.pending = []
    state.decider = None


def win_alone(state) -> None:
    """F-8.1 / F-6.10: everyone else has folded."""
    seat = state.active()[0]
    state.events.append({"type": "win_alone", "seat": seat, "amount": state.pot})
    _finish(state, seat, [], "alone")


def showdown(state) -> None:
    """F-8.2/F-8.3: hands shown from the dealer's right; the first of the best wins, unless
    the HW-F tie-break (``tie_break: suit``, D-F3) separates equal bandas or ferblis by suit."""
    shown, best, winner, beaten = [], None, None, None
    for seat in state.active():
        entry = state.ranking.entry(state.held[seat])
        category, value, key = entry
        shown.append({"seat": seat, "category": category, "value": value})
        state.events.append({"type": "shows", "seat": seat, "cards": state.held[seat][:],
                             "category": category, "value": value})
        if best is not None and key == best[2]:
            if tie_break(state.options, state.held[seat], entry, state.held[winner], best) > 0:
                best, winner, beaten = entry, seat, winner
        elif best is None or key > best[2]:
            best, winner, beaten = entry, seat, None
    if beaten is not None:
        state.events.append({"type": "tie_by_suit", "seat": winner, "tied": beaten})
    state.events.append({"type": "win", "seat": winner, "amount": state.pot})
    _finish(state, winner, shown, "showdown")


def carry(state, reason: str) -> None:
    """Cukassza: whoever has not paid the vizi pays it now; the pot stays for the next deal."""
    payers = [s for s in range(state.players) if not state.paid[s]]
    for seat in payers:
        state._post(seat, state.vizi)
    state.events.append({"type": "cukassza", "pot": state.pot, "seats": payers, "amount": state.vizi})
    _finish(state, None, [], reason)
