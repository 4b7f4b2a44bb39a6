"""Tool calls a model might send ``BrowserToolServer.execute``, valid and malformed.

Each ``Call`` says which replies it may get (``expect``) and whether it is malformed (then it
must never reach the browser). Element calls carry ``pick``: the ref is taken from the live
snapshot when the call is made, so valid calls stay valid on any page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from hypothesis import strategies as st

from subterminator.models.tools import ERROR_CODES
from subterminator.tools.args import ToolArgs
from subterminator.tools.registry import surface, tool_names

REF_TOOLS = ("browser_click", "browser_fill", "browser_select", "browser_scroll")
ANY_REPLY = frozenset(ERROR_CODES) | {None}
INVALID = frozenset({"invalid_params"})
STALE = frozenset({"ref_invalid"})
NEVER_ISSUED = f"@e{10**12}"
REFUSED = frozenset({"action_failed"})  # the orchestrator's two tools, called on the server


@dataclass(frozen=True)
class Call:
    """A generated tool call. ``pick`` set: ``arguments["ref"]`` becomes the pick-th current ref
    when the call is made (``resolve``), or with ``stale`` the pick-th ref of an older
    snapshot. ``expect``: the error codes (None: success) it may get; ``malformed`` calls must
    never reach the browser."""

    name: str
    arguments: Any
    pick: int | None = None
    expect: frozenset[str | None] = ANY_REPLY
    malformed: bool = False
    stale: bool = False

    def resolve(self, refs: Sequence[str], older: Sequence[str] = ()) -> tuple[str, Any]:
        pool = older if self.stale else refs
        if self.pick is None or not isinstance(self.arguments, dict):
            return self.name, self.arguments
        if not pool and not self.stale:
            return self.name, self.arguments
        # nothing older yet: a ref no session issues, refused all the same
        ref = pool[self.pick % len(pool)] if pool else NEVER_ISSUED
        return self.name, {**self.arguments, "ref": ref}


HUGE_LENGTHS = (5_000, 70_000)
HUGE_UNITS = ("x", "\u00e9", "\U0001d538", "\u202e", "\x00")  # e-acute, astral A, RTL, NUL
huge_strings = st.builds(
    lambda n, c: c * n, st.sampled_from(HUGE_LENGTHS), st.sampled_from(HUGE_UNITS)
)
texts = st.one_of(st.text(max_size=40), huge_strings)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    texts,
)
junk = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
well_formed_refs = st.one_of(
    st.integers(min_value=0, max_value=400).map(lambda n: f"@e{n}"),
    st.just("@e" + "9" * 5_000),  # more digits than Python converts to int by default
    st.integers(min_value=2**31, max_value=2**80).map(lambda n: f"@e{n}"),
)
bad_refs = st.one_of(
    st.sampled_from(
        ["", "e1", "@e", "@E1", "@e-1", "@e1 ", " @e1", "@e1\n", "@e1.0", "@e0x1", "#e1", "@@e1"]
    ),
    st.text(max_size=12).filter(lambda s: not s.startswith("@e")),
    huge_strings,
)


def _wrong(value: st.SearchStrategy[Any], allowed: tuple[type, ...]) -> st.SearchStrategy[Any]:
    """Junk that is not of the ``allowed`` types (bool is not an int here: strict)."""

    def fits(v: Any) -> bool:
        if isinstance(v, bool):
            return bool in allowed
        return isinstance(v, allowed)

    return value.filter(lambda v: not fits(v))


ONE_OF_EACH: tuple[Any, ...] = (None, True, 0, 7, -1, 2.5, "x", [], {})  # every JSON type


def _wrong_values(allowed: tuple[type, ...]) -> st.SearchStrategy[Any]:
    """Values not of the ``allowed`` types: one of each JSON type first (generated junk alone
    is mostly lists and objects, so a schema that coerces a number could go unmet), then junk."""
    return st.one_of(_wrong(st.sampled_from(ONE_OF_EACH), allowed), _wrong(junk, allowed))


@dataclass(frozen=True)
class _Field:
    kind: tuple[type, ...]  # the types it takes (None among them: nullable)
    required: bool


def _kinds(annotation: Any) -> tuple[type, ...]:
    """The JSON-side types an annotation takes: ``Annotated`` unwrapped, unions spread, a
    ``Literal`` by its values' types."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _kinds(get_args(annotation)[0])
    if origin is Literal:
        return tuple(dict.fromkeys(type(v) for v in get_args(annotation)))
    if origin in (Union, UnionType):
        return tuple(dict.fromkeys(k for arg in get_args(annotation) for k in _kinds(arg)))
    return (annotation,)


