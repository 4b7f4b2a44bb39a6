"""Keeping a download a person asked to keep: a plain name, a private file, nothing replaced.

The name is the page's (``Content-Disposition``, ``<a download>``), so it is made a plain file
name here: no folders, no leading dot, no characters a shell or a terminal would read. The
file is created 0600 in a 0700 folder, never over an existing one (``name-2.ext``...).
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
MAX_NAME_BYTES = 150
MAX_SUFFIX = 1000
_UNSAFE = re.compile(r"[^\w.-]+")  # letters and digits of any script are kept


def disk_name(suggested: str) -> str:
    """``suggested`` as a plain file name (``download`` when nothing of it is left)."""
    base = re.split(r"[/\\]", unicodedata.normalize("NFC", suggested))[-1]
    name = _UNSAFE.sub("_", base).strip("._-")
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    ext = ext[:16]
    room = MAX_NAME_BYTES - len(ext.encode()) - 1  # a file system counts bytes, not letters
    stem = stem.encode()[:room].decode("utf-8", "ignore") or "download"
    return f"{stem}.{ext}" if ext else stem


def save_private(source: Path, folder: Path, name: str) -> Path:
    """Copy ``source`` to a new 0600 file in ``folder`` (made 0700 if missing), named ``name``
    or ``name`` with ``-2``, ``-3``... before its extension."""
    if not folder.exists():
        folder.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
        os.chmod(folder, DIR_MODE)
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for n in range(1, MAX_SUFFIX + 1):
        numbered = stem if n == 1 else f"{stem}-{n}"
        target = folder / (f"{numbered}.{ext}" if ext else numbered)
        try:
            fd = os.open(target, flags, FILE_MODE)
        except FileExistsError:
            continue
        try:
            with os.fdopen(fd, "wb") as out, source.open("rb") as data:
                os.fchmod(out.fileno(), FILE_MODE)
                shutil.copyfileobj(data, out)
        except BaseException:
            target.unlink(missing_ok=True)  # no half file left behind
            raise
        return target
    raise FileExistsError(f"{folder / name}: {MAX_SUFFIX} files already use this name")
