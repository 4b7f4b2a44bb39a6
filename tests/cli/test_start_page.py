"""The start page, through the real CLI on a local server: an address that names no page stops
the run before any turn (exit 2, the status and the address named), and one that cannot be
reached is said with its cause and a fix (exit 3), never in Chromium's own words."""

from __future__ import annotations

import socket

import pytest

from harness.sites import StaticSite
from tests.support.cli_helpers import run_cli, runs_dir

pytestmark = pytest.mark.subprocess  # the CLI in a subprocess


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def cancel(url: str) -> tuple[int, str]:
    done = run_cli(
        "cancel", "netflix", "--url", url, "--ai", "offline", "--headless",
        "--runs-dir", runs_dir(),
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Error:")]


def test_a_start_page_that_is_404_stops_with_its_status_and_exit_2(pages: StaticSite) -> None:
    url = pages.url("no-such-account-page.html")
    code, said = cancel(url)
    assert code == 2, said
    assert error_lines(said) == [
        f"Error: The start page answered HTTP 404 Not Found: {url}. "
        "Check the address in --url: it names no page"
    ]
    assert "Dead end" not in said
    assert "[Turn" not in said


def test_record_stops_on_a_404_start_page_too(pages: StaticSite, tmp_path: object) -> None:
    url = pages.url("no-such-account-page.html")
    done = run_cli("record", "netflix", "--url", url, "--out", str(tmp_path), "--headless")
    assert done.returncode == 2, done.stderr
    assert error_lines(done.stderr) == [
        f"Error: The start page answered HTTP 404 Not Found: {url}. "
        "Check the address in --url: it names no page"
    ]


def test_the_address_is_shown_without_its_escape_sequences(pages: StaticSite) -> None:
    url = pages.url("no-such\x1b]0;owned\x07-page\x1b[2J.html")
    code, said = cancel(url)
    assert code == 2, said
    assert "\x1b" not in said
    assert "\x07" not in said
    assert "The start page answered HTTP 404 Not Found" in said


def test_a_refused_port_names_the_cause_and_the_fix_and_exits_3() -> None:
    port = closed_port()
    url = f"http://127.0.0.1:{port}/account"
    code, said = cancel(url)
    assert code == 3, said
    assert error_lines(said) == [
        f"Error: Could not open {url}: nothing answers at 127.0.0.1:{port} (connection "
        "refused). Check the port in --url, or start the server"
    ]
    assert "net::" not in said
    assert "Page.goto" not in said


@pytest.mark.parametrize(
    ("target", "cause"),
    [
        ("http://no-such-host.invalid/account", "the host name no-such-host.invalid is not known"),
        ("TLS", "its TLS certificate or handshake was refused"),
    ],
)
def test_dns_and_tls_failures_are_one_line_with_a_fix(
    pages: StaticSite, target: str, cause: str
) -> None:
    url = pages.url("account.html").replace("http://", "https://") if target == "TLS" else target
    code, said = cancel(url)
    assert code == 3, said
    [line] = error_lines(said)
    assert line.startswith(f"Error: Could not open {url}: {cause}")
    assert "Check " in line
    assert "Page.goto" not in line
