"""The ``Browser`` seam: page I/O only. Pruning and refs live above it."""

from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.browser.protocol import Browser, CaptureScope, ScrollDirection

__all__ = [
    "Browser",
    "CaptureScope",
    "RawBox",
    "RawCapture",
    "RawNode",
    "RawViewport",
    "ScrollDirection",
]
