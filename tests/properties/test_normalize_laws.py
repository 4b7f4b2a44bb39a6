"""The short way ``normalize`` takes for plain ASCII gives what the long way gives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from subterminator.safety.text import _normalize, normalize

ASCII = st.text(alphabet=st.characters(max_codepoint=127), max_size=80)


@given(ASCII)
def test_ascii_takes_the_short_way_to_the_same_form(text: str) -> None:
    assert normalize(text) == _normalize(text)


@given(st.text(max_size=40))
def test_any_text_normalises_as_before(text: str) -> None:
    assert normalize(text) == _normalize(text)
