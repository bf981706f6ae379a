"""The Drills pages: a placeholder ``<div data-hcards="drills" data-game="zsiros"></div>``
becomes the frame of the endless rule drills (``assets/hcards-drills.js``), whose questions the
rules core generates in the browser's worker from a seed (``hcards_core.learn.drills``).

Nothing is prerendered but the frame and the picker: a drill exists only once its seed is
drawn. The page's payload carries the widget's words (``tutorials/text/<lang>/drills.json``),
the games the page drills (the Filicău page: Romanian Filicău and Filkó) with their drill
types named in the page's language, and the home URL the clause links start from.
"""

from __future__ import annotations


import tutorial_data as data
from hcards_core.learn.drills import MIXED, types
from hcards_core.messages import render

PAGE_GAMES = {"zsiros": ("zsiros",), "filicau": ("filicau", "filko"), "ferbli": ("ferbli",)}


def ui(lang: str) -> dict:
    return dict(data._text_file(lang, "drills"))


def games(page_game: str, lang: str) -> list[dict]:
    t = ui(lang)
    return [{"game": g, "label": t[f"game_{g}"], "types": types(g, lang)} for g in PAGE_GAMES[page_game]]




def render_game(game: str, lang: str, links) -> str:
    if game not in PAGE_GAMES:
        return ""
    t = ui(lang)
    payload = {"page": game, "lang": lang, "home": links.home, "games": games(game, lang),
               "mixed": {"type": MIXED, "label": render(f"drill.type.{MIXED}", lang)}, "ui": t}
    return data.widget_html("drills", game, payload, t["noscript"], links.assets)
