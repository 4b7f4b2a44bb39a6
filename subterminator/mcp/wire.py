"""Malformed JSON-RPC on stdio gets its JSON-RPC error, not silence.

The SDK's stdio transport hands a line it cannot read to the server as an exception, and the
server drops it: a client with a bug waits forever for a reply. Here such a line is answered,
as JSON-RPC 2.0 says: -32700 if it is not JSON, -32600 if it is JSON but not a message.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from mcp.shared._stream_protocols import ReadStream, WriteStream
from mcp.shared.message import SessionMessage
from mcp.types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError

log = logging.getLogger(__name__)

Item = SessionMessage | Exception


def error_for(exc: ValidationError) -> ErrorData:
    if any(e["type"] == "json_invalid" for e in exc.errors()):
        return ErrorData(code=PARSE_ERROR, message="Parse error: the line is not JSON")
    return ErrorData(code=INVALID_REQUEST, message="Invalid Request: not one JSON-RPC 2.0 message")


@asynccontextmanager
async def answering_malformed(
    read: ReadStream[Item], write: WriteStream[SessionMessage]
) -> AsyncIterator[ReadStream[Item]]:
    """``read`` without its malformed lines, each answered on ``write`` instead."""
    forward, checked = anyio.create_memory_object_stream[Item](0)

    async def pump() -> None:
        async with forward:
            while True:
                try:
                    item = await read.receive()
                except (anyio.EndOfStream, anyio.ClosedResourceError):
                    return
                if isinstance(item, ValidationError):
                    log.info("malformed JSON-RPC from the client: %s", error_for(item).message)
                    reply = JSONRPCError(jsonrpc="2.0", id=None, error=error_for(item))
                    try:
                        await write.send(SessionMessage(reply))
                    except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                        return
                    continue
                try:
                    await forward.send(item)
                except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                    return

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(pump)
        try:
            yield checked
        finally:
            tasks.cancel_scope.cancel()
