"""A password, a one-time code or a card is the person's to type, never the agent's.

Re-authentication before the last step of a cancel flow, on real Chromium with pages served
from 127.0.0.1 (tests/support/reauth_site.py): in English, and in Filipino and Estonian (languages
SubTerminator does not hold), labelled and not, in a form and in a dialog whose button posts by
script; a password, a one-time code, card details. Driven by the loop with the offline policy,
by a scripted AI that tries to type a password or send the empty form, and over MCP. The server
records every POST: what the agent sent is read there. The CLI runs in a real pty.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import types
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.approvals import ScriptedApprovals
from harness.mcp_driver import Person, elements, ref
from harness.scripted_ai import ScriptedAI, Step, complete, on_element
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.models.approval import ApprovalRequest
from subterminator.models.result import TaskResult
from subterminator.offline import OfflinePolicy
from subterminator.services import NETFLIX
from subterminator.snapshot.secrecy import Named, secret_field, secret_value
from subterminator.tools.server import BrowserToolServer
from tests.support.cli_helpers import on_terminal
from tests.support.mcp_helpers import shared_chromium
from tests.support.reauth_site import CARD, CASES, CODE, SECRET, ReauthSite

pytestmark = pytest.mark.browser

ASKS = "The page asks for a secret"
TYPED = {"pw": SECRET, "f1": SECRET, "k1": CODE, "n1": CARD, "n2": "123", "p1": SECRET}


@pytest.fixture(scope="module")
def site() -> Iterator[ReauthSite]:
    with ReauthSite() as served:
        yield served


def sent_secrets(site: ReauthSite, case: str) -> list[dict[str, str]]:
    """Every POST of ``case`` to its re-authentication page (the empty ones included)."""
    return [f for p, f in site.posts(case) if "/cancelplan/" in p]


async def offline(
    browser: PlaywrightBrowser, site: ReauthSite, case: str, page: str, approvals: Any
) -> TaskResult:
    await browser.navigate(site.url(case, page))
    orchestrator = build_conversation(OfflinePolicy(NETFLIX), browser, NETFLIX)
    if approvals is not None:
        orchestrator = build_conversation(OfflinePolicy(NETFLIX), browser, NETFLIX, approvals)
    return await orchestrator.run(NETFLIX.goal_template)


def person_types(browser: PlaywrightBrowser, case: str) -> Any:
    """A person who, asked to do the step in the window, types the secret and sends it."""

    async def act(request: ApprovalRequest) -> None:
        if request.kind != "human_action":
            return
        page = browser.page
        for name in CASES[case].secrets:
            await page.locator(f"[name={name}]").fill(TYPED[name])
        async with page.expect_navigation():
            await page.get_by_role("button", name=CASES[case].button).click()

    return act


# -- the one definition, words only widening ---------------------------------------------------


def test_words_widen_in_many_languages_and_never_decide_alone() -> None:
    for name in ("PIN-kood", "Parool", "Contraseña", "Passwort", "รหัสผ่าน", "OTP", "CVV"):
        assert secret_field(Named(name)), name
    for name in ("Kumento", "Reason", "Sisesta põhjus", "Promo code", "Postal code"):
        assert not secret_field(Named(name)), name
    assert secret_field(Named("", secret=True))  # a password field with no name at all
    assert secret_value(CARD, Named("Kumento"), sign_in_step=False)  # a card, by its digits
    assert secret_value(CODE, Named("Kumento"), sign_in_step=True)  # a code, on a sign-in step
    assert not secret_value("Hindi ko na ginagamit", Named("Kumento"), sign_in_step=True)


# -- the loop, with the offline policy ---------------------------------------------------------


@pytest.mark.parametrize("case", sorted(CASES))
async def test_offline_headless_hands_the_secret_to_the_person_and_stops(
    browser: PlaywrightBrowser, site: ReauthSite, case: str
) -> None:
    """No window, nobody to ask: the run ends human_action_needed, naming the step; nothing
    was typed and the empty form was never sent."""
    result = await offline(browser, site, case, "cancelplan/reauth", None)
    assert result.reason == "human_action_needed", result
    assert result.error is not None
    assert ASKS in result.error
    assert sent_secrets(site, case) == []  # not even the empty form
    for name in CASES[case].secrets:
        assert await browser.page.locator(f"[name={name}]").input_value() == ""
    assert not site.cancelled(case)


async def test_offline_reaches_the_re_authentication_then_waits_for_the_person(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    """The flow that called for this: the offline policy takes the flow's first step, meets
    the password form and, with a person at a window, hands it to them; once they sent it, it
    goes on and the last step is asked on its own page."""
    case = "en-password"
    approvals = ScriptedApprovals([True] * 4, on_ask=person_types(browser, case))
    result = await offline(browser, site, case, "cancelplan/start", approvals)
    kinds = [r.kind for r in approvals.requests]
    assert kinds.count("human_action") == 1, kinds
    handed = approvals.requests[kinds.index("human_action")]
    assert ASKS in handed.action
    assert handed.url.endswith("/cancelplan/reauth")
    after = approvals.requests[kinds.index("human_action") + 1 :]
    assert after
    assert all(r.url.endswith("/cancelplan/finish") for r in after), after
    assert sent_secrets(site, case) == [{"pw": SECRET}]  # only the person's, once
    assert site.cancelled(case)
    assert result.reason == "completed", result


@pytest.mark.parametrize("case", ["fil-password-unlabelled", "et-one-time-code"])
async def test_offline_in_a_language_it_does_not_hold_waits_for_the_person(
    browser: PlaywrightBrowser, site: ReauthSite, case: str
) -> None:
    approvals = ScriptedApprovals([True, True, True], on_ask=person_types(browser, case))
    await offline(browser, site, case, "cancelplan/reauth", approvals)
    assert approvals.requests[0].kind == "human_action"
    assert sent_secrets(site, case) == [{n: TYPED[n] for n in CASES[case].secrets}]
    assert browser.page.url.endswith("/cancelplan/finish") or site.cancelled(case)


async def test_a_person_who_says_done_without_doing_it_is_asked_again_then_the_run_stops(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    case = "et-password-dialog"
    approvals = ScriptedApprovals([True, True, True])
    result = await offline(browser, site, case, "cancelplan/reauth", approvals)
    assert [r.kind for r in approvals.requests] == ["human_action"] * 3
    assert "Still there" in approvals.requests[1].reason
    assert result.reason == "human_action_needed", result
    assert sent_secrets(site, case) == []


# -- a scripted AI that tries to type a password, or to send the form without it ---------------


async def test_an_ai_typing_a_password_is_refused_and_the_person_asked(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    """A sign-in page outside the flow, its password field unlabelled (Filipino): the fill is
    never executed; with nobody to ask, the run ends human_action_needed."""
    await browser.navigate(site.url("any", "account"))
    script: list[Step] = [
        on_element("browser_fill", "Email", value="ann@example.com"),
        on_element("browser_fill", "", "textbox", value=SECRET),
        complete("failed", "unreachable"),
    ]
    ai = ScriptedAI(script)
    result = await build_conversation(ai, browser, NETFLIX).run("x")
    assert result.reason == "human_action_needed", result
    assert result.error is not None
    assert "The page asks for a password" in result.error
    assert await browser.page.locator("[name=f1]").input_value() == ""
    assert await browser.page.locator("[name=email]").input_value() == "ann@example.com"
    assert len(ai.prompts) == 2  # the third step never came: the run stopped there


async def test_an_ai_typing_a_password_waits_for_the_person_who_types_it(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    await browser.navigate(site.url("any", "account"))
    typed: list[str] = []

    async def person(request: ApprovalRequest) -> None:
        typed.append(request.action)
        await browser.page.locator("[name=f1]").fill("the person's own")

    script: list[Step] = [
        on_element("browser_fill", "", "textbox", value=SECRET),
        complete("failed", "x"),
    ]
    ai = ScriptedAI(script)
    approvals = ScriptedApprovals([True], on_ask=person)
    await build_conversation(ai, browser, NETFLIX, approvals).run("x")
    assert [r.kind for r in approvals.requests] == ["human_action"]
    reply = ai.prompts[1].messages[-1].result
    assert reply["error"] == "action_failed"
    assert "Not typed" in reply["message"]
    assert "did this step" in reply["message"]
    assert await browser.page.locator("[name=f1]").input_value() == "the person's own"


async def test_an_ai_sending_a_pin_form_empty_is_the_person_s_step(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    """Estonian, a PIN field only its words say is one (a plain numeric field): the press that
    would send it empty is handed to the person, never sent."""
    await browser.navigate(site.url("pin", "cancelplan/pin"))
    script: list[Step] = [on_element("browser_click", "Kinnita", "button"), complete("failed", "x")]
    result = await build_conversation(ScriptedAI(script), browser, NETFLIX).run("x")
    assert result.reason == "human_action_needed", result
    assert result.error is not None
    assert "asks for a secret" in result.error
    assert sent_secrets(site, "pin") == []


async def test_an_ai_typing_a_card_number_anywhere_is_refused(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    """A plain field of no kind, named in no word list: the card number is known by its
    digits, and not typed."""
    await browser.navigate(site.url("pin", "cancelplan/pin"))
    script: list[Step] = [
        on_element("browser_fill", "PIN-kood", value=CARD),
        complete("failed", "x"),
    ]
    result = await build_conversation(ScriptedAI(script), browser, NETFLIX).run("x")
    assert result.reason == "human_action_needed", result
    assert await browser.page.locator("[name=pin]").input_value() == ""


# -- over MCP ----------------------------------------------------------------------------------


async def test_mcp_browser_fill_into_a_password_is_refused_with_a_clear_error(
    st_chromium_session: PWBrowser, site: ReauthSite
) -> None:
    """A headless session: the fill is refused, its reply says why and the run's end."""
    options = McpOptions(url=site.url("any", "account"), runs_dir=None, headed=False)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    async with Client(server, elicitation_callback=Person([True] * 3)) as client:
        opened = await client.call_tool("browser_open", {})
        field = next(
            e["ref"] for e in elements(opened) if e["role"] == "textbox" and not e.get("name")
        )
        reply = await client.call_tool("browser_fill", {"ref": field, "value": SECRET})
        again = await client.call_tool("get_snapshot", {})
    assert reply.is_error
    structured = reply.structured_content or {}
    assert "Not typed" in structured["message"]
    assert structured["run_ended"]["reason"] == "human_action_needed"
    assert SECRET not in repr(reply.content) + repr(structured)
    assert all(not e.get("value") for e in elements(again) if not e.get("name"))  # not typed
    assert [p for p, _ in site.posts("any")] == []


