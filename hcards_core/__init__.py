"""hcards_core — the rules of Ferbli, Zsíros and Filicău/Filkó as plain Python.

Pure standard library: the same code runs on CPython and, in the browser, on Pyodide.

>>> from hcards_core.cards import card_name
>>> card_name("Oa", "en")
'Over of acorns'
"""

__version__ = "0.1.0"

LANGUAGES = ("en", "hu", "ro", "fa", "ja")
