"""How a detection parameter is described and read: its field (label, unit, range, step, help
in the metadata), the error a bad name or value raises, and the parsing of a value a user typed
into the field's type within its range. ``params`` defines the stages' parameters with these.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field, fields
from typing import Any


def param(default: float | int | bool, label: str, unit: str, lo: float, hi: float,
          help: str, step: float | None = None) -> Any:
    """A dataclass field with its description; ``step`` defaults by type."""
    if step is None:
        step = 1 if isinstance(default, (int, bool)) and not isinstance(default, float) else 0.1
    meta = {"label": label, "unit": unit, "lo": lo, "hi": hi, "step": step, "help": help}
    return field(default=default, metadata=meta)


def text_param(default: str, label: str, help: str, choices: tuple[str, ...] = (),
               pattern: str = "") -> Any:
    """A text field: one of ``choices`` when given, else any text matching ``pattern`` (a regex)."""
    meta = {"label": label, "unit": "", "lo": 0, "hi": 0, "step": 0, "help": help,
            "choices": choices, "pattern": pattern}
    return field(default=default, metadata=meta)


class ParamError(ValueError):
    """A parameter name or value a user gave is not valid; the message says why."""


@dataclass(frozen=True)
class FieldInfo:
    """Description of one parameter, for generated UIs and ``table-inspector params``."""

    key: str
    stage: str
    name: str
    kind: type
    default: Any
    label: str
    unit: str
    lo: float
    hi: float
    step: float
    help: str
    choices: tuple[str, ...] = ()  # text fields with a fixed set of values


def kind_of(f: dataclasses.Field[Any]) -> type:
    return type(f.default)


def field_named(cls: type, name: str) -> dataclasses.Field[Any]:
    for f in fields(cls):
        if f.name == name:
            return f
    names = ", ".join(f.name for f in fields(cls))
    raise ParamError(f"unknown field '{name}' for {cls.__name__}: choose from {names}")


def coerce(f: dataclasses.Field[Any], value: Any, key: str) -> Any:
    """Parse ``value`` to the field's type and check it against the field's range."""
    kind = kind_of(f)
    if kind is str:
        return _coerce_text(f, value, key)
    try:
        if kind is bool:
            v: Any = _to_bool(value)
        elif kind is int:
            v = int(float(value)) if isinstance(value, str) else int(value)
        else:
            v = float(value)
    except (TypeError, ValueError, OverflowError):
        raise ParamError(f"{key}: '{value}' is not a valid {kind.__name__} (a finite number)") from None
    if kind is float and not math.isfinite(v):
        raise ParamError(f"{key}: '{value}' is not a finite number")
    lo, hi = f.metadata["lo"], f.metadata["hi"]
    if kind is not bool and not (lo <= v <= hi):
        raise ParamError(f"{key}: {v} is outside {lo}..{hi} {f.metadata['unit']}")
    return v


def _coerce_text(f: dataclasses.Field[Any], value: Any, key: str) -> str:
    v = str(value).strip()
    choices, pattern = f.metadata.get("choices", ()), f.metadata.get("pattern", "")
    if choices and v not in choices:
        raise ParamError(f"{key}: '{v}' is not one of {', '.join(choices)}")
    if pattern and not re.fullmatch(pattern, v):
        raise ParamError(f"{key}: '{v}' is not valid ({f.metadata['help']})")
    return v


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):  # explain's levers are numbers: (key, 0.0)
        return bool(value)
    s = str(value).strip().lower()
    if s in ("1", "true", "yes", "on"):
        return True
    if s in ("0", "false", "no", "off"):
        return False
    raise ValueError(value)
