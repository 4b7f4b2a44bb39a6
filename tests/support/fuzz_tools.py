"""``python -m tests.support.fuzz_tools --calls 10000``: a long fuzz of
``BrowserToolServer.execute``.

The same sessions as tests/properties/test_tool_fuzz.py (generated calls, valid and malformed,
on a ReplayBrowser over recorded flows; every reply checked by ``tests.support.scenarios.Session``),
run in rounds until ``--calls`` calls were made. Prints the count, the time and the replies
by error code; exits 1 with hypothesis's shrunk example on the first broken law.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from harness.strategies import Call, tool_calls
from tests.support.scenarios import Session, recording, replay_browser

FLOWS = ("2026", "many", "cookie-banner", "legacy", "login", "cancelled", "error")


@dataclass
class Tally:
    calls: int = 0
    sessions: int = 0
    replies: Counter[str] = field(default_factory=Counter)


async def session(flow: str, calls: list[Call], tally: Tally) -> None:
    browser = replay_browser(flow)
    await browser.navigate(recording(flow).meta.start_url)
    checked = Session(browser)
    await checked.execute("get_snapshot", {})
    tally.sessions += 1
    for call in calls:
        name, arguments = call.resolve(checked.refs(), checked.older_refs())
        result = await checked.execute(name, arguments, malformed=call.malformed)
        assert result.error in call.expect, f"{call}: {result.error} {result.message}"
        tally.calls += 1
        tally.replies[result.error or "success"] += 1


def fuzz(target: int, seed: int | None = None, per_session: int = 50) -> Tally:
    tally = Tally()

    @settings(
        max_examples=max(1, min(200, target // max(1, per_session // 2))),
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    @given(
        flow=st.sampled_from(FLOWS),
        calls=st.lists(tool_calls(), min_size=1, max_size=per_session),
    )
    def body(flow: str, calls: list[Call]) -> None:
        asyncio.run(session(flow, calls, tally))

    run = body if seed is None else fixed_seed(seed)(body)
    while tally.calls < target:
        run()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=10_000, help="calls to make, at least")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (repeatable)")
    parser.add_argument("--per-session", type=int, default=50, help="most calls per session")
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)  # the server logs every error reply; thousands here
    started = time.perf_counter()
    tally = fuzz(args.calls, args.seed, args.per_session)
    seconds = time.perf_counter() - started
    replies = ", ".join(f"{code} {count}" for code, count in tally.replies.most_common())
    print(
        f"{tally.calls} calls in {tally.sessions} sessions, {seconds:.1f} s "
        f"({tally.calls / seconds:.0f} calls/s); no exception, every reply contract-valid\n"
        f"replies: {replies}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
