"""The site's content in five languages: clause anchors, rule ids of the core, no English left.

Issue 6's parity requirements, checked on the built site (the ``built_site`` fixture) and on
the core's source, so that a clause cited in an error message always has its anchor.
"""

from __future__ import annotations

import ast
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hcards_core.games import GAME_MODULES, PACKAGES, get_game, refusal_clauses

LANGUAGES = ("en", "hu", "ro", "fa", "ja")
ROOT = Path(__file__).resolve().parents[1]
CLAUSES = json.loads((ROOT / "tutorials" / "clauses.json").read_text(encoding="utf-8"))
GAMES = PACKAGES


def page_file(site: Path, lang: str, page: str) -> Path:
    base = site if lang == "en" else site / lang
    return base / page / "index.html"


class _Page(HTMLParser):
    """Collects the ids of a page and the text of its article (code, scripts and cards aside)."""

    SKIP = {"script", "style", "code", "pre", "svg"}

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.text: list[str] = []
        self.dir = None
        self._skip = 0
        self._article = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("html", "body") and a.get("dir"):  # Material sets it on <body>
            self.dir = a["dir"]
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "article":
            self._article += 1
        if tag in self.SKIP:
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self._skip:
            self._skip -= 1
        if tag == "article" and self._article:
            self._article -= 1

    def handle_data(self, data):
        if self._article and not self._skip:
            self.text.append(data)


def parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def anchor_pages():
    for game in GAMES:
        yield f"{game}/rules", CLAUSES[game]["rules"]
        yield f"{game}/variants", CLAUSES[game]["variants"]
    yield "sources", CLAUSES["sources"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clause_has_its_anchor_once_in_every_language(built_site, lang):
    for page, ids in anchor_pages():
        found = parse(page_file(built_site, lang, page)).ids
        missing = [i for i in ids if i not in found]
        assert not missing, f"{lang}/{page} lacks anchors {missing}"
        twice = sorted({i for i in ids if found.count(i) > 1})
        assert not twice, f"{lang}/{page} has anchors more than once: {twice}"


def rule_ids_in_core() -> set[str]:
    """Every clause id the core can cite, read from the code itself: the clauses of each
    game state's ``REFUSALS`` (``State.refuse`` raises no other, see the next tests) and the
    clauses of every option (the checker links them)."""
    ids = set(refusal_clauses())
    for name in GAME_MODULES:
        for option in get_game(name).options.values():
            ids.update(r.strip() for r in option.rule.split("/") if r.strip())
    return ids


def test_the_core_cites_clauses_and_they_all_exist():
    ids = rule_ids_in_core()
    # The three shapes a regular expression over the source missed are found: a Filicău
    # refusal, Ferbli's phase tables and a clause chosen by a condition.
    assert {"FK-1.4", "FC-4.3", "F-6.4", "F-7.5", "F-V12", "Z-4.4", "F-0.1", "Z-V1"} <= ids, sorted(ids)
    assert len(ids) >= 58, len(ids)
    known = {i for game in GAMES for i in CLAUSES[game]["rules"] + CLAUSES[game]["variants"]} | set(CLAUSES["sources"])
    assert not ids - known, f"the core cites clauses that are not in the digests: {sorted(ids - known)}"


def _calls_of(name: str):
    """(module, enclosing function, line) of every call of ``name`` in the core's source."""
    for path in sorted((ROOT / "hcards_core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
            for node in ast.walk(func):
                if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name:
                    yield path.relative_to(ROOT).as_posix(), func.name, node.lineno


def test_every_refusal_goes_through_the_registered_tables():
    """``IllegalAction`` is built in one place, ``State.refuse``, which accepts only a code and
    clause its state's ``REFUSALS`` lists: so ``refusal_clauses`` is every clause a refusal cites."""
    makers = {(module, func) for module, func, _ in _calls_of("IllegalAction")}
    assert makers == {("hcards_core/game.py", "refuse")}, makers
    # And a refusal written with its clause and code in place is one its state lists, so
    # the table cannot fall behind the code even where no test reaches that refusal.
    sites = 0
    for path in sorted((ROOT / "hcards_core").glob("*/state.py")):
        table = get_game(path.parent.name).state.refusals()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "refuse":
                rule, code = node.args[:2]
                if isinstance(code, ast.Constant) and isinstance(rule, ast.Constant):
                    sites += 1
                    assert rule.value in table.get(code.value, ()), (path.name, node.lineno, code.value, rule.value)
    assert sites >= 25, sites  # the scan works (26 such sites today)
    from hcards_core.zsiros import new_deal

    with pytest.raises(LookupError):
        new_deal(players=2).refuse("Z-9.9", "no_hitting_card", seat=0)


def _every_clause_anchor(site: Path, lang: str) -> set[str]:
    pages = [f"{game}/{kind}" for game in GAMES for kind in ("rules", "variants")] + ["sources"]
    return {i for page in pages for i in parse(page_file(site, lang, page)).ids}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_id_the_core_raises_has_its_anchor(built_site, lang):
    anchors = _every_clause_anchor(built_site, lang)
    missing = sorted(i for i in rule_ids_in_core() if i not in anchors)
    assert not missing, f"{lang}: no anchor for {missing}"


def content_pages(site: Path) -> list[str]:
    return sorted(p.parent.relative_to(site).as_posix() for p in site.glob("**/index.html")
                  if p.parent.relative_to(site).parts[:1] not in [(lang,) for lang in LANGUAGES[1:]]
                  and "assets" not in p.parts and "search" not in p.parts)


WORD = re.compile(r"\w{4,}")
URLISH = re.compile(r"\S*[./]\S*")


def words(text: str) -> list[str]:
    """Whole words of Latin letters only: 'megvalósítható' is one Hungarian word, not 'that'."""
    return [w for w in WORD.findall(text) if w.isascii() and w.isalpha()]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_no_page_is_left_in_english(built_site, lang):
    """Each page's article text differs from the English one, and for scripts other than
    Latin most of its words are not Latin at all (game terms and codes aside)."""
    for page in content_pages(built_site):
        en = " ".join(parse(page_file(built_site, "en", page) if page != "." else built_site / "index.html").text)
        path = (built_site / lang / page / "index.html") if page != "." else built_site / lang / "index.html"
        other = " ".join(parse(path).text)
        assert other.strip() and other != en, f"{lang}/{page} is the English page"
        if page in MULTILINGUAL:
            continue
        en_words = set(w.lower() for w in words(en))
        other = URLISH.sub(" ", other)  # addresses of sources are not prose
        shared = [w for w in words(other) if w.lower() in en_words and w.lower() in COMMON_ENGLISH]
        assert len(shared) <= 3, f"{lang}/{page} still has English: {shared[:10]}"


# Pages that list every term in all five languages, English included, by design.
MULTILINGUAL = {"cards", "glossary"}


# Everyday English words that never belong in a translated page (game terms are not here).
COMMON_ENGLISH = {
    "the", "and", "with", "this", "that", "when", "which", "there", "their", "have", "from", "must", "each",
    "player", "players", "cards", "card", "trick", "tricks", "round", "leader", "partner", "wins", "winner",
    "play", "plays", "played", "hand", "hands", "rules", "rule", "deal", "dealer", "team", "teams", "points",
}


def test_persian_pages_are_right_to_left_and_others_left_to_right(built_site):
    assert parse(built_site / "fa" / "zsiros" / "rules" / "index.html").dir == "rtl"
    for lang in ("en", "hu", "ro", "ja"):
        path = (built_site if lang == "en" else built_site / lang) / "zsiros" / "rules" / "index.html"
        assert parse(path).dir in ("ltr", None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_in_pages_have_text_alternatives_in_the_page_language(built_site, lang):
    html = page_file(built_site, lang, "cards").read_text(encoding="utf-8")
    imgs = re.findall(r'<img [^>]*class="hc-card[^"]*"[^>]*>', html)
    assert len(imgs) >= 32
    alts = [re.search(r'alt="([^"]*)"', i).group(1) for i in imgs]
    assert all(alts)
    from hcards_core.cards import card_name
    assert card_name("Oa", lang) in alts
