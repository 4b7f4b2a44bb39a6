"""``browser_storage``: the session's own downloads and screenshots, and whether pages may
download.

Only two folders are ever read or cleared: the downloads a person chose to keep
(``--keep-downloads``, in the run record) and the facade's own saved screenshots. The
browser's profile (its cookies, its saved passwords) is in neither, and nothing here reaches
it: each folder is opened without following a link, only the plain files directly in it are
listed, and a name is never joined to a path a call gave. A file's name came from a page, so
it is said as data and matched as a whole, never followed. Where a page's downloads land is
the person's choice, never a tool call's: a call may turn downloads off, or back on into the
folder the person gave, and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from subterminator.browser.downloads import disk_name
from subterminator.facade.front import refused
from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import StorageArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading

MAX_LISTED = 500  # files said in one reply; a folder with more says how many were left out
POLL_S = 0.2  # how often wait_for_download looks again
NONE_KEPT = (
    "this session keeps no downloads: pages' downloads are refused (a person starts the "
    "server with --keep-downloads to keep them in the run record)"
)
REFUSED_NOW = "downloads are refused now (set_download_behavior); none is waited for"


class StorageError(Exception):
    """A folder that cannot be read as ours (a link, not a folder)."""


@dataclass(frozen=True)
class Stored:
    """One plain file in a folder, as a reply says it."""

    name: str
    path: str
    size: int
    modified: float

    def said(self) -> dict[str, Any]:
        when = datetime.fromtimestamp(self.modified, UTC).isoformat(timespec="seconds")
        return {"name": self.name, "path": self.path, "size": self.size, "modified": when}


@contextlib.contextmanager
def _opened(folder: Path) -> Iterator[int | None]:
    """The folder's descriptor, opened without following a link (None: there is no folder
    yet, so nothing is in it). Every look inside goes through this descriptor, so a folder
    swapped for a link after the check is never followed either."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(folder, flags)
    except FileNotFoundError:
        yield None
        return
    except OSError as exc:  # ELOOP: a link; ENOTDIR: a file
        raise StorageError(f"{folder} is not a folder of this session's ({exc.strerror})") from None
    try:
        yield fd
    finally:
        os.close(fd)


def _files(folder: Path, fd: int) -> list[Stored]:
    """The plain files directly in the folder, newest first. A link (wherever it points), a
    folder, a device or a name that is not text is left out."""
    found: list[Stored] = []
    with os.scandir(fd) as entries:
        for entry in entries:
            try:
                entry.name.encode("utf-8")
                info = os.stat(entry.name, dir_fd=fd, follow_symlinks=False)
            except (UnicodeEncodeError, OSError):
                continue
            if stat.S_ISREG(info.st_mode):
                path = str(folder / entry.name)
                found.append(Stored(entry.name, path, info.st_size, info.st_mtime))
    return sorted(found, key=lambda f: (-f.modified, f.name))


def listed(folder: Path) -> list[Stored]:
    with _opened(folder) as fd:
        return [] if fd is None else _files(folder, fd)


def cleared(folder: Path) -> int:
    """Delete the plain files directly in the folder; how many were deleted."""
    count = 0
    with _opened(folder) as fd:
        if fd is None:
            return 0
        for stored in _files(folder, fd):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(stored.name, dir_fd=fd)  # a name in our folder: never a path
                count += 1
    return count


def _named(filename: str) -> re.Pattern[str]:
    """The names a download called ``filename`` may have on disk: as given, or as it was
    kept (a plain name, ``-2``... when taken)."""
    plain = disk_name(filename)
    stem, dot, ext = plain.rpartition(".")
    if not dot:
        stem, ext = plain, ""
    tail = re.escape("." + ext) if ext else ""
    return re.compile(rf"{re.escape(filename)}|{re.escape(stem)}(?:-\d+)?{tail}")


