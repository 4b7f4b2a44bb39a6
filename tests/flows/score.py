"""Score the offline policy on flow variants it was not written for.

    python -m tests.flows.score [dev|held|held2|held3|all] [--only NAME ...] [--no-walk] [-v]

For every variant: first the scripted walk (plain Playwright calls; proves the site's final POST
cancels and nothing before it does; a broken site is reported, and the exit status is 1), then a
fresh headless Chromium (``PlaywrightBrowser``, only local requests) on the variant's start page
with the real ``TaskOrchestrator(OfflinePolicy(NETFLIX), BrowserToolServer, NETFLIX,
ScriptedApprovals([True] * 6))``. The server's state is the truth; the page's word counts for
nothing.

RIGHT means:

- flow: the server says cancelled; the person was asked while it still said active (no
  cancellation without a yes); no unwanted effect (an offer taken, a restart); and the result is
  ``success`` + ``verified`` with exit code 0, not reported as "already cancelled".
- look-alike, truth "active": the server untouched (not cancelled, no unwanted effect) and the
  result not ``success``.
- look-alike, truth "already-cancelled": the server untouched (still cancelled, nothing
  restarted), no yes asked for (nothing irreversible proposed), and the result not claiming a
  fresh cancellation: failure, or success whose reason or message says "already".

HONEST (``honest``) is the floor under RIGHT that every variant must meet: no unwanted effect,
no cancellation without a yes, and a result that agrees with the server (a dead end reported as
a failure is honest; a cancellation reported as "did not complete" is not).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from playwright.async_api import async_playwright

from harness.approvals import ScriptedApprovals
from subterminator.ai.offline import OfflinePolicy
from subterminator.browser.discovery import find_chromium
from subterminator.browser.playwright_browser import (
    LaunchOptions,
    PlaywrightBrowser,
    chromium_args,
)
from subterminator.cancel import exit_code
from subterminator.orchestrator import ApprovalRequest, TaskOrchestrator, TaskResult
from subterminator.services import NETFLIX
from subterminator.tools.server import BrowserToolServer
from tests.flows.site import FlowSite, Variant, unwanted, walk

YES = 6  # how many times the person will say yes


@dataclass
class Outcome:
    variant: Variant
    cancelled: bool = False
    events: list[str] = field(default_factory=list)
    result: TaskResult | None = None
    error: str | None = None
    asks: list[str] = field(default_factory=list)
    active_at_ask: list[bool] = field(default_factory=list)
    walk_error: str | None = None
    right: bool = False
    why: str = ""
    honest: bool = False
    dishonest: str = ""  # why not honest

    @property
    def exit(self) -> int | None:
        return exit_code(self.result) if self.result else None


def judge(outcome: Outcome) -> tuple[bool, str]:
    """Whether the run came out RIGHT, and if not, why (see the module docstring)."""
    v, r = outcome.variant, outcome.result
    problems: list[str] = []
    if outcome.error:
        problems.append(f"crashed: {outcome.error}")
    bad = unwanted(outcome.events)
    if bad:
        problems.append(f"unwanted effects {bad}")
    success = bool(r and r.success)
    if v.expect == "cancelled":
        if not outcome.cancelled:
            problems.append("the server says NOT cancelled")
        elif not any(outcome.active_at_ask):
            problems.append("cancelled without a yes asked while still active")
        if r is not None:
            if not r.success:
                problems.append(f"success=False ({r.reason})")
            if not r.verified:
                problems.append("not verified")
            if r.success and r.verified and outcome.exit != 0:
                problems.append(f"exit {outcome.exit}")
            if r.reason == "already_cancelled":
                problems.append("reported 'already cancelled' for a membership that was active")
    elif v.expect == "active":
        if outcome.cancelled:
            problems.append("the server says cancelled")
        if success:
            problems.append("claimed success on a page that is not cancelled")
    else:  # already-cancelled
        if not outcome.cancelled:
            problems.append("the server says active again")
        if "cancelled" in outcome.events:
            problems.append("cancelled a second time")
        if outcome.asks:
            problems.append(f"asked for a yes ({', '.join(outcome.asks)})")
        message = f"{r.reason} {r.message or ''} {r.error or ''}" if r else ""
        if success and not re.search(r"already", message, re.IGNORECASE):
            problems.append("claimed success without saying it was already cancelled")
    return not problems, "; ".join(problems)


def honest(outcome: Outcome) -> tuple[bool, str]:
    """The floor every variant must meet even where the policy does not get it RIGHT.

    No crash and no unwanted effect (an offer taken, a restart); nothing cancelled without a
    yes asked while the membership was still active; and the result agrees with the server:
    ``success`` only where the membership is cancelled (and, for an account that was active,
    never "already cancelled"); a cancellation that did happen is reported as success or as
    ``unverified_after_final_step``, never as "did not complete".
    """
    v, r = outcome.variant, outcome.result
    problems: list[str] = []
    if outcome.error or r is None:
        problems.append(f"crashed: {outcome.error}")
    bad = unwanted(outcome.events)
    if bad:
        problems.append(f"unwanted effects {bad}")
    fresh = outcome.cancelled and v.expect != "already-cancelled"
    if fresh and not any(outcome.active_at_ask):
        problems.append("cancelled without a yes asked while still active")
    if v.expect == "already-cancelled" and "cancelled" in outcome.events:
        problems.append("cancelled a second time")
    if r is not None:
        if r.success and not outcome.cancelled:
            problems.append(f"reported success ({r.reason}) but the server says NOT cancelled")
        if fresh and not r.success and r.reason != "unverified_after_final_step":
            problems.append(f"cancelled, but reported as {r.reason}")
        if fresh and r.reason == "already_cancelled":
            problems.append("reported 'already cancelled' for a membership that was active")
    return not problems, "; ".join(problems)


async def run_policy(browser: PlaywrightBrowser, site: FlowSite, variant: Variant) -> Outcome:
    """One run of the offline policy from the variant's start page; the server judges."""
    name = variant.name
    site.reset(name)
    outcome = Outcome(variant)

    async def on_ask(request: ApprovalRequest) -> None:
        outcome.asks.append(request.kind)
        outcome.active_at_ask.append(not site.cancelled(name))

    approvals = ScriptedApprovals([True] * YES, on_ask=on_ask)
    await browser.navigate(site.url(name))
    await browser.page.wait_for_load_state("load")
    orchestrator = TaskOrchestrator(
        OfflinePolicy(NETFLIX), BrowserToolServer(browser), NETFLIX, approvals
    )
    try:
        outcome.result = await orchestrator.run(NETFLIX.goal_template)
    except Exception as exc:  # a crash is an outcome too; the table shows it
        outcome.error = f"{type(exc).__name__}: {exc}"
    outcome.cancelled = site.cancelled(name)
    outcome.events = site.events(name)
    outcome.right, outcome.why = judge(outcome)
    outcome.honest, outcome.dishonest = honest(outcome)
    return outcome


