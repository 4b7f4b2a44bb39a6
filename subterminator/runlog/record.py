"""``RunRecord``: what a ``cancel`` run did, written as it happens to a private folder.

``~/.subterminator/runs/20261123T104512Z-netflix/`` holds ``events.jsonl`` (one JSON line per
event, each on disk before the call returns), ``turn-NN.png`` and ``approval-NN.png``
screenshots, and ``report.html`` (written by ``close``, re-renderable with ``render_report``).

An approval is two events: ``approval_asked`` before the person answers (it saves the screenshot
and returns its path, for the prompt to print), ``approval_answered`` after. A run killed at the
prompt thus still shows what was asked. ``approval`` does both when the answer is already known.

Writing errors (``OSError``) are raised to the caller, which decides whether a run goes on
without its record.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from subterminator import __version__
from subterminator.models.result import TaskResult
from subterminator.models.turn import TurnRecord
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
from subterminator.runlog.files import (
    append_line,
    create_private_file,
    folder_name,
    new_private_folder,
    replace_private_file,
)
from subterminator.runlog.reader import EVENTS_FILE
from subterminator.runlog.report import render_report
from subterminator.snapshot.secrecy import KNOWN, Named
from subterminator.tools.masking import masked_arguments
from subterminator.untrusted import LOG_LINE, NAME, shown


def _plain(value: Any) -> Any:
    """``value`` as JSON would carry it: an odd argument must not stop a run's record."""
    try:
        return json.loads(json.dumps(value, default=repr))
    except (TypeError, ValueError):
        return repr(value)


def _safe(value: Any) -> Any:
    """Every string of an event as one safe line: names, titles, addresses, the AI's words
    and a server's errors are outside words, read later in a terminal (``cat``) or the
    report; what an approval quotes is cut smaller already (``ApprovalRequest``)."""
    if isinstance(value, str):
        return shown(value, LOG_LINE)
    if isinstance(value, list):
        return [_safe(item) for item in value]
    if isinstance(value, dict):
        return {_safe(key): _safe(item) for key, item in value.items()}
    return value


def _redacted(tool: str | None, arguments: Any, target: str | None) -> Any:
    """Arguments as written: callers mask secrets by what the field is (``secrecy``); one that
    passed them raw still gets a typed value masked unless the field's name is known and
    neither it nor the value looks secret."""
    field = None if target is None else Named(target)
    return _plain(masked_arguments(tool, arguments, field, sign_in_step=False))


def _name(target: str | None) -> str | None:
    """A control's name as the record keeps it: the size a person is shown it at."""
    return None if target is None else shown(target, NAME)


def default_runs_dir() -> Path:
    return Path.home() / ".subterminator" / "runs"


