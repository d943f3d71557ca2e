"""Detection parameters: one frozen dataclass per stage, described by field metadata, and
``Params``, all stages together.

Every field carries ``label``, ``unit``, ``lo``, ``hi``, ``step`` and ``help`` in its
metadata. The stages' dataclasses live in ``params_detect`` (one page's detection stages) and
``params_document`` (OCR, continuations, the page budget); everything else imports them from
here. The GUI's sliders, the CLI's ``--set stage.field=value`` and saved presets are all
generated from ``STAGES``, so a parameter is defined in one place only: its stage's field.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field, fields
from typing import Any

from .params_detect import ColumnParams, MergeParams, RasterParams, RowParams, TableParams, VectorParams
from .params_document import RENDER_SHARE, BudgetParams, ContinuationParams, OcrParams
from .paramspec import FieldInfo, ParamError, coerce, field_named, kind_of, param, text_param

__all__ = ["RENDER_SHARE", "STAGES", "BudgetParams", "ColumnParams", "ContinuationParams", "FieldInfo", "MergeParams", "OcrParams",
           "ParamError", "Params", "RasterParams", "RowParams", "TableParams", "VectorParams", "coerce", "describe",
           "param", "text_param"]


STAGES: dict[str, type] = {
    "vector": VectorParams,
    "raster": RasterParams,
    "merge": MergeParams,
    "rows": RowParams,
    "columns": ColumnParams,
    "tables": TableParams,
    "ocr": OcrParams,
    "continuation": ContinuationParams,
    "budget": BudgetParams,
}


@dataclass(frozen=True)
class Params:
    """All stage parameters; the field name is the stage name used in ``stage.field``."""

    vector: VectorParams = field(default_factory=VectorParams)
    raster: RasterParams = field(default_factory=RasterParams)
    merge: MergeParams = field(default_factory=MergeParams)
    rows: RowParams = field(default_factory=RowParams)
    columns: ColumnParams = field(default_factory=ColumnParams)
    tables: TableParams = field(default_factory=TableParams)
    ocr: OcrParams = field(default_factory=OcrParams)
    continuation: ContinuationParams = field(default_factory=ContinuationParams)
    budget: BudgetParams = field(default_factory=BudgetParams)

    def with_value(self, key: str, value: Any) -> Params:
        """A copy with ``stage.field`` set; ``value`` may be a string (parsed, range-checked)."""
        stage, name = _split_key(key)
        sub = getattr(self, stage)
        f = field_named(type(sub), name)
        new = dataclasses.replace(sub, **{name: coerce(f, value, key)})
        return dataclasses.replace(self, **{stage: new})

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {s: dataclasses.asdict(getattr(self, s)) for s in STAGES}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Params:
        """Build from a preset dict; unknown keys raise ``ParamError``."""
        p = Params()
        for stage, values in data.items():
            if not isinstance(values, dict):
                raise ParamError(f"preset: '{stage}' must map field names to values")
            for name, value in values.items():
                p = p.with_value(f"{stage}.{name}", value)
        return p

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)

    @staticmethod
    def loads(text: str, name: str = "") -> Params:
        """Parameters from a preset's JSON text (``name`` its file, for messages): nested at
        most a few levels, finite numbers only."""
        from .infra.userfiles import InputError, loads_json

        try:
            data = loads_json(text, "preset", name or "preset")
        except InputError as exc:
            raise ParamError(str(exc)) from None
        if not isinstance(data, dict):
            raise ParamError("preset must be a JSON object of stages")
        return Params.from_dict(data)


def describe() -> list[FieldInfo]:
    """Every parameter of every stage, in stage order."""
    out = []
    for stage, cls in STAGES.items():
        for f in fields(cls):
            m = f.metadata
            out.append(FieldInfo(f"{stage}.{f.name}", stage, f.name, kind_of(f), f.default,
                                 m["label"], m["unit"], m["lo"], m["hi"], m["step"], m["help"],
                                 tuple(m.get("choices", ()))))
    return out


def _split_key(key: str) -> tuple[str, str]:
    stage, _, name = key.partition(".")
    if stage not in STAGES or not name:
        raise ParamError(f"unknown parameter '{key}': use stage.field, stages are {', '.join(STAGES)}")
    return stage, name