def _found(files: list[Stored], filename: str | None) -> Stored | None:
    """The newest file (named ``filename``, if given)."""
    if filename is None:
        return files[0] if files else None
    named = _named(filename)
    return next((f for f in files if named.fullmatch(f.name)), None)


# -- the actions ------------------------------------------------------------------------------


def _listing(key: str, folder: Path | None) -> BrowserResponse:
    files = [] if folder is None else listed(folder)
    data: dict[str, Any] = {key: [f.said() for f in files[:MAX_LISTED]], "count": len(files)}
    if len(files) > MAX_LISTED:
        data["note"] = f"the newest {MAX_LISTED} of {len(files)} are listed"
    if folder is None:
        data["note"] = NONE_KEPT
    return BrowserResponse(success=True, data=data)


def _clearing(folder: Path | None) -> BrowserResponse:
    data: dict[str, Any] = {"cleared": 0 if folder is None else cleared(folder)}
    if folder is None:
        data["note"] = NONE_KEPT
    return BrowserResponse(success=True, data=data)


async def _waited(reading: Reading, args: StorageArgs) -> BrowserResponse:
    """The newest kept download (named ``filename``), once it is whole; ``found`` false when
    none came within ``timeout`` seconds."""
    folder = reading.folders.downloads
    missing: dict[str, Any] = {"filepath": None, "filename": args.filename, "found": False}
    if folder is None:
        return BrowserResponse(success=True, data={**missing, "note": NONE_KEPT})
    if reading.browser.downloads.keep_in is None:
        return BrowserResponse(success=True, data={**missing, "note": REFUSED_NOW})
    loop = asyncio.get_running_loop()
    end = loop.time() + args.timeout
    while True:
        await reading.browser.downloads.settled(max(0.0, end - loop.time()))
        found = _found(await asyncio.to_thread(listed, folder), args.filename)
        if found is not None:
            return BrowserResponse(
                success=True, data={"filepath": found.path, "filename": found.name, "found": True}
            )
        if loop.time() >= end:
            return BrowserResponse(success=True, data=missing)
        await asyncio.sleep(min(POLL_S, max(0.0, end - loop.time())))


def _behavior(reading: Reading, args: StorageArgs) -> BrowserResponse:
    """Downloads off ("deny", "default": a run's default is to refuse them), or back on into
    the folder the person gave ("allow", "allowAndName": kept under their own plain names)."""
    folder = reading.folders.downloads
    if args.download_path is not None and (
        folder is None or os.path.realpath(args.download_path) != os.path.realpath(folder)
    ):
        where = "no folder: it keeps no downloads" if folder is None else f"only {folder}"
        return refused(
            "invalid_params",
            f"download_path: a call never chooses where files land on this disk; this "
            f"session's downloads go to {where}",
        )
    if args.behavior in ("deny", "default"):
        reading.browser.downloads.keep_in = None
        return BrowserResponse(success=True, data={"behavior": args.behavior, "path": None})
    if folder is None:
        return refused(
            "invalid_params", f"{args.behavior}: {NONE_KEPT}; a call cannot turn downloads on"
        )
    reading.browser.downloads.keep_in = folder
    return BrowserResponse(success=True, data={"behavior": args.behavior, "path": str(folder)})


async def storage(reading: Reading, args: StorageArgs) -> BrowserResponse:
    folders = reading.folders
    try:
        if args.action == "list_downloads":
            return await asyncio.to_thread(_listing, "downloads", folders.downloads)
        if args.action == "list_screenshots":
            return await asyncio.to_thread(_listing, "screenshots", folders.screenshots)
        if args.action == "clear_downloads":
            return await asyncio.to_thread(_clearing, folders.downloads)
        if args.action == "clear_screenshots":
            return await asyncio.to_thread(_clearing, folders.screenshots)
        if args.action == "wait_for_download":
            return await _waited(reading, args)
        return _behavior(reading, args)
    except StorageError as exc:
        return refused("action_failed", str(exc))
