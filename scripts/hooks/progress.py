"""The progress page (``docs/<lang>/progress.md``): every walkthrough and exercise of the site
in the learning order, game by game, as links; ``assets/hcards-progress.js`` marks what this
browser has done (from the exercises' and walkthroughs' progress in localStorage), counts it and
points to where to continue. Without JavaScript the page is the full list with its links.
"""

from __future__ import annotations

from html import escape

import tutorial_data as data


def items(game: str, lang: str, home: str) -> list[tuple[str, str, str, str]]:
    """(kind, id, label, href) of a game's walkthroughs, then its exercises, in page order."""
    out = []
    for w in data.load_kind("walkthroughs"):
        if w["game"] == game:
            out.append(("walkthroughs", w["id"], data.text(lang, "walkthroughs", f"{w['id']}.title"),
                        f"{home}{game}/walkthroughs/#{w['id']}-1"))
    exercises = [e for e in data.load_kind("exercises") if e["game"] == game]
    label = data.text(lang, "ui", "ex_exercise")
    for n, e in enumerate(exercises, start=1):
        title = data.text(lang, "exercises", f"{e['id']}.title")
        out.append(("exercises", e["id"], f"{data.fill(lang, label, n=n)}: {title}", f"{home}{game}/exercises/#{e['id']}"))
    return out


def render_game(game: str, lang: str, links) -> str:
    """All games (the page's placeholder says ``data-game="all"``)."""
    g = lambda key: data.text(lang, "guide", key)  # noqa: E731
    games = data.GAMES if game == "all" else (game,)
    first = None
    html = ['<div class="hc-progress" data-hcards="progress">']
    body = []
    for name in games:
        rows = items(name, lang, links.home)
        first = first or rows[0]
        body.append(f'<section class="hc-progress-game" data-game="{name}">'
                    f'<h2><a href="{escape(links.home)}{name}/">{escape(g("game_" + name))}</a></h2>')
        for kind in ("walkthroughs", "exercises"):
            these = [r for r in rows if r[0] == kind]
            count = data.fill(lang, g(f"progress_{kind}"), done=0, total=len(these))
            body.append(f'<p class="hc-progress-count" data-kind="{kind}" data-total="{len(these)}">{escape(count)}</p>'
                        f'<progress class="hc-progress-bar" data-kind="{kind}" max="{len(these)}" value="0"'
                        f' aria-label="{escape(count)}"></progress><ul class="hc-progress-list">')
            for _, item_id, label, href in these:
                body.append(f'<li class="hc-progress-item hc-progress-todo" data-kind="{kind}" data-id="{escape(item_id)}">'
                            f'<a href="{escape(href)}">{escape(label)}</a> '
                            f'<span class="hc-progress-state">({escape(g("progress_todo"))})</span></li>')
            body.append("</ul>")
        body.append("</section>")
    html.append(f'<p class="hc-progress-continue hc-next-step"><strong>{escape(g("progress_start"))}</strong> '
                f'<a class="md-button md-button--primary hc-next-link" href="{escape(first[3])}">{escape(first[2])}</a></p>')
    html += body
    texts = {k: g(k) for k in ("progress_walkthroughs", "progress_exercises", "progress_continue",
                               "progress_all_done", "progress_start", "progress_done", "progress_todo")}
    html.append(data.data_script(texts))
    html.append(f'<p class="hc-hint">{escape(g("progress_note"))}</p></div>')
    html.append(f'<script type="module" src="{escape(links.assets)}hcards-progress.js"></script>')
    return "".join(html)
