"""The HTTP door of ``subterminator mcp --http``: who may knock, and in what shape.

Whoever opens a session drives a browser that holds the person's signed-in sessions, and answers
that session's questions. So, in this order, before the SDK sees a request:

1. ``Gate``: the Host and Origin headers must name this server, on every bind address (the
   SDK's own check, which it turns on by itself only for the loopback names): a web page the
   person visits cannot reach the port by DNS rebinding or a cross-site request. 403.
2. The bearer token, when one is set (the SDK's bearer middleware, our constant-time check). 401.
3. ``Shape``: a body that is not JSON gets -32700, JSON that is not one JSON-RPC message -32600
   (the SDK answers the latter with -32602, "invalid params").
"""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import socket
from collections.abc import Iterable

import pydantic_core
from mcp.server.auth.middleware.bearer_auth import BearerAuthBackend, RequireAuthMiddleware
from mcp.server.auth.provider import AccessToken
from mcp.server.transport_security import (
    DEFAULT_MAX_REQUEST_BODY_SIZE,
    RequestBodyLimitMiddleware,
    TransportSecurityMiddleware,
    TransportSecuritySettings,
)
from mcp.types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError, jsonrpc_message_adapter
from pydantic import ValidationError
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
CLIENT_ID = "subterminator-mcp-client"  # who a good token says the caller is


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    return False


def _bracketed(host: str) -> str:
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host.strip("[]")).version == 6:
            return f"[{host.strip('[]')}]"
    return host


def _this_machine() -> list[str]:
    """The names and addresses a client may use for a server bound to every interface."""
    name = socket.gethostname()
    found = [name, socket.getfqdn()]
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    return [_bracketed(n) for n in found if n]


def host_names(host: str, extra: Iterable[str] = ()) -> list[str]:
    """What the Host header may say: the loopback names, the bound address, the machine's own
    names when bound to every interface, and whatever the person added (``--allowed-host``)."""
    names = [*LOOPBACK_NAMES, _bracketed(host)]
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host.strip("[]")).is_unspecified:
            names += _this_machine()
    names += extra
    return list(dict.fromkeys(n.lower() for n in names))


def security_settings(host: str, port: int, extra: Iterable[str] = ()) -> TransportSecuritySettings:
    hosts: list[str] = []
    for name in host_names(host, extra):
        has_port = name.rpartition(":")[2].isdigit() and not name.endswith("]")
        hosts.append(name if has_port else f"{name}:{port}")
        if port == 80 and not has_port:
            hosts.append(name)
    origins = [f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


def refusal(status: int, code: int, message: str) -> Response:
    body = JSONRPCError(jsonrpc="2.0", id=None, error=ErrorData(code=code, message=message))
    return Response(
        body.model_dump_json(by_alias=True, exclude_unset=True),
        status_code=status,
        media_type="application/json",
    )


class Gate:
    """Host and Origin against the server's own names (the SDK's check), for every request."""

    def __init__(self, app: ASGIApp, settings: TransportSecuritySettings) -> None:
        self.app = app
        self.check = TransportSecurityMiddleware(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = await self.check.validate_request(Request(scope), is_post=False)
            if refused is not None:
                said = bytes(refused.body).decode("utf-8", "replace")
                message = f"Forbidden: {said}; this server answers only its own address"
                await refusal(403, INVALID_REQUEST, message)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class StaticToken:
    """The SDK's ``TokenVerifier`` for one shared secret, compared in constant time."""

    def __init__(self, value: str) -> None:
        self._value = value.encode()

    async def verify_token(self, token: str) -> AccessToken | None:
        if not secrets.compare_digest(token.encode(), self._value):
            return None
        return AccessToken(token="<bearer>", client_id=CLIENT_ID, scopes=[])


def malformed(body: bytes) -> ErrorData | None:
    """Why a POST body is not one JSON-RPC message, or None if it is one."""
    try:
        raw = pydantic_core.from_json(body)
    except ValueError:
        return ErrorData(code=PARSE_ERROR, message="Parse error: the body is not JSON")
    try:
        jsonrpc_message_adapter.validate_python(raw, by_name=False)
    except ValidationError:
        return ErrorData(
            code=INVALID_REQUEST, message="Invalid Request: not one JSON-RPC 2.0 message"
        )
    return None


class Shape:
    """A POST body that is not one JSON-RPC message gets its JSON-RPC error here."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left before its body arrived
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        problem = malformed(bytes(body))
        if problem is not None:
            await refusal(400, problem.code, problem.message)(scope, receive, send)
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def guarded(
    app: ASGIApp,
    settings: TransportSecuritySettings,
    token: str | None,
    *,
    max_body: int = DEFAULT_MAX_REQUEST_BODY_SIZE,
) -> ASGIApp:
    """``app`` behind the door: Gate, then the token (if any), then Shape. The app's lifespan
    (not a request) goes straight through."""
    inner: ASGIApp = RequestBodyLimitMiddleware(Shape(app), max_body)
    if token is not None:
        inner = AuthenticationMiddleware(
            RequireAuthMiddleware(inner, required_scopes=[]),
            backend=BearerAuthBackend(StaticToken(token)),
        )
    gate = Gate(inner, settings)

    async def door(scope: Scope, receive: Receive, send: Send) -> None:
        await (app if scope["type"] == "lifespan" else gate)(scope, receive, send)

    return door