class _TurnPictures:
    """Turns' pictures in a run's folder. A turn whose picture is the last one's very bytes (a
    look that shares it, ``stack.logged``) names that file: a client looking a thousand times
    is not a thousand copies of one page on disk."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._last: tuple[bytes, Path] | None = None

    def save(self, turn: int, png: bytes | None) -> Path | None:
        last = self._last
        if png is not None and last is not None and last[0] is png:
            return last[1]
        path = create_private_file(self.folder, f"turn-{turn:02d}", ".png", png) if png else None
        self._last = None if path is None or png is None else (png, path)
        return path


class RunRecord:
    """One run's folder: ``create`` it, ``close`` it when the run ends (in a ``finally``)."""

    def __init__(self, folder: Path, service: str) -> None:
        self.folder = folder
        self.service = service
        self._approvals = 0
        self._pending: int | None = None  # the approval asked and not yet answered
        self._turn = 0  # the turn under way (0: before the first)
        self._turn_pending: TurnEvent | None = None  # begun, not yet logged
        self._pictures = _TurnPictures(folder)

    @classmethod
    def create(
        cls, service: str, *, runs_dir: Path | None = None, now: datetime | None = None
    ) -> RunRecord:
        """A new folder ``<runs_dir>/<UTC time>-<service>`` (``-2``, ``-3``... if taken) with
        an empty ``events.jsonl``; ``runs_dir`` (default ``~/.subterminator/runs``) is made
        0700 if missing."""
        name = folder_name(service, now or datetime.now(UTC))
        root = (runs_dir or default_runs_dir()).expanduser()
        record = cls(new_private_folder(root, name), service)
        replace_private_file(record.events_path, b"")
        return record

    @property
    def events_path(self) -> Path:
        return self.folder / EVENTS_FILE

    def _log(self, event: Event) -> None:
        # a secret anywhere else is scrubbed first, then every outside string made safe
        data = _safe(KNOWN.scrub_data(event.model_dump(mode="json")))
        append_line(self.events_path, json.dumps(data, ensure_ascii=False))

    def save_screenshot(self, stem: str, png: bytes) -> Path:
        """Write ``<stem>.png`` (0600; ``<stem>-2.png`` if that exists: nothing is overwritten).
        ``stem`` is a plain name such as ``turn-01``."""
        return create_private_file(self.folder, stem, ".png", png)

    def _shot(self, stem: str, png: bytes | None) -> Path | None:
        return self.save_screenshot(stem, png) if png else None

    def start(self, *, start_url: str, mode: str, ai: str, display_name: str = "") -> None:
        """The first event: ``mode`` says "simulator" or "live", ``ai`` which AI drives,
        ``display_name`` the service as the report's title writes it."""
        self._log(
            RunStarted(
                display_name=display_name,
                service=self.service,
                start_url=start_url,
                mode=mode,
                ai=ai,
                version=__version__,
            )
        )

    def turn_began(
        self, *, turn: int, tool: str | None, target: str | None, arguments: Any
    ) -> None:
        """A turn's tool is about to run: questions asked now belong to it, and if the run is
        stopped before ``turn`` logs it (Ctrl+C at the prompt), ``interrupted`` logs it."""
        self._turn = turn
        self._turn_pending = TurnEvent(
            turn=turn, tool=tool, target=_name(target), arguments=_redacted(tool, arguments, target)
        )

    def turn(
        self,
        *,
        turn: int,
        tool: str | None,
        target: str | None,
        arguments: Any,
        outcome: str,
        thought: str = "",
        thinking: str = "",
        screenshot: bytes | None = None,
        ai_ms: int = 0,
        tool_ms: int = 0,
        person_ms: int = 0,
    ) -> None:
        """One turn (``TurnRecord``'s fields); ``arguments`` redacted here too, so a typed password
        never reaches the disk from any caller. ``tool_ms`` is the browser's, without a person's."""
        shot = self._pictures.save(turn, screenshot)
        self._turn_pending = None
        self._log(
            TurnEvent(
                turn=turn,
                tool=tool,
                target=_name(target),
                arguments=_redacted(tool, arguments, target),
                outcome=outcome,
                thought=thought,
                thinking=thinking,
                screenshot=shot.name if shot else None,
                ai_ms=ai_ms,
                tool_ms=tool_ms,
                person_ms=person_ms,
            )
        )

    def turn_row(self, row: TurnRecord, screenshot: bytes | None = None) -> None:
        """A turn as both front doors log it: the one way a run's turns reach its record."""
        self.turn(**row.model_dump(exclude={"usage"}), screenshot=screenshot)

    def approval_asked(
        self,
        *,
        kind: str,
        action: str,
        reason: str,
        title: str = "",
        url: str = "",
        page_says: list[str] | None = None,
        screenshot: bytes | None = None,
        control: str = "",
    ) -> Path | None:
        """A person is being asked (``ApprovalRequest``'s fields, plus what the page says will
        happen). Returns the saved screenshot's path, if there was one."""
        self._approvals += 1
        self._pending = self._approvals
        shot = self._shot(f"approval-{self._approvals:02d}", screenshot)
        self._log(
            ApprovalAsked(
                number=self._approvals,
                turn=self._turn,
                kind=kind,
                action=action,
                reason=reason,
                title=title,
                url=url,
                page_says=page_says or [],
                control=control,
                screenshot=shot.name if shot else None,
            )
        )
        return shot

    def approval_answered(
        self,
        *,
        approved: bool,
        feedback: str | None = None,
        note: str | None = None,
        asked: bool = True,
    ) -> None:
        """The answer to the last question asked (``ApprovalDecision``): the person's words as
        ``feedback``, SubTerminator's own as ``note``."""
        if self._pending is None:
            raise RuntimeError("approval_answered without a question: call approval_asked first")
        answer = ApprovalAnswered(
            number=self._pending, approved=approved, feedback=feedback, note=note, asked=asked
        )
        self._log(answer)
        self._pending = None

    def approval(
        self,
        *,
        kind: str,
        action: str,
        reason: str,
        title: str,
        url: str,
        page_says: list[str],
        screenshot: bytes | None,
        approved: bool,
        feedback: str | None,
    ) -> Path | None:
        """Question and answer at once, for an answer known already (auto-approval, say)."""
        shot = self.approval_asked(
            kind=kind,
            action=action,
            reason=reason,
            title=title,
            url=url,
            page_says=page_says,
            screenshot=screenshot,
        )
        self.approval_answered(approved=approved, feedback=feedback)
        return shot

    def notice(self, text: str) -> None:
        """Something the person was told along the way ("model API unavailable, ...")."""
        self._log(Notice(text=text))

    def outcome(
        self,
        *,
        success: bool,
        verified: bool,
        reason: str,
        error: str | None,
        evidence: list[str],
        ends_on: str | None,
        turns: int,
        final_url: str | None,
        summary: str,
        screenshot: bytes | None = None,
    ) -> None:
        """The end (``TaskResult``'s fields); ``summary`` is the sentence the person was shown,
        ``screenshot`` the page as the run left it."""
        shot = self._shot("final", screenshot)
        self._log(
            Outcome(
                success=success,
                verified=verified,
                reason=reason,
                error=error,
                evidence=evidence,
                ends_on=ends_on,
                turns=turns,
                final_url=final_url,
                summary=summary,
                screenshot=shot.name if shot else None,
            )
        )

    def ended(self, result: TaskResult, *, summary: str, screenshot: bytes | None = None) -> None:
        """The end, as a run's ``TaskResult`` says it (every front door logs it this way).

        ``verified`` is logged as the page's word on a success only: a ``TaskResult`` that
        failed is ``verified`` when the AI's word for it was taken (a failure the AI or a person
        declared ends there), and nothing on the page was checked for it."""
        kept = {"success", "reason", "error", "evidence", "ends_on", "turns", "final_url"}
        self.outcome(
            **result.model_dump(include=kept),
            verified=result.success and result.verified,
            summary=summary,
            screenshot=screenshot,
        )

    def interrupted(self, *, final_step_executed: bool | None, detail: str) -> None:
        """The run stopped before an outcome; whether the final step had run (None: running).

        The turn under way and a question left unanswered are logged first, as interrupted:
        the record shows where the run stood when it was stopped."""
        if self._turn_pending is not None:
            pending, self._turn_pending = self._turn_pending, None
            self._log(
                pending.model_copy(update={"outcome": "interrupted before this turn finished"})
            )
        if self._pending is not None:
            self._log(ApprovalAnswered(number=self._pending, approved=False, interrupted=True))
            self._pending = None
        self._log(Interrupted(final_step_executed=final_step_executed, detail=detail))

    def close(self) -> Path:
        """Render ``report.html`` from the log and return its path; safe to call again."""
        return render_report(self.folder)
