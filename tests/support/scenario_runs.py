"""Generated orchestrator runs: scripted models, scripted people, and what the browser saw.

A generated script is a list of ``Step``s, one per model turn, each resolved against the
conversation when the model is asked (so "click the recorded next step" or "click the final
control" finds today's ref): recorded progress, the final control, any element, page scrolls,
refs from older snapshots, malformed calls, approval requests, completion claims, text, and
responses with several tool calls (``Step.extra``). ``GeneratedAI`` notes, per turn, the
ReplayBrowser's call count, the first call and the snapshot the model saw, so that tests judge
the run by the browser's call log, not by the replies. ``GeneratedApprovals`` answers from a
list (then no) and notes when each answer was given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from harness.replay.browser import Failure, ReplayBrowser
from harness.scripted_ai import ScriptedAI, latest_snapshot
from harness.strategies import Call, malformed_calls
from subterminator.assembly import build_conversation
from subterminator.errors import InvalidParamsError
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.models.conversation import Message, ToolCall
from subterminator.models.result import TaskResult
from subterminator.models.snapshot import Element, Snapshot
from subterminator.orchestrator import TaskOrchestrator
from subterminator.recording.model import ElementIdentity, find_identity
from subterminator.safety.gate import final_candidates
from subterminator.services.base import ServiceConfig
from subterminator.services.registry import get_service
from subterminator.tools.arguments import parse_arguments
from subterminator.tools.builtin.browser_scroll import ScrollArgs
from tests.support.scenarios import cancelled_pages, final_steps, recording

DIRECTIONS = ("up", "down", "top", "bottom")
ELEMENT_TOOLS = {"click": "browser_click", "fill": "browser_fill", "select": "browser_select"}


@dataclass(frozen=True)
class Step:
    """One model turn. ``extra``: more tool calls in the same response (only one may run)."""

    kind: str
    pick: int = 0
    text: str = ""
    call: Call | None = None
    extra: tuple[Step, ...] = ()


def _call(name: str, **arguments: Any) -> ToolCall:
    return ToolCall(id="toolu_generated", name=name, arguments=arguments)


def _older_refs(messages: Sequence[Message], latest: Snapshot) -> list[str]:
    return [
        e.ref
        for m in messages
        if m.snapshot is not None and m.snapshot.snapshot_id != latest.snapshot_id
        for e in m.snapshot.elements
    ]


def _recorded_next(replay: ReplayBrowser, snapshot: Snapshot) -> Element | None:
    """The element a recording clicked on the page the browser is on, if the snapshot has it."""
    for page, call, (role, name, nth), _value in replay.edges:
        if page == replay.current and call == "click":
            index = find_identity(snapshot.elements, ElementIdentity(role=role, name=name, nth=nth))
            if index is not None:
                return snapshot.elements[index]
    return None


def resolve(step: Step, messages: Sequence[Message], replay: ReplayBrowser) -> ToolCall | str:
    """The tool call (or text) ``step`` makes, given the conversation so far."""
    snapshot = latest_snapshot(list(messages))
    elements = snapshot.elements
    element = elements[step.pick % len(elements)] if elements else None
    kind = step.kind
    if kind == "final":
        finals = final_candidates(snapshot)
        if finals:
            return _call("browser_click", ref=finals[step.pick % len(finals)].ref)
        kind = "progress"
    if kind == "progress":
        following = _recorded_next(replay, snapshot)
        if following is not None:
            return _call("browser_click", ref=following.ref)
        if any(page == replay.current for page, *_ in replay.edges):
            return _call("browser_scroll", direction="down")  # the next step is further down
        return _call("complete_task", status="success", reason="the page says so")
    if kind in ELEMENT_TOOLS and element is not None:
        arguments = {"ref": element.ref}
        if kind != "click":
            arguments["value"] = step.text
        return _call(ELEMENT_TOOLS[kind], **arguments)
    if kind == "scroll_to" and element is not None:
        return _call("browser_scroll", ref=element.ref)
    if kind == "scroll":
        return _call("browser_scroll", direction=DIRECTIONS[step.pick % 4], amount=1 + step.pick)
    if kind == "old_ref":
        older = _older_refs(messages, snapshot)
        if older:
            return _call("browser_click", ref=older[step.pick % len(older)])
    if kind == "malformed" and step.call is not None:
        name, arguments = step.call.resolve([e.ref for e in elements])
        return ToolCall(id="toolu_generated", name=name, arguments=arguments)
    if kind == "approval":
        return _call("request_human_approval", action=step.text or "go on?", reason="generated")
    if kind == "complete":
        status = ("success", "failed")[step.pick % 2]
        return _call("complete_task", status=status, reason=step.text or "generated")
    if kind == "text":
        return step.text or "Let me think."
    return _call("get_snapshot", viewport_only=bool(step.pick % 2))


@dataclass
class Turn:
    """What the model was shown and said on one turn, and where the browser's log stood."""

    mark: int
    snapshot: Snapshot
    first: ToolCall | None
    calls: list[ToolCall]


