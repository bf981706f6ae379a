"""MkDocs hook: cards and rule clauses in the pages' Markdown.

Registers the ``hcards_markdown`` extension (next to this file) with every page's Markdown and
tells it, before each page is rendered, the page's language (from its source path
``<lang>/…``), its URL (for relative image and link URLs) and its source path (for error
messages). Unknown card codes or clause ids stop the build with a message naming the page.

mkdocs.yml::

    hooks:
      - scripts/hooks/cards.py
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
log = logging.getLogger("mkdocs.hooks.cards")


def _load_extension_module():
    """``hcards_markdown`` from this folder, whatever the current directory and sys.path."""
    spec = importlib.util.spec_from_file_location("hcards_markdown", HERE / "hcards_markdown.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["hcards_markdown"] = module
    spec.loader.exec_module(module)
    return module


hcards_markdown = _load_extension_module()
EXTENSION = hcards_markdown.HcardsExtension()


def on_config(config):
    # The i18n plugin builds each language with the same config: add the extension once.
    if not any(ext is EXTENSION for ext in config.markdown_extensions):
        config.markdown_extensions.append(EXTENSION)
    EXTENSION._clauses = hcards_markdown.load_clause_pages()  # re-read on every (re)build
    cards_dir = Path(config.docs_dir) / hcards_markdown.CARD_DIR
    missing = [c for c in (*hcards_markdown.PACK, "back")
               if not (cards_dir / f"{c}.svg").is_file()]
    if missing:
        log.warning("card images missing in %s: %s (run python scripts/card_svg.py)",
                    cards_dir, " ".join(missing))
    return config


def on_page_markdown(markdown, page, config, files):
    src_uri = page.file.src_uri
    EXTENSION.set_page(
        lang=hcards_markdown.language_of_src(src_uri),
        page_url=page.url,
        src=f"docs/{src_uri}",
        use_directory_urls=config.use_directory_urls,
    )
    return markdown
