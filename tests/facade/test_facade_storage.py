"""``browser_storage`` through the facade's whole stack on real Chromium, pages from 127.0.0.1.

A page downloads a file (``tests/support/side_effect_site.py``: every file it serves holds a
token, so whether a download was written is read on disk). The session's folders are kept as
``--keep-downloads`` keeps them; a call lists, waits for and clears them, turns downloads off
and back on, and can reach nothing else: not a file a link in the folder points to, not a
folder swapped for a link to the profile, not a download folder of its own choosing.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser as PWBrowser

from harness.approvals import ScriptedApprovals
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.side_effects import SideEffect
from subterminator.facade.reading import Folders
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack.layer import TopLayer
from tests.support.side_effect_site import EffectSite, written
from tests.support.v02_run import facade_run

pytestmark = pytest.mark.browser

# A profile's secrets, as Chromium names its files: what no storage call may list or touch.
COOKIES = "Cookies"
PASSWORDS = "Login Data"
SECRET = b"session=st-profile-secret"
SETTLE_S = 20.0


@pytest.fixture(scope="module")
def site() -> Iterator[EffectSite]:
    with EffectSite() as served:
        yield served


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    return Folders(tmp_path / "run" / "screenshots", tmp_path / "run" / "downloads")


@pytest_asyncio.fixture(loop_scope="session")
async def keeping(
    st_chromium_session: PWBrowser, folders: Folders
) -> AsyncIterator[PlaywrightBrowser]:
    """A browser that keeps downloads in the session's folder, as --keep-downloads makes it."""
    context = await st_chromium_session.new_context(accept_downloads=True)
    yield await PlaywrightBrowser.attach(context, block_non_local=True, downloads=folders.downloads)
    await context.close()


def facade(browser: PlaywrightBrowser, site: EffectSite, folders: Folders) -> TopLayer:
    service = ServiceConfig(name="stored", display_name="Stored", initial_url=site.url("/"))
    return facade_run(browser, service, ScriptedApprovals([]), folders).top


async def storage(top: TopLayer, action: str, **arguments: Any) -> dict[str, Any]:
    call = ToolCall(id=action, name="browser_storage", arguments={"action": action, **arguments})
    return (await top.execute(call)).result


async def on_disk(
    browser: PlaywrightBrowser, site: EffectSite, *folders: Path | None
) -> list[Path]:
    """Every file holding the site's token, once the downloads under way are kept or refused
    (Playwright's own copy of a refused one is deleted a moment after the page asked)."""
    await browser.downloads.settled(SETTLE_S)
    return written(site.token, *(f for f in folders if f is not None))


async def downloads_said(browser: PlaywrightBrowser) -> list[SideEffect]:
    """The downloads the page started, once they have reached us (a page's download is
    heard a moment after its navigation ends)."""
    async with asyncio.timeout(SETTLE_S):
        while True:
            said = [e for e in await browser.side_effects() if e.kind == "download"]
            if said:
                return said
            await asyncio.sleep(0.05)


def profile(tmp_path: Path) -> Path:
    """A browser profile's folder with its cookies and saved passwords."""
    folder = tmp_path / "profile" / "Default"
    folder.mkdir(parents=True)
    for name in (COOKIES, PASSWORDS):
        (folder / name).write_bytes(SECRET)
    return folder


async def test_a_kept_download_is_waited_for_listed_and_cleared(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders
) -> None:
    top = facade(keeping, site, folders)
    await keeping.navigate(site.url("/facture"))  # the page downloads on load
    waited = await storage(top, "wait_for_download", filename="facture-2026.pdf", timeout=20)
    kept = folders.downloads / "facture-2026.pdf"  # type: ignore[operator]
    said = dict(waited["data"])
    told = said.pop("message", "")  # what the page did meanwhile, said once (it downloaded)
    assert said == {"filepath": str(kept), "filename": kept.name, "found": True}
    assert told == "" or kept.name in told
    assert site.token.encode() in kept.read_bytes()  # whole: the page's file, as it sent it
    listed = await storage(top, "list_downloads")
    assert listed["success"] is True
    assert listed["data"]["count"] == 1
    [entry] = listed["data"]["downloads"]
    assert entry["name"] == kept.name
    assert entry["path"] == str(kept)
    assert entry["size"] == kept.stat().st_size
    assert datetime.fromisoformat(entry["modified"]).tzinfo is not None
    cleared = await storage(top, "clear_downloads")
    assert cleared["data"] == {"cleared": 1}
    assert await on_disk(keeping, site, folders.downloads) == []
    assert (await storage(top, "list_downloads"))["data"] == {"downloads": [], "count": 0}


