"""Game terms keep one Persian and one Japanese form across the whole site.

Several writers transliterated the same Hungarian/Romanian terms differently (ツカッサ and
チュカッサ for cukassza). ``tutorials/terms.json`` holds each term's canonical form (the one on
the language's glossary page) and the wrong variants found so far; a variant reappearing as a
whole word in any page, tutorial text, message catalog or displayed card name fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TERMS = json.loads((ROOT / "tutorials" / "terms.json").read_text(encoding="utf-8"))["terms"]
LANGS = ("hu", "ro", "fa", "ja")
LATIN_LANGS = ("hu", "ro")  # their variants are Latin words: looked for in their own texts only

# Persian short vowels and the like: optional pronunciation hints, not part of the spelling.
HARAKAT = re.compile("[\u064b-\u065f\u0670]")
# Letters that continue a word: a variant touching one is part of a longer word.
WORD_LETTERS = {
    "arabic": "\u0620-\u064a\u066e-\u06d3\u06d5\u06ee-\u06ff",
    "katakana": "\u30a1-\u30fa\u30fc",
    "latin": "A-Za-z\u00c0-\u024f",
}


def _letters_of(ch: str) -> str | None:
    for letters in WORD_LETTERS.values():
        if re.fullmatch(f"[{letters}]", ch):
            return letters
    return None


def variant_pattern(variant: str) -> re.Pattern:
    """Whole-word match of ``variant``: not preceded/followed by a letter of its own script
    (Japanese has no spaces, so katakana is bounded by katakana only; kana and kanji variants
    match anywhere)."""
    variant = HARAKAT.sub("", variant)
    head, tail = _letters_of(variant[0]), _letters_of(variant[-1])
    before = f"(?<![{head}])" if head else ""
    after = f"(?![{tail}])" if tail else ""
    return re.compile(before + re.escape(variant) + after)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def site_texts() -> dict[str, str]:
    """Every text of the site a reader sees, by repository path (JSON: its string values)."""
    texts = {}
    for path in sorted((ROOT / "docs").rglob("*.md")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    jsons = [*sorted((ROOT / "tutorials" / "text").glob("*/*.json")),
             *sorted((ROOT / "hcards_core").rglob("catalog/**/*.json")),
             *sorted((ROOT / "docs" / "assets" / "i18n").glob("*.json"))]
    for path in jsons:
        rel = str(path.relative_to(ROOT))
        if path.name == "cards.json":
            continue
        texts[rel] = "\n".join(_strings(json.loads(path.read_text(encoding="utf-8"))))
    # Card names: only the displayed (first) names; the other names are parsing aliases and
    # may deliberately accept a variant.
    cards = json.loads((ROOT / "hcards_core" / "catalog" / "cards.json").read_text(encoding="utf-8"))
    for lang in ("fa", "ja"):
        shown = [names[0] for part in ("ranks", "suits") for names in cards[lang][part].values()]
        texts[f"hcards_core/catalog/cards.json [{lang}]"] = "\n".join(shown + cards[lang]["patterns"])
    return {k: HARAKAT.sub("", v) for k, v in texts.items()}


TEXTS = site_texts()


def _of_language(where: str, lang: str) -> bool:
    """A text written in ``lang``: its pages, tutorial texts, catalogs and UI strings."""
    return f"docs/{lang}/" in where or f"/text/{lang}/" in where or where.endswith(f"/{lang}.json")


def wrong_forms(text: str, variant: str) -> list[int]:
    """Line numbers where ``variant`` occurs as a whole word in ``text``."""
    pat = variant_pattern(variant)
    return [text.count("\n", 0, m.start()) + 1 for m in pat.finditer(text)]


@pytest.mark.parametrize("term", TERMS, ids=[t["term"] for t in TERMS])
def test_no_wrong_variant_on_the_site(term):
    found = []
    for lang in LANGS:
        for variant in term["wrong"].get(lang, []):
            for where, text in TEXTS.items():
                if lang in LATIN_LANGS and not _of_language(where, lang):
                    continue
                found += [f"{where}:{line}: {variant!r} — write {term.get(lang)!r}"
                          for line in wrong_forms(text, variant)]
    assert not found, f"{term['term']}: wrong forms (see tutorials/terms.json):\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_canonical_forms_are_the_sites_own(lang):
    """Each canonical form is used on the language's own pages (the glossary sets it)."""
    pages = "\n".join(v for k, v in TEXTS.items() if k.startswith(f"docs/{lang}/"))
    missing = [t[lang] for t in TERMS if t.get(lang) and HARAKAT.sub("", t[lang]) not in pages]
    assert not missing, f"not on any docs/{lang}/ page: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_variant_forbids_a_canonical_form(lang):
    """A variant that matched inside a canonical form would make the right spelling fail."""
    canon = "\n".join(t[lang] for t in TERMS if t.get(lang))
    clashes = [v for t in TERMS for v in t["wrong"].get(lang, []) if wrong_forms(HARAKAT.sub("", canon), v)]
    assert not clashes, clashes


def test_whole_word_matching():
    # a longer word, or the canonical form that extends the variant, is not a slip …
    assert wrong_forms("دو برابر بزرگ‌ترین شرط", "بزر") == []
    assert wrong_forms("小グリガーレー", "グリガーレ") == []
    assert wrong_forms("ネ・ジールト", "ジール") == []
    # … but the variant itself is, with Persian diacritics, suffixes or Japanese particles around it
    assert wrong_forms(HARAKAT.sub("", "A بِزر ۲ گذاشت"), "بزر") == [1]
    assert wrong_forms("حالا\nکوکاسا‌ها", "کوکاسا") == [2]
    assert wrong_forms("ネ・ウッシュ！", "ウッシュ") == [1]
    assert wrong_forms("グリガーレを作る", "グリガーレ") == [1]


def test_latin_variants_are_whole_words_of_their_own_language():
    assert wrong_forms("C este calul de urmă (T)", "calul de urmă") == [1]
    assert wrong_forms("besszerezte", "besszerez") == []  # a longer word is another entry
    assert _of_language("tutorials/text/hu/rulings.json", "hu") and _of_language("hcards_core/catalog/ro.json", "ro")
    assert not _of_language("docs/en/glossary.md", "hu")
