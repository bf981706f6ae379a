"""Our own drawings of the 32-card Hungarian pack, as small SVG files.

Each card is 40×64 CSS pixels (viewBox ``0 0 40 64``): the rank index in the top-left and
(turned) bottom-right corners — ``A K O U X IX VIII VII``, the letters of the card codes —
and a face that tells the rank at a glance, as on the real Hungarian pack:

- VII to X: that many suit signs (pips), in two columns;
- Ace: one large suit sign;
- Over (Felső): a figure with the suit sign above its head, at the top of the card;
- Under (Alsó): a figure with the suit sign at its feet, at the bottom of the card;
- King: a crowned, bearded figure on a throne, the suit sign on its chest.

The four suit symbols are drawn as paths in their traditional colours: acorns (makk) brown,
leaves (zöld) green, hearts (piros) red, bells (tök) yellow with a red band. ``back.svg`` is
the back of a card, shown for a hidden card (``??``).

Every file is ``role="img"`` with a ``<title>`` (the card's English name; pages give the
``<img>`` an ``alt`` in their own language). The output is deterministic: the same code
always gives the same bytes.

    python scripts/card_svg.py            # (re)writes docs/assets/cards/*.svg
    python scripts/card_svg.py --check    # exit 1 when a committed file is missing or stale
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hcards_core.cards import HIDDEN, PACK, card_name  # noqa: E402

OUT_DIR = ROOT / "docs" / "assets" / "cards"
WIDTH, HEIGHT = 40, 64

# Corner indices: the letters of the codes for the court cards and the Ace, Roman numerals
# (as printed on Hungarian cards) for the number cards.
RANK_INDEX = {"A": "A", "K": "K", "O": "O", "U": "U", "X": "X", "9": "IX", "8": "VIII", "7": "VII"}

# Dark ink per suit (index text, outlines): every one has a contrast of at least 7:1 on the
# card face, so the index stays readable when small.
INK = {"a": "#5a3210", "l": "#1d5e20", "h": "#b3141b", "b": "#7a4a00"}
FACE = "#fffdf6"
EDGE = "#6b6257"
FONT = "Arial, Helvetica, 'Liberation Sans', sans-serif"

# The suit symbols, each drawn in a 20×20 box.
SUIT_SYMBOL = {
    # acorn: stem, a hatched cup, the nut below it
    "a": (
        '<path d="M9.1 0.8h1.8v3.4h-1.8z" fill="#5a3210"/>'
        '<path d="M4.6 15C4.6 10.5 5.2 8.6 10 8.6S15.4 10.5 15.4 15C15.4 17.8 13 19.6 10 19.6S4.6 17.8 4.6 15z"'
        ' fill="#c98a3d" stroke="#5a3210" stroke-width="0.8"/>'
        '<path d="M2.6 9.4C2.6 5.4 5.8 3.6 10 3.6S17.4 5.4 17.4 9.4z" fill="#6e4a1c"'
        ' stroke="#5a3210" stroke-width="0.8"/>'
        '<path d="M5 5.6l3.6 3.6M8.6 4.2l5 5M12.4 3.9l4.6 4.6M15 5.6l-3.6 3.6M11.4 4.2l-5 5M7.6 3.9L3 8.5"'
        ' stroke="#d8b27a" stroke-width="0.6" fill="none"/>'
        '<path d="M7.2 12.2c0.6-1 1.4-1.5 2.4-1.7" stroke="#f0d3a0" stroke-width="0.9" fill="none"'
        ' stroke-linecap="round"/>'
    ),
    # leaf: a pointed leaf with a stalk and a central vein
    "l": (
        '<path d="M10 0.6C13.4 4.2 18.4 7.4 18.4 11.6C18.4 15 15 16.4 11.3 14.6L12.4 19.4H7.6'
        'L8.7 14.6C5 16.4 1.6 15 1.6 11.6C1.6 7.4 6.6 4.2 10 0.6z" fill="#2e8b2e"'
        ' stroke="#1d5e20" stroke-width="0.8" stroke-linejoin="round"/>'
        '<path d="M10 3.2V14M10 8.2L6.4 6.2M10 8.2l3.6-2M10 11.4L5.2 9.6M10 11.4l4.8-1.8"'
        ' stroke="#a8dca0" stroke-width="0.7" fill="none" stroke-linecap="round"/>'
    ),
    # heart
    "h": (
        '<path d="M10 18.8C4.6 14.6 1 11.2 1 6.9C1 3.9 3.2 1.6 6 1.6C7.8 1.6 9.2 2.6 10 4'
        'C10.8 2.6 12.2 1.6 14 1.6C16.8 1.6 19 3.9 19 6.9C19 11.2 15.4 14.6 10 18.8z"'
        ' fill="#d62828" stroke="#b3141b" stroke-width="0.8" stroke-linejoin="round"/>'
        '<path d="M4.6 5.2C5.2 4.2 6.2 3.7 7.2 3.8" stroke="#f6b3b3" stroke-width="0.9" fill="none"'
        ' stroke-linecap="round"/>'
    ),
    # bell: a round sleigh bell with a loop, a red band and the slit
    "b": (
        '<circle cx="10" cy="2.6" r="1.6" fill="none" stroke="#7a4a00" stroke-width="1"/>'
        '<circle cx="10" cy="11.4" r="7.8" fill="#f4b800" stroke="#7a4a00" stroke-width="0.8"/>'
        '<path d="M2.4 9.6h15.2v2.6H2.4z" fill="#d62828"/>'
        '<circle cx="10" cy="14.8" r="1.5" fill="#4a2c00"/>'
        '<path d="M10 15.6v3.4" stroke="#4a2c00" stroke-width="1.1"/>'
        '<path d="M5.4 7.4C6.2 6 7.4 5.2 8.8 5" stroke="#fff0b0" stroke-width="0.9" fill="none"'
        ' stroke-linecap="round"/>'
    ),
}


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open(title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="title">',
        f'<title id="title">{_esc(title)}</title>',
    ]


def _corner(rank: str, suit: str) -> str:
    """The index: small enough to leave the face its pips; a number card's pips say the suit,
    a court card and the Ace add a small suit sign under the letter."""
    label = RANK_INDEX[rank]
    if rank in PIPS:
        # Long numerals are condensed to stay inside the corner.
        fit = {3: ' textLength="10.5" lengthAdjust="spacingAndGlyphs"',
               4: ' textLength="13" lengthAdjust="spacingAndGlyphs"'}.get(len(label), "")
        return (f'<text x="2.4" y="9" font-family="{FONT}" font-size="8.6" font-weight="700"'
                f' fill="{INK[suit]}"{fit}>{label}</text>')
    return (
        f'<text x="2.6" y="10.2" font-family="{FONT}" font-size="10" font-weight="700"'
        f' fill="{INK[suit]}">{label}</text>'
        f'<g transform="translate(2.4 12) scale(0.33)">{SUIT_SYMBOL[suit]}</g>'
    )


def _sign(suit: str, cx: float, cy: float, size: float) -> str:
    """The suit symbol centred on (cx, cy), ``size`` px wide."""
    k = size / 20
    return (f'<g transform="translate({cx - size / 2:g} {cy - size / 2:g}) scale({k:g})">'
            f'{SUIT_SYMBOL[suit]}</g>')


# Pip centres for the number cards (x, y), two columns and a middle one, inside x 8–32, y 13–53
# (clear of the corner indices).
PIPS = {
    "7": [(12, 17), (28, 17), (20, 25), (12, 33), (28, 33), (12, 47), (28, 47)],
    "8": [(12, 17), (28, 17), (12, 27.5), (28, 27.5), (12, 38), (28, 38), (12, 48.5), (28, 48.5)],
    "9": [(12, 17), (28, 17), (12, 27.5), (28, 27.5), (20, 32.5), (12, 38), (28, 38), (12, 48.5), (28, 48.5)],
    "X": [(12, 17), (28, 17), (20, 22.5), (12, 28), (28, 28), (12, 37), (28, 37), (20, 42.5), (12, 48), (28, 48)],
}
PIP_SIZE = 8.2

# Figure colours: a coat in the suit's colour, skin, hair.
COAT = {"a": "#8a5a2b", "l": "#2e7d32", "h": "#c62828", "b": "#d49b00"}
SKIN, HAIR, GOLD = "#f2c9a0", "#4a2c12", "#e0a800"


def _figure(suit: str, top: float, king: bool = False) -> str:
    """A standing court figure whose head is at ``top``: head, hat or crown, coat, legs."""
    y = top
    ink = INK[suit]
    parts = [
        # legs and shoes
        f'<path d="M17 {y + 19}v7.5M23 {y + 19}v7.5" stroke="{ink}" stroke-width="2.2"/>',
        # coat: shoulders to the knees, a belt
        f'<path d="M13 {y + 8.5}Q20 {y + 6} 27 {y + 8.5}L28.5 {y + 20}H11.5z" fill="{COAT[suit]}"'
        f' stroke="{ink}" stroke-width="0.7" stroke-linejoin="round"/>',
        f'<path d="M12.3 {y + 14.5}h15.4" stroke="{GOLD}" stroke-width="1.2"/>',
        # head
        f'<circle cx="20" cy="{y + 4}" r="3.4" fill="{SKIN}" stroke="{ink}" stroke-width="0.6"/>',
    ]
    if king:
        parts += [
            # a beard, a crown with three points, an ermine collar
            f'<path d="M17 {y + 5.2}Q20 {y + 10.5} 23 {y + 5.2}z" fill="#e8e2d0" stroke="{ink}" stroke-width="0.5"/>',
            f'<path d="M15.8 {y + 1.2}l1-4 1.8 2.4 1.4-3.4 1.4 3.4 1.8-2.4 1 4z" fill="{GOLD}"'
            f' stroke="#7a4a00" stroke-width="0.5" stroke-linejoin="round"/>',
            f'<path d="M13.4 {y + 8.8}Q20 {y + 11.6} 26.6 {y + 8.8}" stroke="#fff" stroke-width="1.6" fill="none"/>',
        ]
    else:
        # a feathered hat
        parts.append(f'<path d="M15.6 {y + 2.2}Q20 {y - 2.6} 24.4 {y + 2.2}z" fill="{HAIR}"/>'
                     f'<path d="M23 {y + 0.6}q3-3 4.6-2" stroke="{COAT[suit]}" stroke-width="1" fill="none"/>')
    return "".join(parts)


def _face(rank: str, suit: str) -> str:
    if rank in PIPS:
        size = PIP_SIZE if rank != "X" else 7.4  # ten pips need a little more room
        return "".join(_sign(suit, x, y, size) for x, y in PIPS[rank])
    if rank == "A":  # one large sign in a ring
        return (f'<circle cx="20" cy="32" r="14.5" fill="none" stroke="{INK[suit]}" stroke-width="0.6"'
                f' stroke-dasharray="1.5 1.5"/>' + _sign(suit, 20, 32, 24))
    if rank == "O":  # Over: the sign at the top, the figure below it
        return _sign(suit, 20, 19, 11) + _figure(suit, 27)
    if rank == "U":  # Under: the figure above, the sign at the bottom
        return _figure(suit, 13) + _sign(suit, 20, 46, 11)
    # King: seated on a throne, crowned, the sign on his chest
    return (f'<path d="M10.5 {26}h19v24h-19z" fill="#f3e2b8" stroke="#7a4a00" stroke-width="0.6"/>'
            + _figure(suit, 20, king=True) + _sign(suit, 20, 31.5, 6.5))


def card_svg(code: str) -> str:
    """The SVG document of one card (``??`` gives the back)."""
    if code == HIDDEN:
        return back_svg()
    if code not in PACK:
        raise ValueError(f"not a card code: {code!r}")
    rank, suit = code[0], code[1]
    corner = _corner(rank, suit)
    parts = _open(card_name(code, "en"))
    parts += [
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="3.5"'
        f' fill="{FACE}" stroke="{EDGE}"/>',
        _face(rank, suit),
        corner,
        f'<g transform="rotate(180 20 32)">{corner}</g>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def back_svg() -> str:
    """The back of a card: a red-brown lattice inside a light frame."""
    parts = _open(card_name(HIDDEN, "en"))
    parts += [
        '<defs><pattern id="lattice" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<path d="M3 0L6 3L3 6L0 3z" fill="none" stroke="#e9b98a" stroke-width="0.8"/>'
        "</pattern></defs>",
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="3.5"'
        f' fill="{FACE}" stroke="{EDGE}"/>',
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="2" fill="#7b2d26"/>',
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="2" fill="url(#lattice)"/>',
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="1.5" fill="none"'
        ' stroke="#f3d9b1" stroke-width="0.8"/>',
        '<circle cx="20" cy="32" r="6" fill="#7b2d26" stroke="#f3d9b1" stroke-width="0.8"/>',
        '<path d="M20 27.6L24.4 32L20 36.4L15.6 32z" fill="#f3d9b1"/>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def file_name(code: str) -> str:
    return "back.svg" if code == HIDDEN else f"{code}.svg"


def all_cards() -> dict[str, str]:
    """File name → SVG text, for the 32 cards and the back."""
    files = {file_name(code): card_svg(code) for code in PACK}
    files[file_name(HIDDEN)] = back_svg()
    return files


def write(out_dir: Path = OUT_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in all_cards().items():
        path = out_dir / name
        if not path.exists() or path.read_text("utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            written.append(path)
    return written


def stale(out_dir: Path = OUT_DIR) -> list[str]:
    """Names of the files that are missing or differ from what this module draws."""
    return [name for name, text in all_cards().items()
            if not (out_dir / name).exists() or (out_dir / name).read_text("utf-8") != text]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale()
        if bad:
            print(f"card_svg: stale or missing in {OUT_DIR}: {', '.join(bad)}", file=sys.stderr)
            return 1
        return 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
