"""The Play pages: a placeholder ``<div data-hcards="play" data-game="zsiros"></div>`` becomes
the set-up form's data and the script that runs a session against the computer players in
the browser's worker (``assets/hcards-play.js``, ``hcards_core.table_session``).

Nothing is prerendered but the frame: a deal depends on the learner's set-up and seed. The
page's payload carries the widget's words (``tutorials/text/<lang>/play.json``), the games
the page offers with their table sizes and options (each option named by the first words of
its clause in the page's language, with the clause's link), and the URLs it links to.
"""

from __future__ import annotations


import rulings
import tutorial_data as data
from hcards_core.errors import clause_page
from hcards_core.checker import game_info

# The games a page offers: the Filicău page plays Romanian Filicău and Filkó.
PAGE_GAMES = {"zsiros": ("zsiros",), "filicau": ("filicau", "filko"), "ferbli": ("ferbli",)}


def ui(lang: str) -> dict:
    return dict(data._text_file(lang, "play")) or {}


def games(page_game: str, lang: str) -> list[dict]:
    """The games of a page with their table sizes and options, each option named as the ruling
    checker names it (``rulings.option_labels``: its label, the label of every choice), with
    the clause that decides it."""
    out = []
    for name in PAGE_GAMES[page_game]:
        info = rulings.option_labels(game_info(name, lang), lang, labels=page_game)
        options = []
        for opt in info["options"]:
            rule = opt["rules"][0]
            kind = "choice" if opt["choices"] else opt["kind"]
            options.append({"name": opt["name"], "kind": kind, "default": opt["default"], "choices": opt["choices"],
                            "choice_labels": opt["choice_labels"], "default_label": opt["default_label"],
                            "rule": rule, "page": clause_page(rule), "label": opt["label"]})
        out.append({"game": name, "players": info["players"], "options": options})
    return out




def render_game(game: str, lang: str, links) -> str:
    if game not in PAGE_GAMES:
        return ""
    t = ui(lang)
    payload = {"page": game, "lang": lang, "home": links.home, "games": games(game, lang), "ui": t}
    return data.widget_html("play", game, payload, t["noscript"], links.assets)
