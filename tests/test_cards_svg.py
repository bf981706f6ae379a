"""The card drawings: 32 cards and a back, committed, up to date, valid and accessible."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CARDS_DIR = ROOT / "docs" / "assets" / "cards"
SVG = "{http://www.w3.org/2000/svg}"


def _load():
    spec = importlib.util.spec_from_file_location("card_svg", ROOT / "scripts" / "card_svg.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


card_svg = _load()
PACK = card_svg.PACK
NAMES = [f"{c}.svg" for c in PACK] + ["back.svg"]


def test_all_33_files_exist_and_nothing_else():
    assert len(NAMES) == 33
    present = sorted(p.name for p in CARDS_DIR.glob("*.svg"))
    assert present == sorted(NAMES)


def test_committed_files_are_up_to_date():
    drawn = card_svg.all_cards()
    assert sorted(drawn) == sorted(NAMES)
    stale = [name for name, text in drawn.items()
             if (CARDS_DIR / name).read_text("utf-8") != text]
    assert not stale, f"regenerate with: python scripts/card_svg.py (stale: {stale})"


def test_output_is_deterministic():
    assert card_svg.all_cards() == card_svg.all_cards()


@pytest.mark.parametrize("name", NAMES)
def test_valid_accessible_svg(name):
    root = ET.parse(CARDS_DIR / name).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox") == "0 0 40 64"
    assert (root.get("width"), root.get("height")) == ("40", "64")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text and title.text.strip()
    assert root.get("aria-labelledby") == title.get("id")
    # nothing external: no links, images, scripts or fonts from elsewhere
    text = (CARDS_DIR / name).read_text("utf-8")
    for bad in ("href=", "<image", "<script", "@import", "url(http"):
        assert bad not in text


@pytest.mark.parametrize("code,title", [("Oa", "Over of acorns"), ("Xh", "Ten of hearts"),
                                        ("7l", "Seven of leaves"), ("9b", "Nine of bells")])
def test_titles_and_indices(code, title):
    text = card_svg.card_svg(code)
    assert f">{title}</title>" in text
    assert f">{card_svg.RANK_INDEX[code[0]]}</text>" in text


def test_back_and_bad_codes():
    assert card_svg.card_svg("??") == card_svg.back_svg()
    assert ">hidden card</title>" in card_svg.back_svg()
    with pytest.raises(ValueError):
        card_svg.card_svg("Qx")
