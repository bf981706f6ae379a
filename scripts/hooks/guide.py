"""The guided path: a "next step" box at the end of every page, in the page's language.

The learning order is the navigation's (``nav:`` in mkdocs.yml): home, then each game's
overview, walkthroughs, exercises, rules and variants, then the progress page. A page on that
path points to the page after it; the reference pages (cards, checker, glossary…) point to the
progress page, which says where to continue; the progress page itself has its own "continue".
"""

from __future__ import annotations

from html import escape

import hcards_markdown
import tutorial_data as data

PROGRESS = "progress.md"
PATH_PAGES = ("index.md", "zsiros/", "filicau/", "ferbli/")


def _norm(page) -> str:
    """``en/zsiros/rules.md`` → ``zsiros/rules.md``."""
    return page.file.src_uri.split("/", 1)[1]


def next_page(page, pages_by_norm: dict):
    """The page a learner goes to after ``page`` (None for the progress page)."""
    norm = _norm(page)
    if norm == PROGRESS:
        return None
    if norm.startswith(PATH_PAGES) or norm == "index.md":
        return page.next_page
    return pages_by_norm.get(PROGRESS)


def box(page, target) -> str:
    lang = hcards_markdown.language_of_src(page.file.src_uri)
    href = hcards_markdown.relative_url(target.url, page.url)
    return (f'<nav class="hc-next-step" aria-label="{escape(data.text(lang, "guide", "next_step").rstrip(":：").strip())}">'
            f'<p><strong>{escape(data.text(lang, "guide", "next_step"))}</strong> '
            f'<a class="md-button md-button--primary hc-next-link" href="{escape(href)}">{escape(target.title)}</a></p></nav>')
