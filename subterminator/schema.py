"""The snapshot JSON schema, generated from the pydantic models (never written by hand)."""

from __future__ import annotations

import json
from typing import Any

from subterminator.models.snapshot import Snapshot

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def snapshot_json_schema() -> dict[str, Any]:
    return {"$schema": SCHEMA_DIALECT, **Snapshot.model_json_schema()}


def render_snapshot_schema() -> str:
    """The exact text of ``fixtures/snapshot_schema.json``."""
    return json.dumps(snapshot_json_schema(), indent=2, ensure_ascii=False) + "\n"
