"""Live runs: ``pytest --live`` (needs the network and a key; costs model tokens).

- Claude, and OpenAI's gpt-4o, cancel on the bundled simulator (real model, local site): about
  five model turns each.
- Claude, and gpt-4o, on the real Netflix up to the final step, every approval answered "no":
  they never cancel a real membership (and stop at sign-in if the profile is signed out).
- Real pages of thousands of elements stay in the snapshot budget.

Each model's runs need its key (ANTHROPIC_API_KEY, OPENAI_API_KEY): without it they are
deselected, and pytest says so. With ``--st-record-mode=once`` (or ``all``/``rewrite``) the
model runs write a recording and its cassette (``cassette.yaml``, ``cassette-openai.yaml``) into
``recordings/netflix/live-*``; otherwise into a temporary folder. ``tests/ai/test_live_wiring.py``
proves the simulator runs here, against the local Messages API and chat-completions server.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest
from rich.console import Console

from harness.cassette import use_cassette
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.cancellation import CancelOptions, run_cancel
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.snapshot import ElementRegistry, SnapshotFactory
from subterminator.snapshot.tokens import estimate_tokens
from tests.support.paths import ROOT

pytestmark = [pytest.mark.st_live, pytest.mark.browser]  # every live run drives a Chromium

BIG_PAGES = (
    "https://en.wikipedia.org/wiki/List_of_Netflix_original_programming",
    "https://github.com/microsoft/playwright",
)


@pytest.mark.parametrize("url", BIG_PAGES)
async def test_real_page_with_thousands_of_elements_stays_in_budget(url: str) -> None:
    async with await PlaywrightBrowser.launch(LaunchOptions()) as browser:
        await browser.navigate(url)
        factory = SnapshotFactory(browser, ElementRegistry())
        started = time.perf_counter()
        snapshot, _ = await factory.create()
        elapsed = time.perf_counter() - started
        whole = await browser.capture(scope="page")
    assert len(whole.nodes) + whole.omitted > 1000, "not a page with thousands of elements"
    assert 0 < len(snapshot.elements) <= 100
    assert estimate_tokens(snapshot.elements_json()) <= 2000
    assert elapsed < 3.0  # a snapshot within 3 s at most; the figure itself is for `nox -s bench`


RECORDINGS = ROOT / "recordings" / "netflix"


def target(request: pytest.FixtureRequest, tmp_path: Path, name: str) -> tuple[Path, str]:
    """Where a live run records, and the cassette mode: the repository's recordings only when
    the person asked for recording (``--st-record-mode``)."""
    mode = str(request.config.getoption("--st-record-mode") or "none")
    folder = RECORDINGS / name if mode != "none" else tmp_path / name
    return folder, ("all" if mode == "none" else mode)


@dataclass(frozen=True)
class Model:
    """A model a live run asks, and where its runs record."""

    ai: Literal["claude", "model"]
    model: str | None
    cassette: str
    prefix: str  # of the recording folders


CLAUDE = Model("claude", None, "cassette.yaml", "live")
OPENAI = Model("model", "gpt-4o", "cassette-openai.yaml", "live-openai")
MODELS = [
    pytest.param(CLAUDE, marks=pytest.mark.st_live(key="ANTHROPIC_API_KEY"), id="claude"),
    pytest.param(OPENAI, marks=pytest.mark.st_live(key="OPENAI_API_KEY"), id="openai"),
]


@pytest.mark.parametrize("model", MODELS)
async def test_cancels_on_the_simulator(
    request: pytest.FixtureRequest, tmp_path: Path, model: Model
) -> None:
    folder, mode = target(request, tmp_path, f"{model.prefix}-2026")
    console = Console(file=io.StringIO(), width=120)
    options = CancelOptions(
        service="netflix",
        sim="2026",
        ai=model.ai,
        model=model.model,
        no_checkpoint=True,
        record=folder,
    )
    with use_cassette(folder / model.cassette, mode):  # type: ignore[arg-type]
        code = await run_cancel(options, console)
    said = console.file.getvalue()  # type: ignore[attr-defined]
    assert "continuing with the offline policy" not in said, said  # the model drove, throughout
    assert code == 0, said


class SaysNo:
    """A person who answers every question with no."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.asked.append(request.kind)
        return ApprovalDecision(approved=False, message="live test: never on a real account")


@pytest.mark.parametrize("model", MODELS)
async def test_on_real_netflix_never_gets_past_a_no(
    request: pytest.FixtureRequest, tmp_path: Path, model: Model
) -> None:
    folder, mode = target(request, tmp_path, f"{model.prefix}-real")
    console = Console(file=io.StringIO(), width=120)
    person = SaysNo()
    options = CancelOptions(service="netflix", ai=model.ai, model=model.model, record=folder)
    with use_cassette(folder / model.cassette, mode):  # type: ignore[arg-type]
        code = await run_cancel(options, console, handler=person)
    assert code != 0, "a live run must never complete a real cancellation"
