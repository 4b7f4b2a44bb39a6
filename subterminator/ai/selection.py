"""Which model drives a run, and through which API: the name picks the provider, so one option
serves every provider.

The name comes from ``--model``, then ``SUBTERMINATOR_MODEL``, then the default; the provider
follows from the name. ``claude-*`` is Anthropic's; ``gpt-*``, ``chatgpt-*``, OpenAI's
reasoning models (``o1``, ``o3``, ``o4-mini``, ...) and fine-tuned ``ft:`` models are OpenAI's.
An OpenAI-compatible server (vLLM, Ollama, LM Studio, a proxy) serves whatever names it has, so
a base URL widens the names: with ``--base-url`` every name goes to that server (it needs a
name: there is no default model on someone else's server), and with the SDK's own
``OPENAI_BASE_URL`` every name that is not Claude's does. Such a server may need no key.

Standard library only: the CLI decides before any SDK is imported.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

from subterminator.errors import ConfigurationError

if TYPE_CHECKING:
    from subterminator.ai.protocol import AIClientProtocol
    from subterminator.ai.retry import RetryNotice

Provider = Literal["anthropic", "openai"]

# The model first chosen, claude-sonnet-4-20250514, reached end-of-life on 2026-06-15.
DEFAULT_MODEL = "claude-sonnet-4-6"
MODEL_ENV = "SUBTERMINATOR_MODEL"
BASE_URL_ENV = "OPENAI_BASE_URL"  # the openai SDK's own variable
KEY_ENVS: dict[Provider, str] = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}
OPENAI_HOST = "api.openai.com"

_OPENAI_NAME = re.compile(r"^(?:gpt-|chatgpt-|ft:)\S|^o\d+(?:-\S+)?$")


def is_claude(name: str) -> bool:
    return name.startswith("claude-") and len(name) > len("claude-")


def is_openai_name(name: str) -> bool:
    """A name OpenAI's own API serves: ``gpt-*``, ``chatgpt-*``, ``o1``..., ``ft:...``."""
    return bool(_OPENAI_NAME.match(name))


def is_openai_api(base_url: str) -> bool:
    """OpenAI's own API, not a compatible server elsewhere."""
    return (urlsplit(base_url).hostname or "").lower() == OPENAI_HOST


def missing_key(key_env: str) -> str:
    """The message a missing key gives: ``Missing {PROVIDER}_API_KEY``, and where it is read
    from (people search for that exact phrase)."""
    return f"Missing {key_env}. Set it via environment variable."


@dataclass(frozen=True)
class ModelChoice:
    """A model, its provider, and the compatible server it is asked on (None: the provider's
    own API)."""

    model: str
    provider: Provider
    base_url: str | None = None

    @property
    def key_env(self) -> str:
        return KEY_ENVS[self.provider]

    @property
    def compatible(self) -> bool:
        """A server other than OpenAI's own: any name, and a key only if it wants one."""
        return self.base_url is not None and not is_openai_api(self.base_url)

    def has_key(self) -> bool:
        return self.compatible or bool(os.environ.get(self.key_env))

    @property
    def label(self) -> str:
        """What a run record calls this AI."""
        if self.provider == "anthropic":
            return "claude"
        return "openai-compatible" if self.compatible else "openai"


def choose_model(model: str | None = None, base_url: str | None = None) -> ModelChoice:
    """``model`` (``--model``), then ``SUBTERMINATOR_MODEL``, then the default, with its
    provider; ``base_url`` is ``--base-url``. An unknown name is ``Unsupported model``, said
    before anything starts."""
    name = model or os.environ.get(MODEL_ENV) or None
    if base_url:
        if name is None:
            raise ConfigurationError(
                f"--base-url needs a model name, as the server calls it: --model NAME "
                f"(or {MODEL_ENV})"
            )
        return ModelChoice(name, "openai", base_url)
    name = name or DEFAULT_MODEL
    if is_claude(name):
        return ModelChoice(name, "anthropic")
    server = os.environ.get(BASE_URL_ENV) or None
    if is_openai_name(name) or server is not None:
        return ModelChoice(name, "openai", server)
    raise ConfigurationError(
        f"Unsupported model: {name} (Claude: claude-*, needs ANTHROPIC_API_KEY; OpenAI: gpt-*, "
        f"o1, o3, o4-mini, ..., needs OPENAI_API_KEY; any name an OpenAI-compatible server "
        f"serves, with --base-url URL or {BASE_URL_ENV})"
    )


def connect(
    choice: ModelChoice, *, on_retry: Callable[[RetryNotice], None] | None = None
) -> AIClientProtocol:
    """The client for ``choice``; only its SDK is imported."""
    if choice.provider == "anthropic":
        from subterminator.ai.client import AIClient

        return AIClient(model=choice.model, on_retry=on_retry)
    from subterminator.ai.openai_client import OpenAIClient

    return OpenAIClient(model=choice.model, base_url=choice.base_url, on_retry=on_retry)
