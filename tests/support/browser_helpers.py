"""Small helpers shared by the real-Chromium tests."""

from __future__ import annotations

import struct

from subterminator.models.snapshot import Element, Snapshot


def by_name(snapshot: Snapshot, name: str, role: str | None = None) -> Element:
    for element in snapshot.elements:
        if element.name == name and (role is None or element.role == role):
            return element
    names = [f"{e.role}:{e.name[:30]}" for e in snapshot.elements]
    raise AssertionError(f"no element named {name!r} in {names}")


def names(snapshot: Snapshot) -> list[str]:
    return [e.name for e in snapshot.elements]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height
