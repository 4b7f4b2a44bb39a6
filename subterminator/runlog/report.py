"""``report.html``: the run as a person reads it afterwards, rendered from ``events.jsonl`` alone.

One self-contained file: inline CSS, no scripts, no fonts or anything else fetched (a content
security policy forbids it too), screenshots by relative name so the page works wherever the run
folder is copied. Every string from the log is escaped: page text is hostile until proven not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

from subterminator.net import shown_url
from subterminator.runlog.events import (
    ApprovalAnswered,
    ApprovalAsked,
    Event,
    Interrupted,
    Notice,
    Outcome,
    RunStarted,
    TurnEvent,
)
from subterminator.runlog.files import replace_private_file
from subterminator.runlog.reader import RunLog, read_events
from subterminator.untrusted import LOG_LINE, shown, shown_lines

REPORT_FILE = "report.html"
_IMAGE = re.compile(r"[A-Za-z0-9_-]{1,100}\.png")  # only names we write: never a path or URL
_POLICY = (
    "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'; "
    "base-uri 'none'; form-action 'none'"
)
_CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto;
  max-width: 60rem; padding: 1rem 1.5rem 3rem; color: #1d1d1f; background: #fafafa; }
h1 { margin: .5rem 0; font-size: 1.6rem; } h2 { margin-top: 2rem; font-size: 1.25rem; }
h3 { margin: 0 0 .4rem; font-size: 1.05rem; } h4 { margin: .6rem 0 .2rem; font-size: .95rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
dt { color: #666; } dd { margin: 0; overflow-wrap: anywhere; }
.final { border: 2px solid; border-radius: 8px; padding: 1rem 1.25rem; background: #fff; }
.final.ok { border-color: #1a7f37; } .final.warn { border-color: #bf8700; }
.final.fail { border-color: #cf222e; } .final h2 { margin-top: 0; }
.summary { font-size: 1.15rem; font-weight: 600; margin: 0 0 .5rem; }
.ends { font-size: 1.6rem; margin: .5rem 0; } .ends strong { color: #0b5cad; }
.banner { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: .6rem 1rem; }
ol.steps { list-style: none; padding: 0; }
ol.steps > li { background: #fff; border: 1px solid #ddd; border-radius: 8px;
  padding: .8rem; margin: .6rem 0; }
li.approval { border-width: 2px; } li.approved { border-color: #1a7f37; background: #f0fff4; }
li.refused { border-color: #cf222e; background: #fff5f5; } li.pending { border-color: #bf8700; }
.shot { margin: .6rem 0 0; } .shot a { display: inline-block; max-width: 100%; }
.shot img { display: block; max-width: 100%; height: auto; border: 1px solid #ccc;
  border-radius: 4px; } .shot figcaption { font-size: .85em; }
.main p { margin: .25rem 0; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 4px; color: #fff; }
.approved .badge { background: #1a7f37; } .refused .badge { background: #cf222e; }
.pending .badge { background: #bf8700; }
.tool { font-family: ui-monospace, monospace; } .muted, .timing { color: #666; font-size: .9em; }
.thought { font-style: italic; color: #444; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f3f3; padding: .4rem; }
"""


def _e(value: object) -> str:
    """A value as the page shows it: one safe line (``untrusted``: no controls, no bidi
    overrides, invisible characters named), then escaped. A log may be old, or edited."""
    return escape(shown(str(value), LOG_LINE), quote=True)


def _pre(text: str) -> str:
    """Like ``_e``, keeping the line breaks (pretty-printed arguments)."""
    return escape(shown_lines(text, LOG_LINE), quote=True)


def _when(at: datetime) -> str:
    return f"{at.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC"


def _rows(pairs: Iterable[tuple[str, object]]) -> str:
    cells = "".join(
        f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in pairs if v is not None and v != ""
    )
    return f"<dl>{cells}</dl>" if cells else ""


def _list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{_e(item)}</li>" for item in items) + "</ul>"


def _shot(name: str | None, alt: str) -> str:
    """The screenshot at its own size (the card's width at most), below the step it shows:
    a thumbnail a fifth of the page's size cannot be read. It opens full size on a click."""
    if not name or not _IMAGE.fullmatch(name):
        return '<div class="shot muted">no screenshot</div>'
    src = _e(name)
    return (
        f'<figure class="shot"><a href="{src}" target="_blank" rel="noopener">'
        f'<img src="{src}" alt="{_e(alt)}"></a><figcaption class="muted">{_e(alt)} '
        f'(<a href="{src}" target="_blank" rel="noopener">open full size</a>)</figcaption>'
        "</figure>"
    )


