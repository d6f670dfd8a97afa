"""The login lockout's counters (django-axes) when the shared cache is down.

Counted in the shared cache, a Redis that does not answer would make every login a 500:
axes reads the failures before it checks the password and writes them after. Here each
of those calls falls back, while the cache is unreachable, to axes's database handler —
the lockout still holds (counted in the database, which every worker shares) and the
login page answers. The fallback is logged, once per call, with the cache's error.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from axes.handlers.cache import AxesCacheHandler
from axes.handlers.database import AxesDatabaseHandler
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class TolerantCacheHandler(AxesCacheHandler):
    """``AxesCacheHandler`` that counts in the database while the cache is unreachable."""

    def __init__(self) -> None:
        super().__init__()
        self._fallback = AxesDatabaseHandler()

    def _either(self, name: str, *args: Any, **kwargs: Any) -> Any:
        primary: Callable[..., Any] = getattr(super(), name)
        try:
            return primary(*args, **kwargs)
        except (RedisError, OSError):
            log.warning("login lockout counted in the database: the cache is unreachable")
            return getattr(self._fallback, name)(*args, **kwargs)

    def get_failures(self, request, credentials: dict | None = None) -> int:
        return self._either("get_failures", request, credentials)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        return self._either("user_login_failed", sender, credentials, request, **kwargs)

    def user_logged_in(self, sender, request, user, **kwargs):
        return self._either("user_logged_in", sender, request, user, **kwargs)

    def user_logged_out(self, sender, request, user, **kwargs):
        return self._either("user_logged_out", sender, request, user, **kwargs)

    def reset_attempts(self, **kwargs) -> int:
        return self._either("reset_attempts", **kwargs)

    # the database handler's rows send these signals (through axes's proxy, to this class)
    def post_save_access_attempt(self, instance, **kwargs) -> None:
        self._fallback.post_save_access_attempt(instance, **kwargs)

    def post_delete_access_attempt(self, instance, **kwargs) -> None:
        self._fallback.post_delete_access_attempt(instance, **kwargs)
