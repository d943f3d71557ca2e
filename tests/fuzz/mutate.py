"""Seeded mutations of PDF bytes, for fuzzing every entry point (tests and benchmarks/fuzz.py).

``mutant(seeds, k, seed)`` is deterministic: the same arguments give the same bytes, so a
failure is reproduced from its number alone. Mutations are those real damaged files show:
flipped bytes, truncation, deleted and duplicated chunks, damaged xref and trailer, lying
/Length, /Count and /MediaBox, /Kids cycles, and grafted XObject loops, chains and fan-outs
(from ``hostile``); and those of page content: absurd numbers in operators and dictionaries,
degenerate matrices, page entries no viewer agrees on (/Rotate 45, /UserUnit 0), and grafted
hostile content or non-PDF files (from ``hostile_content``). A mutant gets one to three mutations.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import hostile, hostile_content

Mutation = Callable[[bytes, random.Random], bytes]


def flip(data: bytes, rng: random.Random) -> bytes:
    """A few random bytes set to random values."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 16)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(1, max(2, len(data)))]


def delete_chunk(data: bytes, rng: random.Random) -> bytes:
    a = rng.randrange(len(data))
    return data[:a] + data[a + rng.randint(1, max(1, len(data) // 8)):]


def duplicate_chunk(data: bytes, rng: random.Random) -> bytes:
    a = rng.randrange(len(data))
    chunk = data[a: a + rng.randint(1, 4096)]
    b = rng.randrange(len(data))
    return data[:b] + chunk * rng.randint(1, 3) + data[b:]


def _replace_number_after(data: bytes, key: bytes, rng: random.Random, values: Sequence[bytes]) -> bytes:
    """One occurrence of ``key`` followed by a number gets one of ``values`` instead."""
    spots = [m for m in re.finditer(re.escape(key) + rb"\s*(-?\d+)", data)]
    if not spots:
        return flip(data, rng)
    m = rng.choice(spots)
    return data[: m.start(1)] + rng.choice(values) + data[m.end(1):]


def bad_length(data: bytes, rng: random.Random) -> bytes:
    return _replace_number_after(data, b"/Length", rng, [b"0", b"-1", b"99999999", b"3", b"2147483648"])


def bad_count(data: bytes, rng: random.Random) -> bytes:
    return _replace_number_after(data, b"/Count", rng, [b"-1", b"0", b"2147483647", b"1000000", b"7"])


def bad_xref(data: bytes, rng: random.Random) -> bytes:
    """The startxref offset, an xref section or an xref stream damaged."""
    choice = rng.randrange(3)
    if choice == 0:
        return _replace_number_after(data, b"startxref", rng, [b"0", b"1", b"999999999", b"-5"])
    at = data.rfind(b"xref")
    if at < 0:
        return flip(data, rng)
    if choice == 1:
        return data[:at] + b"xfer" + data[at + 4:]
    end = min(len(data), at + rng.randint(20, 400))
    return data[:at] + bytes(rng.randrange(256) for _ in range(end - at)) + data[end:]


def bad_trailer(data: bytes, rng: random.Random) -> bytes:
    for key, values in ((b"/Root", [b"9999", b"0", b"1"]), (b"/Size", [b"0", b"1", b"2147483647"])):
        if key in data and rng.random() < 0.5:
            return _replace_number_after(data, key, rng, values)
    at = data.rfind(b"trailer")
    return data[:at] + b"trailer <<>>" + data[at + 7:] if at >= 0 else flip(data, rng)


def bad_mediabox(data: bytes, rng: random.Random) -> bytes:
    boxes = list(re.finditer(rb"/MediaBox\s*\[[^\]]*\]", data))
    if not boxes:
        return flip(data, rng)
    m = rng.choice(boxes)
    new = rng.choice([b"[0 0 1 99999999]", b"[0 0 -5 1e30]", b"[0 0 0 0]", b"[]", b"[1 2 3]",
                      b"[0 0 14400 14400]", b"[nan inf 3 4]", b"[0 0 99999 99999]"])
    return data[: m.start()] + b"/MediaBox " + new + data[m.end():]


def kids_cycle(data: bytes, rng: random.Random) -> bytes:
    """A /Kids array gets its own page tree node (or the catalog) as a child."""
    spots = list(re.finditer(rb"/Kids\s*\[", data))
    if not spots:
        return flip(data, rng)
    m = rng.choice(spots)
    head = re.findall(rb"(\d+)\s+0\s+obj", data[: m.start()])
    num = head[-1] if head and rng.random() < 0.8 else b"1"
    return data[: m.end()] + num + b" 0 R " + data[m.end():]


def graft_xobjects(data: bytes, rng: random.Random) -> bytes:
    """Replaced by a small hostile file: a loop, a chain or a fan-out of Form XObjects."""
    kind = rng.randrange(3)
    if kind == 0:
        return hostile.xobject_loop()
    if kind == 1:
        return hostile.xobject_chain(rng.choice([50, 500, 2000, 5000]))
    return hostile.xobject_bomb(depth=rng.randint(8, 40), fanout=rng.randint(2, 4))


_ABSURD = (b"9" * 40, b"-" + b"9" * 40, b"9" * 400, b"0." + b"0" * 300 + b"1", b"-0", b"0", b"-2147483649",
           b"99999999999", b"-.5", b"1.#INF", b"3.4028235e38")


# A number followed by another or by a path, text or matrix operator; not an object number.
_OPERAND = re.compile(rb"(?<![\w.])-?\d+(?:\.\d+)?(?!\s+\d+\s+(?:obj|R)\b)"
                      rb"(?=\s+(?:-?[\d.]|(?:m|l|c|v|y|re|Td|TD|Tm|Tc|Tw|Tz|TL|Tf|w|cm|d)\b))")


def content_numbers(data: bytes, rng: random.Random) -> bytes:
    """Up to a dozen numbers of the file (operands of path, text and matrix operators in an
    uncompressed content stream, or entries of dictionaries) made absurd: 40 and 400 digits,
    both signs, a 300-digit fraction, 0, past 32 bits, and spellings no PDF number has."""
    spots = list(_OPERAND.finditer(data))
    if not spots:
        return flip(data, rng)
    out, shift = data, 0
    for m in sorted(rng.sample(spots, min(len(spots), rng.randint(1, 12))), key=lambda m: m.start()):
        new = rng.choice(_ABSURD)
        out = out[: m.start() + shift] + new + out[m.end() + shift:]
        shift += len(new) - (m.end() - m.start())
    return out


def degenerate_matrix(data: bytes, rng: random.Random) -> bytes:
    """One ``cm`` or ``Tm`` of an uncompressed content stream gets a degenerate matrix: zero,
    singular, a mirror, tiny or huge scale."""
    spots = list(re.finditer(rb"(?:-?[\d.]+\s+){6}(cm|Tm)\b", data))
    if not spots:
        return flip(data, rng)
    m = rng.choice(spots)
    mat = rng.choice([b"0 0 0 0 0 0", b"1 1 1 1 0 0", b"0.0000001 0 0 0.0000001 0 0", b"-1 0 0 -1 0 0",
                      b"%s 0 0 %s 0 0" % (b"9" * 30, b"9" * 30), b"0 0 0 1 72 72", b"1 0 0 0 0 0"])
    return data[: m.start()] + mat + b" " + m.group(1) + data[m.end():]


def page_entries(data: bytes, rng: random.Random) -> bytes:
    """A page dictionary gets an entry a broken producer writes: /Rotate not a multiple of 90,
    /UserUnit of zero, huge or negative, an empty or inverted /CropBox, /Annots of nothing."""
    spots = list(re.finditer(rb"/Type\s*/Page(?!s)", data))
    if not spots:
        return flip(data, rng)
    m = rng.choice(spots)
    entry = rng.choice([b"/Rotate 45", b"/Rotate -2147483650", b"/Rotate 90.5", b"/Rotate 1e3", b"/UserUnit 0",
                        b"/UserUnit 75000", b"/UserUnit -2", b"/UserUnit 0.00001", b"/CropBox [0 0 0 0]",
                        b"/CropBox [612 792 0 0]", b"/Annots [99999 0 R]", b"/Resources 99999 0 R"])
    return data[: m.end()] + b" " + entry + b" " + data[m.end():]


def graft_content(data: bytes, rng: random.Random) -> bytes:
    """Replaced by a small file of hostile page content (``hostile_content``) or a file that
    is not a PDF at all."""
    name = rng.choice(sorted(set(hostile_content.CASES) - hostile_content.COSTLY))
    return hostile_content.CASES[name]()


# (mutation, weight): XObject grafts are rare, since each bomb costs a whole page budget.
MUTATIONS: tuple[tuple[Mutation, int], ...] = (
    (flip, 20), (truncate, 10), (delete_chunk, 10), (duplicate_chunk, 8), (bad_xref, 10), (bad_trailer, 6),
    (bad_length, 10), (bad_count, 8), (bad_mediabox, 8), (kids_cycle, 6), (graft_xobjects, 2),
    (content_numbers, 8), (degenerate_matrix, 6), (page_entries, 6), (graft_content, 3),
)


@dataclass(frozen=True)
class Mutant:
    """Mutant number ``k``: ``data`` made from seed file ``base`` by ``steps``."""

    k: int
    base: str
    steps: tuple[str, ...]
    data: bytes


def mutant(seeds: Sequence[tuple[str, bytes]], k: int, seed: int = 13) -> Mutant:
    """Mutant ``k`` of the (name, bytes) ``seeds``; the same arguments give the same bytes."""
    rng = random.Random(seed * 1_000_003 + k)
    name, data = seeds[rng.randrange(len(seeds))]
    funcs = [f for f, _ in MUTATIONS]
    weights = [w for _, w in MUTATIONS]
    steps = []
    for f in rng.choices(funcs, weights, k=rng.choice([1, 1, 2, 3])):
        if data:
            data = f(data, rng)
        steps.append(f.__name__)
    return Mutant(k, name, tuple(steps), data)


def built_seeds() -> list[tuple[str, bytes]]:
    """Seed files that need no corpus: the test PDFs (compressed as built, and a few expanded so
    flips land in content operators rather than in Deflate data) and the mild hostile files."""
    import pymupdf

    from tests.core.pdfs import BUILDERS

    seeds = [(name, build()[0]) for name, build in sorted(BUILDERS.items())]
    for name, data in seeds[:12]:  # uncompressed content for content_numbers and degenerate_matrix
        doc = pymupdf.open(stream=data, filetype="pdf")
        seeds.append((f"{name}-expanded", doc.tobytes(expand=255, no_new_id=True)))
        doc.close()
    seeds += [(name, hostile.CASES[name]()) for name in ("kids_cycle", "bad_length", "no_xref", "huge_mediabox")]
    return seeds
