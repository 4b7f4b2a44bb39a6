"""Assembling a run: one builder for every front door."""

from subterminator.assembly.builder import (
    DEFAULT_PROFILE,
    DEFAULT_RUNS,
    BrowserPlace,
    Run,
    browser_tools,
    build_conversation,
    build_run,
    has_window,
    is_simulated,
    kept_downloads,
    launch_options,
    start_page,
    warming_patterns,
)

__all__ = [
    "DEFAULT_PROFILE",
    "DEFAULT_RUNS",
    "BrowserPlace",
    "Run",
    "browser_tools",
    "build_conversation",
    "build_run",
    "has_window",
    "is_simulated",
    "kept_downloads",
    "launch_options",
    "start_page",
    "warming_patterns",
]
