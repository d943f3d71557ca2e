"""The bounded map behind the stage cache and the worker's open documents."""

from __future__ import annotations

from inspector.core.infra.lru import LRU


def test_the_least_recently_used_entry_goes_first_and_is_handed_to_evicted() -> None:
    gone: list[str] = []
    lru = LRU(2, evicted=gone.append)
    lru.put("a", "A")
    lru.put("b", "B")
    assert lru.get("a") == "A"  # "a" is now the most recent: "b" goes next
    lru.put("c", "C")
    assert gone == ["B"]
    assert lru.get("b") is None and lru.get("a") == "A" and lru.get("c") == "C"


def test_putting_a_key_again_replaces_it_without_evicting() -> None:
    gone: list[str] = []
    lru = LRU(1, evicted=gone.append)
    lru.put("a", "A")
    lru.put("a", "A2")
    assert gone == [] and lru.get("a") == "A2"
