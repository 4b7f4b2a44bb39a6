"""How a run ends when the model API or the model says no, as a person at the terminal and a
script see it: the real CLI against FakeOpenAI / FakeAnthropic on 127.0.0.1, on the simulator.

Every verdict is one plain line whatever a server writes in its error (rich markup, escape
sequences, line breaks), its reason and exit code are the documented ones, and the run record
keeps the outcome.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from harness.fake_anthropic import FakeAnthropic, message, text
from harness.fake_openai import FakeOpenAI, Reply, completion, error, tool_call
from tests.support.cli_helpers import on_terminal, run_cli, runs_dir

pytestmark = pytest.mark.browser

KEY = "sk-proj-test-SECRET-0123456789abcdef"
VERDICT = "✗ Netflix cancellation did not complete"


def cancel(api_url: str, *args: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    runs = runs_dir()
    done = run_cli(
        "cancel",
        "netflix",
        "--sim",
        "--model",
        "gpt-4o",
        "--runs-dir",
        runs,
        *args,
        OPENAI_API_KEY=KEY,
        OPENAI_BASE_URL=api_url,
    )
    return done, Path(runs)


def events(runs: Path) -> list[dict[str, Any]]:
    (folder,) = runs.iterdir()
    lines = (folder / "events.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def outcome(runs: Path) -> dict[str, Any]:
    (ended,) = [e for e in events(runs) if e["event"] == "outcome"]
    return ended


def verdict_line(out: str) -> str:
    (line,) = [line for line in out.splitlines() if line.startswith("✗")]
    return line


HOSTILE = [
    ("bad value at [/arguments/foo]", "bad value at [/arguments/foo]"),
    ("[bold]x[/bold] and [link=http://evil]here[/link]", "[bold]x[/bold] and [link=http"),
    ("first line\nsecond line\r\nthird", "first line second line third"),
    ("\x1b[2J\x1b[31mred\x1b[0m \x1b]8;;http://evil\x07link\x1b]8;;\x07", "red link"),
]


@pytest.mark.parametrize(("said", "shown"), HOSTILE)
def test_a_servers_words_in_the_verdict_are_one_plain_line(said: str, shown: str) -> None:
    with FakeOpenAI() as api:
        api.queue(error(400, "invalid_request_error", said))
        done, runs = cancel(api.url, "--ai", "model")
    assert done.returncode == 3, done.stdout + done.stderr
    line = verdict_line(done.stdout)
    assert line.startswith(f"{VERDICT} (llm_error: The model API refused the request")
    assert shown in line
    assert "\x1b" not in done.stdout
    assert "Traceback" not in done.stderr
    assert done.stderr == ""
    ended = outcome(runs)
    assert ended["reason"] == "llm_error"
    assert ended["summary"] == line


def test_on_a_terminal_the_verdict_survives_markup_in_an_error() -> None:
    with FakeOpenAI() as api:
        api.queue(error(400, "invalid_request_error", "bad at [/arguments/foo] [bold]x"))
        session = on_terminal(
            "cancel",
            "netflix",
            "--sim",
            "--model",
            "gpt-4o",
            "--ai",
            "model",
            "--runs-dir",
            runs_dir(),
            columns=400,
            OPENAI_API_KEY=KEY,
            OPENAI_BASE_URL=api.url,
        )
        code = session.wait()
    assert code == 3, session.seen
    assert session.showed("[Turn 1] model call failed (llm_error)")
    assert session.showed(f"{VERDICT} (llm_error: The model API refused the request")
    assert session.showed("bad at [/arguments/foo] [bold]x); 1 turn)")
    assert "MarkupError" not in session.seen


def test_an_account_out_of_credit_exits_2_and_is_never_driven_offline() -> None:
    with FakeOpenAI() as api:
        api.queue(
            error(
                429, "insufficient_quota", "You exceeded your current quota.", "insufficient_quota"
            ),
            completion(tool_call("get_snapshot")),
        )
        done, runs = cancel(api.url)  # --ai auto: an outage would hand over to the policy
        requests = len(api.requests)
    assert done.returncode == 2, done.stdout + done.stderr
    assert requests == 1, "not retried"
    (line,) = done.stderr.splitlines()
    assert line.startswith("Error: The model API says the account has no credit left (HTTP 429")
    assert "add credit" in line
    assert "OPENAI_API_KEY" in line
    assert KEY not in done.stdout + done.stderr
    assert "offline" not in done.stdout.lower()
    assert "[Turn 1] browser_" not in done.stdout
    notices = [e["text"] for e in events(runs) if e["event"] == "notice"]
    assert any("no credit left" in n for n in notices)


def test_a_malformed_answer_exits_5_with_its_own_reason() -> None:
    with FakeOpenAI() as api:
        api.queue(Reply(body="<html>not json [/x]</html>"))
        done, runs = cancel(api.url, "--ai", "model")
    assert done.returncode == 5, done.stdout + done.stderr
    assert verdict_line(done.stdout) == (
        f"{VERDICT} (llm_malformed: Malformed response from the model API: the body is not "
        "JSON; 1 turn)"
    )
    assert outcome(runs)["reason"] == "llm_malformed"


def test_a_refusal_ends_at_once_in_the_models_words_shown_with_v() -> None:
    words = "I won't do that [bold]here[/bold]\x1b[31m."
    with FakeAnthropic() as api:
        api.queue(message(text(words), stop_reason="refusal"))
        runs = runs_dir()
        done = run_cli(
            "cancel",
            "netflix",
            "--sim",
            "--ai",
            "model",
            "-v",
            "--runs-dir",
            runs,
            ANTHROPIC_API_KEY="sk-ant-test",
            ANTHROPIC_BASE_URL=api.url,
        )
        requests = len(api.requests)
    assert done.returncode == 1, done.stdout + done.stderr
    assert requests == 1, "no nudges after a refusal"
    assert verdict_line(done.stdout) == (
        f"{VERDICT} (llm_refused: The model declined: I won't do that [bold]here[/bold].; 1 turn)"
    )
    assert "    thought: I won't do that [bold]here[/bold]." in done.stdout
    assert "\x1b" not in done.stdout
    ended = outcome(Path(runs))
    assert ended["reason"] == "llm_refused"
    turn = next(e for e in events(Path(runs)) if e["event"] == "turn")
    assert turn["thought"] == "I won't do that [bold]here[/bold]."  # the record's words are safe


def test_text_without_a_call_is_shown_under_v_and_kept_in_the_record() -> None:
    with FakeOpenAI() as api:
        api.queue(
            completion(content="Looking for [red]the[/red] button\non the page"),
            completion(tool_call("complete_task", status="failed", reason="stop here")),
        )
        done, runs = cancel(api.url, "--ai", "model", "-v")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "[Turn 1] (no tool call)" in done.stdout
    assert "    thought: Looking for [red]the[/red] button on the page" in done.stdout
    turn = next(e for e in events(runs) if e["event"] == "turn")
    assert turn["thought"] == "Looking for [red]the[/red] button on the page"