async def test_a_name_the_page_gave_is_found_as_it_was_kept(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders
) -> None:
    top = facade(keeping, site, folders)
    await keeping.navigate(site.url("/ryoshusho"))  # a blob its script names 領収書.txt
    waited = await storage(top, "wait_for_download", filename="領収書.txt", timeout=20)
    assert waited["data"]["found"] is True
    assert waited["data"]["filename"] == "領収書.txt"  # the name as the file has it
    again = await storage(top, "wait_for_download", timeout=0)  # none named: the newest
    assert again["data"]["filepath"] == waited["data"]["filepath"]


async def test_deny_refuses_the_pages_downloads_and_allow_keeps_them_again(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders
) -> None:
    top = facade(keeping, site, folders)
    denied = await storage(top, "set_download_behavior", behavior="deny")
    assert denied["data"] == {"behavior": "deny", "path": None}
    await keeping.navigate(site.url("/files/recibo-enero.pdf"))
    said = await downloads_said(keeping)
    assert [(e.name, e.saved) for e in said] == [("recibo-enero.pdf", "")]  # refused
    assert await on_disk(keeping, site, folders.downloads) == []
    waited = await storage(top, "wait_for_download", timeout=5)
    assert waited["data"]["found"] is False
    assert "refused now" in waited["data"]["note"]
    allowed = await storage(top, "set_download_behavior", behavior="allowAndName")
    assert allowed["data"] == {"behavior": "allowAndName", "path": str(folders.downloads)}
    await keeping.navigate(site.url("/files/recibo-enero.pdf"))
    found = await storage(top, "wait_for_download", filename="recibo-enero.pdf", timeout=20)
    assert found["data"]["found"] is True
    assert await on_disk(keeping, site, folders.downloads) == [Path(found["data"]["filepath"])]


async def test_download_path_is_the_sessions_own_folder_or_refused(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders, tmp_path: Path
) -> None:
    top = facade(keeping, site, folders)
    assert folders.downloads is not None
    elsewhere = [
        str(tmp_path / "elsewhere"),
        str(folders.downloads / ".." / "screenshots"),
        str(Path.home() / "Downloads"),
        "downloads",  # relative: never read against the server's working folder
    ]
    for path in elsewhere:
        said = await storage(top, "set_download_behavior", behavior="allow", download_path=path)
        assert said["success"] is False, path
        assert said["data"]["error_code"] == "invalid_params"
        assert "never chooses where files land" in said["error"]
        assert not (tmp_path / "elsewhere").exists()
    own = str(folders.downloads / ".")  # the same folder, spelled otherwise
    said = await storage(top, "set_download_behavior", behavior="allow", download_path=own)
    assert said["data"] == {"behavior": "allow", "path": str(folders.downloads)}


async def test_a_link_in_the_folder_is_never_listed_followed_or_cleared(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders, tmp_path: Path
) -> None:
    top = facade(keeping, site, folders)
    secrets = profile(tmp_path)
    assert folders.downloads is not None
    folders.downloads.mkdir(parents=True)
    (folders.downloads / COOKIES).symlink_to(secrets / COOKIES)
    (folders.downloads / "profile").symlink_to(secrets, target_is_directory=True)
    (folders.downloads / "facture.pdf").write_bytes(b"%PDF")
    listed = await storage(top, "list_downloads")
    assert [d["name"] for d in listed["data"]["downloads"]] == ["facture.pdf"]
    assert (await storage(top, "clear_downloads"))["data"] == {"cleared": 1}
    assert (secrets / COOKIES).read_bytes() == SECRET
    assert (secrets / PASSWORDS).read_bytes() == SECRET
    waited = await storage(top, "wait_for_download", filename=COOKIES, timeout=0)
    assert waited["data"]["found"] is False
    path = await storage(top, "wait_for_download", filename=f"profile/{PASSWORDS}", timeout=0)
    assert path["data"]["found"] is False


