"""`cached`: a property worked out the first time it is read, then kept on the object.

Like functools.cached_property, without its lock: Python 3.11 takes a lock on every first
read, which costs more than most of the engine's facts do to work out. What is cached here
is pure (worked out from an object that never changes), so two threads working it out at
once would only do the same work twice.
"""

from __future__ import annotations

from collections.abc import Callable


class cached:
    def __init__(self, compute: Callable) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.compute(obj)
        return value
