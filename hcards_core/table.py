"""The card table: a deal's state drawn as accessible HTML.

One renderer serves both sides of the site: the MkDocs hooks call it at build time, so a
walkthrough is readable without JavaScript and found by the search; the browser's Python
worker calls it again when the learner steps, switches the view or tries a move. The table
keeps ``dir="ltr"`` so seat order never mirrors on a Persian page; seats sit in playing order
(anticlockwise: seat 1 on seat 0's right, i.e. to the right of the bottom seat on screen).

``assets`` is the relative URL of the site's ``assets/`` folder from the page showing the
table, so the same HTML works at ``/``, in a language folder or under a sub-path.

>>> from hcards_core.cards import PACK
>>> from hcards_core.zsiros import new_deal
>>> html = render_table(new_deal(players=2, dealer=1, pack=list(PACK)), seat=0, lang="en")
>>> 'alt="Ace of acorns"' in html, html.count('alt="hidden card"')
(True, 4)
"""

from __future__ import annotations

import json

from .cards import HIDDEN, card_name
from .games import view_of
from .messages import finish, render, seat_label, team_label


def escape(text: str) -> str:
    """``html.escape`` without importing ``html``, whose entity table is ~50 ms of Python's
    start in the browser (scripts/bench).

    >>> escape('<b class="x">A & B</b>')
    '&lt;b class=&quot;x&quot;&gt;A &amp; B&lt;/b&gt;'
    """
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def card_img(card: str, lang: str, assets: str, highlight: bool = False) -> str:
    file = "back" if card == HIDDEN else card
    cls = "hc-card hc-card--hl" if highlight else "hc-card"
    return (f'<img class="{cls}" src="{escape(assets)}cards/{file}.svg" '
            f'alt="{escape(card_name(card, lang))}" width="40" height="64">')


def action_label(state, action: dict, lang: str) -> str:
    """A legal action in words, e.g. 'Let the trick go' or 'Bet 2' (its game's ``View``)."""
    return view_of(state, lang).action_label(action)


def render_table(state, seat: int | None = None, lang: str = "en", assets: str = "assets/",
                 interactive: bool = False, highlight=(), card_buttons: int | None = None,
                 actions: list | None = None, hide_facts=()) -> str:
    """The table as HTML, seen by ``seat`` (None: every card face up); ``highlight`` marks cards.

    With ``interactive``, the seat to act's cards and its other legal actions are buttons
    carrying the action as JSON (``data-action``), for the page script to send to the core.
    An exercise says instead which buttons it offers: ``card_buttons`` (a seat whose every card
    is a button to play it, legal or not, so the table never gives the answer away) and
    ``actions`` (``(action, label, asks_amount)``); ``hide_facts`` leaves facts out by their
    catalog key (e.g. who is winning, when that is the question).
    """
    view = view_of(state, lang)
    n = state.players
    pub = state.public_state()
    dealer, to_act = pub.get("dealer"), state.to_act
    legal = [m for a in state.legal_actions() for m in concrete(a)] if interactive and to_act is not None else []
    # What-if: every card the seat to act holds is a button, the illegal ones too, so that the
    # core can explain why a card may not be played (the trick games only).
    if legal and view.card_play:
        card_buttons = to_act
    if actions is None:  # an amount act keeps its range: one button and a field for any legal amount
        ranged = _concrete(state.legal_actions()) if legal else []
        actions = [(a, None, False) for a in ranged if not (a.get("act") == "play" and "card" in a)]
    parts = [f'<div class="hc-table hc-table--{n}" dir="ltr" role="group" '
             f'aria-label="{escape(render("table.label", lang))}">']
    # A side is shown only where it has partners: two-player Zsíros has a "side" per seat, and
    # "team 1" against "team 2" would only suggest partners who are not there
    teams = [view.seat_team(s) for s in range(n)]
    for s, hand in enumerate(state.view(seat)["hands"]):
        classes = ["hc-seat", f"hc-seat--{n}-{s}"] + (["hc-seat--to-act"] if s == to_act else [])
        tags = []
        if s == dealer:
            tags.append(render("table.dealer", lang))
        if s == to_act:
            tags.append(render("table.to_act", lang))
        team = teams[s]
        name = render("table.seat", lang, seat=s)
        if team is not None and teams.count(team) > 1:
            name += f' <span class="hc-team hc-team--{team}">{escape(team_label(team, lang))}</span>'
        tag_html = "".join(f'<span class="hc-tag">{escape(t)}</span>' for t in tags)
        # A named group, not a <section> (a region landmark, repeated by every table on a page)
        # and a label, not a heading: a table sits under headings of any level (axe-core:
        # landmark-unique, heading-order).
        parts.append(f'<div class="{" ".join(classes)}" data-seat="{s}" role="group" '
                     f'aria-label="{escape(render("table.seat", lang, seat=s))}">'
                     f'<p class="hc-seat-name">{name} {tag_html}</p><ul class="hc-hand">')
        for card in hand:
            img = card_img(card, lang, assets, card in highlight)
            if s == card_buttons and card != HIDDEN:
                action = escape(_action_json({"seat": s, "act": "play", "card": card}))
                parts.append(f'<li><button type="button" class="hc-card-btn" data-action="{action}">{img}</button></li>')
            else:
                parts.append(f"<li>{img}</li>")
        parts.append("</ul></div>")
    parts.append(_center(view, lang, assets, highlight))
    facts = [(key, value) for key, value in view.facts() if key not in hide_facts]
    if facts:
        parts.append('<dl class="hc-facts">')
        for key, value in facts:
            parts.append(f"<div><dt>{escape(render(key, lang))}</dt><dd>{escape(finish(str(value), lang))}</dd></div>")
        parts.append("</dl>")
    if actions:
        parts.append(f'<div class="hc-actions" role="group" aria-label="{escape(render("table.actions", lang))}">')
        for action, label, asks_amount in actions:
            if label is None:
                parts.append(_action_button(state, action, lang))
                continue
            amount = ' data-amount="1"' if asks_amount else ""
            parts.append(f'<button type="button" class="md-button hc-action" data-action="{escape(_action_json(action))}"'
                         f"{amount}>{escape(label)}</button>")
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def _center(view, lang: str, assets: str, highlight=()) -> str:
    rounds = view.center()
    out = [f'<div class="hc-center" aria-label="{escape(render("table.center", lang))}">']
    if not rounds:
        out.append(f'<p class="hc-empty">{escape(render("table.empty", lang))}</p>')
    for k, rnd in enumerate(rounds):
        out.append(f'<ol class="hc-round" aria-label="{escape(render("table.round", lang, round=k + 1))}">')
        for play in rnd:
            out.append(f'<li data-seat="{play["seat"]}"><span class="hc-who">{seat_label(play["seat"])}</span>'
                       f'{card_img(play["card"], lang, assets, play["card"] in highlight)}</li>')
        out.append("</ol>")
    out.append("</div>")
    return "".join(out)


