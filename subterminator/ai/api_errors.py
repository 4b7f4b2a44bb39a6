"""A model API's errors in plain words, whichever SDK raised them.

The anthropic and openai SDKs are generated alike (``APIStatusError`` with ``status_code`` and
``body``, ``APIConnectionError`` with its ``request``), so each client hands its SDK's types
over as ``SDKErrors`` and one set of rules reads both: what may be retried, the words a person
reads, which refusals are the person's to fix (``ModelConfigurationError``: no retry, no
offline fallback: a refused key, permission or model name, and an account out of credit), and
which are the model's own mistake (``ToolCallRejectedError``: a tool call the server could not
parse, answered to the model as a turn). Never the SDK's dict repr.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol, cast

from subterminator.ai.selection import MODEL_ENV
from subterminator.errors import (
    MalformedResponseError,
    ModelConfigurationError,
    ToolCallRejectedError,
)


@dataclass(frozen=True)
class SDKErrors:
    """One SDK's exception types (``APIError`` and the kinds below it)."""

    api: type[Exception]
    status: type[Exception]
    connection: type[Exception]
    timeout: type[Exception]

    @classmethod
    def of(cls, sdk: Any) -> SDKErrors:
        """The types of an SDK module (``anthropic``, ``openai``): they are named alike."""
        return cls(sdk.APIError, sdk.APIStatusError, sdk.APIConnectionError, sdk.APITimeoutError)


@dataclass(frozen=True)
class Advice:
    """What a refusal tells the person to fix: the key's variable, and a model to try."""

    key_env: str
    model_hint: str  # "(default claude-sonnet-4-6)"


@dataclass(frozen=True)
class ErrorBody:
    """An error body's ``type`` (not the generic "error"), machine ``code`` and ``message``."""

    kind: str | None = None
    code: str | None = None
    message: str | None = None
    generation: str | None = None  # a rejected tool call's text (``failed_generation``)

    @property
    def label(self) -> str | None:
        return self.code or self.kind


@dataclass(frozen=True)
class Failure:
    """A failed call: the HTTP status (None when nothing answered), its body, and the host."""

    status: int | None
    body: ErrorBody
    host: str
    connection: bool
    error: str  # the SDK error's type name, for an answer neither refused nor failed


class _StatusError(Protocol):
    status_code: int
    body: object


class _Request(Protocol):
    url: _URL


class _URL(Protocol):
    host: str
    port: int | None


_ONE_LINE = re.compile(r"\s+")
# Machine codes and types of an account that cannot pay for the request (OpenAI's 429
# ``insufficient_quota``, billing limits, a compatible gateway's balance): asking again cannot help.
_NO_CREDIT_CODES = frozenset(
    {
        "insufficient_quota",
        "billing_hard_limit_reached",
        "billing_not_active",
        "billing_error",
        "insufficient_balance",
        "insufficient_credits",
        "insufficient_funds",
        "credit_limit_exceeded",
        "payment_required",
    }
)
# The words that widen the codes, for servers that send none (Anthropic's 400 "Your credit
# balance is too low"). Not "quota" alone: a per-minute limit is a quota too, and passes.
_NO_CREDIT = re.compile(
    r"\bcredit balance\b|\binsufficient (?:credits?|balance|funds|quota)\b|\bout of credits?\b|"
    r"\b(?:purchase|buy|add) (?:more )?credits?\b|\bbilling (?:hard )?limit\b|"
    r"\bpayment required\b|\bbilling (?:is )?not active\b",
    re.IGNORECASE,
)
# A tool call the server generated and could not parse (Groq's 400 ``tool_use_failed``)
_CALL_REJECTED_CODES = frozenset({"tool_use_failed", "tool_call_failed", "invalid_tool_call"})
_MODEL_REFUSED = re.compile(
    r"^model:|\b(?:invalid|unknown)\s+model\b|"
    r"\bmodel\b.*\b(?:not found|does not exist|is not (?:a )?(?:valid|supported|available))",
    re.IGNORECASE,
)


def error_body(body: object) -> ErrorBody:
    """The parts of an error body worth showing (Messages API, OpenAI, or a proxy's line)."""
    if isinstance(body, dict):
        error = body.get("error")
        inner = error if isinstance(error, dict) else body
        kind, code, message = inner.get("type"), inner.get("code"), inner.get("message")
        generation = inner.get("failed_generation")
        return ErrorBody(
            kind=kind if isinstance(kind, str) and kind and kind != "error" else None,
            code=code if isinstance(code, str) and code else None,
            message=_ONE_LINE.sub(" ", message).strip()[:300] if isinstance(message, str) else None,
            generation=generation[:2000] if isinstance(generation, str) else None,
        )
    if isinstance(body, str):  # not JSON: a proxy's page; a short plain line is worth showing
        line = _ONE_LINE.sub(" ", body).strip()
        if line and len(line) <= 200 and not line.startswith("<"):
            return ErrorBody(message=line)
    return ErrorBody()