async def test_a_screenshots_folder_swapped_for_a_link_to_the_profile_is_refused(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders, tmp_path: Path
) -> None:
    top = facade(keeping, site, folders)
    secrets = profile(tmp_path)
    folders.screenshots.parent.mkdir(parents=True)
    folders.screenshots.symlink_to(secrets, target_is_directory=True)
    for action in ("list_screenshots", "clear_screenshots"):
        said = await storage(top, action)
        assert said["success"] is False, action
        assert "not a folder of this session's" in said["error"]
        assert COOKIES not in said["error"]
    assert sorted(os.listdir(secrets)) == [COOKIES, PASSWORDS]


async def test_screenshots_are_listed_by_their_names_and_cleared(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders
) -> None:
    top = facade(keeping, site, folders)
    empty = await storage(top, "list_screenshots")  # none saved yet: no folder either
    assert empty["data"] == {"screenshots": [], "count": 0}
    folders.screenshots.mkdir(parents=True)
    names = ["screenshot-1.png", "écran-2.png", "スクリーン-3.png"]
    for n, name in enumerate(names):
        (folders.screenshots / name).write_bytes(b"\x89PNG" + bytes(n))
        os.utime(folders.screenshots / name, (1_700_000_000 + n, 1_700_000_000 + n))
    (folders.screenshots / "nested").mkdir()
    listed = await storage(top, "list_screenshots")
    assert [s["name"] for s in listed["data"]["screenshots"]] == names[::-1]  # newest first
    assert [s["size"] for s in listed["data"]["screenshots"]] == [6, 5, 4]
    assert (await storage(top, "clear_screenshots"))["data"] == {"cleared": 3}
    assert os.listdir(folders.screenshots) == ["nested"]


async def test_a_session_that_keeps_no_downloads_says_so_and_cannot_turn_them_on(
    browser: PlaywrightBrowser, site: EffectSite, tmp_path: Path
) -> None:
    folders = Folders(tmp_path / "screenshots", None)
    top = facade(browser, site, folders)
    await browser.navigate(site.url("/facture"))  # refused, as in every run
    listed = await storage(top, "list_downloads")
    assert listed["data"]["downloads"] == []
    assert "--keep-downloads" in listed["data"]["note"]
    waited = await storage(top, "wait_for_download", timeout=30)  # said at once, not waited
    assert waited["data"]["found"] is False
    assert "--keep-downloads" in waited["data"]["note"]
    assert (await storage(top, "clear_downloads"))["data"]["cleared"] == 0
    for behavior in ("allow", "allowAndName"):
        said = await storage(top, "set_download_behavior", behavior=behavior)
        assert said["success"] is False
        assert "--keep-downloads" in said["error"]
    said = await storage(top, "set_download_behavior", behavior="default")
    assert said["data"] == {"behavior": "default", "path": None}
    assert await on_disk(browser, site) == []


async def test_a_download_link_the_facade_clicks_is_kept_and_waited_for(
    keeping: PlaywrightBrowser, site: EffectSite, folders: Folders
) -> None:
    top = facade(keeping, site, folders)
    await keeping.navigate(site.url("/recibo"))
    click = {"action": "click", "selector": "a[download]"}
    clicked = await top.execute(ToolCall(id="c", name="browser_interact", arguments=click))
    assert clicked.result["success"] is True, clicked.result
    waited = await storage(top, "wait_for_download", filename="recibo-enero.pdf", timeout=20)
    assert waited["data"]["found"] is True
    assert await on_disk(keeping, site, folders.downloads) == [Path(waited["data"]["filepath"])]
