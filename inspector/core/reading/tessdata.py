"""Is OCR possible here: Tesseract's language data (``*.traineddata``) found, the languages
installed, and a one-line message saying what to install when it is not.

The data is looked up in ``$INSPECTOR_TESSDATA`` when set (and only there, so a test can point
it at a missing folder), else ``$TESSDATA_PREFIX``, else the usual system folders. Nothing here
starts Tesseract: a folder listing and an import test (the GUI lists the languages this way).
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

ENV_TESSDATA = "INSPECTOR_TESSDATA"
INSTALL = "apt-get install tesseract-ocr tesseract-ocr-eng"
SYSTEM_DIRS = ("/usr/share/tesseract-ocr/*/tessdata", "/usr/share/tessdata", "/usr/local/share/tessdata",
               "/opt/homebrew/share/tessdata", "/usr/local/share/tesseract-ocr/*/tessdata")
NOT_LANGUAGES = ("osd", "equ")  # orientation and equation models, not languages


class OcrUnavailable(Exception):
    """OCR cannot run; ``str(err)`` says what to install."""


def tessdata_dir() -> Path | None:
    """The folder holding Tesseract's ``*.traineddata``, or None when none is installed."""
    forced = os.environ.get(ENV_TESSDATA)
    if forced is not None:
        return Path(forced) if _has_data(Path(forced)) else None
    cands = []
    prefix = os.environ.get("TESSDATA_PREFIX")
    if prefix:
        cands += [Path(prefix), Path(prefix) / "tessdata"]
    for pattern in SYSTEM_DIRS:
        cands += [Path(p) for p in sorted(glob.glob(pattern), reverse=True)]
    return next((c for c in cands if _has_data(c)), None)


def _has_data(folder: Path) -> bool:
    return folder.is_dir() and any(folder.glob("*.traineddata"))


def installed_languages() -> tuple[str, ...]:
    """Names of the installed language packs (e.g. 'eng', 'kor'), sorted; () without Tesseract."""
    folder = tessdata_dir()
    if folder is None:
        return ()
    names = (p.name.removesuffix(".traineddata") for p in folder.glob("*.traineddata"))
    return tuple(sorted(n for n in names if n not in NOT_LANGUAGES))


def package_for(lang: str) -> str:
    """Debian's package holding a language pack (``chi_sim`` -> ``tesseract-ocr-chi-sim``)."""
    return "tesseract-ocr-" + lang.lower().replace("_", "-")


def check(lang: str) -> Path:
    """The tessdata folder when OCR in ``lang`` ('eng', 'eng+deu') can run; else ``OcrUnavailable``."""
    try:
        import tesserocr  # noqa: F401
    except ImportError:
        raise OcrUnavailable("OCR needs the tesserocr package: pip install tesserocr "
                             f"(and Tesseract's data: {INSTALL})") from None
    folder = tessdata_dir()
    if folder is None:
        raise OcrUnavailable(f"OCR is not available: Tesseract is not installed ({INSTALL}); "
                             "everything else works on the text layer")
    have = set(installed_languages())
    missing = [x for x in lang.split("+") if x not in have]
    if missing:
        pkgs = " ".join(package_for(x) for x in missing)
        raise OcrUnavailable(f"OCR language {'+'.join(missing)} is not installed (installed: "
                             f"{', '.join(sorted(have)) or 'none'}); install it with: apt-get install {pkgs}")
    return folder
