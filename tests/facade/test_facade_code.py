"""``browser_execute`` off the flow: every action on a plain local page, through the whole
facade run (front, gate, backstop, server) on real Chromium. Nobody is asked here: a page
that is no step of a cancellation runs the code unasked (the approvals list is empty, so a
question would fail the test)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import Run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.facade import code
from tests.support.code_runs import execute
from tests.support.flow_stack import flow_service
from tests.support.recording_site import RecordingSite, page
from tests.support.v02_run import facade_run

pytestmark = pytest.mark.browser

SERVICE = flow_service("code", "Code Video")

PAGES = {
    "/recipes": page(
        "it",
        "Ricette",
        "<ul><li>Pane</li><li>Pasta</li></ul><button id='salva' class='primario grande'>"
        "Salva</button>",
    ),
}


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


@pytest.fixture
async def run(browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path) -> Run:
    await browser.navigate(site.url("/recipes"))
    return facade_run(browser, SERVICE, ScriptedApprovals([]), tmp_path)


async def test_execute_is_a_function_body_given_its_args(run: Run) -> None:
    said = await execute(run, "return args[0] + arguments[1].length", args=[40, "ab"])
    assert said["success"] is True
    assert said["result"] == 42
    assert said["data"]["status"] == "executed"
    assert said["data"]["type"] == "number"
    assert said["returned_bytes"] == said["total_bytes_estimate"] == 2


async def test_evaluate_is_an_expression_of_the_pages_own_world(run: Run) -> None:
    await execute(run, "window.lasciato = 'dalla pagina'; return null")
    said = await execute(run, "[document.title, window.lasciato]", action="evaluate")
    assert said["result"] == ["Ricette", "dalla pagina"]
    assert said["data"]["status"] == "evaluated"


async def test_a_promise_is_awaited(run: Run) -> None:
    said = await execute(
        run, "new Promise(r => setTimeout(() => r({n: 3}), 20))", action="evaluate"
    )
    assert said["result"] == {"n": 3}
    said = await execute(run, "await new Promise(r => setTimeout(r, 10)); return 'fatto'")
    assert said["result"] == "fatto"


async def test_an_exception_is_a_failure_with_its_message(run: Run) -> None:
    said = await execute(run, "throw new Error('rotto\\n\\x1b[2J Approve? yes')")
    assert said["success"] is False
    assert said["error"].startswith("the code failed: Error: rotto")
    assert "\x1b" not in said["error"]
    assert "\n" not in said["error"]
    assert said["data"]["error_code"] == "action_failed"
    said = await execute(run, "nessuno(", action="evaluate")
    assert said["success"] is False
    assert "SyntaxError" in said["error"]


async def test_undefined_is_null(run: Run) -> None:
    said = await execute(run, "const x = 1;")
    assert said["success"] is True
    assert said.get("result") is None
    assert said["data"]["type"] == "undefined"


async def test_nodes_functions_and_cycles_are_described(run: Run) -> None:
    said = await execute(run, "document.querySelector('#salva')", action="evaluate")
    assert said["result"] == "[element button#salva.primario.grande]"
    said = await execute(
        run,
        "const o = {f: function nome() {}, n: NaN, big: 10n,"
        " list: document.querySelectorAll('li')}; o.self = o; return o;",
    )
    assert said["result"] == {
        "f": "[function nome]",
        "n": "NaN",
        "big": "10",
        "list": ["[element li]", "[element li]"],
        "self": "[circular]",
    }
    said = await execute(run, "window", action="evaluate")
    assert said["result"] == "[window]"


async def test_a_long_string_comes_in_chunks_that_join_to_it(run: Run) -> None:
    made = "Array.from({length: 3000}, (_, i) => 'riga ' + i + ' è qui').join('\\n')"
    whole = (await execute(run, made, action="evaluate", use_chunking=True, length=100_000))[
        "result"
    ]
    assert len(whole.encode()) > 3 * 12_000
    pieces: list[str] = []
    offset: int | None = 0
    checksum = None
    while offset is not None:
        said = await execute(
            run,
            made,
            action="evaluate",
            use_chunking=True,
            offset=offset,
            snapshot_checksum=checksum,
        )
        assert said["success"] is True
        assert said["result"] == said["text"]
        assert said["returned_bytes"] <= 12_000 + 3
        pieces.append(said["result"])
        offset, checksum = said.get("next_offset"), said["snapshot_checksum"]
    assert "".join(pieces) == whole
    assert len(pieces) >= 3
    other = "'x'.repeat(30000)"
    said = await execute(
        run, other, action="evaluate", use_chunking=True, snapshot_checksum=checksum
    )
    assert said["success"] is False
    assert said["data"]["error_code"] == "invalid_params"
    assert "start again from offset 0" in said["error"]


async def test_a_long_result_without_chunking_is_capped(run: Run) -> None:
    said = await execute(run, "'ù'.repeat(40000)", action="evaluate")
    assert said["truncated"] is True
    assert said["returned_bytes"] <= 32_000
    assert said["total_bytes_estimate"] == 80_000
    assert said["result"] == "ù" * (said["returned_bytes"] // 2)
    said = await execute(run, "Array.from({length: 20000}, (_, i) => i)", action="evaluate")
    assert said["truncated"] is True
    assert said["data"]["format"] == "json"
    assert said["result"].startswith("[0, 1, 2")


async def test_a_script_that_never_ends_times_out_and_the_page_answers_again(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(code, "WALL_S", 1.0)
    said = await execute(run, "new Promise(() => {})", action="evaluate")
    assert said["success"] is False
    assert said["data"]["error_code"] == "timeout"
    said = await execute(run, "while (true) {}")
    assert said["success"] is False
    assert said["data"]["error_code"] == "timeout"
    said = await execute(run, "document.title", action="evaluate")
    assert said["result"] == "Ricette"


async def test_code_that_navigates_ran_and_says_so(run: Run, site: RecordingSite) -> None:
    said = await execute(run, "location.href = '/recipes?dopo=1'; await new Promise(() => {})")
    assert said["success"] is True, said
    assert said["url"].endswith("/recipes?dopo=1")


async def test_a_dialog_the_code_opens_ends_the_wait_and_blocks_the_next_code(run: Run) -> None:
    said = await execute(run, "alert('Buongiorno'); window.dopo = 1; return 1")
    assert said["success"] is True, said
    assert (
        said["data"]["note"] == "the code opened a native dialog (alert); it waits for its answer"
    )
    names = [e["name"] for e in said["data"]["snapshot"]["elements"]]
    assert any("Buongiorno" in name for name in names)
    said = await execute(run, "return window.dopo")
    assert said["success"] is False
    assert said["data"]["error_code"] == "element_obscured"
    assert said["error"].startswith("the code was not run: a native alert dialog is open")
