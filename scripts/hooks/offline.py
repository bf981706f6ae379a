"""MkDocs hook: the site installable and readable offline where browsers allow it.

Browsers run a service worker only on HTTPS or on localhost; over plain HTTP (a classroom
network) the served folder stays the way (README, the teachers' page).

- every page links its language's web app manifest (``<lang>/manifest.webmanifest``: the
  site's name and description in that language, its direction, our own card drawing as icon);
- after the build, ``scripts/offline-sw.mjs`` (Workbox's ``generateSW``, pinned in
  package.json) writes one service worker per language, scoped to its folder, precaching that
  language's pages and the rules engine, and ``offline.json`` beside it (what it downloads).
  The page registers it only when the reader asks to keep the site offline
  (``docs/assets/hcards-offline.js``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
WORKBOX = ROOT / "node_modules" / "workbox-build"
THEME_COLOR = "#795548"  # Material's "brown" primary (mkdocs.yml palette)
ICON = "assets/cards/Oa.svg"  # the Over of acorns, the "öreg": our own drawing (scripts/card_svg.py)


def _languages(config) -> list[dict]:
    """[{lang, folder, name, description}] for every language built, the default first."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return [{"lang": "en", "folder": "", "description": config.site_description or ""}]
    out = []
    for lang in i18n.config.languages:
        if not lang.build:
            continue
        out.append({"lang": lang.locale, "folder": "" if lang.default else f"{lang.locale}/",
                    "description": lang.site_description or config.site_description or ""})
    return sorted(out, key=lambda l: l["folder"] != "")


def _folder(config) -> str:
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None) if i18n else None
    default = getattr(i18n, "default_language", None) if i18n else None
    return "" if not lang or lang == default else f"{lang}/"


def on_post_page(output: str, page, config) -> str:
    href = get_relative_url(_folder(config) + "manifest.webmanifest", page.url or ".")
    link = f'<link rel="manifest" href="{href}">'
    return output.replace("</head>", f"  {link}\n  </head>", 1) if "</head>" in output else output


def manifest(lang: dict, config) -> dict:
    icon = ("../" * lang["folder"].count("/")) + ICON
    return {
        "name": config.site_name, "short_name": config.site_name, "description": lang["description"],
        "lang": lang["lang"], "dir": "rtl" if lang["lang"] in ("fa", "ar", "he") else "ltr",
        "start_url": "./", "scope": "./", "display": "standalone",
        "theme_color": THEME_COLOR, "background_color": "#ffffff",
        "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }


@event_priority(-250)  # after the runtime's copy (-200), before the .gz copies (-300)
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and getattr(i18n, "building", False):
        return  # a nested per-language build: the outermost build finishes the site
    site = Path(config.site_dir)
    langs = _languages(config)
    for lang in langs:
        folder = site / lang["folder"]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "manifest.webmanifest").write_text(
            json.dumps(manifest(lang, config), ensure_ascii=False, indent=1) + "\n", "utf-8")
    if not (WORKBOX / "package.json").exists():
        raise SystemExit("node_modules/workbox-build is missing: run scripts/setup (npm ci)")
    run = subprocess.run(
        ["node", str(ROOT / "scripts" / "offline-sw.mjs"), str(site),
         json.dumps([{"lang": l["lang"], "folder": l["folder"]} for l in langs])],
        cwd=ROOT, capture_output=True, text=True,
    )
    if run.returncode:
        raise RuntimeError(f"writing the service workers failed:\n{run.stdout}{run.stderr}")
