"""Secrets by what a field is, not what it is called.

Password fields labelled in Spanish, German and Japanese, one named only by its placeholder, a
one-time-code field labelled in a language no word list of ours holds, a password typed after a
show-password toggle made it text, a verification code in a numeric field and a card number in
a plain one. The agent never types any of them: each is the person's step (the
person here types it in the browser when asked). Driven through the real stack (the CLI in a
subprocess with ``-v``, the orchestrator with the anthropic SDK under a cassette, the MCP door,
``subterminator record``'s recorder with real key presses on real Chromium), what the model
tried to type is found in no byte of any file written, nor in what ``-v`` printed; every file
is 0600, every folder 0700.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client
from playwright.async_api import Browser as PWBrowser

from harness.approvals import ScriptedApprovals
from harness.cassette import use_cassette
from harness.fake_anthropic import FakeAnthropic, Reply, latest_elements, message, text, tool_use
from harness.mcp_driver import Person, ref
from harness.record_cassettes import record_cassette
from harness.scripted_ai import ScriptedAI, Step, complete, on_element
from harness.sites import StaticSite
from subterminator.ai.client import AIClient
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.server import build_server
from subterminator.mcp.session import McpOptions
from subterminator.recording import load
from subterminator.services import NETFLIX
from subterminator.snapshot.secrecy import is_secret, looks_like_card, mask
from subterminator.tools.server import BrowserToolServer
from tests.support.cli_helpers import run_cli
from tests.support.mcp_helpers import shared_chromium
from tests.support.record_by_hand import by_hand, click

pytestmark = pytest.mark.browser

SIGN_IN = """<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Acceso</title>
</head><body><h1>Acceso a tu cuenta</h1>
<form action="#" onsubmit="return false">
<p><label>Correo <input name="correo" type="email"></label></p>
<p><label>Contraseña <input name="clave" type="password"></label></p>
<p lang="de"><label for="k">Kennwort</label> <input id="k" type="password"></p>
<p lang="ja"><label>パスワード <input name="pw" type="password"></label></p>
<p lang="pt"><input name="senha" type="password" placeholder="Senha"></p>
<p lang="sw"><label>Nambari ya kuthibitisha
  <input name="otp" autocomplete="one-time-code"></label></p>
<p lang="fi"><label for="t">Tunnussana</label> <input id="t" name="t" type="password">
<button type="button" aria-label="Näytä"
  onclick="t.type = t.type === 'password' ? 'text' : 'password'">👁</button></p>
