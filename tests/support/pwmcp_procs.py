"""Finding the Playwright MCP a test started: a live ``node`` running the package's ``cli.js``,
told by the folder the test gave it (``--output-dir=FOLDER``) or by the process that started
it. It inherits no test marker from our environment (the SDK starts it with a minimal one)."""

from __future__ import annotations

from pathlib import Path

CLI_TAIL = "@playwright/mcp/cli.js"


def pwmcp_processes(
    *, folder: Path | None = None, parent: int | None = None
) -> dict[int, list[str]]:
    """Live Playwright MCP processes (with their arguments): those writing to ``folder``,
    and those whose parent is ``parent``, where given."""
    found: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            status = (entry / "status").read_text()
        except OSError:
            continue
        if not any(arg.endswith(CLI_TAIL) for arg in argv) or "\nState:\tZ" in status:
            continue
        if folder is not None and f"--output-dir={folder}" not in argv:
            continue
        if parent is not None and f"\nPPid:\t{parent}\n" not in status:
            continue
        found[int(entry.name)] = argv
    return found


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        return "\nState:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


def endpoint_of(argv: list[str]) -> str:
    """The bound browser's socket file Playwright MCP was started on."""
    return argv[argv.index("--endpoint") + 1]


def output_dir_of(argv: list[str]) -> Path:
    """The folder Playwright MCP was told to write in."""
    flag = "--output-dir="
    return Path(next(a for a in argv if a.startswith(flag))[len(flag) :])