def concrete(action: dict) -> list[dict]:
    """A legal action as actions one can send: an amount act given as ``min``/``max`` (Ferbli)
    becomes the smallest and the largest amount (the largest when there is one).

    >>> concrete({"seat": 0, "act": "bet", "min": 1, "max": 6})
    [{'seat': 0, 'act': 'bet', 'amount': 1}, {'seat': 0, 'act': 'bet', 'amount': 6}]
    """
    if "min" not in action:
        return [action]
    base = {k: v for k, v in action.items() if k not in ("min", "max")}
    amounts = [action["min"]] + ([action["max"]] if action.get("max") not in (None, action["min"]) else [])
    return [{**base, "amount": amount} for amount in amounts]


def _concrete(legal: list[dict]) -> list[dict]:
    """Legal actions as actions one can send: an amount act given as ``min``/``max`` (Ferbli)
    keeps its range (``_action_button`` gives it a field for any amount in it), starting at
    the smallest amount."""
    out = []
    for action in legal:
        if "min" not in action:
            out.append(action)
            continue
        base = {k: v for k, v in action.items() if k not in ("min", "max")}
        out.append({**base, "amount": action["min"], "_range": (action["min"], action.get("max"))})
    return out


def _action_button(state, action: dict, lang: str) -> str:
    """A legal action as a button carrying it as JSON. An amount act with a range is one button
    and a number field beside it (any legal amount, not only the limits): the page's script
    (``hcards-ui.js``) writes the typed amount into the button's action and label, from the
    label with ``{amount}`` left open (``data-label``)."""
    rng = action.get("_range")
    action = {k: v for k, v in action.items() if k != "_range"}
    data = escape(_action_json(action))
    label = escape(action_label(state, action, lang))
    if not rng or rng[0] == rng[1]:
        return f'<button type="button" class="md-button hc-action" data-action="{data}">{label}</button>'
    low, high = rng
    open_label = action_label(state, {**action, "amount": "{amount}"}, lang)
    name = render("table.amount", lang)
    top = f' max="{high}"' if high is not None else ""
    return (f'<span class="hc-amount-act"><button type="button" class="md-button hc-action" data-action="{data}" '
            f'data-label="{escape(open_label)}">{label}</button><input type="number" class="hc-amount" '
            f'inputmode="numeric" step="1" min="{low}"{top} value="{low}" aria-label="{escape(name)}"></span>')


def _action_json(action: dict) -> str:
    return json.dumps(action, ensure_ascii=False)