class GeneratedAI(ScriptedAI):
    """Plays generated steps; ``turns`` records each turn for the laws."""

    def __init__(self, steps: Sequence[Step], replay: ReplayBrowser) -> None:
        self.replay = replay
        self.turns: list[Turn] = []
        super().__init__([self._make(step) for step in steps])

    def _make(self, step: Step) -> Any:
        def make(messages: list[Message]) -> list[ToolCall] | str:
            made = [resolve(s, messages, self.replay) for s in (step, *step.extra)]
            calls = [m for m in made if isinstance(m, ToolCall)]
            mark, snapshot = len(self.replay.calls), latest_snapshot(messages)
            if not isinstance(made[0], ToolCall):
                self.turns.append(Turn(mark, snapshot, None, []))
                return made[0]
            self.turns.append(Turn(mark, snapshot, calls[0], calls))
            return calls

        return make


@dataclass
class Answer:
    at: int  # the browser's call count when the person answered
    kind: str
    approved: bool


class GeneratedApprovals:
    """Answers ``answers`` in order, then no; a yes to "please act" acts as recorded."""

    def __init__(self, answers: Sequence[bool], replay: ReplayBrowser) -> None:
        self.answers = list(answers)
        self.replay = replay
        self.given: list[Answer] = []

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        index = len(self.given)
        approved = self.answers[index] if index < len(self.answers) else False
        self.given.append(Answer(len(self.replay.calls), request.kind, approved))
        if approved and request.kind == "human_action":
            await self.replay.person_acts()
        return ApprovalDecision(approved=approved, message=None if approved else "generated: no")


@dataclass(frozen=True)
class Scenario:
    flow: str
    steps: tuple[Step, ...]
    max_turns: int
    answers: tuple[bool, ...] | None  # None: no approval handler at all
    failures: tuple[tuple[str, str], ...] = ()  # (code, element name) on clicks


@dataclass
class Run:
    scenario: Scenario
    result: TaskResult
    replay: ReplayBrowser
    ai: GeneratedAI
    approvals: GeneratedApprovals | None
    orchestrator: TaskOrchestrator
    service: ServiceConfig
    finals: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    cancelled: frozenset[str] = field(default_factory=frozenset)
    start_page: str = ""


