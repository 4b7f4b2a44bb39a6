"""Cassettes: the real model clients (anthropic and openai SDKs, real HTTP path) against
recorded Messages API or chat-completions traffic, with vcrpy underneath and pytest-recording's
record modes.

What is scrubbed before anything is written: request headers that carry credentials or identify
an account (x-api-key, authorization, Anthropic's organization id, OpenAI's organization and
project, cookies), response headers that identify a request or set state, API keys (``sk-...``)
anywhere in a body, the ``secrets`` a session names, and every value this process decided was
secret (``snapshot.secrecy``: what was typed into a password, one-time-code or card field,
wherever it shows up). Cassettes are written 0600 in 0700 folders. Requests match on method,
path and a normalised body: snapshot ids, timestamps, tool-call ids and typed values are
replaced by placeholders, image bytes by their hash, so yesterday's cassette answers today's
run.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

import vcr
from vcr.cassette import Cassette
from vcr.persisters.filesystem import FilesystemPersister
from vcr.request import Request
from vcr.serialize import serialize

from subterminator.ai.guard import allow_model_requests
from subterminator.runlog.files import make_private_dirs, recording_modes, replace_private_file
from subterminator.snapshot.secrecy import KNOWN

RecordMode = Literal["none", "once", "new_episodes", "all", "rewrite"]
REDACTED = "[REDACTED]"
SECRET_REQUEST_HEADERS = (
    "x-api-key",
    "authorization",
    "anthropic-organization-id",
    "openai-organization",
    "openai-project",
    "cookie",
    "x-stainless-retry-count",
)
SECRET_RESPONSE_HEADERS = (
    "request-id",
    "x-request-id",
    "anthropic-organization-id",
    "openai-organization",
    "openai-project",
    "set-cookie",
    "cf-ray",
)
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)?")
_TOOL_ID = re.compile(r"toolu_[A-Za-z0-9_]+")
_CALL_ID = re.compile(r"\bcall_[A-Za-z0-9_]+")
# Anthropic's keys (sk-ant-...) and OpenAI's (sk-proj-..., sk-svcacct-..., sk-admin-..., sk-...)
_KEY = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}|\bsk-[A-Za-z0-9_\-]{16,}")


def normalise_body(body: bytes | str | None) -> str:
    """The parts of a request body that say what was asked, not when or under which ids."""
    if not body:
        return ""
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if value.get("type") == "base64" and isinstance(value.get("data"), str):
                return {**value, "data": _digest(value["data"])}
            image = value.get("image_url")  # chat completions: a data URL
            if value.get("type") == "image_url" and isinstance(image, dict):
                return {**value, "image_url": {**image, "url": _digest(str(image.get("url")))}}
            if value.get("type") == "tool_use" and value.get("name") == "browser_fill":
                typed = dict(value.get("input") or {})
                typed["value"] = "<typed>"  # a cassette never holds what was typed
                value = {**value, "input": typed}
            function = value.get("function")
            if isinstance(function, dict) and function.get("name") == "browser_fill":
                value = {**value, "function": {**function, "arguments": _typed(function)}}
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str):
            value = _UUID.sub("<uuid>", value)
            value = _TIMESTAMP.sub("<time>", value)
            value = _CALL_ID.sub("<call>", value)
            return _TOOL_ID.sub("<toolu>", value)
        return value

    return json.dumps(walk(data), sort_keys=True, ensure_ascii=False)


def _digest(data: str) -> str:
    return f"sha256:{hashlib.sha256(data.encode()).hexdigest()[:16]}"


def _typed(function: dict[str, Any]) -> str:
    """A chat-completions ``browser_fill``'s JSON arguments with the typed value masked."""
    try:
        arguments = json.loads(function.get("arguments") or "{}")
    except json.JSONDecodeError:
        return "<typed>"
    if isinstance(arguments, dict) and "value" in arguments:
        arguments["value"] = "<typed>"
    return json.dumps(arguments, sort_keys=True)


class PromptDriftError(AssertionError):
    """``strict``: a request differs from the recorded one; the message is the diff."""


_DRIFT: ContextVar[list[str] | None] = ContextVar("subterminator_cassette_drift", default=None)


def drift(recorded: bytes | str | None, asked: bytes | str | None) -> str:
    """A readable diff of two request bodies (normalised, one JSON key per line)."""

    def lines(body: bytes | str | None) -> list[str]:
        text = normalise_body(body)
        try:
            return json.dumps(json.loads(text), indent=1, sort_keys=True).splitlines()
        except json.JSONDecodeError:
            return text.splitlines()

    diff = difflib.unified_diff(
        lines(recorded), lines(asked), "recorded", "asked now", n=2, lineterm=""
    )
    return "\n".join(list(diff)[:80])


_PLAYING: ContextVar[Cassette | None] = ContextVar("subterminator_cassette", default=None)


def _body_matcher(r1: Request, r2: Request) -> None:
    """Strict: the request must be the next recorded one, body included."""
    cassette = _PLAYING.get()
    if cassette is not None:
        position = next((i for i, r in enumerate(cassette.requests) if r is r2), -1)
        if position != sum(cassette.play_counts.values()):
            raise AssertionError("not the next recorded interaction")
    if normalise_body(r1.body) != normalise_body(r2.body):
        found = _DRIFT.get()
        if found is not None and not found:
            found.append(drift(r2.body, r1.body))
        raise AssertionError("the request bodies differ once ids and times are normalised")


def _scrub_text(text: str, secrets: Sequence[str]) -> str:
    text = _KEY.sub(REDACTED, text)
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    return text


