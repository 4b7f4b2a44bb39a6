"""Endings the outcome judge once could not read, as runs: real Chromium, the real
orchestrator, a scripted AI.

Pages in Thai (with its Buddhist-era year), Filipino, Urdu, Lithuanian, Estonian, Georgian
and Swahili that state a cancelled membership are reported as such, with the end date they
print; the same pages saying the request is still under review are not.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, complete
from harness.sites import StaticSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.result import TaskResult
from subterminator.services import NETFLIX

pytestmark = pytest.mark.browser

# lang: (title, the cancelled statement, its end date sentence, the date as printed, a pending one)
ENDINGS = {
    "th": (
        "ยกเลิกการเป็นสมาชิก",
        "ยกเลิกการเป็นสมาชิกแล้ว",
        "คุณยังคงรับชมได้จนถึงวันที่ 2 มีนาคม 2570",
        "2 มีนาคม 2570",
        "คำขอยกเลิกของคุณอยู่ระหว่างการตรวจสอบ",
    ),
    "fil": (
        "Membership",
        "Nakansela na ang iyong membership.",
        "Matatapos ang iyong membership sa Marso 3, 2027.",
        "Marso 3, 2027",
        "Sinusuri pa ang iyong kahilingan na magkansela.",
    ),
    "ur": (
        "رکنیت",
        "آپ کی رکنیت منسوخ کر دی گئی ہے۔",
        "آپ کی رکنیت 3 مارچ 2027 کو ختم ہو جائے گی۔",
        "3 مارچ 2027",
        "آپ کی منسوخی کی درخواست زیر غور ہے۔",
    ),
    "lt": (
        "Narystė",
        "Jūsų narystė atšaukta.",
        "Jūsų narystė baigsis 2027 m. kovo 3 d.",
        "2027 m. kovo 3 d",
        "Jūsų prašymas atšaukti narystę laukia patvirtinimo.",
    ),
    "et": (
        "Liikmesus",
        "Teie liikmesus on tühistatud.",
        "Teie liikmesus lõpeb 3. märtsil 2027.",
        "3. märtsil 2027",
        "Teie tühistamistaotlus on ülevaatamisel.",
    ),
    "ka": (
        "წევრობა",
        "თქვენი გამოწერა გაუქმებულია.",
        "თქვენი გამოწერა დასრულდება 3 მარტი, 2027.",
        "3 მარტი, 2027",
        "თქვენი მოთხოვნა განხილვის პროცესშია.",
    ),
    "sw": (
        "Uanachama",
        "Uanachama wako umeghairiwa.",
        "Uanachama wako utaisha tarehe 3 Machi 2027.",
        "3 Machi 2027",
        "Ombi lako la kughairi linakaguliwa.",
    ),
}


def write(folder: Path, lang: str, body: str, title: str) -> None:
    html = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f'</head><body>{body}<a href="account.html">Netflix</a></body></html>'
    )
    (folder / f"{lang}.html").write_text(html, encoding="utf-8")


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    folder = tmp_path_factory.mktemp("languages")
    for lang, (title, stated, ends, _, pending) in ENDINGS.items():
        write(folder, lang, f"<h1>{stated}</h1><p>{ends}</p>", title)
        (folder / "pending").mkdir(exist_ok=True)
        # the period end alone would read as cancelled: the pending sentence must outweigh it
        body = f"<h1>{title}</h1><p>{pending}</p><p>{ends}</p>"
        write(folder / "pending", lang, body, title)
    return st_static_site(folder)


async def run(browser: PlaywrightBrowser, url: str) -> TaskResult:
    await browser.navigate(url)
    # the claim first; told the page does not show it, the AI gives up
    ai = ScriptedAI([complete("success", "Membership cancelled"), complete("failed", "Not shown")])
    orchestrator = build_conversation(ai, browser, NETFLIX, ScriptedApprovals([]), 4)
    return await orchestrator.run(NETFLIX.goal_template)


@pytest.mark.parametrize("lang", ENDINGS)
async def test_a_cancelled_membership_is_read_in_the_pages_language(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    result = await run(browser, site.url(f"{lang}.html"))
    assert result.reason == "already_cancelled", result
    assert result.verified
    assert result.ends_on == ENDINGS[lang][3]


@pytest.mark.parametrize("lang", ENDINGS)
async def test_a_request_under_review_is_not_a_cancellation(
    browser: PlaywrightBrowser, site: StaticSite, lang: str
) -> None:
    result = await run(browser, site.url(f"pending/{lang}.html"))
    assert not result.success, result
    assert result.reason != "already_cancelled"
