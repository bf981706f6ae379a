"""Every translated page carries the content of its English page, not only its clause ids:
the same number of headings, the same boxes (examples, tips, notes, warnings), the same
decision references (``§D-…``) and, in the glossary, as many entries. A deliberate local
difference is recorded with its reason in ``tests/content_parity.json`` ("allowed"), with the
exact value it allows, so any further drift fails; known gaps still to be filled are recorded
the same way under "open" (and the test fails once they are filled, so the file stays true).

The ``variants.md`` pages are left out: they are being rewritten with the rules readings as
options (issue 14), and their clause markers are checked by ``test_site_content``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LANGS = ("hu", "ro", "fa", "ja")
RECORD = json.loads((ROOT / "tests" / "content_parity.json").read_text(encoding="utf-8"))
PAGES = sorted(str(p.relative_to(DOCS / "en")) for p in (DOCS / "en").rglob("*.md") if p.name != "variants.md")


def _text(path: Path) -> str:
    return re.sub(r"^(`{3,}|~{3,}).*?^\1", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def glossary_entries(text: str) -> int:
    """Entries as table rows (header rows not counted) or as "**term** – …" paragraphs."""
    rows = [l for l in text.splitlines() if l.startswith("|")]
    tables = sum(1 for a, b in zip(rows, rows[1:]) if re.match(r"^\|[\s:|-]+\|?$", b))
    table_entries = len([l for l in rows if not re.match(r"^\|[\s:|-]+\|?$", l)]) - tables
    paragraphs = len(re.findall(r"^\*\*[^*\n]+\*\*[^\n]{0,40}? [–—-] ", text, re.M))
    return table_entries + paragraphs


def aspects(page: str, lang: str) -> dict:
    text = _text(DOCS / lang / page)
    found = {
        "headings": len(re.findall(r"^#{1,6} ", text, re.M)),
        "boxes": sorted(re.findall(r"^\s*(?:!!!|\?\?\?\+?) (\w+)", text, re.M)),
        "decisions": sorted(set(re.findall(r"§D-[A-Z]+\d+", text))),
    }
    if page == "glossary.md":
        found["glossary_entries"] = glossary_entries(text)
    return found


CASES = [(page, lang) for page in PAGES for lang in LANGS]


@pytest.mark.parametrize("page,lang", CASES, ids=[f"{l}/{p}" for p, l in CASES])
def test_page_has_the_english_content(page, lang):
    if not (DOCS / lang / page).exists():
        pytest.skip(f"docs/{lang}/{page} does not exist (test_site_content requires every page)")
    en, here = aspects(page, "en"), aspects(page, lang)
    key = f"{lang}/{page}"
    faults = []
    for aspect, value in here.items():
        recorded = RECORD["allowed"].get(key, {}).get(aspect) or RECORD["open"].get(key, {}).get(aspect)
        if value == en[aspect]:
            if recorded:
                faults.append(f"{aspect} now matches the English: drop its entry from content_parity.json")
        elif not recorded:
            faults.append(f"{aspect}: {value!r} where the English has {en[aspect]!r}")
        elif recorded["value"] != value:
            faults.append(f"{aspect}: {value!r}, but content_parity.json allows {recorded['value']!r}")
    assert not faults, f"docs/{key}: " + "; ".join(faults)


def test_every_recorded_difference_has_a_reason_and_a_page():
    for section in ("allowed", "open"):
        for key, entries in RECORD[section].items():
            assert (DOCS / key).exists(), key
            for aspect, entry in entries.items():
                assert len(entry.get("reason", "")) > 20, f"{section} {key} {aspect}: give the reason"


def test_the_check_sees_a_missing_box_and_decision(tmp_path):
    text = "# T\n\n[§F-1.1] x (§D-F12).\n\n!!! example \"E\"\n    y\n"
    assert re.findall(r"§D-[A-Z]+\d+", text) == ["§D-F12"]
    assert glossary_entries("| a | b |\n|---|---|\n| x | y |\n| z | w |\n\n**t** – u\n") == 3
