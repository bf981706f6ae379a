"""The card drawings tell the ranks apart at a glance (issue 20 item 9): VII–X show that many
suit signs, the Ace one large sign, the Over its sign at the top and the Under at the bottom
(as on the Hungarian pack), the King a crown; the corner indices stay clear of the pips."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("card_svg", ROOT / "scripts" / "card_svg.py")
card_svg = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(card_svg)
NS = "{http://www.w3.org/2000/svg}"
SIGN = re.compile(r"translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)")


def signs(code: str) -> list[tuple[float, float, float]]:
    """(centre x, centre y, width) of every suit sign on the card's face (not the corners)."""
    root = ET.fromstring(card_svg.card_svg(code))
    out = []
    for g in root.iter(f"{NS}g"):
        m = SIGN.fullmatch(g.get("transform", ""))
        if m:
            x, y, k = map(float, m.groups())
            size = 20 * k
            out.append((x + size / 2, y + size / 2, size))
    return out


@pytest.mark.parametrize("suit", "alhb")
@pytest.mark.parametrize("rank, pips", [("7", 7), ("8", 8), ("9", 9), ("X", 10)])
def test_number_cards_show_their_count(rank, pips, suit):
    face = signs(rank + suit)
    assert len(face) == pips
    # pips never overlap one another
    for i, (x1, y1, s1) in enumerate(face):
        for x2, y2, s2 in face[i + 1:]:
            assert abs(x1 - x2) >= (s1 + s2) / 2 - 0.5 or abs(y1 - y2) >= (s1 + s2) / 2 - 0.5


@pytest.mark.parametrize("suit", "alhb")
def test_courts_and_ace_differ_as_on_the_hungarian_pack(suit):
    ace = [s for s in signs("A" + suit) if s[2] > 10]
    assert len(ace) == 1 and ace[0][2] >= 20  # one large sign
    over = [s for s in signs("O" + suit) if s[2] > 9]
    under = [s for s in signs("U" + suit) if s[2] > 9]
    assert len(over) == len(under) == 1
    assert over[0][1] < 32 < under[0][1]  # the Over's sign at the top, the Under's at the bottom
    king = card_svg.card_svg("K" + suit)
    assert card_svg.GOLD in king and "l1-4" in king  # the crown
    faces = {card_svg.card_svg(r + suit) for r in "AKOUX987"}
    assert len(faces) == 8