def _header(start: RunStarted | None) -> str:
    if start is None:
        return "<header><h1>SubTerminator run</h1><p>Its start was not recorded.</p></header>"
    details = _rows(
        [
            ("Started", _when(start.at)),
            ("Start URL", start.start_url),
            ("Mode", start.mode),
            ("AI", start.ai),
            ("SubTerminator", start.version),
        ]
    )
    name = start.display_name or start.service
    return f"<header><h1>Cancelling {_e(name)}</h1>{details}</header>"


def _final(end: Outcome | Interrupted | None) -> str:
    if isinstance(end, Outcome):
        on_page = end.success and end.verified  # a failure is never read off the page
        good = on_page or end.reason == "already_cancelled"
        tone = "ok" if good else "warn" if end.reason == "unverified_after_final_step" else "fail"
        verdict = "Succeeded" if end.success else "Did not succeed"
        summary = end.summary or f"{verdict}: {end.reason}"
        ends = (
            f'<p class="ends">Ends on <strong>{_e(end.ends_on)}</strong></p>' if end.ends_on else ""
        )
        facts = _rows(
            [
                ("Reason", end.reason),
                ("Verified on the page", "yes" if on_page else "no"),
                ("Error", end.error),
                ("Turns", end.turns),
                ("Final URL", end.final_url),
                ("Finished", _when(end.at)),
            ]
        )
        evidence = f"<h3>Evidence</h3>{_list(end.evidence)}" if end.evidence else ""
        shot = _shot(end.screenshot, "the page at the end") if end.screenshot else ""
        body = f'<p class="summary">{_e(summary)}</p>{ends}{facts}{evidence}{shot}'
    elif isinstance(end, Interrupted):
        tone = "fail" if end.final_step_executed is False else "warn"
        step = (
            "The final step had been executed: check the account to see whether it took effect."
            if end.final_step_executed
            else "The final step had not been executed."
            if end.final_step_executed is False
            else "The final step was being executed when the run stopped: it may have gone "
            "through; check the account."
        )
        body = (
            f'<p class="summary">The run was interrupted. {step}</p>'
            f"{_rows([('Detail', end.detail), ('Stopped', _when(end.at))])}"
        )
    else:
        tone = "fail"
        body = '<p class="summary">No outcome was recorded: the run ended before it finished.</p>'
    return f'<section class="final {tone}" id="final"><h2>Result</h2>{body}</section>'


def _arguments(arguments: Any) -> str:
    if arguments is None or arguments == {}:
        return ""
    text = json.dumps(arguments, indent=1, ensure_ascii=False, default=str)
    return f"<details><summary>Arguments</summary><pre>{_pre(text)}</pre></details>"


def _turn(event: TurnEvent) -> str:
    action = f'<span class="tool">{_e(event.tool or "(no tool call)")}</span>'
    if event.target:
        action += f" “{_e(event.target)}”"
    thought = f'<p class="thought">{_e(event.thought)}</p>' if event.thought else ""
    if event.thinking:  # the model's marked reasoning: folded, as it may run long
        thought += (
            f"<details><summary>Reasoning</summary><pre>{_pre(event.thinking)}</pre></details>"
        )
    return (
        f'<li class="turn" id="turn-{event.turn}">'
        f'<div class="main"><h3>Turn {event.turn}: {action}</h3>'
        f'<p class="outcome">{_e(event.outcome)}</p>{thought}{_arguments(event.arguments)}'
        f'<p class="timing">{_e(_timing(event))}</p></div>'
        f"{_shot(event.screenshot, f'The page after turn {event.turn}')}</li>"
    )


def _timing(event: TurnEvent) -> str:
    """The AI's and the browser's time; a person's answer is theirs, shown apart."""
    said = f"AI {event.ai_ms} ms · browser {event.tool_ms} ms"
    return said + (f" · you {event.person_ms / 1000:.1f} s" if event.person_ms else "")


