"""The built site: all languages, page parity, English root 404, nothing external, the runtime."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

LANGUAGES = ("en", "hu", "ro", "fa", "ja")
DEFAULT_LANGUAGE = "en"

OTHERS = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]


def pages(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*.md")}


def test_every_language_has_every_english_source_page(repo):
    english = pages(repo / "docs" / DEFAULT_LANGUAGE)
    assert "index.md" in english
    for lang in OTHERS:
        missing = english - pages(repo / "docs" / lang)
        assert not missing, f"docs/{lang}/ lacks {sorted(missing)}"
        extra = pages(repo / "docs" / lang) - english
        assert not extra, f"docs/{lang}/ has pages English lacks: {sorted(extra)}"


def built_pages(site: Path, lang: str) -> set[str]:
    base = site if lang == DEFAULT_LANGUAGE else site / lang
    skip = set(OTHERS) | {"assets", "search"}
    return {
        p.relative_to(base).as_posix() for p in base.rglob("index.html")
        if p.relative_to(base).parts[0] not in skip or lang != DEFAULT_LANGUAGE
    }


class Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def parse(path: Path) -> list[tuple[str, dict]]:
    p = Tags()
    p.feed(path.read_text("utf-8"))
    return p.tags


def test_every_language_is_built_with_every_page(built_site):
    english = built_pages(built_site, DEFAULT_LANGUAGE)
    assert "index.html" in english
    for lang in OTHERS:
        assert built_pages(built_site, lang) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_and_direction(built_site, lang):
    base = built_site if lang == DEFAULT_LANGUAGE else built_site / lang
    for page in base.rglob("index.html"):
        rel = page.relative_to(built_site).parts
        if lang == DEFAULT_LANGUAGE and rel[0] in OTHERS:
            continue
        tags = dict((t, a) for t, a in reversed(parse(page)))
        assert tags["html"].get("lang") == lang, page
        assert tags["body"].get("dir") == ("rtl" if lang == "fa" else "ltr"), page


def test_root_404_is_english(built_site):
    tags = dict((t, a) for t, a in reversed(parse(built_site / "404.html")))
    assert tags["html"]["lang"] == "en"
    assert tags["body"]["dir"] == "ltr"


def test_no_head_alternate_links(built_site):
    # Material fetches a sitemap.xml next to every <link rel=alternate hreflang> on each page
    # load (404s in the language folders); the hook drops them, the language selector's own
    # links still point at the same page in every language.
    for page in [built_site / "404.html", *built_site.rglob("index.html")]:
        tags = parse(page)
        assert not [a for t, a in tags if t == "link" and a.get("rel") == "alternate" and "hreflang" in a], page
    home = parse(built_site / "fa" / "index.html")
    assert {a.get("hreflang") for t, a in home if t == "a" and a.get("hreflang")} >= set(LANGUAGES)


EXTERNAL = re.compile(r"^\s*(?:https?:)?//", re.I)


def test_no_external_resources(built_site):
    bad = []
    for page in built_site.rglob("*.html"):
        for tag, attrs in parse(page):
            for attr in ("src", "href", "data", "poster", "srcset"):
                value = attrs.get(attr)
                if not value:
                    continue
                if tag == "a" and attr == "href":
                    continue  # a link the reader may follow is not a request
                if tag == "link" and (attrs.get("rel") or "") in ("alternate", "canonical"):
                    continue
                if EXTERNAL.match(value):
                    bad.append(f"{page.relative_to(built_site)}: <{tag} {attr}={value}>")
    for css in built_site.rglob("*.css"):
        text = css.read_text("utf-8", errors="replace")
        for m in re.finditer(r"@import\s+(?:url\()?\s*['\"]?([^'\")\s;]+)|url\(\s*['\"]?([^'\")]+)", text):
            value = m.group(1) or m.group(2)
            if EXTERNAL.match(value):
                bad.append(f"{css.relative_to(built_site)}: {value}")
    assert not bad, "external resources:\n" + "\n".join(bad)


def test_theme_loads_no_web_fonts(built_site):
    html = (built_site / "index.html").read_text("utf-8")
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_has_the_demo_and_runtime(built_site, lang):
    base = built_site if lang == DEFAULT_LANGUAGE else built_site / lang
    tags = parse(base / "index.html")
    assert any(a.get("data-hcards") == "card-names" for _, a in tags)
    scripts = [a for t, a in tags if t == "script" and (a.get("src") or "").endswith("hcards-runtime.js")]
    assert scripts and scripts[0].get("type") == "module"
    src = scripts[0]["src"]
    assert not src.startswith("/"), "asset URLs must be relative"
    assert (base / src).resolve() == (built_site / "assets" / "hcards-runtime.js").resolve()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_strings_complete(repo, lang):
    english = json.loads((repo / "docs/assets/i18n/en.json").read_text("utf-8"))
    strings = json.loads((repo / f"docs/assets/i18n/{lang}.json").read_text("utf-8"))
    assert strings.keys() == english.keys()
    assert all(v.strip() for v in strings.values())
    if lang != "en":
        same = [k for k in english if strings[k] == english[k]]
        assert not same, f"untranslated: {same}"


def test_pyodide_runtime_is_shipped(built_site, repo):
    dest = built_site / "assets" / "pyodide"
    npm = repo / "node_modules" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (dest / name).read_bytes() == (npm / name).read_bytes(), name
    for name in ("hcards-runtime.js", "hcards-worker.js"):
        assert (built_site / "assets" / name).is_file()


def test_lock_registers_the_wheel_with_its_checksum(built_site, repo):
    dest = built_site / "assets" / "pyodide"
    lock = json.loads((dest / "pyodide-lock.json").read_text("utf-8"))
    npm_lock = json.loads((repo / "node_modules/pyodide/pyodide-lock.json").read_text("utf-8"))
    assert lock["info"] == npm_lock["info"]
    entry = lock["packages"]["hcards-core"]
    wheel = dest / entry["file_name"]
    assert wheel.is_file()
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["hcards_core"] and entry["depends"] == []
    # nothing listed that the site does not serve
    for pkg in lock["packages"].values():
        assert (dest / pkg["file_name"]).is_file()
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    assert "hcards_core/bridge.pyc" in names  # bytecode only (scripts/hooks/runtime.py: site_wheel)
    assert any(n.startswith("hcards_core/") and n.endswith(".json") for n in names), "catalogs missing"
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)


def test_wheel_contains_every_core_module_and_catalog(built_site, repo):
    """Every module as Pyodide's bytecode in place of its source (the browser never reads the
    sources: scripts/hooks/runtime.py, site_wheel), every catalog as it is."""
    lock = json.loads((built_site / "assets/pyodide/pyodide-lock.json").read_text("utf-8"))
    wheel = built_site / "assets/pyodide" / lock["packages"]["hcards-core"]["file_name"]
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    files = {p.relative_to(repo).as_posix() for p in (repo / "hcards_core").rglob("*") if p.is_file()}
    wanted = {f[:-3] + ".pyc" if f.endswith(".py") else f for f in files if f.endswith((".py", ".json"))}
    assert wanted <= names, sorted(wanted - names)
    assert not any(n.endswith(".py") or "__pycache__" in n for n in names)


def test_wheel_carries_bytecode_for_one_python_in_its_record(built_site):
    """Each module's bytecode (scripts/pyodide-compile.mjs) is for one Python version and is
    listed in the wheel's RECORD with its sha256. (That Pyodide's Python imports it is
    tests/test_stdlib_trimmed.py, with this very wheel.)"""
    import base64

    lock = json.loads((built_site / "assets/pyodide/pyodide-lock.json").read_text("utf-8"))
    wheel = built_site / "assets/pyodide" / lock["packages"]["hcards-core"]["file_name"]
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = {row.split(",")[0]: row.split(",")[1] for row in zf.read(record_name).decode().splitlines() if row}
        modules = sorted(n for n in names if n.endswith(".pyc"))
        magics = set()
        for pyc in modules:
            data = zf.read(pyc)
            magics.add(data[:4])
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert record.get(pyc) == f"sha256={digest}", f"{pyc} missing or wrong in RECORD"
    assert len(modules) > 40 and len(magics) == 1
