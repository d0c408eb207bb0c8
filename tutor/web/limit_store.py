"""The rate limit's count when its shared store (redis) is down or frozen: the policy, in one place.

Policy: the limit fails open to each worker's own memory. While the store does not answer, every
worker counts alone (a client may then get up to the budget once per worker, never unlimited),
the requests are answered as usual, and each worker logs one warning a minute, not one traceback
per request. A failed worker asks the store again after STORE_PAUSE_SECONDS, so a frozen store
costs one request per worker per pause the read timeout, not every request its timeout.

The redis client is given short timeouts (REDIS_OPTIONS; an option written in the storage address,
such as ?socket_timeout=1, wins) and no retries: redis-py's own default is 5 s to connect and 5 s
to read, with ten retries, which held every limited request, and then /healthz behind them, for
seconds.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import urlsplit

from limits import RateLimitItem
from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from redis.backoff import NoBackoff
from redis.retry import Retry

MEMORY = "memory://"
CONNECT_SECONDS = 0.5  # to open a connection to redis (on the same machine it takes well under 1 ms)
READ_SECONDS = 0.25  # for redis to answer one count
STORE_PAUSE_SECONDS = 5  # after a failure, a worker counts in its memory this long before asking again
WARNING_SECONDS = 60  # at most one warning a minute per worker while the store fails
# limits' plain redis store (RedisStorage): the schemes whose client takes these options.
REDIS_SCHEMES = ("redis", "rediss", "redis+unix")
REDIS_OPTIONS = {"socket_connect_timeout": CONNECT_SECONDS, "socket_timeout": READ_SECONDS, "retry": Retry(NoBackoff(), 0)}


def open_store(uri: str) -> Storage:
    """The store named by a limits address; its errors raise StorageError (ConfigurationError if
    the address cannot be used)."""
    options = REDIS_OPTIONS if urlsplit(uri).scheme in REDIS_SCHEMES else {}
    return storage_from_string(uri, wrap_exceptions=True, **options)


class Counter:
    """Counts requests per client in the shared store, or in this worker's memory while it fails."""

    def __init__(self, store: Storage, shown_as: str, log: logging.Logger):
        self.log = log  # the app's, so the warning goes where the app's log goes
        self.shared = FixedWindowRateLimiter(store)
        self.local = FixedWindowRateLimiter(MemoryStorage())
        self.shown_as = shown_as  # the store's address without its password, for the log
        self.paused_until = 0.0  # time.monotonic() before which the store is not asked
        self.warned_at = -WARNING_SECONDS
        self.failing = False

    def hit(self, limit: RateLimitItem, client: str) -> bool:
        """Count one request; False once the client's budget for the window is spent."""
        if time.monotonic() >= self.paused_until:
            try:
                allowed = self.shared.hit(limit, client)
            except StorageError as error:
                self._failed(error)
            else:
                self._answered()
                return allowed
        return self.local.hit(limit, client)

    def reset_time(self, limit: RateLimitItem, client: str) -> float:
        """When the client's window ends (seconds since the epoch), from the counter that refused it."""
        if time.monotonic() >= self.paused_until:
            try:
                return self.shared.get_window_stats(limit, client).reset_time
            except StorageError as error:
                self._failed(error)
        return self.local.get_window_stats(limit, client).reset_time

    def _failed(self, error: StorageError) -> None:
        now = time.monotonic()
        self.paused_until = now + STORE_PAUSE_SECONDS
        self.failing = True
        if now - self.warned_at >= WARNING_SECONDS:
            self.warned_at = now
            self.log.warning("tutor: the rate limit's store %s does not answer (%s): this worker counts in its own "
                             "memory meanwhile and asks again every %d s (said at most once a minute)",
                             self.shown_as, error.storage_error, STORE_PAUSE_SECONDS)

    def _answered(self) -> None:
        if self.failing:
            self.failing = False
            self.log.warning("tutor: the rate limit's store %s answers again: counting there", self.shown_as)
