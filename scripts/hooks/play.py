"""The Play pages: a placeholder ``<div data-hcards="play" data-game="zsiros"></div>`` becomes
the set-up form's data and the script that runs a session against the computer players in
the browser's worker (``assets/hcards-play.js``, ``hcards_core.table_session``).

Nothing is prerendered but the frame: a deal depends on the learner's set-up and seed. The
page's payload carries the widget's words (``tutorials/text/<lang>/play.json``), the games
the page offers with their table sizes and options (each option named by the first words of
its clause in the page's language, with the clause's link), and the URLs it links to.
"""

from __future__ import annotations

import json
import re
from html import escape

import rulings
import tutorial_data as data
from hcards_core.errors import clause_page
from hcards_core.games import get_game

# The games a page offers: the Filicău page plays Romanian Filicău and Filkó.
PAGE_GAMES = {"zsiros": ("zsiros",), "filicau": ("filicau", "filko"), "ferbli": ("ferbli",)}
TITLE_END = re.compile(r"[.:。：]")


def ui(lang: str) -> dict:
    return dict(data._text_file(lang, "play")) or {}


def _title(text: str) -> str:
    """The first words of a clause: up to its first full stop or colon, at most ~70 characters."""
    head = TITLE_END.split(text, 1)[0].strip()
    return head if len(head) <= 70 else head[:67].rstrip() + "…"


def games(page_game: str, lang: str) -> list[dict]:
    clauses = rulings.clause_texts(lang)
    out = []
    for name in PAGE_GAMES[page_game]:
        g = get_game(name)
        options = []
        for opt in g.options.values():
            rule = opt.rule.split("/")[0].strip()
            kind = "bool" if isinstance(opt.default, bool) else "choice" if opt.choices else "int"
            options.append({"name": opt.name, "kind": kind, "default": opt.default,
                            "choices": list(opt.choices) if opt.choices else None, "rule": rule,
                            "page": clause_page(rule), "label": _title(clauses.get(rule, opt.name))})
        out.append({"game": name, "players": list(g.players), "options": options})
    return out


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def render_game(game: str, lang: str, links) -> str:
    if game not in PAGE_GAMES:
        return ""
    t = ui(lang)
    payload = {"page": game, "lang": lang, "home": links.home, "games": games(game, lang), "ui": t}
    return (f'<div class="hc-play" data-hcards="play" data-game="{escape(game)}" tabindex="-1">'
            f'<p class="hc-play-noscript">{escape(t["noscript"])}</p>'
            f'<script type="application/json" class="hc-data">{_json(payload)}</script></div>'
            f'<script type="module" src="{escape(links.assets)}hcards-play.js"></script>')