</form>
<p><a href="paso2.html">Continuar</a></p>
</body></html>"""

STEP_TWO = """<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Paso 2</title>
</head><body><h1>Verifica tu identidad</h1>
<form action="#" onsubmit="return false">
<p><label>Verificación <input name="v" inputmode="numeric" maxlength="6"></label></p>
<p><label>Número de tarjeta <input name="n"></label></p>
<p><label>Comentario <input name="m"></label></p>
</form></body></html>"""

# what is typed, by the field's accessible name
TYPED = {
    "Contraseña": "Es-Clave-7391!",
    "Kennwort": 'De-"Kennwort"-5820?',
    "パスワード": "Ja-パスワード-4471",
    "Senha": "Placeholder-only-9137",
    "Nambari ya kuthibitisha": "730518",
    "Tunnussana": "Toggle-Shown-2288",
    "Verificación": "604127",
    "Número de tarjeta": "5555 5555 5555 4444",
}
CLEAR = {"Correo": "ann@example.com", "Comentario": "hola mundo claro"}
SELECTORS = {  # where a person's hand finds each field (a password field has no ARIA role)
    "Correo": "[name=correo]",
    "Contraseña": "[name=clave]",
    "Kennwort": "#k",
    "パスワード": "[name=pw]",
    "Senha": "[name=senha]",
    "Nambari ya kuthibitisha": "[name=otp]",
    "Tunnussana": "#t",
    "Verificación": "[name=v]",
    "Número de tarjeta": "[name=n]",
    "Comentario": "[name=m]",
}
STEP_TWO_FIELDS = ("Verificación", "Número de tarjeta", "Comentario")
STEPS: list[tuple[str, str, str | None]] = [  # tool, element name, value
    ("browser_fill", "Correo", CLEAR["Correo"]),
    ("browser_fill", "Contraseña", TYPED["Contraseña"]),
    ("browser_fill", "Kennwort", TYPED["Kennwort"]),
    ("browser_fill", "パスワード", TYPED["パスワード"]),
    ("browser_fill", "Senha", TYPED["Senha"]),
    ("browser_fill", "Nambari ya kuthibitisha", TYPED["Nambari ya kuthibitisha"]),
    ("browser_click", "Näytä", None),  # the password field is text from here on
    ("browser_fill", "Tunnussana", TYPED["Tunnussana"]),
    ("browser_click", "Continuar", None),
    ("browser_fill", "Verificación", TYPED["Verificación"]),
    ("browser_fill", "Número de tarjeta", TYPED["Número de tarjeta"]),
    ("browser_fill", "Comentario", CLEAR["Comentario"]),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("secret-pages")
    (root / "acceso.html").write_text(SIGN_IN, encoding="utf-8")
    (root / "paso2.html").write_text(STEP_TWO, encoding="utf-8")
    with StaticSite(root) as served:
        yield served


class Model:
    """A model that takes ``STEPS`` in turn, each by the ref the newest snapshot gives its
    element, saying the secret in its thought too (a model may), then gives up."""

    def __init__(self) -> None:
        self.turn = 0

    def __call__(self, request: dict[str, Any]) -> Reply:
        n, self.turn = self.turn, self.turn + 1
        if n >= len(STEPS):
            done = tool_use("complete_task", id=f"toolu_{n}", status="failed", reason="test")
            return message(done)
        tool, name, value = STEPS[n]
        found = [e for e in latest_elements(request) if e["name"] == name]
        assert found, f"no {name!r} in {[e['name'] for e in latest_elements(request)]}"
        arguments: dict[str, Any] = {"ref": found[-1]["ref"]}
        if value is not None:
            arguments["value"] = value
        said = f"Typing {value} into {name}." if value else f"Clicking {name}."
        return message(text(said), tool_use(tool, id=f"toolu_{n}", **arguments))


def spellings(value: str) -> list[bytes]:
    """How a file may hold ``value``: as typed, or JSON-escaped (quotes, non-ASCII)."""
    forms = {value, json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]}
    return [form.encode() for form in forms]


def leaks(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` holding a typed secret, with the field it was typed into."""
    found: dict[str, str] = {}
    for path in folder.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for field, value in TYPED.items():
                if any(form in data for form in spellings(value)):
                    found[str(path.relative_to(folder))] = field
    return found


def modes(folder: Path) -> set[tuple[str, int]]:
    """(kind, mode) of ``folder`` and everything in it."""
    paths = [folder, *folder.rglob("*")]
    return {("folder" if p.is_dir() else "file", stat.S_IMODE(p.stat().st_mode)) for p in paths}


def reached(sent: str) -> list[str]:
    """The secrets the model's requests carried (each typed, so the test can see a leak)."""
    return [field for field, value in TYPED.items() if value in sent]


def printed_secrets(text: str) -> list[str]:
    return [field for field, value in TYPED.items() if value in text]


# -- the decision on its own ---------------------------------------------------------------


class Field:
    def __init__(self, name: str, *, secret: bool = False, code_shaped: bool = False) -> None:
        self.name, self.secret, self.code_shaped = name, secret, code_shaped


def test_a_card_number_is_secret_anywhere_and_a_code_only_on_a_sign_in_step() -> None:
    plain = Field("Comentario")
    assert looks_like_card("5555 5555 5555 4444")
    assert not looks_like_card("5555 5555 5555 4445")  # Luhn's check fails
    assert is_secret("5555-5555-5555-4444", plain, sign_in_step=False)
    assert not is_secret("604127", plain, sign_in_step=False)
    assert is_secret("604127", plain, sign_in_step=True)
    assert is_secret("604127", Field("Verificación", code_shaped=True), sign_in_step=False)
    assert is_secret("anything", Field("Nombre", secret=True), sign_in_step=False)
    assert is_secret("anything", None, sign_in_step=False)  # an unknown field: kept secret
    assert is_secret("1234", Field("PIN"), sign_in_step=False)  # words widen...
    assert not is_secret("hola mundo claro", plain, sign_in_step=True)  # ...never needed


def test_a_card_s_three_digit_security_code_in_a_field_made_for_it_is_secret() -> None:
    assert is_secret("123", Field("Código de seguridad", code_shaped=True), sign_in_step=False)
    assert not is_secret("12", Field("Edad", code_shaped=True), sign_in_step=True)


