"""Python-Markdown extension for the hcards pages: cards and rule clauses in prose.

Syntax (see the authoring guide in the README):

- ``[[Oa Xh 7l]]`` anywhere in inline text: an inline group of card images,
  ``<span class="hc-cards" dir="ltr"><img class="hc-card" src="…/assets/cards/Oa.svg"
  alt="<card name in the page's language>" width="40" height="64">…</span>``;
  ``[[??]]`` is a hidden card (the back). Codes are separated by spaces or commas.
- ``[§Z-4.2] text…`` at the very start of a paragraph, list item or heading: the element gets
  ``id="Z-4.2"`` and ``class="hc-clause"``; the marker becomes a visible permalink
  ``<a class="hc-clause-id" href="#Z-4.2">Z-4.2</a>``.
- ``§Z-4.2`` elsewhere: a link to the clause on the page that carries it (from
  ``tutorials/clauses.json``), in the same language, as a relative URL.

Unknown card codes and unknown clause ids raise :class:`HcardsMarkupError` naming the page
and the text (a MkDocs ``PluginError`` when MkDocs is installed, so a build stops with a
one-line message).

The extension keeps a :class:`PageContext` (language, page URL, source path). The MkDocs hook
``scripts/hooks/cards.py`` sets it before each page is rendered; tests set it directly::

    markdown.markdown(text, extensions=[HcardsExtension(lang="hu", page_url="hu/zsiros/rules/")])
"""

from __future__ import annotations

import html
import json
import posixpath
import re
import sys
import xml.etree.ElementTree as etree
from pathlib import Path

from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hcards_core.cards import HIDDEN, PACK, card_name  # noqa: E402

try:  # a clean one-line build error under MkDocs; a plain ValueError without it
    from mkdocs.exceptions import PluginError as _ErrorBase
except ImportError:  # pragma: no cover
    _ErrorBase = ValueError  # type: ignore[misc,assignment]

LANGUAGES = ("en", "hu", "ro", "fa", "ja")
DEFAULT_LANGUAGE = "en"
CLAUSES_JSON = ROOT / "tutorials" / "clauses.json"
CARD_DIR = "assets/cards"
CARD_WIDTH, CARD_HEIGHT = 40, 64

# Clause ids: Z-4.2, FC-3.1, FK-1.4, F-7.7b, EX-Z4, Z-V1, F-V1b, D-Z3 …
CLAUSE_ID = r"[A-Z]{1,2}-[A-Z]{0,2}[0-9]+(?:\.[0-9]+)*[a-z]?(?![A-Za-z0-9])"
CLAUSE_MARKER_RE = re.compile(r"\s*\[§(" + CLAUSE_ID + r")\][ \t]*")
CARDS_RE = r"\[\[([^\[\]\n]*)\]\]"
CLAUSE_REF_RE = r"§(" + CLAUSE_ID + r")"
_ANY_MARKER_RE = re.compile(r"\[§[^\]\n]*\]")


class HcardsMarkupError(_ErrorBase):
    """A card code or clause id in a page that the site does not know."""


