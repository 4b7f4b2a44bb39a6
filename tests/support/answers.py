"""A person at the terminal's prompt, as the approval handlers' tests script one."""

from __future__ import annotations

from collections.abc import Callable


def answering(reply: str, asked: list[str]) -> Callable[[str], str]:
    """Always answers ``reply``; every prompt shown is kept in ``asked``."""

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return reply

    return ask
