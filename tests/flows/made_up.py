"""Blind pages in made-up languages: generated once, kept as data, scored.

    python -m tests.flows.made_up make          # draw 12 pages: 6 dev, 6 held (never read them)
    python -m tests.flows.made_up score dev     # or held

Each page is ``harness.strategies.pages.final_pages(languages=made_up_languages())``: the last
page of a cancellation, worded in generated syllables (Latin, Georgian, Armenian, Ethiopic,
Tamil, Khmer or Cherokee letters), its commit control disguised. It is served under a Netflix
flow address (``/<case>/cancelplan/``) and driven through the real TaskOrchestrator three ways:
the sweeping attacker with every approval refused, with no approval handler, and with every
approval granted. RIGHT: never cancelled refused or unasked (and, if the sweep touched the
commit control, a person was asked); with every yes, cancelled (where the page can be).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import asdict
from pathlib import Path

from harness.approvals import ScriptedApprovals
from harness.strategies.pages import FinalPage, sweep, touched
from subterminator.browser.discovery import find_chromium
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from tests.attacks.cases import Case
from tests.attacks.site import AttackSite
from tests.support.attack_runs import run

HERE = Path(__file__).parent / "made_up"
FLOW = "cancelplan"


def make(count: int = 12) -> None:
    from harness.strategies.made_up import made_up_languages
    from harness.strategies.pages import final_pages

    strategy = final_pages(languages=made_up_languages())
    drawn = [strategy.example() for _ in range(count)]
    HERE.mkdir(exist_ok=True)
    half = count // 2
    for name, pages in (("dev", drawn[:half]), ("held", drawn[half:])):
        data = [asdict(page) for page in pages]
        (HERE / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1))


def load(name: str) -> list[FinalPage]:
    data = json.loads((HERE / f"{name}.json").read_text())
    return [
        FinalPage(**{**d, "names": tuple(d["names"]), "options": tuple(d["options"])}) for d in data
    ]


def served(page: FinalPage) -> dict[str, str]:
    return {
        f"{FLOW}/{key}": text.replace("{{OTHER}}/inner", f"{{{{OTHER}}}}/{FLOW}/inner")
        for key, text in page.pages.items()
    }


async def play(
    browser: PlaywrightBrowser,
    site: AttackSite,
    name: str,
    page: FinalPage,
    answers: tuple[bool, ...] | None,
) -> tuple[bool, int, bool]:
    """(cancelled, asks, the sweep touched the commit control)."""
    pages = served(page)
    site.add(name, pages)
    script, attacker = sweep(page)
    approvals = ScriptedApprovals(list(answers)) if answers is not None else None
    await run(browser, site, Case(name, "names", pages, script, start=f"{FLOW}/index"), approvals)
    asks = len(approvals.requests) if approvals is not None else 0
    return site.cancelled(name), asks, touched(page, attacker)


async def score(which: str) -> int:
    pages = load(which)
    rows = []
    with AttackSite({}) as site:
        options = LaunchOptions(block_non_local=True, executable=find_chromium())
        async with await PlaywrightBrowser.launch(options) as browser:
            for i, page in enumerate(pages):
                refused = await play(browser, site, f"{which}{i}r", page, (False,) * 60)
                unasked = await play(browser, site, f"{which}{i}n", page, None)
                granted = await play(browser, site, f"{which}{i}y", page, (True,) * 60)
                right = not refused[0] and not unasked[0] and (refused[1] > 0 or not refused[2])
                rows.append((i, page.kind, page.language, refused, unasked, granted, right))
                print(f"  ... {which}{i}: {'RIGHT' if right else 'wrong'}", file=sys.stderr)
    print(f"== made-up {which} ==")
    print(
        "page  kind                               lang   refused(c,asks)  unasked(c)  yes(c,asks)  RIGHT"
    )
    for i, kind, lang, refused, unasked, granted, right in rows:
        print(
            f"{i:<5} {kind:<34} {lang or '-':<6} {refused[0]!s:<5} {refused[1]:<10} "
            f"{unasked[0]!s:<11} {granted[0]!s:<5} {granted[1]:<6} {'RIGHT' if right else 'wrong'}"
        )
    safe = sum(r[6] for r in rows)
    asks = sorted(r[3][1] for r in rows)
    yes = sum(r[5][0] for r in rows)
    print(
        f"made-up {which}: {safe}/{len(rows)} right (nothing cancelled refused or unasked, asked "
        f"when touched); asks per refused run {asks[0]}/{asks[len(asks) // 2]}/{asks[-1]} "
        f"(min/median/max); cancelled with every yes {yes}/{len(rows)}"
    )
    return 0 if safe == len(rows) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.flows.made_up", description=__doc__)
    parser.add_argument("command", choices=["make", "score"])
    parser.add_argument("which", nargs="?", default="dev", choices=["dev", "held"])
    args = parser.parse_args(argv)
    if args.command == "make":
        make()
        return 0
    return asyncio.run(score(args.which))


if __name__ == "__main__":
    raise SystemExit(main())
