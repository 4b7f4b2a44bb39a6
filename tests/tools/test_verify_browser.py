"""The after-action check on real Chromium: an action that changes nothing is said to have
"had no visible effect" (a success still, with the fresh snapshot); one that changes the page,
its state or a field is a plain success."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from harness.sites import PostRecordingSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.watch import SETTLE_S
from subterminator.models.tools import ToolResult
from subterminator.tools.server import BrowserToolServer
from subterminator.tools.verify import Expect
from tests.support.browser_helpers import by_name
from tests.support.effect_site import PAGES

pytestmark = pytest.mark.browser
Serve = Callable[..., PostRecordingSite]


async def opened(browser: PlaywrightBrowser, serve: Serve, path: str) -> BrowserToolServer:
    site = serve(PAGES)
    await browser.navigate(site.url(path))
    server = BrowserToolServer(browser)
    await server.execute("get_snapshot", {})
    return server


async def act(server: BrowserToolServer, tool: str, name: str, **arguments: object) -> ToolResult:
    """``tool`` on the element named ``name`` in the server's latest snapshot."""
    assert server.last_snapshot is not None
    ref = by_name(server.last_snapshot, name).ref
    return await server.execute(tool, {"ref": ref, **arguments})


def no_effect(result: ToolResult) -> bool:
    return result.effect == "none" and "had no visible effect" in (result.message or "")


def assert_plain_success(result: ToolResult) -> None:
    assert result.success
    assert result.effect is None, result.message
    assert result.message is None


@pytest.mark.parametrize("name", ["Weiter", "次へ", "Siguiente"])
async def test_a_dead_control_had_no_visible_effect(
    browser: PlaywrightBrowser, st_post_site: Serve, name: str
) -> None:
    server = await opened(browser, st_post_site, "/dead")
    result = await act(server, "browser_click", name)
    assert result.success
    assert result.error is None
    assert no_effect(result), result.message
    assert "same address" in (result.message or "")
    assert "no request" in (result.message or "")
    assert f'"{name}"' in (result.message or "")
    assert result.snapshot.elements, "the reply still carries the fresh page"


async def test_a_change_that_comes_a_moment_later_counts(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/dead")
    result = await act(server, "browser_click", "Später")
    assert result.effect is None, result.message
    assert "Gespeichert." in result.snapshot.page.text, "the page is read again after it"


async def test_a_click_that_waited_by_itself_is_read_at_once_and_still_checked(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    """Playwright MCP's click waits for what it set off; the check after it need not."""
    server = await opened(browser, st_post_site, "/dead")
    assert server.last_snapshot is not None
    element = server.registry.peek(by_name(server.last_snapshot, "Weiter").ref)
    assert element is not None
    watch = await server.verifier.watch(element, Expect("click", settled=SETTLE_S))
    assert watch is not None
    assert watch.mark.settled == SETTLE_S
    await server.executor.click(element)
    result = await server.verifier.checked(watch, lambda: server.execute("get_snapshot", {}))
    assert no_effect(result), result.message


@pytest.mark.parametrize("name", ["Guardar", "Continuar", "Más opciones", "Enviar", "全部同意"])
async def test_a_control_that_changes_the_page_or_its_state_is_a_plain_success(
    browser: PlaywrightBrowser, st_post_site: Serve, name: str
) -> None:
    server = await opened(browser, st_post_site, "/live")
    assert_plain_success(await act(server, "browser_click", name))


async def test_a_checkbox_ticked_is_a_plain_success(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/live")
    result = await act(server, "browser_click", "Acepto")
    assert result.effect is None, result.message
    assert "checked" in by_name(result.snapshot, "Acepto").state


async def test_a_field_that_keeps_the_text_is_a_plain_success(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    assert_plain_success(await act(server, "browser_fill", "Nom", value="Dupont"))


@pytest.mark.parametrize("name", ["Code postal", "Référence"])
async def test_a_field_that_rejects_the_text_is_reported(
    browser: PlaywrightBrowser, st_post_site: Serve, name: str
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    result = await act(server, "browser_fill", name, value="75011")
    assert result.success
    assert no_effect(result), result.message
    assert "the field is empty" in (result.message or "")
    assert "75011" not in (result.message or "")


async def test_a_secret_field_that_rejects_the_text_is_reported_without_the_text(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    secret = "hunter2-Zq9"
    result = await act(server, "browser_fill", "Mot de passe", value=secret)
    assert no_effect(result), result.message
    assert secret not in result.model_dump_json()


async def test_a_field_that_keeps_only_the_start_says_so_but_had_an_effect(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    result = await act(server, "browser_fill", "Code", value="12345")
    assert result.effect is None
    assert "only the start of what was typed" in (result.message or "")


async def test_a_choice_the_page_reverts_is_reported(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    result = await act(server, "browser_select", "Formule", value="Premium")
    assert no_effect(result), result.message
    assert 'the list shows "Essentiel" selected' in (result.message or "")


async def test_a_choice_that_takes_is_a_plain_success(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    server = await opened(browser, st_post_site, "/fields")
    assert_plain_success(await act(server, "browser_select", "Pays", value="Belgique"))
