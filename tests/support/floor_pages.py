"""A page in any language, for the floor's and the endings' flows."""

from __future__ import annotations


def doc(body: str, lang: str = "en", title: str = "Netflix") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"</head><body>{body}</body></html>"
    )