def _scrub_body(body: Any) -> Any:
    """A recorded body with every secret this process typed masked: JSON bodies string by
    string (a value inside a tool call's JSON arguments included), others as text."""
    raw = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    if not isinstance(raw, str) or KNOWN.scrub(raw) == raw:
        return body  # no secret in it, in any spelling: kept byte for byte
    try:
        scrubbed = json.dumps(KNOWN.scrub_data(json.loads(raw)), ensure_ascii=False)
    except json.JSONDecodeError:
        scrubbed = KNOWN.scrub(raw)
    return scrubbed.encode() if isinstance(body, bytes) else scrubbed


class PrivatePersister:
    """vcrpy's file persister, writing 0600 in folders made 0700 (``recording_modes``), whole
    or not at all, after masking what the run decided was secret (``snapshot.secrecy``): the
    model's tool calls carry what it typed, and a value is known secret only once its field
    is seen, after the response that asked for it was appended."""

    load_cassette = staticmethod(FilesystemPersister.load_cassette)

    @staticmethod
    def save_cassette(cassette_path: str, cassette_dict: dict[str, Any], serializer: Any) -> None:
        for request in cassette_dict.get("requests", []):
            request.body = _scrub_body(request.body)
        for response in cassette_dict.get("responses", []):
            body = response.get("body", {})
            if "string" in body:
                body["string"] = _scrub_body(body["string"])
        path = Path(cassette_path)
        folder_mode, file_mode = recording_modes()
        make_private_dirs(path.parent, folder_mode)
        replace_private_file(path, serialize(cassette_dict, serializer).encode(), file_mode)


def _vcr(mode: RecordMode, secrets: Sequence[str], strict: bool) -> vcr.VCR:
    def scrub_request(request: Request) -> Request:
        request = copy.deepcopy(request)  # the one httpx sends must keep its body and length
        body = request.body
        if isinstance(body, bytes):
            request.body = _scrub_text(body.decode("utf-8", "replace"), secrets).encode()
        elif isinstance(body, str):
            request.body = _scrub_text(body, secrets)
        return request

    def scrub_response(response: dict[str, Any]) -> dict[str, Any]:
        headers = response.get("headers", {})
        for name in list(headers):
            if name.lower() in SECRET_RESPONSE_HEADERS:
                del headers[name]
        body = response.get("body", {})
        if isinstance(body.get("string"), bytes):
            body["string"] = _scrub_text(
                body["string"].decode("utf-8", "replace"), secrets
            ).encode()
        return response

    recorder = vcr.VCR(
        record_mode=mode,
        filter_headers=list(SECRET_REQUEST_HEADERS),
        before_record_request=scrub_request,
        before_record_response=scrub_response,
        # in order by method and path; ``strict`` also wants the same request, prompt included
        match_on=("method", "path", "normalised_body") if strict else ("method", "path"),
        decode_compressed_response=True,
        record_on_exception=False,
    )
    recorder.register_matcher("normalised_body", _body_matcher)
    recorder.register_persister(PrivatePersister)
    return recorder


class UnusedInteractionsError(AssertionError):
    """A cassette was not played through: the run asked the model less than recorded."""


class MissingCassetteError(FileNotFoundError):
    """Mode ``none`` plays only, and there is nothing to play."""


@contextlib.contextmanager
def use_cassette(
    path: Path,
    mode: RecordMode = "none",
    *,
    secrets: Sequence[str] = (),
    allow_unused: bool = False,
    strict: bool = False,
) -> Iterator[Cassette]:
    """Play (``none``) or record ``path`` (pytest-recording's modes: ``once`` records a missing
    cassette, ``new_episodes`` adds unrecorded requests, ``all`` records every request again,
    ``rewrite`` starts the cassette afresh). While a cassette only plays, the model-request guard
    lets the SDK through: vcrpy answers every request, and an unrecorded one fails. A run that
    fails writes nothing, and ``rewrite`` replaces the old cassette only when the run passes.

    Interactions play in order. ``strict`` (``--st-replay-strict``) also wants each request to
    be the recorded one (system prompt, tools, messages): drift raises ``PromptDriftError`` with
    the diff; without it a changed prompt still replays."""
    if mode == "none" and not path.exists():
        raise MissingCassetteError(f"no cassette at {path} (record mode 'none' only plays)")
    target = path.with_name(f"{path.name}.rewriting") if mode == "rewrite" else path
    if mode == "rewrite":
        target.unlink(missing_ok=True)
    found: list[str] = []
    token = _DRIFT.set(found)
    playing = _PLAYING.set(None)
    try:
        recorder = _vcr("all" if mode == "rewrite" else mode, secrets, strict)
        with recorder.use_cassette(str(target)) as cassette:
            _PLAYING.set(cassette)
            guard = allow_model_requests() if cassette.write_protected else contextlib.nullcontext()
            try:
                with guard:
                    yield cassette
            except Exception:
                if found:
                    raise PromptDriftError(f"{path}: the prompt drifted:\n{found[0]}") from None
                raise
            if found:
                raise PromptDriftError(f"{path}: the prompt drifted:\n{found[0]}")
            if mode == "none" and not allow_unused and not cassette.all_played:
                unplayed = len(cassette.data) - sum(cassette.play_counts.values())
                raise UnusedInteractionsError(
                    f"{path}: {unplayed} recorded interaction(s) not played"
                )
        if mode == "rewrite" and target.exists():
            target.replace(path)
    finally:
        if mode == "rewrite":
            target.unlink(missing_ok=True)
        _DRIFT.reset(token)
        _PLAYING.reset(playing)