def _host(exc: Exception) -> str:
    try:
        url = cast(_Request, getattr(exc, "request", None)).url
    except (AttributeError, RuntimeError):  # pragma: no cover - the SDKs always set it
        return "the model API"
    return f"{url.host}:{url.port}" if url.port else str(url.host)


def failure(exc: Exception, errors: SDKErrors) -> Failure:
    """The SDK error as data the rules below read."""
    if isinstance(exc, errors.status):
        answered = cast(_StatusError, exc)
        body = error_body(answered.body)
        return Failure(answered.status_code, body, _host(exc), False, type(exc).__name__)
    connection = isinstance(exc, errors.connection)
    return Failure(None, ErrorBody(), _host(exc), connection, type(exc).__name__)


def retryable(failed: Failure) -> bool:
    """No connection, 429 and 5xx may pass; a timeout is not retried (a person is owed an answer
    in 30 s), and neither is a refusal."""
    if failed.status is None:
        return failed.connection
    return failed.status == 429 or failed.status >= 500


def describe(failed: Failure) -> tuple[str, str, int | None]:
    """Plain words for a failure: (reason, cause, HTTP status or None).

    ``reason`` starts a sentence ("The model API is overloaded"); ``cause`` is the detail from
    the body ("HTTP 529 overloaded_error: Overloaded") or "could not connect to HOST".
    """
    status, body = failed.status, failed.body
    if status is not None:
        cause = " ".join(p for p in (f"HTTP {status}", body.label) if p)
        if body.message:
            cause += f": {body.message}"
        if status == 529 or body.kind == "overloaded_error":
            reason = "The model API is overloaded"
        elif status == 429:
            reason = "The model API is limiting the rate of requests"
        elif status >= 500:
            reason = "The model API had a server error"
        else:
            reason = "The model API refused the request"
        return reason, cause, status
    if failed.connection:
        host = failed.host
        return f"Could not connect to the model API at {host}", f"could not connect to {host}", None
    return "The model API answered something unusable", failed.error, None


def refusal(failed: Failure, model: str, advice: Advice) -> ModelConfigurationError | None:
    """A refusal of the key, its permission, the model name or the account's credit: the
    person has to fix it."""
    status, body = failed.status, failed.body
    if status is None:
        return None
    if _no_credit(status, body):
        text = (
            f"The model API says the account has no credit left (HTTP {status} "
            f"{body.label or 'payment_required'}): add credit, or check the plan and billing "
            f"of the account {advice.key_env} belongs to, or use another key"
        )
    elif status == 401:
        text = (
            f"The model API refused the key (HTTP 401 {body.label or 'authentication_error'}): "
            f"check {advice.key_env}"
        )
    elif status == 403:
        text = (
            f"The model API refused the key (HTTP 403 {body.label or 'permission_error'}): "
            f"this key may not use {model}; check its permissions, or choose another model "
            f"with --model or {MODEL_ENV}"
        )
    elif _unknown_model(status, body):
        text = (
            f"The model API does not know the model '{model}' (HTTP {status}): choose another "
            f"with --model or {MODEL_ENV} {advice.model_hint}"
        )
    else:
        return None
    return ModelConfigurationError(text, status=status, kind=body.label, model=model)


def _unknown_model(status: int, body: ErrorBody) -> bool:
    message = body.message or ""
    return (
        body.code == "model_not_found"
        or (status == 404 and "model" in message.lower())
        or (
            status == 400
            and body.kind == "invalid_request_error"
            and bool(_MODEL_REFUSED.search(message))
        )
    )


def _no_credit(status: int, body: ErrorBody) -> bool:
    """The account cannot pay: its code or type says so, HTTP 402, or (for a 4xx without such a
    code) its words do."""
    labels = {body.code or "", body.kind or ""}
    if labels & _NO_CREDIT_CODES or status == 402:
        return True
    return 400 <= status < 500 and bool(_NO_CREDIT.search(body.message or ""))


def rejected_call(failed: Failure) -> ToolCallRejectedError | None:
    """The server's refusal of the model's own malformed tool call (its code, or the text it
    generated, says so): to be answered to the model as a failed call, not to end the run."""
    status, body = failed.status, failed.body
    if status is None or not 400 <= status < 500 or status in (401, 403, 404, 429):
        return None
    if body.code not in _CALL_REJECTED_CODES and body.generation is None:
        return None
    detail = body.message or "the server could not parse the tool call"
    return ToolCallRejectedError(
        f"The model API could not parse the model's tool call (HTTP {status} "
        f"{body.label or 'invalid_request_error'}): {detail}",
        generation=body.generation or "",
    )


def unreadable(failed: Failure) -> MalformedResponseError | None:
    """An answer the SDK could not read: neither a status of its own nor a lost connection."""
    if failed.status is not None or failed.connection:
        return None
    return MalformedResponseError(f"Malformed response from the model API ({failed.error})")