async def run_scenario(scenario: Scenario) -> Run:
    """The scenario through the real TaskOrchestrator, BrowserToolServer and SafetyGate."""
    recorded = recording(scenario.flow)
    service = get_service(recorded.meta.service)
    failures = [Failure("click", code, name=name) for code, name in scenario.failures]  # type: ignore[arg-type]
    replay = ReplayBrowser([recorded], strict=False, failures=failures)
    await replay.navigate(recorded.meta.start_url)
    start = replay.current
    ai = GeneratedAI(scenario.steps, replay)
    approvals = None if scenario.answers is None else GeneratedApprovals(scenario.answers, replay)
    orchestrator = build_conversation(ai, replay, service, approvals, max_turns=scenario.max_turns)
    result = await orchestrator.run(service.goal_template)
    return Run(
        scenario,
        result,
        replay,
        ai,
        approvals,
        orchestrator,
        service,
        final_steps(replay, service),
        cancelled_pages(replay, service),
        start,
    )


# -- the laws, read off the browser's call log ------------------------------------------------

ACTIONS = frozenset({"click", "fill", "select", "scroll_page"})


def _expected(turn: Turn) -> tuple[str, str] | None:
    """The browser action the turn's first call may cause: (call, target) as ReplayCall logs."""
    first = turn.first
    if first is None:
        return None
    try:
        args = parse_arguments(first.name, first.arguments)
    except InvalidParamsError:
        return None
    if isinstance(args, ScrollArgs) and args.ref is None:
        return ("scroll_page", str(args.direction))
    action = {v: k for k, v in ELEMENT_TOOLS.items()}.get(first.name)
    element = turn.snapshot.element(getattr(args, "ref", ""))
    if action is None or element is None:
        return None
    return (action, f'{element.role} "{element.name}"')


def _same_action(seen: tuple[str, str], expected: tuple[str, str] | None) -> bool:
    """The logged action is the expected one. The log names an element by its raw capture
    name; a role named from its content (an ``alert``, a ``status``) has none there, while the
    snapshot names it by its text: then the call and the role must match."""
    if expected is None or seen == expected:
        return seen == expected
    call, target = seen
    role, _, name = target.partition(" ")
    return name == '""' and call == expected[0] and expected[1].split(" ", 1)[0] == role


def first_call_problems(run: Run) -> list[str]:
    """Only a response's first tool call reaches the browser: between one turn and the next,
    the log shows at most one action, and it is the first call's."""
    calls = run.replay.calls
    marks = [t.mark for t in run.ai.turns] + [len(calls)]
    problems = []
    for number, turn in enumerate(run.ai.turns, start=1):
        acted = [c for c in calls[marks[number - 1] : marks[number]] if c.call in ACTIONS]
        expected = _expected(turn)
        seen = [(c.call, c.target.split(" (#")[0]) for c in acted]
        if len(seen) > 1 or (seen and not _same_action(seen[0], expected)):
            names = [c.name for c in turn.calls]
            problems.append(f"turn {number} ({names}): the browser did {seen}, wanted {expected}")
    return problems


def final_clicks(run: Run) -> list[int]:
    """Positions in the call log where a recorded final step was attempted."""
    return [
        i
        for i, c in enumerate(run.replay.calls)
        if c.call == "click" and (c.page, c.target) in run.finals
    ]


def unapproved_final_problems(run: Run) -> list[str]:
    """Every final step attempted was preceded by a person's yes (to the checkpoint or to the
    irreversible step), given after the browser's previous element action: one yes, one step."""
    problems = []
    answers = run.approvals.given if run.approvals else []
    calls = run.replay.calls
    for at in final_clicks(run):
        previous = max(
            (i for i in range(at) if calls[i].call in ("click", "fill", "select")), default=-1
        )
        yeses = [
            a
            for a in answers
            if a.approved and a.kind in ("checkpoint", "irreversible") and previous < a.at <= at
        ]
        if not yeses:
            problems.append(f"the final step ran at call {at} without a yes: {answers}")
    return problems


