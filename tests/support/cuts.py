"""What a name cut under budget pressure may look like, for the laws that check it."""

from __future__ import annotations


def cut_of(shown: str, whole: str, min_chars: int = 0) -> bool:
    """``shown`` is ``whole`` cut shorter: its start and "..." (a marked prefix), or its start,
    "..." and its end (names whose starts alone would read alike), with at least ``min_chars``
    of its characters kept."""
    if len(shown) >= len(whole) or len(shown) - 3 < min_chars:
        return False
    at = shown.find("...")
    while at >= 0:
        head, end = shown[:at], shown[at + 3 :]
        if whole.startswith(head) and whole.endswith(end):
            return True
        at = shown.find("...", at + 1)
    return False
