"""Hostile inputs for every file a user hands the app besides the PDF, generated from a seed
(issue 29): compare sources in every format, presets and ``--set`` values, annotations (and
autosaves: the same reader), golden-set manifests, scan results files, window settings, OCR
pictures of extreme sizes; and explain/compare on the XObject bomb.

``cases(surface, folder, rng, n, pdf)`` returns ``Case`` values: the command line to run,
the files the command must leave unchanged, and where its JSON output must be strict.
Used by ``benchmarks/probe.py`` (the full probe) and ``tests/fuzz/test_probe.py`` (a small part).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz import hostile

SURFACES = ("compare-source", "preset", "set-value", "annotation", "manifest", "scan-results", "settings",
            "picture", "bomb")
BAD_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e18", "-1", "0", "2.5", '"abc"', "[1]",
               "{}", "null", "true", "99999999999999999999999"]


@dataclass
class Case:
    surface: str
    label: str
    args: list[str]
    unchanged: list[Path] = field(default_factory=list)  # files the command must not change
    json_stdout: bool = False  # stdout must be strict JSON when the command succeeds (0 or 4)
    json_file: Path | None = None  # a JSON file the command writes, to be strict when it exists
    env: dict[str, str] = field(default_factory=dict)


def _special(folder: Path, name: str, kind: str) -> Path:
    """A FIFO, a symlink to /dev/zero, a folder, or a large file named ``name``."""
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with path.open("wb") as fh:
            fh.truncate(300 * 2**20)  # sparse: 300 MB of zeros, over every cap
    return path


SPECIALS = ("fifo", "zero", "folder", "huge")


def _text_bytes(rng: random.Random, text: str) -> bytes:
    """``text`` in an encoding chosen by ``rng``: UTF-8, with a BOM, Latin-1, UTF-16, or damaged."""
    pick = rng.choice(("utf-8", "utf-8-sig", "latin-1", "utf-16", "garbage"))
    if pick == "garbage":
        data = bytearray(text.encode("utf-8"))
        for _ in range(rng.randint(1, 8)):
            data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
        return bytes(data)
    return text.replace("é", "é" if pick != "latin-1" else "\xe9").encode(pick, "replace")


def _deep(rng: random.Random) -> str:
    n = rng.choice((100, 1000, 100_000))
    return "[" * n + "]" * n if rng.random() < 0.5 else '{"a":' * n + "1" + "}" * n


# --- compare sources -------------------------------------------------------------------------

def _source_json(rng: random.Random) -> str:
    cells = []
    for r in range(rng.randint(1, 4)):
        for c in range(rng.randint(1, 4)):
            cell = {"r": r, "c": c, "text": rng.choice(("Item", "1.5", "", "x" * 50))}
            if rng.random() < 0.4:
                cell[rng.choice(("rs", "cs", "r", "c"))] = "@@"
            if rng.random() < 0.3:
                cell["bbox"] = "@@"
            cells.append(cell)
    text = json.dumps({"pages": [{"page": rng.choice((1, 1, 0, -1, 10**9)), "tables": [{"cells": cells}]}]})
    while "\"@@\"" in text:
        text = text.replace('"@@"', rng.choice([*BAD_NUMBERS, "1e9", "10000", "[0, 0, NaN, 1]", "[0,0,1]"]), 1)
    return text


def _source_html(rng: random.Random) -> str:
    rows = []
    for _ in range(rng.randint(1, 30)):
        tds = "".join(f'<td rowspan="{rng.choice(("1", "2", "abc", "-5", "1e9", "1000", ""))}" '
                      f'colspan="{rng.choice(("1", "3", "1000", "NaN", "99999999999"))}">v</td>'
                      for _ in range(rng.randint(1, 5)))
        rows.append(f"<tr>{tds}</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _source_csv(rng: random.Random) -> str:
    rows = [",".join(rng.choice(("a", "1.5", '"q"', "x" * rng.choice((1, 200_000)))) for _ in range(3))
            for _ in range(rng.randint(1, 20))]
    return "\n".join(rows) + "\n"


def _source_md(rng: random.Random) -> str:
    lines = ["| a | b |", "| --- | --- |"] + [f"| {rng.random()} | {'|' * rng.randint(0, 50)} |"
                                              for _ in range(rng.randint(0, 50))]
    return "\n".join(lines) + "\n"


def _compare_sources(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    makers: list[Callable[[random.Random], str]] = [_source_json, _source_html, _source_csv, _source_md, _deep]
    out = []
    for k in range(n):
        pick = k % (len(makers) + 3)
        if pick < len(makers):
            path = folder / f"source-{k}.{('json', 'html', 'csv', 'md', 'json')[pick]}"
            path.write_bytes(_text_bytes(rng, makers[pick](rng)) if pick != 4 else makers[pick](rng).encode())
        elif pick == len(makers):
            path = folder / f"source-{k}.bin"
            path.write_bytes(rng.randbytes(rng.randint(1, 50_000)))
        elif pick == len(makers) + 1:
            path = _special(folder, f"source-{k}", SPECIALS[k % len(SPECIALS)])
        else:
            out.append(Case("compare-source", f"peer:{k}", ["compare", str(pdf), "--with",
                                                             rng.choice(("peer:nosuch", "peer:", "peer:../x")),
                                                             "--against", "detection", "--json"], json_stdout=True))
            continue
        out.append(Case("compare-source", path.name, ["compare", str(pdf), "--with", str(path), "--against",
                                                      "detection", "--json"], _regular(path), json_stdout=True))
    return out


def _regular(*paths: Path) -> list[Path]:
    return [p for p in paths if p.is_file() and not p.is_symlink() and p.stat().st_size < 2**26]


# --- presets and --set -----------------------------------------------------------------------

KEYS = ("vector.min_contrast", "vector.min_length", "budget.seconds", "budget.memory_mb", "ocr.lang", "ocr.dpi",
        "columns.min_gap", "tables.min_rows")


def _presets(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    out = []
    for k in range(n):
        path = folder / f"preset-{k}.json"
        if k % 5 == 4:
            path = _special(folder, f"preset-{k}", SPECIALS[k % len(SPECIALS)])
        elif k % 5 == 3:
            path.write_bytes(_deep(rng).encode())
        else:
            stage, name = rng.choice(KEYS).split(".")
            value = rng.choice([*BAD_NUMBERS, '"frä"', "5"])
            text = f'{{"{stage}": {{"{name}": {value}}}}}'
            path.write_bytes(_text_bytes(rng, text))
        out.append(Case("preset", path.name, ["detect", str(pdf), "--json", "--preset", str(path)], _regular(path),
                        json_stdout=True))
    return out


def _set_values(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    values = ("inf", "-inf", "nan", "1e400", "-1e400", "1e18", "", "abc", "0x10", "1_0", "  5  ", "∞", "1e-400")
    return [Case("set-value", f"{key}={value}", ["detect", str(pdf), "--json", "--set", f"{key}={value}"],
                 json_stdout=True)
            for key, value in ((rng.choice(KEYS), rng.choice(values)) for _ in range(n))]


# --- annotations (and autosaves: the same reader) --------------------------------------------

def _annotation_doc(rng: random.Random, pdf: Path, rows: int, cols: int, span: tuple[int, int] | None) -> dict:
    from inspector.annotation.io import sha256_of

    x0, y0, x1, y1 = 100.0, 100.0, 340.0, 180.0
    xs = [x0 + (x1 - x0) * i / cols for i in range(cols + 1)]
    ys = [y0 + (y1 - y0) * i / rows for i in range(rows + 1)]
    cells = ([{"r": 0, "c": 0, "rs": span[0], "cs": span[1], "text": "x"}] if span else
             [{"r": r, "c": c, "text": f"{r}.{c}"} for r in range(rows) for c in range(cols)])
    return {"format": "table-inspector-annotation", "version": 2,
            "document": {"file_name": pdf.name, "sha256": sha256_of(pdf),
                         "pages": [{"number": 1, "width": 595.0, "height": 842.0, "rotation": 0}]},
            "tables": [{"id": "t1", "regions": [{"page": 1, "bbox": [x0, y0, x1, y1], "xs": xs, "ys": ys,
                                                 "cells": cells}]}]}


def _annotations(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    out = []
    for k in range(n):
        sub = folder / f"ann-{k}"
        sub.mkdir()
        doc = sub / "doc.pdf"
        shutil.copy(pdf, doc)
        ann = sub / "doc.pdf.tables.json"
        pick = k % 6
        if pick == 0:  # one cell spanning a huge grid
            side = rng.choice((1000, 10_000))
            ann.write_text(json.dumps(_annotation_doc(rng, doc, side, side, (side, side))))
        elif pick == 1:
            data = _annotation_doc(rng, doc, 3, 3, None)
            data["tables"][0]["regions"][0]["cells"][0]["rs"] = rng.choice((10**9, 10**18, -1, "abc", [1], 2.5))
            ann.write_text(json.dumps(data))
        elif pick == 2:  # 1000 x 1000 cells
            ann.write_text(json.dumps(_annotation_doc(rng, doc, 1000, 1000, None)))
        elif pick == 3:
            ann.write_bytes(_deep(rng).encode())
        elif pick == 4:
            ann.unlink(missing_ok=True)
            _special(sub, ann.name, SPECIALS[k % len(SPECIALS)])
        else:
            text = json.dumps(_annotation_doc(rng, doc, 4, 3, None)).replace("100.0", rng.choice(("NaN", "1e400")), 1)
            ann.write_bytes(_text_bytes(rng, text))
        if k % 3 == 2:  # the window reads it too (and its autosave the same way)
            out.append(Case("annotation", f"gui {ann.name}#{k}", ["gui", str(doc), "--screenshot",
                                                                  str(sub / "shot.png")], _regular(ann),
                            env={"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(sub / "config")}))
        else:
            out.append(Case("annotation", f"export {ann.name}#{k}", ["export", str(doc), "--format", "json"],
                            _regular(ann), json_stdout=True))
    return out


# --- golden-set manifests ---------------------------------------------------------------------

def _manifests(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    out = []
    for k in range(n):
        root = folder / f"golden-{k}"
        root.mkdir()
        manifest = root / "golden.json"
        pick = k % 4
        if pick == 0:
            manifest.write_bytes(_deep(rng).encode())
        elif pick == 1:
            manifest.unlink(missing_ok=True)
            _special(root, "golden.json", SPECIALS[k % len(SPECIALS)])
        elif pick == 2:
            docs = [{"annotation": rng.choice(("a.json", "../../etc/passwd", "", 5)), "file_name": "x.pdf",
                     "pdf": "x.pdf", "sha256": "0" * 64} for _ in range(rng.randint(0, 5))]
            manifest.write_bytes(_text_bytes(rng, json.dumps({"format": "table-inspector-golden-set", "version": 1,
                                                              "documents": docs})))
        else:
            manifest.write_bytes(rng.randbytes(rng.randint(0, 5000)))
        out.append(Case("manifest", f"golden-{k}", ["golden", "check", str(root)], _regular(manifest)))
    return out


# --- scan results files -----------------------------------------------------------------------

RESULT_DAMAGE = (
    "CREATE TABLE users (id INTEGER, name TEXT)",
    "DROP TABLE documents; CREATE TABLE documents (id INTEGER, what TEXT)",
    "UPDATE meta SET value = 'abc'",
    "UPDATE tables SET details = '{not json'",
    "UPDATE tables SET details = '[' || substr(hex(zeroblob(20000)), 1, 20000)",
    "UPDATE documents SET pages = 'many'",
    "DELETE FROM meta",
)


def _scan_results(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    from inspector.cli import main

    corpus = folder / "scan-in"
    corpus.mkdir()
    shutil.copy(pdf, corpus / "a.pdf")
    good = folder / "good.sqlite"
    with open(os.devnull, "w") as null:
        import contextlib

        with contextlib.redirect_stderr(null):
            main(["scan", str(corpus), "-o", str(good), "--quiet"])
    out = []
    for k in range(n):
        db = folder / f"results-{k}.sqlite"
        pick = k % (len(RESULT_DAMAGE) + 3)
        if pick == 0:  # another program's database
            con = sqlite3.connect(db)
            con.execute(RESULT_DAMAGE[0])
            con.commit()
            con.close()
        elif pick < len(RESULT_DAMAGE):
            shutil.copy(good, db)
            con = sqlite3.connect(db)
            con.executescript(RESULT_DAMAGE[pick])
            con.close()
        elif pick == len(RESULT_DAMAGE):
            data = bytearray(good.read_bytes())
            for _ in range(rng.randint(1, 40)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            db.write_bytes(bytes(data[: rng.randint(100, len(data))]))
        elif pick == len(RESULT_DAMAGE) + 1:
            db.write_bytes(rng.randbytes(rng.randint(0, 9000)))
        else:
            db = _special(folder, db.name, SPECIALS[k % 3])
        out.append(Case("scan-results", f"report {db.name}", ["scan", "report", str(db)], _regular(db)))
        if pick == 0:  # scan -o must not write into another program's file either
            out.append(Case("scan-results", f"scan -o {db.name}", ["scan", str(corpus), "-o", str(db), "--quiet"],
                            _regular(db)))
    return out


# --- window settings --------------------------------------------------------------------------

def _settings(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    out = []
    for k in range(n):
        home = folder / f"xdg-{k}"
        (home / "table-inspector").mkdir(parents=True)
        conf = home / "table-inspector" / "table-inspector.conf"
        if k % 3 == 0:
            _special(conf.parent, conf.name, SPECIALS[(k // 3) % len(SPECIALS)])
        else:
            good = b"[General]\nexport_format=md\n"
            conf.write_bytes(good + rng.randbytes(rng.randint(1, 3000)) + b"\nlast_folder=/tmp\n")
        out.append(Case("settings", f"settings-{k}", ["gui", str(pdf), "--screenshot", str(folder / f"shot-{k}.png")],
                        env={"XDG_CONFIG_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}))
    return out


# --- OCR pictures of extreme sizes -------------------------------------------------------------

def _pictures(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    import numpy as np
    from PIL import Image

    sizes = [(1, 1), (1, 20000), (20000, 1), (3, 30000), (16000, 16000), (2, 2)]
    out = []
    for k in range(n):
        w, h = sizes[k % len(sizes)] if k < len(sizes) else (rng.randint(1, 20000), rng.randint(1, 200))
        path = folder / f"picture-{k}.png"
        Image.fromarray(np.full((h, w), 255 if k % 2 else 0, dtype=np.uint8)).save(path)
        out.append(Case("picture", f"{w}x{h}", ["detect", str(path), "--json", "--set", "ocr.mode=always",
                                                 "--set", "budget.seconds=10"], [path], json_stdout=True))
    return out


# --- explain and compare on the paint bomb ----------------------------------------------------

def _bomb(folder: Path, rng: random.Random, n: int, pdf: Path) -> list[Case]:
    bomb = folder / "bomb.pdf"
    bomb.write_bytes(hostile.xobject_bomb())
    source = folder / "bomb-source.json"
    source.write_text('{"pages": [{"page": 1, "tables": [{"cells": [{"r": 0, "c": 0, "text": "a"}]}]}]}')
    runs = [["explain", str(bomb), "--page", "1", "--json"], ["explain", str(bomb), "--page", "1"],
            ["compare", str(bomb), "--with", str(source), "--against", "detection", "--json"],
            ["compare", str(bomb), "--with", "pymupdf", "--against", "detection", "--json"]]
    return [Case("bomb", " ".join(a[:1] + a[3:4]), [*a, "--set", "budget.seconds=3"], [bomb, source],
                 json_stdout="--json" in a) for a in (runs * n)[:n]]


MAKERS: dict[str, Callable[[Path, random.Random, int, Path], list[Case]]] = {
    "compare-source": _compare_sources, "preset": _presets, "set-value": _set_values, "annotation": _annotations,
    "manifest": _manifests, "scan-results": _scan_results, "settings": _settings, "picture": _pictures,
    "bomb": _bomb,
}


def cases(surface: str, folder: Path, seed: int, n: int, pdf: Path) -> list[Case]:
    """``n`` cases of ``surface`` (files made in ``folder``), the same for the same seed."""
    sub = folder / surface
    sub.mkdir(parents=True, exist_ok=True)
    return MAKERS[surface](sub, random.Random(f"{seed}:{surface}"), n, pdf)