def test_the_mask_says_only_that_it_is_a_secret_and_how_long() -> None:
    assert mask("Es-Clave-7391!") == "•••••• (secret, 14 chars)"


# -- through the real stack ----------------------------------------------------------------


def test_the_cli_writes_no_secret_to_the_run_record_the_recording_or_v(
    site: StaticSite, tmp_path: Path
) -> None:
    runs, recording = tmp_path / "runs", tmp_path / "recorded" / "acceso"
    with FakeAnthropic() as api:
        api.queue(*[Model()] * (len(STEPS) + 1))
        done = run_cli(
            "cancel",
            "netflix",
            "--url",
            site.url("acceso.html"),
            "--model",
            "claude-sonnet-4-6",
            "--headless",
            "-v",
            "--runs-dir",
            str(runs),
            "--record",
            str(recording),
            "--profile",
            str(tmp_path / "profile"),
            answers="y\n" * 20,
            ANTHROPIC_API_KEY="sk-ant-api03-secrets-test-key-000000",
            ANTHROPIC_BASE_URL=api.url,
        )
        sent = repr([r.body for r in api.requests])
    shown = done.stdout + done.stderr
    assert "Traceback" not in shown, shown
    # the first secret stops a headless run: the person's step, with no window to do it in
    assert len(api.requests) == 2, shown
    assert "The page asks for a password" in shown
    assert reached(sent) == []  # the model never reads a secret back, nor says it again
    assert printed_secrets(shown) == [], shown
    assert CLEAR["Correo"] in shown  # -v shows the arguments: what is not secret, in clear
    assert "•••••• (secret, 14 chars)" in shown
    (folder,) = runs.iterdir()
    assert leaks(runs) == {}
    assert leaks(recording.parent) == {}
    shown_on_pages = {n.name: n.value for p in load(recording).pages for n in p.capture.nodes}
    assert shown_on_pages["Correo"] == CLEAR["Correo"]  # typed, really
    assert not shown_on_pages["Contraseña"]  # never typed
    events = (folder / "events.jsonl").read_text(encoding="utf-8")
    assert CLEAR["Correo"] in events
    assert "human_action_needed" in events
    assert modes(folder) == {("folder", 0o700), ("file", 0o600)}
    assert modes(recording.parent) == {("folder", 0o700), ("file", 0o600)}


def the_person_types(browser: PlaywrightBrowser) -> Any:
    """Asked to do a step in the window, the person types the next secret of ``STEPS``."""
    left = [name for _, name, _ in STEPS if name in TYPED]

    async def act(request: Any) -> None:
        if request.kind == "human_action":
            name = left.pop(0)
            await browser.page.locator(SELECTORS[name]).fill(TYPED[name])

    return act


async def test_the_cassette_of_a_run_and_of_its_recording_hold_no_secret(
    browser: PlaywrightBrowser, site: StaticSite, tmp_path: Path
) -> None:
    cassette = tmp_path / "cassettes" / "run.yaml"
    await browser.navigate(site.url("acceso.html"))
    with FakeAnthropic() as api:
        api.queue(*[Model()] * (len(STEPS) + 1))
        with use_cassette(cassette, "all"):
            ai = AIClient(api_key="sk-ant-api03-secrets-test-key-000000", base_url=api.url)
            server = BrowserToolServer(browser)
            approvals = ScriptedApprovals([True] * 10, on_ask=the_person_types(browser))
            result = await build_conversation(
                ai, browser, NETFLIX, approvals, tool_server=lambda _: server
            ).run("x")
        sent = repr([r.body for r in api.requests])
    assert result.reason == "task_failed", result
    assert reached(sent) == []  # its history and snapshots never carry one back
    asked = [r.kind for r in approvals.requests]
    assert asked == ["human_action"] * len(TYPED)  # each secret was the person's to type
    typed = {name: await browser.page.input_value(SELECTORS[name]) for name in STEP_TWO_FIELDS}
    assert typed == {name: {**TYPED, **CLEAR}[name] for name in STEP_TWO_FIELDS}  # by whom
    assert leaks(cassette.parent) == {}
    written = cassette.read_text(encoding="utf-8")
    assert CLEAR["Comentario"] in written
    assert "(secret, 19 chars)" in written  # the card number's mask
    assert modes(cassette.parent) == {("folder", 0o700), ("file", 0o600)}


