"""Structure: evidence (rules, fills, words, text lines) -> table regions, grids, cells.

Every row and column boundary of a detected table is decided here (``tables`` is the stage's
entry point) and its evidence recorded (``boundaries``).
"""
