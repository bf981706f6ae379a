"""The spaced-repetition pages: their placeholders, filled at build time (``tutorials.py``).

- ``review`` (``docs/<lang>/review.md``): the "due today" deck. The page carries an index of
  what to practise per clause and theme — the site's exercises, puzzles and drills — and
  ``assets/hcards-memory.js`` lists the learner's due cards from the memory in this browser;
- ``mastery`` (each game's overview): the game's clauses grouped by rules section, each marked
  known / due / seen / new by ``hcards-memory.js``;
- ``transfer`` (``progress.md``): export and import of the progress file (``hcards-progress.js``);
- ``classroom`` (``docs/<lang>/class.md``): the teacher's table of learners' files
  (``hcards-class.js``).

Without JavaScript each is readable: the clause lists link the rules, the review deck says
where the progress is kept. Texts: ``tutorials/text/<lang>/memory.json``.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape

import tutorial_data as data
from hcards_core.errors import clause_page

TEXTS = "memory"
DOCS = data.ROOT / "docs"
STATES = ("due", "known", "seen", "new")
_ID = re.compile(r"\b(?:[A-Z]{1,2}|EX)-[A-Z]?\d+(?:\.\d+)*\b")
_SECTION = re.compile(r"^## \[§([A-Z]{1,2}-\d+)\]\s*(.+?)\s*$", re.M)


def t(lang: str, key: str) -> str:
    return data.text(lang, TEXTS, key)


def texts(lang: str, prefix: str) -> dict:
    """Every text of ``memory.json`` whose key starts with ``prefix`` (one widget's labels)."""
    en = data._text_file("en", TEXTS)
    return {k: t(lang, k) for k in en if k.startswith(prefix) or k.startswith("state_") or k.startswith("kind_")}




def _script(value) -> str:
    return data.data_script(value)


def page_exists(lang: str, page: str) -> bool:
    """``page`` ("zsiros/drills/") is a page of this build (puzzles and drills land later)."""
    return (DOCS / lang / (page.rstrip("/") + ".md")).exists()


@lru_cache(maxsize=None)
def clauses_json() -> dict:
    return json.loads((data.TUTORIALS / "clauses.json").read_text("utf-8"))


def game_clauses(game: str) -> list[str]:
    """The game's rules clauses a learner can be asked about: the numbered clauses of its rules
    page (``Z-4.3``), without the conventions of section 0 and the sections that only point
    elsewhere (worked examples, variants)."""
    return [c for c in clauses_json()[game]["rules"]
            if "." in c and not c.startswith("EX-") and not c.split(".")[0].endswith("-0")]


def sections(game: str, lang: str) -> list[tuple[str, str]]:
    """(section id, heading) of the game's rules page in ``lang``, in page order."""
    text = (DOCS / lang / game / "rules.md").read_text("utf-8")
    return [(m[1], m[2]) for m in _SECTION.finditer(text)]


def walkthrough_clauses() -> dict[str, list[str]]:
    """Per walkthrough, the clauses its narration cites: a finished walkthrough marks them seen."""
    en = data._text_file("en", "walkthroughs")
    out: dict[str, list[str]] = {}
    for w in data.load_kind("walkthroughs"):
        found = {m for k, v in en.items() if k.startswith(w["id"] + ".") for m in _ID.findall(v)}
        out[w["id"]] = sorted(found)
    return out


@lru_cache(maxsize=None)
def puzzles() -> list[dict]:
    """The mined puzzles (``tutorials/puzzles/<file>.jsonl``), when there are any."""
    out = []
    for path in sorted((data.TUTORIALS / "puzzles").glob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                p = json.loads(line)
                out.append({"id": p["id"], "game": p.get("record", {}).get("game", path.stem),
                            "clauses": p.get("clauses", []), "themes": p.get("themes", []), "rating": p.get("rating", 0)})
    return out


def folder(game: str) -> str:
    """The site folder of a game id (Filkó is taught on the Filicău pages)."""
    from hcards_core.games import PACKAGES

    return game if game in PACKAGES else {"filko": "filicau"}.get(game, game)


def theme_label(lang: str, theme: str) -> str:
    """A theme's label: a puzzle theme's from the puzzles' texts (``theme.<id>``), a drill
    type's from the drills' templates (``drill.type.<type>``), else the id itself."""
    from hcards_core.messages import catalog

    puzzles = data._text_file(lang, "puzzles")
    if isinstance(puzzles.get(f"theme.{theme}"), str):
        return puzzles[f"theme.{theme}"]
    return catalog(lang).get(f"drill.type.{theme}", theme)


def review_index(lang: str, home: str) -> dict:
    """What the deck links per card: the clause's page and exercises, puzzles of the clause or
    theme (the easiest three), the game's drills page; and labels for the items one missed."""
    g = lambda key: data.text(lang, "guide", key)  # noqa: E731
    games = {}
    for game in data.GAMES:
        drills, puzzles_page = f"{game}/drills/", f"{game}/puzzles/"
        games[game] = {"name": g(f"game_{game}"), "exercises": f"{home}{game}/exercises/",
                       "drills": f"{home}{drills}" if page_exists(lang, drills) else None,
                       "puzzles": f"{home}{puzzles_page}" if page_exists(lang, puzzles_page) else None}
    clauses: dict[str, dict] = {}
    items = {}
    label = data.text(lang, "ui", "ex_exercise")
    numbers: dict[str, int] = {}
    for ex in data.load_kind("exercises"):
        numbers[ex["game"]] = numbers.get(ex["game"], 0) + 1
        title = f"{data.fill(lang, label, n=numbers[ex['game']])}: {data.text(lang, 'exercises', ex['id'] + '.title')}"
        href = f"{home}{ex['game']}/exercises/#{ex['id']}"
        items[f"exercise:{ex['id']}"] = [title, href]
        entry = clauses.setdefault(ex["rule"], {"exercises": []})
        entry["exercises"].append(f"exercise:{ex['id']}")
    for game in data.GAMES:
        for clause in clauses_json()[game]["rules"] + clauses_json()[game].get("variants", []):
            clauses.setdefault(clause, {"exercises": []}).update(game=game, page=f"{home}{clause_page(clause)}#{clause}")
    practice: dict[str, list[str]] = {}
    for p in sorted(puzzles(), key=lambda p: p["rating"]):
        page = games.get(folder(p["game"]), {}).get("puzzles")
        if not page:
            continue
        items[f"puzzle:{p['id']}"] = [t(lang, "review_puzzle").format(id=p["id"]), f"{page}#{p['id']}"]
        for key in [f"clause:{c}" for c in p["clauses"]] + [f"theme:{th}" for th in p["themes"]]:
            if len(practice.setdefault(key, [])) < 3:
                practice[key].append(f"puzzle:{p['id']}")
    themes = sorted({th for p in puzzles() for th in p["themes"]})
    return {"games": games, "clauses": clauses, "items": items, "puzzles": practice,
            "themes": {th: theme_label(lang, th) for th in themes}}


# ---------------------------------------------------------------- the renderers


def render_review(game: str, lang: str, links) -> str:
    info = {"texts": texts(lang, "review_"), "index": review_index(lang, links.home), "lang": lang}
    return (f'<div class="hc-review" data-hcards="review">'
            f'<p class="hc-review-summary" role="status">{escape(t(lang, "review_loading"))}</p>'
            f'<ol class="hc-review-deck"></ol>'
            f'<h2 id="hc-review-later">{escape(t(lang, "review_later_title"))}</h2>'
            f'<ol class="hc-review-later" aria-labelledby="hc-review-later"></ol>'
            f'{_script(info)}'
            f'<p class="hc-hint">{escape(t(lang, "review_note"))}</p></div>')


def render_mastery(game: str, lang: str, links) -> str:
    ids = game_clauses(game)
    heads = dict(sections(game, lang))
    groups: dict[str, list[str]] = {}
    for cid in ids:
        groups.setdefault(cid.split(".")[0], []).append(cid)
    walk = {w: c for w, c in walkthrough_clauses().items()}
    info = {"texts": texts(lang, "mastery_"), "game": game, "walkthroughs": walk, "clauses": ids}
    uid = f"hc-mastery-{game}"
    html = [f'<section class="hc-mastery" data-game="{game}" aria-labelledby="{uid}">',
            f'<h2 id="{uid}">{escape(t(lang, "mastery_title"))}</h2>',
            f'<p class="hc-mastery-summary" role="status">{escape(t(lang, "mastery_intro"))}</p>',
            '<ul class="hc-mastery-legend">'
            + "".join(f'<li class="hc-m-{s}"><span class="hc-m-mark" aria-hidden="true"></span>{escape(t(lang, "state_" + s))}</li>'
                      for s in STATES) + "</ul>"]
    for section, members in groups.items():
        head = heads.get(section, "")
        html.append(f'<h3 class="hc-mastery-section"><bdi dir="ltr">§{escape(section)}</bdi> {escape(head)}</h3>'
                    '<ul class="hc-mastery-list">')
        for cid in members:
            href = f"{links.home}{clause_page(cid)}#{cid}"
            html.append(f'<li class="hc-m-new" data-clause="{escape(cid)}"><a href="{escape(href)}" dir="ltr">{escape(cid)}</a> '
                        f'<span class="hc-m-state">{escape(t(lang, "state_new"))}</span></li>')
        html.append("</ul>")
    html.append(f'<p class="hc-mastery-review"><a href="{escape(links.home)}review/">{escape(t(lang, "mastery_review_link"))}</a></p>')
    html.append(_script(info) + "</section>")
    return "".join(html)


def render_transfer(game: str, lang: str, links) -> str:
    """Export and import on the progress page."""
    info = {"texts": texts(lang, "file_"), "lang": lang}
    uid = "hc-transfer"
    return (f'<section class="hc-transfer" aria-labelledby="{uid}"><h2 id="{uid}">{escape(t(lang, "file_title"))}</h2>'
            f'<p>{escape(t(lang, "file_intro"))}</p>'
            f'<form class="hc-export"><label for="{uid}-name">{escape(t(lang, "file_name_label"))}</label> '
            f'<input id="{uid}-name" class="hcards-input" type="text" autocomplete="name" required dir="auto"> '
            f'<button type="submit" class="md-button md-button--primary">{escape(t(lang, "file_export"))}</button></form>'
            f'<p><label for="{uid}-file">{escape(t(lang, "file_import_label"))}</label> '
            f'<input id="{uid}-file" class="hc-import" type="file" accept=".json,application/json"></p>'
            f'<p class="hc-transfer-status" role="status" aria-live="polite"></p>'
            f'{_script(info)}'
            f'<script type="module" src="{escape(links.assets)}hcards-progress.js"></script></section>')


def render_classroom(game: str, lang: str, links) -> str:
    """The Class page: the teacher's files in, the table out (all in the page)."""
    g = lambda key: data.text(lang, "guide", key)  # noqa: E731
    exercises = []
    numbers: dict[str, int] = {}
    label = data.text(lang, "ui", "ex_exercise")
    for ex in data.load_kind("exercises"):
        numbers[ex["game"]] = numbers.get(ex["game"], 0) + 1
        exercises.append({"id": ex["id"], "game": ex["game"], "rule": ex["rule"], "n": numbers[ex["game"]],
                          "label": data.fill(lang, label, n=numbers[ex["game"]]),
                          "title": data.text(lang, "exercises", f"{ex['id']}.title"),
                          "href": f"{links.home}{ex['game']}/exercises/#{ex['id']}"})
    info = {"texts": texts(lang, "class_"), "lang": lang, "exercises": exercises,
            "games": {game: g(f"game_{game}") for game in data.GAMES},
            "clauses": {game: game_clauses(game) for game in data.GAMES}, "home": links.home}
    uid = "hc-class"
    return (f'<div class="hc-class">'
            f'<div class="hc-class-drop" tabindex="-1"><p>{escape(t(lang, "class_drop"))}</p>'
            f'<p><label for="{uid}-files">{escape(t(lang, "class_files_label"))}</label> '
            f'<input id="{uid}-files" class="hc-class-files" type="file" multiple accept=".json,application/json"></p></div>'
            f'<div class="hc-class-messages" role="status" aria-live="polite"></div>'
            f'<div class="hc-class-out"></div>'
            f'<p class="hc-class-print-row"><button type="button" class="md-button hc-class-print" hidden>{escape(t(lang, "class_print"))}</button></p>'
            f'{_script(info)}'
            f'<p class="hc-hint">{escape(t(lang, "class_note"))}</p>'
            f'<script type="module" src="{escape(links.assets)}hcards-class.js"></script></div>')


RENDERERS = {"review": render_review, "mastery": render_mastery, "transfer": render_transfer,
             "classroom": render_classroom}
