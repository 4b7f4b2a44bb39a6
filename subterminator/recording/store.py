"""Reading and writing recordings: one folder per flow, written atomically, read with errors that
name the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from subterminator.recording.model import FORMAT_VERSION, Recording
from subterminator.runlog.files import make_private_dirs, recording_modes, replace_private_file
from subterminator.snapshot.secrecy import KNOWN

FILE_NAME = "recording.json"


class RecordingError(Exception):
    """A recording that cannot be read: the message names the file and what is wrong."""


def _atomic_write(path: Path, data: bytes) -> None:
    """Whole or not at all; 0600 in folders made 0700 (``recording_modes``): a recording holds
    a person's account pages."""
    folder_mode, file_mode = recording_modes()
    make_private_dirs(path.parent, folder_mode)
    replace_private_file(path, data, file_mode)


def save(recording: Recording, folder: Path) -> Path:
    """Write ``recording.json`` (screenshots moved to PNG files beside it); returns its path."""
    pages = []
    for page in recording.pages:
        shot = page.capture.screenshot
        if shot:
            name = f"{page.id}.png"
            target = folder / name
            if not target.exists():
                _atomic_write(target, shot)
            page = page.model_copy(
                update={
                    "capture": page.capture.model_copy(update={"screenshot": None}),
                    "screenshot_file": name,
                }
            )
        pages.append(page)
    data = recording.model_copy(update={"pages": pages}).model_dump(mode="json")
    data = KNOWN.scrub_data(data)  # a secret typed in this process, wherever else it shows
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    path = folder / FILE_NAME
    _atomic_write(path, text.encode("utf-8"))
    return path


def load(path: Path | str) -> Recording:
    """Read a recording (a file, or the folder holding one), screenshots included."""
    path = Path(path)
    path = path / FILE_NAME if path.is_dir() else path
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordingError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordingError(f"{path}: not valid JSON: {exc}") from None
    version = raw.get("meta", {}).get("format_version") if isinstance(raw, dict) else None
    if version != FORMAT_VERSION:
        raise RecordingError(
            f"{path}: meta.format_version is {version!r}; this SubTerminator reads "
            f"version {FORMAT_VERSION} (record the flow again)"
        )
    try:
        recording = Recording.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise RecordingError(f"{path}: {where}: {first['msg']}") from None
    pages = []
    for page in recording.pages:
        if page.screenshot_file:
            png = path.parent / page.screenshot_file
            try:
                shot = png.read_bytes()
            except OSError:
                raise RecordingError(
                    f"{path}: pages[{page.id}].screenshot_file: {png.name} is missing"
                ) from None
            page = page.model_copy(
                update={"capture": page.capture.model_copy(update={"screenshot": shot})}
            )
        pages.append(page)
    return recording.model_copy(update={"pages": pages})
