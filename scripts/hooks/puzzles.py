"""The Puzzles pages: a placeholder ``<div data-hcards="puzzles" data-game="zsiros"></div>``
becomes the widget's frame (``assets/hcards-puzzles.js``), and the mined puzzles
(``tutorials/puzzles/<file>.jsonl``) go into the built site split for lazy loading.

The page carries only the widget's words, the themes with their labels and counts and where
the data lies; the puzzles themselves are fetched when the learner asks for one:
``assets/puzzles/<file>/index.json`` (id, rating, themes and chunk of every puzzle, a few
dozen kilobytes) and ``assets/puzzles/<file>/<k>.json`` (``CHUNK`` puzzles each), so a page
view costs nothing and a puzzle one small request (both gzipped by ``compress.py``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import tutorial_data as data
from exercises import refute_texts
from hcards_core.errors import clause_page

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "tutorials" / "puzzles"
FILES = ("zsiros", "filicau", "ferbli")
CHUNK = 50
# The fields the page needs of a puzzle (the rest — seeds, the miner's numbers — stay in the data).
KEPT = ("id", "record", "seat", "answer", "themes", "clauses", "rating", "unit", "values", "worlds")


@lru_cache(maxsize=None)
def load(file: str) -> tuple:
    path = PUZZLES / f"{file}.jsonl"
    if not path.exists():
        return ()
    return tuple(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def themes() -> dict:
    return json.loads((PUZZLES / "themes.json").read_text(encoding="utf-8"))["themes"]


def ui(lang: str) -> dict:
    return dict(data._text_file(lang, "puzzles"))




def render_game(game: str, lang: str, links) -> str:
    if game not in FILES:
        return ""
    t = ui(lang)
    counts: dict[str, int] = {}
    for p in load(game):
        for theme in p["themes"]:
            counts[theme] = counts.get(theme, 0) + 1
    listed = [{"id": k, "label": t[f"theme.{k}"], "count": counts[k]} for k in themes() if k in counts]
    listed.sort(key=lambda x: -x["count"])
    payload = {"file": game, "lang": lang, "home": links.home, "data": f"{links.assets}puzzles/{game}/",
               "assets": links.assets, "total": len(load(game)), "themes": listed,
               "pages": {c: clause_page(c) for t in themes().values() for c in t["clauses"]},
               "ui": {k: v for k, v in t.items() if not k.startswith("theme.")}, "refute_ui": refute_texts(lang)}
    return data.widget_html("puzzles", game, payload, t["noscript"], links.assets)


def write_data(site: Path) -> int:
    """The split data under ``site/assets/puzzles/``; returns the number of files written."""
    written = 0
    for file in FILES:
        puzzles = load(file)
        if not puzzles:
            continue
        folder = site / "assets" / "puzzles" / file
        folder.mkdir(parents=True, exist_ok=True)
        index = [{"id": p["id"], "rating": p["rating"], "themes": p["themes"], "chunk": k // CHUNK}
                 for k, p in enumerate(puzzles)]
        (folder / "index.json").write_text(data.compact_json(index), encoding="utf-8")
        written += 1
        for start in range(0, len(puzzles), CHUNK):
            chunk = [{f: p[f] for f in KEPT if f in p} for p in puzzles[start:start + CHUNK]]
            (folder / f"{start // CHUNK}.json").write_text(data.compact_json(chunk), encoding="utf-8")
            written += 1
    return written
