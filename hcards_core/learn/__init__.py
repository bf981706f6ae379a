"""Learning by doing: the tools that stand on the computer players.

- ``refute``: a wrong answer played out in the world the learner could not rule out that
  defeats it worst (Bridge Master's way), beside the outcome of the right move;
- ``puzzles``: positions mined from computer-vs-computer play where one move is best across
  the worlds the seat cannot tell apart, and the Glicko-2 ratings of puzzles and learners;
- ``drills``: endless questions per rule clause from seeded deals, answered by the core;
- ``memory``: spaced repetition (FSRS) over clauses and themes, and the learner's progress as
  a file with a checksum.

Each module registers its browser functions with ``bridge.exposed`` (imported at the end of
``bridge.py``) and imports the computer players only inside its functions, so a page that
does not use them does not load them.
"""
