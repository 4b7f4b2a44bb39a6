"""Recording runs (``--record``): the format, the store, and the recording wrappers."""

from subterminator.recording.model import FORMAT_VERSION, ElementIdentity, Recording
from subterminator.recording.recorder import (
    Recorder,
    RecordingAI,
    RecordingApprovals,
    RecordingBrowser,
)
from subterminator.recording.store import RecordingError, load, save

__all__ = [
    "FORMAT_VERSION",
    "ElementIdentity",
    "Recorder",
    "Recording",
    "RecordingAI",
    "RecordingApprovals",
    "RecordingBrowser",
    "RecordingError",
    "load",
    "save",
]
