"""The JSON schemas (snapshot, recording), generated from the pydantic models, never by hand."""

from __future__ import annotations

import json
from typing import Any

from subterminator.models.snapshot import Snapshot
from subterminator.recording.model import Recording

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def snapshot_json_schema() -> dict[str, Any]:
    return {"$schema": SCHEMA_DIALECT, **Snapshot.model_json_schema()}


def render_snapshot_schema() -> str:
    """The exact text of ``fixtures/snapshot_schema.json``."""
    return json.dumps(snapshot_json_schema(), indent=2, ensure_ascii=False) + "\n"


def render_recording_schema() -> str:
    """The exact text of ``fixtures/recording_schema.json``."""
    schema = {"$schema": SCHEMA_DIALECT, **Recording.model_json_schema()}
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