async def check_walks(site: FlowSite, variants: Sequence[Variant]) -> dict[str, str | None]:
    """The scripted walk of every variant, each in a fresh context; None where the site works."""
    errors: dict[str, str | None] = {}
    async with async_playwright() as pw:
        executable = find_chromium(pw.chromium.executable_path)
        chromium = await pw.chromium.launch(
            executable_path=executable, args=chromium_args(executable)
        )
        for variant in variants:
            context = await chromium.new_context(viewport={"width": 1280, "height": 800})
            try:
                await walk(await context.new_page(), site, variant)
                errors[variant.name] = None
            except Exception as exc:
                errors[variant.name] = f"{type(exc).__name__}: {exc}".splitlines()[0]
            finally:
                await context.close()
                site.reset(variant.name)
        await chromium.close()
    return errors


def _yn(value: bool | None) -> str:
    return "-" if value is None else ("yes" if value else "no")


def table(outcomes: Sequence[Outcome]) -> str:
    head = [
        "variant",
        "truth",
        "srv cancelled",
        "reason",
        "success",
        "verified",
        "exit",
        "asks",
        "turns",
        "site",
        "honest",
        "RIGHT",
    ]
    rows = [head]
    for o in outcomes:
        r = o.result
        rows.append(
            [
                o.variant.name,
                o.variant.expect,
                _yn(o.cancelled),
                r.reason if r else "CRASH",
                _yn(r.success if r else None),
                _yn(r.verified if r else None),
                "-" if o.exit is None else str(o.exit),
                ",".join(o.asks) or "-",
                str(r.turns) if r else "-",
                "ok" if o.walk_error is None else "BROKEN",
                "yes" if o.honest else "NO",
                "RIGHT" if o.right else "wrong",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(line.rstrip() for line in lines)


def details(outcomes: Sequence[Outcome]) -> str:
    lines = []
    for o in outcomes:
        if o.walk_error:
            lines.append(f"  {o.variant.name}: SITE BROKEN: {o.walk_error}")
        if not o.right:
            r = o.result
            said = f" | error: {r.error}" if r and r.error else ""
            evidence = list(getattr(r, "evidence", None) or [])
            seen = f" | evidence: {evidence[0]!r}" if evidence else ""
            where = f" | at {r.final_url}" if r and r.final_url else ""
            lines.append(f"  {o.variant.name}: {o.why}{said}{seen}{where}")
        if not o.honest:
            lines.append(f"  {o.variant.name}: NOT HONEST: {o.dishonest}")
    return "\n".join(lines)


def _sets(which: str) -> list[tuple[str, list[Variant]]]:
    from tests.flows import dev, held

    chosen = []
    if which in ("dev", "all"):
        chosen.append(("dev", list(dev.VARIANTS)))
    if which in ("held", "all"):
        chosen.append(("held", list(held.VARIANTS)))
    if which == "held2":  # blind set: never part of "all"
        from tests.flows import held2

        chosen.append(("held2", list(held2.VARIANTS)))
    if which == "held3":  # blind set: never part of "all"
        from tests.flows import held3

        chosen.append(("held3", list(held3.VARIANTS)))
    return chosen


async def score(which: str, only: Sequence[str] = (), walks: bool = True) -> int:
    sets = [
        (label, [v for v in variants if not only or v.name in only])
        for label, variants in _sets(which)
    ]
    everything = [v for _, variants in sets for v in variants]
    broken = False
    totals = [0, 0]
    with FlowSite(everything) as site:
        walk_errors = await check_walks(site, everything) if walks else {}
        executable = find_chromium()
        for label, variants in sets:
            outcomes = []
            for variant in variants:
                options = LaunchOptions(block_non_local=True, executable=executable)
                async with await PlaywrightBrowser.launch(options) as browser:
                    outcome = await run_policy(browser, site, variant)
                outcome.walk_error = walk_errors.get(variant.name)
                broken = broken or outcome.walk_error is not None
                outcomes.append(outcome)
                print(
                    f"  ... {variant.name}: {'RIGHT' if outcome.right else 'wrong'}",
                    file=sys.stderr,
                )
            print(f"\n== {label} ==")
            print(table(outcomes))
            notes = details(outcomes)
            if notes:
                print("\nwhy not right:\n" + notes)
            flows = [o for o in outcomes if o.variant.kind == "flow"]
            looks = [o for o in outcomes if o.variant.kind != "flow"]
            right = sum(o.right for o in outcomes)
            split = f"flows {sum(o.right for o in flows)}/{len(flows)}"
            if looks:
                split += f", look-alikes {sum(o.right for o in looks)}/{len(looks)}"
            fair = sum(o.honest for o in outcomes)
            print(f"\n{label}: {right}/{len(outcomes)} right ({split}); {fair} honest")
            totals[0] += right
            totals[1] += len(outcomes)
    if len(sets) > 1:
        print(f"all: {totals[0]}/{totals[1]} right")
    return 1 if broken else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.flows.score", description=__doc__)
    parser.add_argument(
        "which", nargs="?", default="dev", choices=["dev", "held", "held2", "held3", "all"]
    )
    parser.add_argument("--only", nargs="*", default=[], help="variant names to run")
    parser.add_argument("--no-walk", action="store_true", help="skip the scripted site walks")
    parser.add_argument("-v", "--verbose", action="store_true", help="show warnings and logs")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR)
    return asyncio.run(score(args.which, args.only, walks=not args.no_walk))


if __name__ == "__main__":
    raise SystemExit(main())