def _approval(asked: ApprovalAsked, answer: ApprovalAnswered | None) -> str:
    if answer is None:
        state, badge = "pending", "No answer recorded"
    elif answer.interrupted:
        state, badge = "pending", "Interrupted at the prompt: no answer"
    elif not answer.asked:  # no input, no window: nobody said no
        state, badge = "pending", "Nobody could be asked: not taken"
    elif asked.kind == "human_action":  # a step only a person can take: done or not, no refusal
        state, badge = ("approved", "✓ Done") if answer.approved else ("pending", "Not done")
    else:
        state, badge = ("approved", "✓ Approved") if answer.approved else ("refused", "✗ Refused")
    says = f"<h4>The page says</h4>{_list(asked.page_says)}" if asked.page_says else ""
    facts = _rows(
        [
            ("Control", asked.control),
            ("Why asked", asked.reason),
            ("Page title", asked.title),
            ("Page URL", shown_url(asked.url)),
            ("Feedback", answer.feedback if answer else None),
            ("SubTerminator", answer.note if answer else None),
        ]
    )
    return (
        f'<li class="approval {state}" id="approval-{asked.number}">'
        f'<div class="main"><h3>Approval {asked.number} ({_e(asked.kind)}): '
        f'<span class="badge">{badge}</span></h3>'
        f'<p class="action">{_e(asked.action)}</p>{facts}{says}</div>'
        f"{_shot(asked.screenshot, f'The page when approval {asked.number} was asked')}</li>"
    )


def _steps(events: list[Event]) -> str:
    """Turns in order, each followed by the questions asked during it (they are logged before
    the turn's own line, which is written when the turn ends)."""
    asked = {e.number for e in events if isinstance(e, ApprovalAsked)}
    answers = {e.number: e for e in events if isinstance(e, ApprovalAnswered)}
    during: dict[int, list[str]] = {}  # turn -> its approvals, shown after it
    items: list[str] = []
    for event in events:
        match event:
            case TurnEvent():
                items.append(_turn(event))
                items.extend(during.pop(event.turn, []))
            case ApprovalAsked() if event.turn:
                during.setdefault(event.turn, []).append(
                    _approval(event, answers.get(event.number))
                )
            case ApprovalAsked():  # before the first turn, or from an older log: as it came
                items.append(_approval(event, answers.get(event.number)))
            case ApprovalAnswered() if event.number not in asked:  # its question was lost
                verdict = (
                    "approved"
                    if event.approved
                    else "interrupted"
                    if event.interrupted
                    else "refused"
                )
                items.append(
                    f'<li class="approval {verdict}"><div class="main">'
                    f"<h3>Approval {event.number}: {verdict}</h3></div></li>"
                )
    for left in during.values():  # asked during a turn whose line was never written
        items.extend(left)
    if not items:
        return "<h2>Steps</h2><p>No steps were recorded.</p>"
    return f'<h2>Steps</h2><ol class="steps">{"".join(items)}</ol>'


def _banners(log: RunLog) -> str:
    notes = []
    if log.cut_short:
        notes.append(
            "The event log was cut short (the run stopped while writing it); "
            "its last line was skipped."
        )
    if log.unreadable:
        notes.append(f"{log.unreadable} damaged line(s) of the event log were skipped.")
    return "".join(f'<p class="banner">{_e(note)}</p>' for note in notes)


def _notices(events: list[Event]) -> str:
    notices = [f"{_when(e.at)}: {e.text}" for e in events if isinstance(e, Notice)]
    return f"<h2>Notices</h2>{_list(notices)}" if notices else ""


def render_html(log: RunLog) -> str:
    """The report page for these events."""
    events = log.events
    start = next((e for e in events if isinstance(e, RunStarted)), None)
    end = next((e for e in reversed(events) if isinstance(e, Outcome | Interrupted)), None)
    title = "SubTerminator run" + (f": {start.service}, {_when(start.at)}" if start else "")
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        '<meta name="referrer" content="no-referrer">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head>\n<body>"
        f"{_header(start)}{_banners(log)}{_final(end)}{_notices(events)}{_steps(events)}"
        "</body></html>\n"
    )


def render_report(folder: Path) -> Path:
    """(Re)write ``folder/report.html`` from ``folder/events.jsonl``; returns its path."""
    path = folder / REPORT_FILE
    replace_private_file(path, render_html(read_events(folder)).encode("utf-8"))
    return path
