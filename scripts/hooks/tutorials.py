"""MkDocs hook: fills the pages' tutorial placeholders with prerendered HTML.

A page marks where a kind of tutorial goes with ``<div data-hcards="walkthroughs"
data-game="zsiros"></div>``; this hook replaces it, in the page's language, with what the
renderer of that kind draws from ``tutorials/``. Renderers (one module per kind, next to
this file) take ``(game, lang, links)`` and return HTML; ``links.assets`` and ``links.home``
are the relative URLs of the site's ``assets/`` folder and of the language's home page.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import hcards_markdown  # noqa: E402
import tutorial_data  # noqa: E402
import walkthroughs  # noqa: E402
import rulings  # noqa: E402
import exercises  # noqa: E402
import progress  # noqa: E402
import guide  # noqa: E402
import play  # noqa: E402
import drills  # noqa: E402
import puzzles  # noqa: E402
import memory  # noqa: E402


class Links(NamedTuple):
    assets: str
    home: str


RENDERERS = {"walkthroughs": walkthroughs.render_game, "exercises": exercises.render_game}
RENDERERS["checker"] = rulings.render_game  # docs/<lang>/checker.md: data-game="all"
RENDERERS["progress"] = progress.render_game  # docs/<lang>/progress.md: data-game="all"
RENDERERS["play"] = play.render_game  # docs/<lang>/<game>/play.md
RENDERERS["drills"] = drills.render_game  # docs/<lang>/<game>/drills.md
RENDERERS["puzzles"] = puzzles.render_game  # docs/<lang>/<game>/puzzles.md
RENDERERS.update(memory.RENDERERS)  # review, mastery (game overviews), transfer (progress), classroom
PLACEHOLDER = re.compile(r'<div data-hcards="(?P<kind>[a-z]+)" data-game="(?P<game>[a-z]+)">\s*</div>')


def on_pre_build(config):
    tutorial_data.reload()
    puzzles.load.cache_clear()


def on_post_build(config, **kwargs):
    """The mined puzzles into the built site, split for lazy loading (scripts/hooks/puzzles.py)."""
    puzzles.write_data(Path(config["site_dir"]))


def on_page_content(html, page, config, files):
    def fill(match):
        renderer = RENDERERS.get(match["kind"])
        if renderer is None:
            return match[0]
        lang = hcards_markdown.language_of_src(page.file.src_uri)
        home = hcards_markdown.relative_url("" if lang == "en" else f"{lang}/", page.url)
        # relative_url("") gives "../.." at the English root: a home URL always ends in "/",
        # so that home + "zsiros/rules/" is a path below it.
        links = Links(hcards_markdown.relative_url("assets/", page.url), home.rstrip("/") + "/")
        return renderer(match["game"], lang, links)

    return PLACEHOLDER.sub(fill, html)


def on_page_context(context, page, config, nav):
    """Every page ends with its next step on the guided path (scripts/hooks/guide.py); here,
    once every page's title is known."""
    lang = page.file.src_uri.split("/", 1)[0]
    same_lang = {p.file.src_uri.split("/", 1)[1]: p for p in nav.pages if p.file.src_uri.startswith(lang + "/")}
    target = guide.next_page(page, same_lang)
    if target is not None and target.url != page.url:
        page.content += guide.box(page, target)
    return context