def _fields(args: type[ToolArgs]) -> dict[str, _Field]:
    return {
        name: _Field(_kinds(info.annotation), info.is_required())
        for name, info in args.model_fields.items()
    }


# Each tool's arguments, read from its argument model: a tool registered tomorrow is reached
# field by field with no list here to keep in step.
FIELDS: dict[str, dict[str, _Field]] = {spec.name: _fields(spec.args) for spec in surface().specs}


def valid_calls() -> st.SearchStrategy[Call]:
    """Calls the schemas accept; element tools take a ref picked from the live snapshot."""
    pick = st.integers(min_value=0, max_value=10_000)
    directions = st.sampled_from(["up", "down", "top", "bottom"])
    amounts = st.integers(min_value=1, max_value=5_000) | st.just(2**62)
    return st.one_of(
        st.builds(
            lambda v: Call("get_snapshot", v),
            st.just({}) | st.builds(lambda b: {"viewport_only": b}, st.booleans()) | st.none(),
        ),
        st.builds(lambda p: Call("browser_click", {"ref": "@e0"}, p), pick),
        st.builds(
            lambda p, v, c: Call("browser_fill", {"ref": "@e0", "value": v, **c}, p),
            pick,
            texts,
            st.just({}) | st.builds(lambda b: {"clear_first": b}, st.booleans()),
        ),
        st.builds(lambda p, v: Call("browser_select", {"ref": "@e0", "value": v}, p), pick, texts),
        st.builds(
            lambda d, a: Call("browser_scroll", {"direction": d, **a}),
            directions,
            st.just({}) | st.builds(lambda n: {"amount": n}, amounts),
        ),
        st.builds(lambda p: Call("browser_scroll", {"ref": "@e0"}, p), pick),
        st.builds(
            lambda s, r: Call("complete_task", {"status": s, "reason": r}, expect=REFUSED),
            st.sampled_from(["success", "failed"]),
            texts,
        ),
        st.builds(
            lambda a, r: Call("request_human_approval", {"action": a, "reason": r}, expect=REFUSED),
            texts,
            texts,
        ),
    )


def _valid_arguments(name: str) -> dict[str, Any]:
    valid: dict[str, dict[str, Any]] = {
        "get_snapshot": {"viewport_only": True},
        "browser_click": {"ref": "@e0"},
        "browser_fill": {"ref": "@e0", "value": "x"},
        "browser_select": {"ref": "@e0", "value": "x"},
        "browser_scroll": {"direction": "down", "amount": 10},
        "request_human_approval": {"action": "a", "reason": "r"},
        "complete_task": {"status": "failed", "reason": "r"},
    }
    return dict(valid[name])


@st.composite
def _wrong_type(draw: st.DrawFn) -> Call:
    name = draw(st.sampled_from(tool_names()))
    arguments = _valid_arguments(name)
    key = draw(st.sampled_from(sorted(FIELDS[name])))
    arguments[key] = draw(_wrong(junk, FIELDS[name][key].kind))
    return Call(name, arguments, expect=INVALID, malformed=True)


def _wrong_field(name: str, key: str) -> st.SearchStrategy[Call]:
    def call(value: Any) -> Call:
        return Call(name, {**_valid_arguments(name), key: value}, expect=INVALID, malformed=True)

    return st.builds(call, _wrong_values(FIELDS[name][key].kind))


def every_wrong_type() -> st.SearchStrategy[list[Call]]:
    """One wrong-typed call for every field of every tool, each otherwise valid.

    ``malformed_calls`` reaches any one field (fill's ``value``, say) with a wrong value in
    about one call of a hundred and fifty, too seldom for a profile's few hundred calls to meet
    a schema that coerces that one field (a number typed as text); here every example tries
    every field.
    """
    fields = [_wrong_field(name, key) for name in tool_names() for key in FIELDS[name]]
    return st.tuples(*fields).map(list)


