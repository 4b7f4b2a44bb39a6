"""One language's words about a membership's state (see ``outcome.languages``)."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Words:
    """Patterns by what they say; each applies to ``read_form`` text, one sentence at a time."""

    confirmed: tuple[str, ...] = ()
    period_end: tuple[str, ...] = ()
    state: tuple[str, ...] = ()
    negated: tuple[str, ...] = ()
    negated_after: tuple[str, ...] = ()
    conditional: tuple[str, ...] = ()
    pending: tuple[str, ...] = ()

    def __add__(self, other: Words) -> Words:
        """Both languages' words: one code written in two scripts (Serbian)."""
        return Words(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )
