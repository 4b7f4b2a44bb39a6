"""Patterns built once per process by whichever asks first: a run's warm-up thread (the dates'
CLDR formats, the outcome vocabulary: ``assembly.warming_patterns``) or the event loop, which
then waits for that thread rather than building them again."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

# One lock for every such build: one may read another (the dates' one pattern, their forms).
_BUILDING = threading.RLock()


class built_once(Generic[T]):
    """``functools.cache`` whose build and reads hold the builders' lock."""

    def __init__(self, build: Callable[..., T]) -> None:
        self._cached = functools.cache(build)
        self.cache_info = self._cached.cache_info
        self.cache_clear = self._cached.cache_clear
        self.__doc__ = build.__doc__

    def __call__(self, *args: Hashable) -> T:
        with _BUILDING:
            return self._cached(*args)