@st.composite
def _missing(draw: st.DrawFn) -> Call:
    name = draw(st.sampled_from([n for n in tool_names() if n != "get_snapshot"]))
    arguments = _valid_arguments(name)
    if name == "browser_scroll":
        arguments.pop("direction")  # neither ref nor direction
    else:
        required = [k for k, f in FIELDS[name].items() if f.required]
        arguments.pop(draw(st.sampled_from(required)))
    return Call(name, arguments, expect=INVALID, malformed=True)


@st.composite
def _extra(draw: st.DrawFn) -> Call:
    name = draw(st.sampled_from(tool_names()))
    key = draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in FIELDS[name]))
    arguments = {**_valid_arguments(name), key: draw(junk)}
    return Call(name, arguments, expect=INVALID, malformed=True)


@st.composite
def _bad_ref(draw: st.DrawFn) -> Call:
    name = draw(st.sampled_from(REF_TOOLS))
    arguments = {**_valid_arguments(name), "ref": draw(bad_refs)}
    arguments.pop("direction", None)
    return Call(name, arguments, expect=INVALID, malformed=True)


@st.composite
def _stale_or_unknown_ref(draw: st.DrawFn) -> Call:
    """A ref an older snapshot issued (then the reply is ``ref_invalid``: refs never come
    back), or a well-formed one that is (almost always) not in the live snapshot: never acted
    on unless it happens to be current, which the caller checks."""
    name = draw(st.sampled_from(REF_TOOLS))
    arguments = _valid_arguments(name)
    arguments.pop("direction", None)
    if draw(st.booleans()):
        pick = draw(st.integers(min_value=0, max_value=10_000))
        return Call(name, arguments, pick, expect=STALE, stale=True)
    return Call(name, {**arguments, "ref": draw(well_formed_refs)})


@st.composite
def _bad_values(draw: st.DrawFn) -> Call:
    """Right types, wrong values: scroll amounts <= 0, unknown directions and statuses."""
    choice = draw(st.sampled_from(["amount", "direction", "status"]))
    if choice == "amount":
        arguments = {"direction": "down", "amount": draw(st.integers(max_value=0))}
        return Call("browser_scroll", arguments, expect=INVALID, malformed=True)
    if choice == "direction":
        direction = draw(texts.filter(lambda d: d not in ("up", "down", "top", "bottom")))
        return Call("browser_scroll", {"direction": direction}, expect=INVALID, malformed=True)
    status = draw(texts.filter(lambda s: s not in ("success", "failed")))
    return Call("complete_task", {"status": status, "reason": "r"}, expect=INVALID, malformed=True)


def _unknown_tools() -> st.SearchStrategy[Call]:
    names = st.one_of(
        st.sampled_from(
            ["", "Browser_click", "browser_click ", "get-snapshot", "browser_type", "navigate"]
        ),
        st.text(max_size=30),
        huge_strings,
    ).filter(lambda n: n not in tool_names())
    return st.builds(lambda n, a: Call(n, a, expect=INVALID, malformed=True), names, junk)


def _not_a_dict() -> st.SearchStrategy[Call]:
    arguments = _wrong(junk, (dict, type(None)))  # None means "no arguments"
    return st.builds(
        lambda n, a: Call(n, a, expect=INVALID, malformed=True),
        st.sampled_from(tool_names()),
        arguments,
    )


def malformed_calls() -> st.SearchStrategy[Call]:
    return st.one_of(
        _wrong_type(),
        _missing(),
        _extra(),
        _bad_ref(),
        _bad_values(),
        _unknown_tools(),
        _not_a_dict(),
    )


def tool_calls() -> st.SearchStrategy[Call]:
    """Any call a model might send: valid (about 40%), stale or unknown refs (20%: one_of
    flattens the branches of the other two, so this one is listed four times), malformed."""
    return st.one_of(valid_calls(), *(_stale_or_unknown_ref() for _ in range(4)), malformed_calls())
