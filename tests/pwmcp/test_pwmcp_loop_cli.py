"""``subterminator cancel netflix --sim --backend playwright-mcp`` as a person runs it: the
command on a real pseudo-terminal, the model the local Messages API's (its requests made by
the anthropic SDK in the command's own process), the person's one yes typed at the prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.fake_anthropic import FakeAnthropic
from harness.pwmcp_cassette import model_on_the_2026_flow
from tests.support.cli_helpers import chromiums_marked, marker, on_terminal
from tests.support.pwmcp_procs import pwmcp_processes

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

PROMPT = "Approve this step? [y/N]:"


def test_the_command_cancels_the_simulator_through_playwright_mcp_with_one_yes(
    tmp_path: Path,
) -> None:
    mark = marker()
    with FakeAnthropic() as api:
        api.queue(*([model_on_the_2026_flow()] * 8))
        session = on_terminal(
            *("cancel", "netflix", "--sim", "--headless", "--ai", "claude"),
            *("--backend", "playwright-mcp", "--runs-dir", str(tmp_path / "runs")),
            ANTHROPIC_API_KEY="sk-ant-api03-pwmcp-pty-test-key-0000000",
            ANTHROPIC_BASE_URL=api.url,
            ST_TEST_MARK=mark,
        )
        code = session.answer_until_exit({PROMPT: "y\r"}, timeout=300)
        asked = len(api.requests)
    assert code == 0, session.seen
    assert session.seen.count(PROMPT) == 1, session.seen
    assert asked == 5  # four clicks by Playwright MCP's refs, and complete_task
    assert chromiums_marked(mark) == []  # Chromium and our driver ended with the run
    assert playwright_mcp_of(tmp_path) == []  # and Playwright MCP


def test_ctrl_c_at_the_prompt_ends_the_run_and_its_playwright_mcp(tmp_path: Path) -> None:
    """The person stops the run where it waits for them: exit 130, the final step not taken,
    and nothing of the run left running (Playwright MCP, our driver, Chromium)."""
    mark = marker()
    with FakeAnthropic() as api:
        api.queue(*([model_on_the_2026_flow()] * 8))
        session = on_terminal(
            *("cancel", "netflix", "--sim", "--headless", "--ai", "claude"),
            *("--backend", "playwright-mcp", "--runs-dir", str(tmp_path / "runs")),
            ANTHROPIC_API_KEY="sk-ant-api03-pwmcp-pty-test-key-0000000",
            ANTHROPIC_BASE_URL=api.url,
            ST_TEST_MARK=mark,
        )
        session.read_until(PROMPT, timeout=300)
        assert chromiums_marked(mark), "the run's processes, while it waits"
        assert playwright_mcp_of(tmp_path), "and its Playwright MCP"
        session.send("\x03")
        code = session.wait(timeout=120)
    assert code == 130, session.seen
    assert "not" in session.seen.lower()  # it says the final step was not taken
    assert chromiums_marked(mark) == []
    assert playwright_mcp_of(tmp_path) == []


def playwright_mcp_of(folder: Path) -> list[int]:
    """Live Playwright MCP processes writing under ``folder`` (its runs' records). Their
    environment is the MCP SDK's short default, so the test's mark does not reach them."""
    where = f"--output-dir={folder}"
    return [
        pid for pid, argv in pwmcp_processes().items() if any(a.startswith(where) for a in argv)
    ]