class PageContext:
    """What the extension needs to know about the page being rendered.

    (A plain class, not a dataclass: the module is loaded by file path, possibly without an
    entry in ``sys.modules``.)
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, page_url: str = "", src: str = "",
                 use_directory_urls: bool = True, link_lang: str | None = None):
        self.lang = lang                  # language of the text (alt texts)
        self.page_url = page_url          # URL from the site root: "", "hu/", "zsiros/rules/"
        self.src = src                    # for error messages, e.g. "docs/hu/zsiros/rules.md"
        self.use_directory_urls = use_directory_urls
        self.link_lang = link_lang        # language tree of clause links (default: from page_url)

    def where(self) -> str:
        return self.src or self.page_url or "<markdown>"


RTL_LANGUAGES = ("fa",)


def _persian_digits(n: int) -> str:
    """``12`` → ``'۱۲'`` (the Extended Arabic-Indic digits Persian text uses)."""
    return str(n).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))


def language_of_src(src_uri: str) -> str:
    """``hu/zsiros/rules.md`` → ``hu``; anything not in a language folder is English."""
    first = src_uri.replace("\\", "/").split("/", 1)[0]
    return first if first in LANGUAGES else DEFAULT_LANGUAGE


def language_of_url(page_url: str) -> str:
    first = page_url.lstrip("/").split("/", 1)[0]
    return first if first in LANGUAGES and first != DEFAULT_LANGUAGE else DEFAULT_LANGUAGE


def relative_url(target: str, page_url: str) -> str:
    """URL of ``target`` (from the site root) relative to the page at ``page_url``.

    A page URL ending in ``/`` is a directory (``use_directory_urls``); otherwise its
    directory is the part before the last ``/``.
    """
    page_url = page_url.lstrip("/")
    base = page_url[:-1] if page_url.endswith("/") else posixpath.dirname(page_url)
    rel = posixpath.relpath(target or ".", base or ".")
    if target.endswith("/") and not rel.endswith("/"):
        rel += "/"
    if rel == "./":
        return "./"
    return rel


def load_clause_pages(path: Path = CLAUSES_JSON) -> dict[str, str]:
    """Clause id → the page that carries it, without language: ``zsiros/rules``, ``sources``."""
    data = json.loads(Path(path).read_text("utf-8"))
    pages: dict[str, str] = {}
    for key, value in data.items():
        if key.startswith("_"):
            continue
        if key == "sources":
            for cid in value:
                pages[cid] = "sources"
            continue
        for kind in ("rules", "variants"):
            for cid in value.get(kind, []):
                pages[cid] = f"{key}/{kind}"
    return pages


class HcardsExtension(Extension):
    def __init__(self, lang: str = DEFAULT_LANGUAGE, page_url: str = "", src: str = "",
                 use_directory_urls: bool = True, clauses: dict[str, str] | None = None,
                 **kwargs):
        self.context = PageContext(lang=lang, page_url=page_url, src=src,
                                   use_directory_urls=use_directory_urls)
        self._clauses = clauses
        super().__init__(**kwargs)

    @property
    def clauses(self) -> dict[str, str]:
        if self._clauses is None:
            self._clauses = load_clause_pages()
        return self._clauses

    def set_page(self, *, lang: str, page_url: str, src: str = "",
                 use_directory_urls: bool = True, link_lang: str | None = None) -> None:
        self.context = PageContext(lang=lang if lang in LANGUAGES else DEFAULT_LANGUAGE,
                                   page_url=page_url, src=src,
                                   use_directory_urls=use_directory_urls, link_lang=link_lang)

    # -- URLs -------------------------------------------------------------------------

    def card_url(self, code: str) -> str:
        name = "back.svg" if code == HIDDEN else f"{code}.svg"
        return relative_url(f"{CARD_DIR}/{name}", self.context.page_url)

    def clause_url(self, cid: str) -> str:
        page = self.clauses.get(cid)
        if page is None:
            raise HcardsMarkupError(
                f"{self.context.where()}: unknown clause id '§{cid}' "
                f"(not in tutorials/clauses.json)")
        ctx = self.context
        lang = ctx.link_lang or language_of_url(ctx.page_url)
        prefix = "" if lang == DEFAULT_LANGUAGE else f"{lang}/"
        target = f"{prefix}{page}/" if ctx.use_directory_urls else f"{prefix}{page}.html"
        here = ctx.page_url.lstrip("/")
        if target == here or (ctx.use_directory_urls and target == here + "/"):
            return f"#{cid}"
        return f"{relative_url(target, here)}#{cid}"

    # -- HTML -------------------------------------------------------------------------

    def cards_html(self, text: str) -> str:
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        if not tokens:
            raise HcardsMarkupError(f"{self.context.where()}: empty card group '[[{text}]]'")
        imgs = []
        for code in tokens:
            if code != HIDDEN and code not in PACK:
                raise HcardsMarkupError(
                    f"{self.context.where()}: unknown card code '{code}' in '[[{text}]]' "
                    f"(codes are <rank><suit>: ranks A K O U X 9 8 7, suits a l h b, "
                    f"or ?? for a hidden card)")
            alt = html.escape(card_name(code, self.context.lang), quote=True)
            imgs.append(
                f'<img class="hc-card" src="{html.escape(self.card_url(code))}" alt="{alt}"'
                f' width="{CARD_WIDTH}" height="{CARD_HEIGHT}">')
        if self.context.lang in RTL_LANGUAGES and len(imgs) > 1:
            # A row of cards is an order (a hand as received, trumps from the top): on a
            # right-to-left page it runs right to left, each card numbered, so that "the first
            # card" is the one the reader meets first.
            slots = "".join(f'<span class="hc-card-at">{img}<span class="hc-card-n" aria-hidden="true">'
                            f'{_persian_digits(n)}</span></span>' for n, img in enumerate(imgs, start=1))
            return f'<span class="hc-cards hc-cards--ordered" dir="rtl">{slots}</span>'
        return f'<span class="hc-cards" dir="ltr">{"".join(imgs)}</span>'

    def extendMarkdown(self, md):  # noqa: N802 (Python-Markdown's name)
        md.registerExtension(self)
        # After escapes (180) and code spans (190), before links (160): `[[Oa]]` in code
        # stays literal, and `[[Oa]]` is never read as a reference link.
        md.inlinePatterns.register(_CardsPattern(CARDS_RE, md, self), "hcards_cards", 175)
        # after Markdown links (160), so that a §ID inside a link's text stays text (no nested <a>)
        md.inlinePatterns.register(_ClauseRefPattern(CLAUSE_REF_RE, md, self), "hcards_clause_ref", 155)
        # Before the inline processor (20): the block text is still raw Markdown.
        md.treeprocessors.register(_ClauseAnchors(md, self), "hcards_clause_anchors", 25)
        # First of all (after the normalisation at 30): lines are still the author's lines.
        md.preprocessors.register(_JoinCjkLines(md, self), "hcards_join_cjk", 25)


_CJK = "[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"
_CJK_END = re.compile(_CJK + r"[*_`)\]]*$")  # a line ending in Japanese (perhaps closing markup)
_CJK_START = re.compile(r"[ \t]*[*_\[]*" + _CJK)  # a line going on in Japanese
_NOT_PROSE = re.compile(r"[ \t]*(?:$|#|\||>|<|!!!|\?\?\?|```|~~~|[-*+][ \t]|[0-9]+[.)][ \t])")
_CJK_LANGUAGES = ("ja",)


class _JoinCjkLines(Preprocessor):
    """A Japanese paragraph wrapped over several source lines is joined where both sides of a
    line break are Japanese: Markdown keeps the break as a space, which a Japanese reader sees
    as a stray gap ("3回 間違えると"). Headings, lists, tables, fences and hard breaks stay."""

    def __init__(self, md, ext: HcardsExtension):
        super().__init__(md)
        self.ext = ext

    def run(self, lines):
        if self.ext.context.lang not in _CJK_LANGUAGES:
            return lines
        out: list[str] = []
        fenced = False
        for line in lines:
            if re.match(r"[ \t]*(```|~~~)", line):
                fenced = not fenced
            elif (not fenced and out and _CJK_START.match(line) and not _NOT_PROSE.match(line)
                  and _CJK_END.search(out[-1]) and not _NOT_PROSE.match(out[-1])
                  and not out[-1].endswith("  ")):
                out[-1] += line.lstrip()
                continue
            out.append(line)
        return out


class _CardsPattern(InlineProcessor):
    def __init__(self, pattern, md, ext: HcardsExtension):
        super().__init__(pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802
        # Stashed as raw HTML so MkDocs' link rewriting leaves our relative URL alone.
        return self.md.htmlStash.store(self.ext.cards_html(m.group(1))), m.start(0), m.end(0)


class _ClauseRefPattern(InlineProcessor):
    ANCESTOR_EXCLUDES = ("a",)  # never a link inside a link (axe: link-name)

    def __init__(self, pattern, md, ext: HcardsExtension):
        super().__init__(pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802
        cid = m.group(1)
        href = html.escape(self.ext.clause_url(cid))
        link = f'<a class="hc-clause-ref" dir="ltr" href="{href}">§{cid}</a>'
        return self.md.htmlStash.store(link), m.start(0), m.end(0)


_BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6"}


class _ClauseAnchors(Treeprocessor):
    """``[§ID]`` opening a paragraph, list item or heading → id, class and permalink."""

    def __init__(self, md, ext: HcardsExtension):
        super().__init__(md)
        self.ext = ext

    def run(self, root):
        parents = {child: parent for parent in root.iter() for child in parent}
        seen: set[str] = set()
        for el in list(root.iter()):
            if el.tag not in _BLOCKS or not el.text:
                continue
            m = CLAUSE_MARKER_RE.match(el.text)
            if not m:
                bad = _ANY_MARKER_RE.match(el.text.lstrip())
                if bad:
                    raise HcardsMarkupError(
                        f"{self.ext.context.where()}: malformed clause marker '{bad.group(0)}'")
                continue
            cid = m.group(1)
            if cid not in self.ext.clauses:
                raise HcardsMarkupError(
                    f"{self.ext.context.where()}: unknown clause id '[§{cid}]' "
                    f"(not in tutorials/clauses.json)")
            if cid in seen:
                raise HcardsMarkupError(
                    f"{self.ext.context.where()}: clause '[§{cid}]' is marked twice on the page")
            seen.add(cid)
            # A paragraph that opens a list item marks the list item (loose lists).
            target = el
            parent = parents.get(el)
            if el.tag == "p" and parent is not None and parent.tag == "li" and len(parent) \
                    and parent[0] is el and not (parent.text or "").strip():
                target = parent
            if target.get("id") and target.get("id") != cid:
                raise HcardsMarkupError(
                    f"{self.ext.context.where()}: clause '[§{cid}]' on an element that already "
                    f"has id '{target.get('id')}'")
            target.set("id", cid)
            classes = (target.get("class") or "").split()
            if "hc-clause" not in classes:
                target.set("class", " ".join(classes + ["hc-clause"]))
            anchor = etree.Element("a", {"class": "hc-clause-id", "href": f"#{cid}", "dir": "ltr"})
            anchor.text = AtomicString(cid)
            rest = el.text[m.end():]
            el.text = None
            anchor.tail = (" " + rest) if rest else None
            el.insert(0, anchor)
        return None


def makeExtension(**kwargs):  # noqa: N802 (Python-Markdown's entry point)
    return HcardsExtension(**kwargs)
