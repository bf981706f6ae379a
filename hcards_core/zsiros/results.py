"""Scoring a finished hand (Z-7): card points, the hand's winner and its game points.

>>> score_hand([50, 30], [5, 3], last_trick=1)
{'card_points': [50, 30], 'tricks': [5, 3], 'last_trick': 1, 'winner': 0, 'game_points': 1}
>>> score_hand([40, 40], [4, 4], last_trick=1)["winner"]
1
>>> score_hand([0, 80], [1, 6], last_trick=1)["game_points"], score_hand([0, 80], [0, 7], last_trick=1)["game_points"]
(2, 3)
"""

from __future__ import annotations

from .rules import TOTAL_POINTS


def score_hand(card_points: list[int], tricks: list[int], last_trick: int,
               last_seven: int | None = None, turned: bool = False) -> dict:
    """The result of a hand (ARCHITECTURE §3).

    The side with more card points wins; 40–40 goes to the side that took the last trick
    (Z-7.2). ``last_seven`` is the side that played a VII as the very last card when the
    house rule Z-V3 is on: that side loses whatever the points. The winners score 3 when the
    losers took no trick (csupasz), 2 when they took all 80 points (the losers are kopasz),
    else 1 (Z-7.3). With ``turned`` (Z-V3 'turned') a hand the VII turns over is worth to the
    other side what it was worth to the side that played the VII.

    >>> score_hand([80, 0], [3, 1], last_trick=0, last_seven=0)["game_points"]
    1
    >>> score_hand([80, 0], [3, 1], last_trick=0, last_seven=0, turned=True)["game_points"]
    2
    """
    by_points = winner_on_points(card_points, last_trick)
    winner = by_points if last_seven is None else 1 - last_seven
    # Z-V3 'turned': the hand is scored for the side that would have won it, then given away.
    scored = by_points if turned and winner != by_points else winner
    loser = 1 - scored
    if tricks[loser] == 0:
        game_points = 3
    elif card_points[scored] == TOTAL_POINTS:
        game_points = 2
    else:
        game_points = 1
    return {"card_points": list(card_points), "tricks": list(tricks), "last_trick": last_trick,
            "winner": winner, "game_points": game_points}


def winner_on_points(card_points: list[int], last_trick: int) -> int:
    """The side with more card points; 40–40 goes to the last trick's side (Z-7.2)."""
    if card_points[0] != card_points[1]:
        return 0 if card_points[0] > card_points[1] else 1
    return last_trick


def loser_label(result: dict) -> str | None:
    """'csupasz' (naked: no trick), 'kopasz' (bald: no points) or None for the losing side."""
    return {3: "csupasz", 2: "kopasz"}.get(result["game_points"])
