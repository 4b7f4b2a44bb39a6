"""``BrowserResponse``: the one reply shape of every V02 facade tool.

What the facade adds beyond the contract's fields lives in ``data``: ``snapshot`` (our pruned page,
its ``@eN`` refs accepted as selectors), and on a refusal ``error_code``, the same codes our own
tools answer with (``human_rejected``, ``ref_invalid`` ...), so a client can tell a person's no
from a typo.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class BrowserResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    success: bool
    error: str | None = None
    data: dict[str, Any] | None = None
    instance_id: str | None = None
    url: str | None = None
    text: str | None = None
    cookies: list[dict[str, Any]] | None = None
    result: Any = None
    screenshot: str | None = None  # base64 PNG
    truncated: bool = False
    returned_bytes: int | None = None
    total_bytes_estimate: int | None = None
    chunk_start: int | None = None
    chunk_end: int | None = None
    next_offset: int | None = None
    remaining_bytes: int | None = None
    snapshot_checksum: str | None = None

    def said(self) -> dict[str, Any]:
        """The fields that say something (a default left out), as a client reads them."""
        return self.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {
            "success": self.success
        }