def evidence_problems(run: Run) -> list[str]:
    """Success only on the judge's evidence: the page the browser is on reads as cancelled,
    the result is verified with evidence, and 'completed' means a final step really ran."""
    result, problems = run.result, []
    if result.success:
        if run.replay.current not in run.cancelled:
            problems.append(f"success on a page not read as cancelled: {run.replay.current}")
        if not result.verified or not result.evidence:
            problems.append(f"success without verification or evidence: {result}")
        if result.reason == "completed" and not final_clicks(run):
            problems.append("'completed' though no final step ran")
    if result.reason == "already_cancelled" and run.replay.current != run.start_page:
        problems.append("'already_cancelled' after the run moved the browser")
    return problems


def turn_problems(run: Run) -> list[str]:
    result, limit = run.result, run.scenario.max_turns
    problems = []
    if not isinstance(result, TaskResult):
        problems.append(f"not a TaskResult: {result!r}")
    if not 0 <= result.turns <= limit:
        problems.append(f"{result.turns} turns, the limit is {limit}")
    if len(run.ai.prompts) > limit:
        problems.append(f"the model was asked {len(run.ai.prompts)} times, the limit is {limit}")
    return problems


# -- strategies ---------------------------------------------------------------------------------

FLOWS = (
    "2026",
    "cookie-banner",
    "offer-discount",
    "legacy",
    "many",
    "injection",
    "login",
    "cancelled",
    "partner",
    "error",
)
picks = st.integers(min_value=0, max_value=1_000)
words = st.sampled_from(["", "Ann", "Basic", "cancel it", "Finish Cancellation"]) | st.text(
    max_size=20
)


def single_steps(*, malformed: bool = True, focused: bool = False) -> st.SearchStrategy[Step]:
    """One call; ``focused``: mostly along the recorded flow and at the final control."""
    ahead = [st.just(Step("progress"))] * 3 + [st.builds(Step, st.just("final"), picks)]
    options = [
        *(ahead * (4 if focused else 1)),
        st.builds(Step, st.sampled_from(["click", "scroll_to", "old_ref", "scroll"]), picks),
        st.builds(Step, st.sampled_from(["fill", "select"]), picks, words),
        st.builds(
            Step, st.sampled_from(["snapshot", "complete", "approval", "text"]), picks, words
        ),
    ]
    if malformed:
        options.append(st.builds(lambda c: Step("malformed", call=c), malformed_calls()))
    return st.one_of(options)


def steps(*, several: float = 0.3, focused: bool = False) -> st.SearchStrategy[Step]:
    """A turn: one step, or (about ``several`` of the time) several calls in one response."""
    one = single_steps(focused=focused)
    extra = st.lists(one | st.builds(Step, st.just("scroll"), picks), min_size=1, max_size=3)
    multi = st.builds(lambda s, e: dataclasses.replace(s, extra=tuple(e)), one, extra)
    return st.integers(0, 99).flatmap(lambda n: multi if n < several * 100 else one)


@st.composite
def scenarios(
    draw: st.DrawFn,
    *,
    answers: st.SearchStrategy[tuple[bool, ...] | None] | None = None,
    several: float = 0.3,
    flows: Sequence[str] = FLOWS,
    focused: bool = False,
    min_turns: int = 1,
) -> Scenario:
    """A generated run; ``focused`` scripts head for the final step (safety laws)."""
    max_turns = draw(st.integers(min_value=min_turns, max_value=14))
    turn = steps(several=several, focused=focused)
    script = draw(st.lists(turn, min_size=max_turns, max_size=max_turns))
    if answers is None:
        answers = st.none() | st.lists(st.booleans(), max_size=6).map(tuple)
    failures = []
    if draw(st.integers(min_value=0, max_value=4)) == 0:  # a fifth of the runs: one fault
        failures.append(
            draw(
                st.tuples(
                    st.sampled_from(["timeout", "element_obscured", "crash", "element_disabled"]),
                    st.sampled_from(
                        ["Finish Cancellation", "Manage membership", "Cancel membership"]
                    ),
                )
            )
        )
    return Scenario(
        draw(st.sampled_from(list(flows))),
        tuple(script),
        max_turns,
        draw(answers),
        tuple(failures),
    )
