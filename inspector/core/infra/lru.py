"""A bounded map that forgets what was used least recently: the pipeline's stage cache and
renders, the worker's open documents. ``evicted`` is called with each value pushed out (a
document to close); ``get`` of a missing key is None, so None is never stored."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class LRU:
    """At most ``size`` entries; ``get`` and ``put`` make an entry the most recent."""

    def __init__(self, size: int, evicted: Callable[[Any], None] | None = None) -> None:
        self.size = size
        self.evicted = evicted
        self.data: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        if key in self.data:
            self.data.move_to_end(key)
            return self.data[key]
        return None

    def put(self, key: Hashable, value: Any) -> None:
        self.data[key] = value
        self.data.move_to_end(key)
        while len(self.data) > self.size:
            _, old = self.data.popitem(last=False)
            if self.evicted is not None:
                self.evicted(old)
