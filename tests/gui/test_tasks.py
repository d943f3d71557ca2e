"""The window's one pattern for superseding background work (``gui.tasks.Lane``): a newer task
cancels the older (queued ones never start, a running one sees ``cancelled()`` and its result is
dropped), results arrive on the GUI thread, and a synchronous switch for tests."""

from __future__ import annotations

import threading
import time

import pytest

from inspector.gui.tasks import Lane


def _blocking(release: threading.Event, seen: list[str], name: str):
    def fn(cancelled) -> str:
        seen.append(f"{name} started")
        while not release.is_set():
            time.sleep(0.01)
        seen.append(f"{name} saw cancelled={cancelled()}")
        return name
    return fn


def test_a_newer_task_cancels_the_running_and_the_queued_one(qtbot, qapp) -> None:
    lane = Lane("test")
    release, seen, done = threading.Event(), [], []
    first = lane.submit(_blocking(release, seen, "first"), done.append)
    qtbot.waitUntil(lambda: seen == ["first started"], timeout=5000)
    second = lane.submit(_blocking(release, seen, "second"), done.append)  # queued behind the first
    third = lane.submit(lambda cancelled: "third", done.append)
    assert first.cancelled() and second.cancelled() and not third.cancelled()
    release.set()
    qtbot.waitUntil(lambda: not lane.busy, timeout=5000)
    assert done == ["third"]  # the superseded results were dropped
    assert "first saw cancelled=True" in seen and not any(s.startswith("second") for s in seen)
    assert not second.started
    lane.close()


def test_results_and_failures_arrive_on_the_gui_thread(qtbot, qapp) -> None:
    lane = Lane("test")
    threads: list[str] = []
    failures: list[str] = []

    def boom(_cancelled) -> None:
        raise ValueError("no such page")

    lane.submit(lambda _c: threading.current_thread().name, lambda v: threads.extend([v, threading.current_thread().name]))
    qtbot.waitUntil(lambda: not lane.busy, timeout=5000)
    assert threads[0] == "lane:test" and threads[1] == threading.main_thread().name
    lane.submit(boom, threads.append, failures.append)
    qtbot.waitUntil(lambda: not lane.busy, timeout=5000)
    assert failures == ["ValueError: no such page"]
    lane.close()


def test_sync_mode_runs_at_once(qapp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Lane, "sync", True)
    lane = Lane("test")
    got: list[object] = []
    task = lane.submit(lambda cancelled: ("ran", cancelled(), threading.current_thread().name), got.append)
    assert got == [("ran", False, threading.main_thread().name)] and task.started and not lane.busy
    lane.submit(lambda _c: 1 / 0, got.append, got.append)
    assert got[-1] == "ZeroDivisionError: division by zero"


def test_a_new_detection_cancels_the_why_tab_explanation_of_the_old(opened, qtbot) -> None:
    why = opened.why
    qtbot.waitUntil(lambda: not why.lane.busy, timeout=20000)
    assert why.tables  # the explanation of the detected page arrived through the lane
    why._explain_async()
    older = why.task
    why._explain_async()  # a newer result (here the same one again) supersedes the first
    assert older is not None and older.cancelled() and why.task is not older
    qtbot.waitUntil(lambda: not why.lane.busy, timeout=20000)
    assert why.tables and why._for is opened.session.result


def test_wait_delivers_at_once_and_only_once(qtbot, qapp) -> None:
    lane = Lane("test")
    got: list[str] = []
    lane.submit(lambda _c: (time.sleep(0.2), "read")[1], got.append)
    lane.wait()  # an action that needs the result now (the Tags layer's screenshot, Draft from tags)
    assert got == ["read"] and not lane.busy
    qtbot.wait(100)  # the queued delivery that follows changes nothing
    assert got == ["read"]
    lane.close()
