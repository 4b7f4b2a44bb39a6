"""Find a Chromium to drive (DESIGN.md, browser discovery)."""

from __future__ import annotations

import os
import shutil

from subterminator.browser.launch_errors import not_executable
from subterminator.errors import BrowserNotFoundError

ENV_VAR = "SUBTERMINATOR_CHROMIUM"
SYSTEM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
INSTALL_HINT = (
    "No Chromium found. Install one: `apt-get install -y chromium` (Debian/Ubuntu), "
    "`playwright install chromium`, or point SUBTERMINATOR_CHROMIUM at a Chrome/Chromium binary."
)


def find_chromium(playwright_executable: str | None = None) -> str:
    """``SUBTERMINATOR_CHROMIUM``, else Playwright's own Chromium, else a system one."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        why = not_executable(configured)
        if why is None:
            return configured
        raise BrowserNotFoundError(
            f"{ENV_VAR}={configured} is not an executable file ({why}): "
            "point it at a Chrome or Chromium binary, or unset it"
        )
    if playwright_executable and not_executable(playwright_executable) is None:
        return playwright_executable
    for name in SYSTEM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise BrowserNotFoundError(INSTALL_HINT)


def main() -> int:
    """``python -m subterminator.browser.discovery``: print the Chromium that would be used."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        bundled = pw.chromium.executable_path
    try:
        print(f"found: {find_chromium(bundled)}")
    except BrowserNotFoundError as exc:
        print(f"missing: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
