"""Pure edit operations on an annotation table, each with an exact inverse.

Every edit is a frozen value with ``apply(table, text_for=None) -> table`` and
``inverse(before, text_for=None) -> Edit`` such that
``inv.apply(e.apply(t)) == t`` for ``inv = e.inverse(t)``. Qt undo commands only wrap these.

Structural edits (boundaries, merge, split, resize) read the text of the cells they reshape
from ``text_for(page, box)`` when given, keeping hand overrides. Re-reading text is lossy
(content boxes, the original spacing), so their inverse restores the region as it was
(``ReplaceRegion``) rather than replaying the opposite move.

The contract, ``ReplaceRegion``, ``Compound`` and ``apply_edit`` are in ``base``; the
structural edits in ``grid``; cell text, roles, header counts and table texts in ``labels``;
continuation regions in ``continuations``. Every edit is importable from here.
"""

from __future__ import annotations

from ..grid_ops import EditError, RunsTogether
from .base import Compound, Edit, ReplaceRegion, apply_edit
from .continuations import LinkContinuation, UnlinkRegion
from .grid import (
    AddBoundary,
    CropRegion,
    DeleteSlots,
    MergeCells,
    MoveBoundary,
    RemoveBoundary,
    ResizeRegion,
    SplitCell,
)
from .labels import (
    TEXT_FIELDS,
    OverrideText,
    RestoreRoles,
    SetHeaderCols,
    SetHeaderRows,
    SetRowRole,
    SetRowRoles,
    SetRowsRole,
    SetText,
    SetVerified,
)

__all__ = ["Edit", "EditError", "RunsTogether", "ReplaceRegion", "MoveBoundary", "AddBoundary", "RemoveBoundary",
           "MergeCells", "SplitCell", "ResizeRegion", "CropRegion", "DeleteSlots", "OverrideText", "SetRowRoles",
           "SetRowRole", "SetRowsRole", "RestoreRoles",
           "SetHeaderRows", "SetHeaderCols", "SetVerified", "SetText", "LinkContinuation",
           "UnlinkRegion", "Compound", "apply_edit", "TEXT_FIELDS"]