async def test_mcp_a_flow_page_asking_for_a_code_ends_the_headless_run(
    st_chromium_session: PWBrowser, site: ReauthSite
) -> None:
    case = "et-one-time-code"
    site.reset(case)
    options = McpOptions(url=site.url(case, "cancelplan/reauth"), runs_dir=None, headed=False)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    async with Client(server, elicitation_callback=Person([True] * 3)) as client:
        opened = await client.call_tool("browser_open", {})
        button = ref(opened, "Kinnita")
        pressed = await client.call_tool("browser_click", {"ref": button})
    ended = (opened.structured_content or {}).get("run_ended") or (
        pressed.structured_content or {}
    ).get("run_ended")
    assert ended is not None
    # the start page was a typed address of the flow, opened on the person's yes: after an
    # approved step the run ends as the loop's would, saying the code step too
    assert ended["reason"] == "unverified_after_final_step"
    assert "nobody can do this step" in ended["error"]
    assert "--headed" in ended["error"]
    assert sent_secrets(site, case) == []


# -- the CLI, on a terminal --------------------------------------------------------------------


def test_the_cli_headless_offline_run_stops_at_the_password_and_says_so(
    site: ReauthSite, tmp_path: Path
) -> None:
    """`subterminator cancel --ai offline --headless` in a pty, on the Filipino page: exit 1,
    human_action_needed, the step named; the form was never sent."""
    case = "fil-password-unlabelled"
    site.reset(case)
    session = on_terminal(
        "cancel",
        "netflix",
        "--url",
        site.url(case, "cancelplan/reauth"),
        "--ai",
        "offline",
        "--headless",
        "--runs-dir",
        str(tmp_path / "runs"),
        "--profile",
        str(tmp_path / "profile"),
    )
    code = session.answer_until_exit({"[y/N]": "y\n"})
    assert code == 1, session.seen
    assert session.showed("A step only you can take (this run has no window)")
    assert session.showed("The page asks for a secret")
    assert session.showed("stopped at a step only you can take")
    assert sent_secrets(site, case) == []
    (folder,) = (tmp_path / "runs").iterdir()
    assert "human_action_needed" in (folder / "events.jsonl").read_text(encoding="utf-8")


