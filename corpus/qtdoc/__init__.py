"""The QTextDocument corpus (``build``). Qt's hashes are seeded here, before Qt loads: their
order numbers the font subsets' tags, so a build is the same bytes only with a fixed seed."""

import os

os.environ.setdefault("QT_HASH_SEED", "0")
