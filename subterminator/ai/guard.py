"""The model-request guard: under tests, no model client may reach a real API.

One switch for every SDK client (Claude's and OpenAI's), checked before each request against
the client's base URL: with ``ALLOW_MODEL_REQUESTS`` off, anything but a loopback address
(api.anthropic.com, api.openai.com, an ``OPENAI_BASE_URL`` on another machine) fails loudly.
It lives apart from the clients so that the pytest plugin can flip it without importing an SDK.
The switch has one writer, ``requests_allowed``: the plugin sets it around each test it guards.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from urllib.parse import urlsplit

from subterminator.errors import ConfigurationError
from subterminator.net import is_loopback_host

# Tests set this to False (the pytest plugin, unless --live): a request to anything but a
# loopback address then fails loudly instead of reaching the real API. Written only by
# ``requests_allowed``; read it, never assign it.
ALLOW_MODEL_REQUESTS = True
# A scoped override for cassette playback, where vcrpy answers every request (as pydantic-ai's
# ``override_allow_model_requests``): nothing leaves the machine, so the guard may let it pass.
_PLAYBACK: ContextVar[bool] = ContextVar("subterminator_model_playback", default=False)


class ModelRequestsBlockedError(ConfigurationError):
    """A real model request was attempted where none may be made."""


@contextlib.contextmanager
def requests_allowed(allowed: bool) -> Iterator[None]:
    """Within this block, real model requests are allowed or not (the switch's one writer);
    afterwards it is as it was."""
    global ALLOW_MODEL_REQUESTS
    before, ALLOW_MODEL_REQUESTS = ALLOW_MODEL_REQUESTS, allowed
    try:
        yield
    finally:
        ALLOW_MODEL_REQUESTS = before


@contextlib.contextmanager
def allow_model_requests() -> Iterator[None]:
    """Within this block, model requests pass the guard (cassette playback only)."""
    token = _PLAYBACK.set(True)
    try:
        yield
    finally:
        _PLAYBACK.reset(token)


def check(base_url: str) -> None:
    """Raises ``ModelRequestsBlockedError`` if a request to ``base_url`` may not be made."""
    if ALLOW_MODEL_REQUESTS or _PLAYBACK.get():
        return
    if not is_loopback_host(urlsplit(base_url).hostname or ""):
        raise ModelRequestsBlockedError(
            f"Real model requests are disabled here (tests run without --live); "
            f"a request to {base_url} was refused"
        )
