"""Private files for a run folder: owner-only modes, append-only lines, nothing overwritten.

A run record holds screenshots of a person's account pages, so every directory we create is 0700
and every file 0600 (set explicitly: a umask may only ever narrow them).
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
# Recordings and cassettes are private too; a person who shares them (a fixture for a team)
# says so with SUBTERMINATOR_SHARED_RECORDINGS=1: then 0644 files in 0755 folders.
SHARED_ENV = "SUBTERMINATOR_SHARED_RECORDINGS"


def recording_modes() -> tuple[int, int]:
    """(folder mode, file mode) for recordings and cassettes."""
    if os.environ.get(SHARED_ENV, "").strip().lower() in ("1", "yes", "true"):
        return 0o755, 0o644
    return DIR_MODE, FILE_MODE


MAX_SUFFIX = 1000
_UNSAFE = re.compile(r"[^a-z0-9_-]+")
_STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")


def make_private_dirs(path: Path, mode: int = DIR_MODE) -> None:
    """Create ``path`` and any missing parents, each one we create 0700 (or ``mode``);
    existing ones untouched."""
    missing: list[Path] = []
    for candidate in (path, *path.parents):
        if candidate.exists():
            break
        missing.append(candidate)
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=mode)
        except FileExistsError:
            continue  # made by someone else meanwhile: theirs, leave its mode alone
        os.chmod(directory, mode)


def folder_name(service: str, now: datetime) -> str:
    """``20261123T104512Z-netflix``: UTC time first so folders sort by time."""
    moment = now.replace(tzinfo=UTC) if now.tzinfo is None else now.astimezone(UTC)
    slug = _UNSAFE.sub("-", service.lower()).strip("-")[:40] or "run"
    return f"{moment:%Y%m%dT%H%M%SZ}-{slug}"


def new_private_folder(root: Path, name: str) -> Path:
    """A fresh 0700 folder ``root/name`` (or ``name-2``, ``name-3``...): an old run is never
    reused, even by a run started in the same second (mkdir is the atomic claim)."""
    make_private_dirs(root)
    for n in range(1, MAX_SUFFIX + 1):
        folder = root / (name if n == 1 else f"{name}-{n}")
        try:
            folder.mkdir(mode=DIR_MODE, exist_ok=False)
        except FileExistsError:
            continue
        os.chmod(folder, DIR_MODE)
        return folder
    raise FileExistsError(f"{root / name}: {MAX_SUFFIX} runs already use this name")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:  # a regular file takes it in one write; a short one (disk full) continues it
        view = view[os.write(fd, view) :]


def append_line(path: Path, line: str) -> None:
    """Append one line with a single write, then fsync: a crash keeps every earlier line whole.

    Lone surrogates (broken page text) become U+FFFD so the file stays valid UTF-8."""
    whole = (line + "\n").encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    data = whole.encode("utf-8")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(path, flags, FILE_MODE)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def create_private_file(folder: Path, stem: str, suffix: str, data: bytes) -> Path:
    """Write a new 0600 file ``stem+suffix`` (``stem-2+suffix``... if taken); never overwrites."""
    if not _STEM.fullmatch(stem):
        raise ValueError(f"not a plain file name: {stem!r}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for n in range(1, MAX_SUFFIX + 1):
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            fd = os.open(path, flags, FILE_MODE)
        except FileExistsError:
            continue
        try:
            os.fchmod(fd, FILE_MODE)
            _write_all(fd, data)
        finally:
            os.close(fd)
        return path
    raise FileExistsError(f"{folder / stem}{suffix}: {MAX_SUFFIX} files already use this name")


def replace_private_file(path: Path, data: bytes, mode: int = FILE_MODE) -> None:
    """Write ``path`` whole or not at all (a temp file renamed over it), 0600 (or ``mode``)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