async def test_a_person_s_typing_is_recorded_without_a_secret(
    browser: PlaywrightBrowser, site: StaticSite, tmp_path: Path
) -> None:
    out = tmp_path / "by-hand" / "acceso"
    async with by_hand(browser, site.url("acceso.html"), out) as page:
        for tool, name, value in STEPS:
            if tool == "browser_click":
                role = "link" if name == "Continuar" else "button"
                await click(page, role, name)
                continue
            assert value is not None
            await page.locator(SELECTORS[name]).click()
            await page.keyboard.type(value)
            await page.keyboard.press("Tab")  # its change fires as the person moves on
            await page.wait_for_timeout(600)  # and looks before the next step, as click() does
        await page.wait_for_timeout(600)
    made = load(out)
    fills = {t.target.name: t.arguments["value"] for t in made.turns if t.tool == "browser_fill"}
    assert set(fills) == {*TYPED, *CLEAR}
    assert fills["Comentario"] == CLEAR["Comentario"]
    assert fills["Correo"] == CLEAR["Correo"]
    assert {fills[name] for name in TYPED} <= {"•••••• (secret)", *map(mask, TYPED.values())}
    assert leaks(out.parent) == {}
    assert modes(out.parent) == {("folder", 0o700), ("file", 0o600)}
    cassette = await record_cassette(out)
    assert leaks(out.parent) == {}
    assert stat.S_IMODE(cassette.stat().st_mode) == 0o600


async def test_a_code_step_on_its_own_is_known_by_its_field_s_shape(
    browser: PlaywrightBrowser, site: StaticSite
) -> None:
    """No password on the page and none typed before: a code the model tries to type into a
    numeric field is known by the field's shape, masked in the turn, and never typed; with
    nobody to type it, the run ends there."""
    await browser.navigate(site.url("paso2.html"))
    script: list[Step] = [
        on_element("browser_fill", "Verificación", value=TYPED["Verificación"]),
        on_element("browser_fill", "Comentario", value=CLEAR["Comentario"]),
        complete("failed", "test"),
    ]
    ai = ScriptedAI(script)
    orchestrator = build_conversation(ai, browser, NETFLIX)
    result = await orchestrator.run("x")
    assert result.reason == "human_action_needed", result
    assert await browser.page.input_value("[name=v]") == ""
    written = [t.arguments["value"] for t in orchestrator.cost.turns]
    assert written == [mask(TYPED["Verificación"])]
    asked = repr([m.model_dump() for m in ai.prompts[-1].messages])
    assert TYPED["Verificación"] not in asked


async def test_the_mcp_door_writes_no_secret_and_hands_none_back(
    st_chromium_session: PWBrowser, site: StaticSite, tmp_path: Path
) -> None:
    """Through the SDK's client: the run record holds none, nor does any reply's snapshot."""
    runs = tmp_path / "runs"
    options = McpOptions(url=site.url("acceso.html"), runs_dir=runs, headed=False)
    server = build_server(options, browser_factory=shared_chromium(st_chromium_session))
    replies: list[str] = []
    async with Client(server, elicitation_callback=Person([True] * 10)) as client:
        reply = await client.call_tool("browser_open", {})
        for tool, name, value in STEPS[:2]:
            arguments = {"ref": ref(reply, name)}
            if value is not None:
                arguments["value"] = value
            reply = await client.call_tool(tool, arguments)
            replies.append(repr(reply.content) + repr(reply.structured_content))
    assert reached("".join(replies)) == []
    assert CLEAR["Correo"] in "".join(replies)  # a plain field's value, as typed
    assert reply.is_error  # the password: refused, the person's (and no window to do it in)
    assert "Not typed" in (reply.structured_content or {})["message"]
    assert leaks(runs) == {}
    assert modes(runs) == {("folder", 0o700), ("file", 0o600)}


def test_recordings_may_be_shared_when_the_person_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from subterminator.recording import Recording, save
    from subterminator.recording.model import RecordingMeta

    monkeypatch.setenv("SUBTERMINATOR_SHARED_RECORDINGS", "1")
    old = os.umask(0)
    try:
        path = save(
            Recording(
                meta=RecordingMeta(service="netflix", flow="f", source="manual", recorded_at="")
            ),
            tmp_path / "shared" / "f",
        )
    finally:
        os.umask(old)
    assert modes(path.parent.parent) == {("folder", 0o755), ("file", 0o644)}
