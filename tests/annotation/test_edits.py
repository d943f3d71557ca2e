"""Edit operations: invariants and exact inverses (property-based), plus worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from inspector.annotation import edits as E
from inspector.annotation.grid_ops import EditError, RunsTogether, merge_slots
from inspector.annotation.model import ROLES, AnnCell, AnnTable, Region, new_region
from inspector.annotation.text import text_source
from inspector.core.geometry import Frame
from inspector.core.types import Rect, Word


def _bounds(start: float, steps: list[float]) -> tuple[float, ...]:
    out = [start]
    for s in steps:
        out.append(out[-1] + s)
    return tuple(out)


def _words(region: Region) -> list[Word]:
    """One word at the centre of every slot, named after the slot."""
    out = []
    for r in range(region.n_rows):
        for c in range(region.n_cols):
            b = region.slot_box(r, c)
            out.append(Word(f"w{r}.{c}", Rect(b.cx - 1, b.cy - 1, b.cx + 1, b.cy + 1)))
    return out


@st.composite
def regions(draw: st.DrawFn, page: int = 1) -> Region:
    nr = draw(st.integers(1, 5))
    nc = draw(st.integers(1, 5))
    x0, y0 = draw(st.integers(10, 100)), draw(st.integers(10, 300))
    xs = _bounds(float(x0), draw(st.lists(st.integers(8, 60), min_size=nc, max_size=nc)))
    ys = _bounds(float(y0), draw(st.lists(st.integers(8, 30), min_size=nr, max_size=nr)))
    cells = []
    for r in range(nr):
        for c in range(nc):
            override = draw(st.sampled_from([None, None, f"o{r}{c}"]))
            cells.append(AnnCell(r, c, text=f"t{r}{c}", override=override))
    roles = tuple(draw(st.lists(st.sampled_from(ROLES), min_size=nr, max_size=nr)))
    turn = draw(st.sampled_from([0, 0, 90, 180, 270]))  # sideways tables keep xs/ys in the upright frame
    bbox = Frame(turn, 600, 800).rect(Rect(xs[0], ys[0], xs[-1], ys[-1]), back=True)
    region = Region(page, bbox, xs, ys, tuple(cells), roles, turn, *((600.0, 800.0) if turn else (0.0, 0.0)))
    for _ in range(draw(st.integers(0, 3))):
        r0, r1 = sorted(draw(st.lists(st.integers(0, nr - 1), min_size=2, max_size=2)))
        c0, c1 = sorted(draw(st.lists(st.integers(0, nc - 1), min_size=2, max_size=2)))
        try:
            region = merge_slots(region, (r0, c0, r1, c1), None)
        except EditError:
            pass
    return region


@st.composite
def tables_(draw: st.DrawFn) -> AnnTable:
    first = draw(regions(1))
    more = draw(st.lists(regions(2), max_size=1))
    return AnnTable("t1", (first, *more), header_rows=draw(st.integers(0, first.n_rows)),
                    header_cols=draw(st.integers(0, min(r.n_cols for r in (first, *more)))),
                    verified=draw(st.booleans()), title=draw(st.sampled_from(["", "Table 1"])))


def _edits(t: AnnTable) -> st.SearchStrategy:
    n = len(t.regions)
    reg = st.integers(0, n)  # one past the end: must be refused cleanly
    idx = st.integers(-1, 6)
    pos = st.floats(0, 700, allow_nan=False)
    axis = st.sampled_from(["row", "col"])
    box = st.builds(lambda a, b, w, h: Rect(a, b, a + w, b + h), st.integers(0, 150), st.integers(0, 350),
                    st.integers(1, 400), st.integers(1, 300))
    return st.one_of(
        st.builds(E.MoveBoundary, reg, axis, idx, pos),
        st.builds(E.AddBoundary, reg, axis, pos),
        st.builds(E.RemoveBoundary, reg, axis, idx, st.booleans()),
        st.builds(E.CropRegion, reg, idx, idx, idx, idx),
        st.builds(E.DeleteSlots, reg, axis, idx, idx),
        st.builds(E.MergeCells, reg, idx, idx, idx, idx),
        st.builds(E.SplitCell, reg, idx, idx),
        st.builds(E.ResizeRegion, reg, box),
        st.builds(E.OverrideText, reg, idx, idx, st.sampled_from([None, "", "hand"])),
        st.builds(E.SetRowRole, reg, idx, st.sampled_from(ROLES)),
        st.builds(E.SetRowsRole, reg, idx, idx, st.sampled_from([*ROLES, "sum"])),
        st.builds(E.SetHeaderRows, idx),
        st.builds(E.SetHeaderCols, idx),
        st.builds(E.SetVerified, st.booleans()),
        st.builds(E.SetText, st.sampled_from(["title", "footnote", "notes"]), st.text(max_size=5)),
        st.builds(E.LinkContinuation, regions(3), st.sampled_from([None, 1])),
        st.builds(E.UnlinkRegion, st.integers(0, 2)),
    )


# Many drawn edits are refused on purpose (indices one past the end, unknown roles): refusals
# are checked for their message, then set aside, so Hypothesis may filter many examples.
@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_every_edit_keeps_invariants_and_inverts_exactly(data: st.DataObject) -> None:
    t = data.draw(tables_())
    assert t.problems() == []
    words = {r.page: _words(r) for r in t.regions}
    text_for = data.draw(st.sampled_from([None, text_source(words)]))
    edit = data.draw(_edits(t))
    try:
        after = edit.apply(t, text_for)
    except EditError as exc:
        assert str(exc) and "\n" not in str(exc)
        assume(False)
    assert after.problems() == [], edit
    undo = edit.inverse(t, text_for)
    assert undo.apply(after, text_for) == t


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_sequences_undo_in_reverse_order(data: st.DataObject) -> None:
    t0 = data.draw(tables_())
    t, undos = t0, []
    for _ in range(4):
        edit = data.draw(_edits(t))
        try:
            after = edit.apply(t)
        except EditError:
            continue
        undos.append(edit.inverse(t))
        t = after
    for undo in reversed(undos):
        t = undo.apply(t)
    assert t == t0


def _table(nr: int = 3, nc: int = 3) -> AnnTable:
    region = new_region(1, Rect(0, 0, 90, 30), nr, nc)
    cells = tuple(AnnCell(c.r, c.c, text=f"t{c.r}{c.c}") for c in region.cells)
    roles = ("header",) + ("data",) * (nr - 1)
    return AnnTable("t1", (Region(1, region.bbox, region.xs, region.ys, cells, roles),), header_rows=1)


def test_add_column_boundary_splits_cells_and_reads_words() -> None:
    t = _table()
    words = [Word("left", Rect(31, 1, 39, 9)), Word("right", Rect(51, 1, 59, 9))]
    out = E.AddBoundary(0, "col", 45.0).apply(t, text_source({1: words}))
    reg = out.regions[0]
    assert reg.xs == (0, 30, 45, 60, 90)
    assert (reg.cell_at(0, 1).text, reg.cell_at(0, 2).text) == ("left", "right")
    assert reg.cell_at(0, 3).text == "t02"  # untouched column shifted right, text kept


def test_remove_row_boundary_merges_and_keeps_override() -> None:
    t = E.OverrideText(0, 1, 0, "fixed by hand").apply(_table())
    out = E.RemoveBoundary(0, "row", 2).apply(t)
    reg = out.regions[0]
    assert reg.n_rows == 2 and reg.ys == (0, 10, 30)
    cell = reg.cell_at(1, 0)
    assert (cell.rs, cell.text, cell.override) == (1, "t10 t20", "fixed by hand t20")
    assert reg.row_roles == ("header", "data")


def test_remove_boundary_under_a_spanning_cell_grows_the_merge() -> None:
    t = E.MergeCells(0, 0, 0, 1, 0).apply(_table())  # column 0 rows 0-1 one cell
    with pytest.raises(RunsTogether, match="3 cells would run together"):
        E.RemoveBoundary(0, "col", 1).apply(t)  # never silently
    out = E.RemoveBoundary(0, "col", 1, run_together=True).apply(t)
    reg = out.regions[0]
    big = reg.cell_at(0, 0)
    assert (big.r, big.c, big.rs, big.cs) == (0, 0, 2, 1)
    assert big.text == "t00 t10 t01 t11"  # merged cells join in row-major order
    assert reg.cell_at(2, 0).text == "t20 t21"


def test_move_boundary_rereads_text_but_keeps_overrides() -> None:
    t = E.OverrideText(0, 0, 0, "mine").apply(_table())
    words = [Word("a", Rect(2, 11, 4, 13)), Word("b", Rect(2, 16, 4, 18))]
    out = E.MoveBoundary(0, "row", 2, 15.0).apply(t, text_source({1: words}))
    reg = out.regions[0]
    assert reg.ys[2] == 15.0
    assert (reg.cell_at(1, 0).text, reg.cell_at(2, 0).text) == ("a", "b")
    assert reg.cell_at(0, 0).override == "mine"


def test_bad_edits_are_refused_with_one_line() -> None:
    t = _table()
    for edit in (E.MoveBoundary(0, "row", 1, 25.0), E.SplitCell(0, 0, 0), E.RemoveBoundary(0, "row", 0),
                 E.SetHeaderRows(9), E.UnlinkRegion(0), E.MoveBoundary(0, "diagonal", 1, 1.0)):
        with pytest.raises(EditError):
            edit.apply(t)


def test_set_header_rows_sets_roles_and_inverse_restores_them() -> None:
    t = E.SetRowRole(0, 2, "total").apply(_table())
    out = E.SetHeaderRows(2).apply(t)
    assert out.regions[0].row_roles == ("header", "header", "total")
    assert E.SetHeaderRows(2).inverse(t).apply(out) == t


def test_rows_role_sets_a_range_and_keeps_the_header_count_in_step() -> None:
    t = _table(5, 2)
    out = E.SetRowsRole(0, 4, 3, "total").apply(t)
    assert out.regions[0].row_roles == ("header", "data", "data", "total", "total") and out.header_rows == 1
    grown = E.SetRowsRole(0, 1, 1, "header").apply(out)  # just below the header: the header grows
    assert grown.header_rows == 2 and grown.regions[0].row_roles[:2] == ("header", "header")
    repeated = E.SetRowsRole(0, 3, 3, "header").apply(t)  # further down: a repeated header, count unchanged
    assert repeated.header_rows == 1 and repeated.regions[0].row_roles[3] == "header"
    gone = E.SetRowsRole(0, 0, 0, "section").apply(t)  # the header row made a section: no header left
    assert gone.header_rows == 0 and gone.regions[0].row_roles[0] == "section"
    for edit, before in ((E.SetRowsRole(0, 1, 1, "header"), out), (E.SetRowsRole(0, 0, 0, "section"), t)):
        assert edit.inverse(before).apply(edit.apply(before)) == before
    for bad in (E.SetRowsRole(0, 0, 5, "data"), E.SetRowsRole(0, -1, 0, "data"), E.SetRowsRole(0, 0, 0, "sum"),
                E.SetRowsRole(1, 0, 0, "data")):
        with pytest.raises(EditError):
            bad.apply(t)


def test_link_continuation_and_apply_edit_on_document() -> None:
    from inspector.annotation.model import DocumentAnnotation
    doc = DocumentAnnotation("0" * 64, "x.pdf", (), (_table(),))
    cont = new_region(2, Rect(0, 0, 90, 20), 2, 3)
    doc2, undo = E.apply_edit(doc, "t1", E.LinkContinuation(cont))
    assert [r.page for r in doc2.table("t1").regions] == [1, 2]
    doc3, _ = E.apply_edit(doc2, "t1", undo)
    assert doc3 == doc


def test_turned_region_reads_text_from_page_space() -> None:
    # A table on a page shown rotated 90 degrees: upright frame = turn 270 of page space.
    frame = Frame(270, 600, 800)
    xs, ys = (100.0, 200.0, 300.0), (50.0, 70.0, 90.0)
    bbox = frame.rect(Rect(100, 50, 300, 90), back=True)
    cells = tuple(AnnCell(r, c) for r in range(2) for c in range(2))
    t = AnnTable("t1", (Region(1, bbox, xs, ys, cells, ("data", "data"), 270, 600, 800),))
    assert t.problems() == []
    slot = t.regions[0].slot_box(1, 0)  # page space
    assert frame.rect(slot) == Rect(100, 70, 200, 90)
    word = Word("x", frame.rect(Rect(174, 79, 176, 81), back=True))  # right half of slot (1, 0)
    out = E.AddBoundary(0, "col", 150.0).apply(t, text_source({1: [word]}))
    reg = out.regions[0]
    assert reg.xs == (100, 150, 200, 300) and reg.turn == 270 and reg.bbox == bbox
    assert reg.cell_at(1, 0).text == "" and reg.cell_at(1, 1).text == "x"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_document_edits_invert_exactly(data: st.DataObject) -> None:
    from inspector.annotation import doc_edits as D
    from inspector.annotation.model import DocumentAnnotation
    tables = [replace(data.draw(tables_()), id=f"t{i + 1}") for i in range(data.draw(st.integers(1, 3)))]
    doc = DocumentAnnotation("0" * 64, "x.pdf", (), tuple(tables))
    ids = st.sampled_from(["t1", "t2", "t3", "t4"])
    edit = data.draw(st.one_of(
        st.builds(D.AddTable, st.builds(lambda t, i: replace(t, id=i), tables_(), ids), st.none() | st.integers(0, 3)),
        st.builds(D.RemoveTable, ids),
        st.builds(D.LinkTables, ids, ids),
        st.builds(D.EditTable, ids, st.builds(E.SetVerified, st.booleans())),
        st.builds(D.EditTable, ids, st.builds(E.MergeCells, st.just(0), st.just(0), st.just(0), st.just(1),
                                              st.just(1))),
    ))
    try:
        after = edit.apply(doc)
    except EditError:
        assume(False)
    assert after.problems() == []
    assert edit.inverse(doc).apply(after) == doc


def test_link_tables_moves_regions_into_the_first() -> None:
    from inspector.annotation import doc_edits as D
    from inspector.annotation.model import DocumentAnnotation
    second = replace(_table(2, 3), id="t2", regions=(replace(_table(2, 3).regions[0], page=2),))
    doc = DocumentAnnotation("0" * 64, "x.pdf", (), (_table(), second))
    out = D.LinkTables("t1", "t2").apply(doc)
    assert [t.id for t in out.tables] == ["t1"] and [r.page for r in out.tables[0].regions] == [1, 2]
    with pytest.raises(EditError, match="cannot continue itself"):
        D.LinkTables("t1", "t1").apply(doc)


def _captioned() -> AnnTable:
    """A 4 x 3 table whose first row is a caption over the full width, then a header row."""
    t = E.MergeCells(0, 0, 0, 0, 2).apply(_table(4, 3))
    return E.SetHeaderRows(2).apply(t)


def test_deleting_the_boundary_under_a_caption_row_is_refused_not_run_together() -> None:
    t = _captioned()
    with pytest.raises(RunsTogether) as exc:
        E.RemoveBoundary(0, "row", 1).apply(t)
    assert "delete that row" in str(exc.value) and "\n" not in str(exc.value)
    out = E.RemoveBoundary(0, "row", 2).apply(t)  # two rows of single cells: a plain vertical join
    assert out.regions[0].cell_at(1, 0).text == "t10 t20"


def test_delete_an_edge_row_or_column_and_refuse_the_middle() -> None:
    t = _captioned()
    out = E.DeleteSlots(0, "row", 0, 0).apply(t)  # the caption row goes
    reg = out.regions[0]
    assert reg.n_rows == 3 and reg.ys == (7.5, 15.0, 22.5, 30.0)
    assert reg.cell_at(0, 0).text == "t10" and (reg.cell_at(0, 0).rs, reg.cell_at(0, 0).cs) == (1, 1)
    assert out.header_rows == 1 and reg.row_roles[0] == "header" and out.problems() == []
    assert reg.bbox.y0 == reg.ys[0] == t.regions[0].ys[1]
    out = E.DeleteSlots(0, "col", 2, 2).apply(t)
    assert out.regions[0].n_cols == 2 and out.regions[0].bbox.x1 == t.regions[0].xs[2]
    assert out.regions[0].cell_at(0, 0).cs == 2  # the caption is cut to the kept columns
    for bad in (E.DeleteSlots(0, "row", 1, 2), E.DeleteSlots(0, "col", 0, 2), E.DeleteSlots(0, "row", 5, 5)):
        with pytest.raises(EditError):
            bad.apply(t)
    assert E.DeleteSlots(0, "row", 0, 0).inverse(t).apply(E.DeleteSlots(0, "row", 0, 0).apply(t)) == t


def test_crop_to_selection_keeps_the_slot_rectangle() -> None:
    t = _captioned()
    words = {1: _words(t.regions[0])}
    out = E.CropRegion(0, 1, 1, 3, 2).apply(t, text_source(words))
    reg = out.regions[0]
    assert (reg.n_rows, reg.n_cols) == (3, 2) and reg.bbox.x0 == t.regions[0].xs[1]
    assert reg.cell_at(0, 0).text == "w1.1" and out.header_rows == 1 and out.header_cols == 0
    assert E.CropRegion(0, 1, 1, 3, 2).inverse(t).apply(out) == t


def test_shrinking_a_region_drops_the_boundaries_it_leaves() -> None:
    t = _captioned()
    reg = t.regions[0]
    box = Rect(reg.xs[0], reg.ys[1] + 0.5 * (reg.ys[2] - reg.ys[1]), reg.xs[2] - 1, reg.ys[-1])
    out = E.ResizeRegion(0, box).apply(t)
    got = out.regions[0]
    assert got.bbox == box and got.n_rows == 3 and got.n_cols == 2
    assert got.ys == (box.y0, *reg.ys[2:-1], box.y1) and got.xs == (box.x0, reg.xs[1], box.x1)
    assert out.header_rows == 1 and out.problems() == []
    with pytest.raises(EditError):
        E.ResizeRegion(0, Rect(500, 500, 600, 600)).apply(t)
