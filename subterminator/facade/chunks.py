"""Long results in chunks: ``offset`` and ``length`` in bytes of UTF-8, and a checksum of the
whole text so a client never joins chunks of two different texts.

A chunk never splits a character: its end is moved back to a character's start, so each chunk
decodes alone and the chunks join to the whole. ``next_offset`` is None on the last chunk.
A page's text may hold half a character (a lone UTF-16 surrogate, which UTF-8 cannot say): it
is said as U+FFFD, as a browser encoding the page would, so the text always has its bytes.
"""

from __future__ import annotations

import hashlib
import re

from subterminator.models.browser_response import BrowserResponse

LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def sayable(text: str) -> str:
    """``text`` as UTF-8 can say it: each lone surrogate replaced by U+FFFD."""
    return LONE_SURROGATE.sub("\ufffd", text)


def checksum(text: str) -> str:
    """The whole text's fingerprint (sha256, its first 16 hex digits)."""
    return hashlib.sha256(sayable(text).encode("utf-8")).hexdigest()[:16]


def _start_of_char(raw: bytes, at: int) -> int:
    """``at`` moved back to the first byte of the character it falls in."""
    while 0 < at < len(raw) and (raw[at] & 0xC0) == 0x80:
        at -= 1
    return at


def chunked(text: str, offset: int, length: int, given: str | None) -> BrowserResponse:
    """The chunk of ``text`` at ``offset``, at most ``length`` bytes; refused when ``given``
    (a previous chunk's checksum) is not this text's, or the offset is past its end or not at
    a character's start."""
    text = sayable(text)
    raw = text.encode("utf-8")
    total = len(raw)
    mine = checksum(text)
    if given is not None and given != mine:
        return BrowserResponse(
            success=False,
            error="the text changed since that chunk (snapshot_checksum differs): start "
            "again from offset 0",
            snapshot_checksum=mine,
            total_bytes_estimate=total,
        )
    if offset > total or _start_of_char(raw, offset) != offset:
        return BrowserResponse(
            success=False,
            error=f"offset {offset} is not a chunk's start (the text has {total} bytes): "
            "use next_offset",
            snapshot_checksum=mine,
            total_bytes_estimate=total,
        )
    end = min(total, offset + max(1, length))
    if end < total:
        end = max(_start_of_char(raw, end), offset + 1)
        while end < total and (raw[end] & 0xC0) == 0x80:  # one character longer than length
            end += 1
    piece = raw[offset:end].decode("utf-8")
    return BrowserResponse(
        success=True,
        text=piece,
        truncated=end < total,
        returned_bytes=end - offset,
        total_bytes_estimate=total,
        chunk_start=offset,
        chunk_end=end,
        next_offset=end if end < total else None,
        remaining_bytes=total - end,
        snapshot_checksum=mine,
    )


def capped(text: str, limit: int) -> BrowserResponse:
    """The text whole, or its first ``limit`` bytes (at a character's start) marked
    truncated: what an answer without chunking carries."""
    text = sayable(text)
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return BrowserResponse(
            success=True, text=text, returned_bytes=len(raw), total_bytes_estimate=len(raw)
        )
    end = _start_of_char(raw, limit)
    return BrowserResponse(
        success=True,
        text=raw[:end].decode("utf-8"),
        truncated=True,
        returned_bytes=end,
        total_bytes_estimate=len(raw),
    )
