"""Spaced repetition over the rules: one FSRS card per clause and per theme.

Every answer the site records (an exercise check, a puzzle try, a drill answer: the
``hcards:answer`` event, ``docs/assets/hcards-memory.js``) reviews the card of each clause and
theme it tests, with a rating read from the answer (``rating_of``). The scheduler is the
``fsrs`` package (FSRS-6, MIT), shipped in the site as a wheel and loaded by the worker only
when the memory is first needed; it is imported inside the functions, so the core stays
standard-library only at import time.

The memory is a function of the answer log: ``update`` replays the log's new answers on top of
a memory built from its earlier ones, and rebuilds from the whole log when the two disagree
(an import merged older answers in). So the log is the one thing a learner's progress is, and
the memory can always be made again from it.

Times are epoch milliseconds (the browser's ``Date.now()``). Floats are rounded to four places,
so none is written with an exponent (where Python and JavaScript write numbers differently) and
the progress file's canonical form (``canonical``) is the same text in both.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta, timezone

from ..bridge import exposed

VERSION = 1
KINDS = ("exercise", "puzzle", "drill")
AGAIN, HARD, GOOD = 1, 2, 3
MISSED_KEPT = 5  # per card, the items last answered wrong (the review deck links them)
FORMAT = "hcards-progress"
LATEST = 4_102_444_800_000  # 2100-01-01 in ms: a later answer time is a broken entry

_scheduler = None


def scheduler():
    """The one FSRS scheduler: default FSRS-6 weights, 90 % retention, no random fuzz (the
    same log always gives the same memory). One learning step of a minute: a wrong answer comes
    back within the hour, a right one graduates at once and comes back after days."""
    global _scheduler
    if _scheduler is None:
        from fsrs import Scheduler

        _scheduler = Scheduler(desired_retention=0.9, learning_steps=(timedelta(minutes=1),),
                               relearning_steps=(timedelta(minutes=10),), enable_fuzzing=False)
    return _scheduler


def rating_of(answer: dict) -> int:
    """FSRS rating of one answer: wrong → Again; right after a miss or a hint → Hard; right at
    the first try → Good. (Easy would need more than one answer can show.)

    >>> rating_of({"correct": False}), rating_of({"correct": True}), rating_of({"correct": False, "right": True})
    (1, 3, 2)
    >>> rating_of({"correct": True, "hints": 1})
    2
    """
    right = answer.get("right", answer.get("correct"))
    if not right:
        return AGAIN
    if not answer.get("correct") or answer.get("hints"):
        return HARD
    return GOOD


def valid_answer(a) -> bool:
    """An answer the log may hold: the ``hcards:answer`` detail (docs: README, Progress)."""
    return (isinstance(a, dict) and a.get("kind") in KINDS and isinstance(a.get("id"), str) and a["id"]
            and isinstance(a.get("game"), str) and type(a.get("at")) is int and 0 <= a["at"] < LATEST
            and isinstance(a.get("correct"), bool)
            and isinstance(a.get("clauses"), list) and all(isinstance(c, str) and c for c in a["clauses"])
            and isinstance(a.get("themes", []), list) and all(isinstance(t, str) and t for t in a.get("themes", [])))


def answer_key(a: dict) -> tuple:
    """The order answers are replayed in, and their identity (merge: answer id and time)."""
    return (a["at"], a["kind"], a["id"])


def card_keys(a: dict) -> list[str]:
    return [f"clause:{c}" for c in dict.fromkeys(a["clauses"])] + [f"theme:{t}" for t in dict.fromkeys(a.get("themes", []))]


def _dt(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, timezone.utc)


def _ms(dt: datetime | None) -> int | None:
    return None if dt is None else round(dt.timestamp() * 1000)


def _round(x):
    return None if x is None else round(float(x), 4)


def empty() -> dict:
    return {"version": VERSION, "cards": {}, "applied": 0, "last": None, "skipped": 0}


def review(memory: dict, a: dict) -> None:
    """Apply one answer to ``memory`` in place."""
    from fsrs import Card, Rating, State

    rating = rating_of(a)
    for key in card_keys(a):
        old = memory["cards"].get(key)
        if old is None:
            card = Card(card_id=len(memory["cards"]) + 1, due=_dt(a["at"]))
            old = {"game": a["game"], "reviews": 0, "wrong": 0, "missed": []}
        else:
            card = Card(card_id=1, state=State(old["state"]), step=old["step"], stability=old["stability"],
                        difficulty=old["difficulty"], due=_dt(old["due"]), last_review=_dt(old["last_review"]))
        card, _ = scheduler().review_card(card, Rating(rating), _dt(a["at"]))
        missed = [m for m in old["missed"] if (m["kind"], m["id"]) != (a["kind"], a["id"])]
        if rating == AGAIN:
            missed = [{"kind": a["kind"], "id": a["id"], "game": a["game"], "at": a["at"]}, *missed][:MISSED_KEPT]
        memory["cards"][key] = {
            "game": old["game"], "state": int(card.state), "step": card.step,
            "stability": _round(card.stability), "difficulty": _round(card.difficulty),
            "due": _ms(card.due), "last_review": _ms(card.last_review), "rating": rating,
            "reviews": old["reviews"] + 1, "wrong": old["wrong"] + (rating == AGAIN), "missed": missed,
        }


def update(log: list, memory: dict | None = None) -> dict:
    """The memory after every answer of ``log`` (any order; duplicates and malformed entries are
    left out and counted in ``skipped``). ``memory``, if it was made from the start of this log,
    is extended rather than rebuilt."""
    answers = sorted({answer_key(a): a for a in log if valid_answer(a)}.values(), key=answer_key)
    skipped = len(log) - len(answers)
    memory = _extended(answers, memory) if memory else None
    if memory is None:
        memory = empty()
        for a in answers:
            review(memory, a)
    memory["applied"] = len(answers)
    memory["last"] = list(answer_key(answers[-1])) if answers else None
    memory["skipped"] = skipped
    return memory


def _extended(answers: list[dict], memory: dict) -> dict | None:
    """``memory`` (made from the start of ``answers``) with the rest of them, or None when it was
    not made from them or cannot be read (the browser's copy is only a cache: rebuilt then)."""
    try:
        applied = memory["applied"]
        if (memory.get("version") != VERSION or not 0 < applied <= len(answers)
                or list(answer_key(answers[applied - 1])) != memory.get("last")):
            return None
        if not all(type(c["due"]) is int and c["state"] in (1, 2, 3) for c in memory["cards"].values()):
            return None
        memory = json.loads(json.dumps(memory))
        for a in answers[applied:]:
            review(memory, a)
        return memory
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        return None


def due(memory: dict, until: int) -> list[dict]:
    """The cards due by ``until`` (ms; the page passes the end of the learner's day), soonest
    first: the "due today" deck."""
    cards = [{"key": k, **c} for k, c in memory.get("cards", {}).items() if c["due"] <= until]
    return sorted(cards, key=lambda c: (c["due"], c["key"]))


def mastery(memory: dict, clauses: list[str], until: int, seen: list[str] = ()) -> dict[str, str]:
    """Per clause: ``due`` (its card is due by ``until``), ``known`` (answered, not due),
    ``seen`` (only met in a finished walkthrough: seen is not an answer) or ``new``."""
    cards = memory.get("cards", {})
    out = {}
    for clause in clauses:
        card = cards.get(f"clause:{clause}")
        out[clause] = ("due" if card["due"] <= until else "known") if card else ("seen" if clause in seen else "new")
    return out


# ---------------------------------------------------------------- the progress file


def canonical(data: dict) -> str:
    """The text the checksum covers: every field but ``checksum``, keys sorted, no spaces,
    non-ASCII as is — what ``canonical()`` in ``docs/assets/hcards-progress-file.js`` writes.

    >>> canonical({"b": [1, 0.5], "a": "é", "checksum": "x"})
    '{"a":"é","b":[1,0.5]}'
    """
    body = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def checksum(data: dict) -> str:
    return "sha256:" + hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the browser's functions


@exposed
def memory_update(log: list, memory: dict | None = None) -> dict:
    """The memory after the answers of ``log`` (``update``)."""
    return update(log, memory)


@exposed
def memory_due(log: list, until: int, memory: dict | None = None) -> dict:
    """The memory and its "due today" deck (``due``)."""
    memory = update(log, memory)
    return {"memory": memory, "due": due(memory, until)}