# -- what the live inspection carries ------------------------------------------------------------


async def test_the_inspection_knows_a_secret_field_and_a_press_that_would_send_one_empty(
    browser: PlaywrightBrowser, site: ReauthSite
) -> None:
    """A dialog with no <form> (Estonian): its button would send the password field empty;
    once a person typed into it, it would not, and its value is never in the inspection."""
    await browser.navigate(site.url("et-password-dialog", "cancelplan/reauth"))
    server = BrowserToolServer(browser)
    await server.get_snapshot()
    infos = [server.registry.peek(r) for r in server.registry.list_refs()]
    by_name = {i.name: i for i in infos if i is not None}
    button, field = by_name["Kinnita"], by_name["Parool"]
    assert button.handle is not None
    assert field.handle is not None
    pressed = await browser.inspect(button.handle, "click")
    assert pressed.target.needs_secret == ["password"]
    typing = await browser.inspect(field.handle, "fill")
    assert typing.target.secret == "password"
    await browser.page.locator("[name=p1]").fill(SECRET)
    pressed = await browser.inspect(button.handle, "click")
    assert pressed.target.needs_secret == []
    typing = await browser.inspect(field.handle, "fill")
    assert SECRET not in typing.model_dump_json()


async def test_mcp_with_a_window_asks_the_person_to_type_it_themselves(
    st_chromium_session: PWBrowser, site: ReauthSite
) -> None:
    """A session with a window: the fill becomes an elicitation asking the person to type it
    in the browser; they do, and the reply says the agent did not."""
    options = McpOptions(url=site.url("any", "account"), runs_dir=None, headed=True)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    asked: list[str] = []

    async def person(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        page = st_chromium_session.contexts[-1].pages[0]
        await page.locator("[name=f1]").fill("typed by the person")
        return types.ElicitResult(action="accept", content={"done": True})

    async with Client(server, elicitation_callback=person) as client:
        opened = await client.call_tool("browser_open", {})
        blank = [e for e in elements(opened) if e["role"] == "textbox" and not e.get("name")]
        reply = await client.call_tool("browser_fill", {"ref": blank[0]["ref"], "value": SECRET})
        value = await st_chromium_session.contexts[-1].pages[0].locator("[name=f1]").input_value()
    assert len(asked) == 1
    assert "The page asks for a password" in asked[0]
    assert "browser window" in asked[0]
    structured = reply.structured_content or {}
    assert "did this step" in structured["message"]
    assert "run_ended" not in structured
    assert value == "typed by the person"
