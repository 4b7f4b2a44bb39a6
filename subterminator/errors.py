"""Exception types: one per tool-contract error code, plus the few the seams need.

``TimeoutError`` keeps the contract's name and also derives from the builtin, so a plain
``except TimeoutError`` anywhere still catches it.
"""

from __future__ import annotations

import builtins


class MCPError(Exception):
    """Base exception for browser control."""


class RefInvalidError(MCPError):
    """Element reference not found in the current snapshot."""

    def __init__(self, ref: str, detail: str | None = None) -> None:
        self.ref = ref
        self.detail = detail
        msg = f"Element reference '{ref}' not found in current snapshot"
        super().__init__(f"{msg}: {detail}" if detail else msg)


class ElementDisabledError(MCPError):
    """Element is disabled and cannot be interacted with."""

    def __init__(self, ref: str) -> None:
        self.ref = ref
        super().__init__(f"Element '{ref}' is disabled")


class ElementObscuredError(MCPError):
    """Element is covered by another element."""

    def __init__(self, ref: str, obscuring_element: str | None = None) -> None:
        self.ref = ref
        self.obscuring_element = obscuring_element
        msg = f"Element '{ref}' is obscured"
        if obscuring_element:
            msg += f" by '{obscuring_element}'"
        super().__init__(msg)


class ElementNotVisibleError(MCPError):
    """Element is not visible (hidden, collapsed or zero-sized) when the action ran."""

    def __init__(self, ref: str, detail: str | None = None) -> None:
        self.ref = ref
        msg = f"Element '{ref}' is not visible"
        super().__init__(f"{msg}: {detail}" if detail else msg)


class TimeoutError(MCPError, builtins.TimeoutError):
    """Operation timed out."""

    def __init__(self, operation: str, timeout_ms: int) -> None:
        self.operation = operation
        self.timeout_ms = timeout_ms
        super().__init__(f"Operation '{operation}' timed out after {timeout_ms}ms")

    def __str__(self) -> str:
        return f"Operation '{self.operation}' timed out after {self.timeout_ms}ms"


class InvalidParamsError(MCPError):
    """Invalid or missing parameters for a tool call."""

    def __init__(self, tool: str, message: str) -> None:
        self.tool = tool
        super().__init__(f"Invalid params for '{tool}': {message}")


class BrowserActionError(MCPError):
    """Raised by a ``Browser`` when an element action fails; ``code`` classifies why.

    The seam speaks in codes so that no Playwright type leaks above it; the ActionExecutor
    turns codes into the contract's exceptions with the model's ref.
    """

    def __init__(self, code: str, detail: str) -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}")


class BrowserError(MCPError):
    """The browser itself failed (crashed, closed, navigation impossible)."""


class LaunchError(BrowserError):
    """Chromium would not start; the message is one line: the cause, then the fix."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(line.strip() for line in message.splitlines() if line.strip()))


class BrowserNotFoundError(LaunchError):
    """No Chromium could be found to launch."""


class OrchestratorError(Exception):
    """Base for errors that stop a task (a ``TaskResult`` with a reason, not a tool reply)."""


class ConfigurationError(OrchestratorError):
    """Missing API key, unsupported model, unknown service, unsafe option."""


class MCPConnectionError(OrchestratorError):
    """A browser-tool server the run drives (Playwright MCP) did not start, or did not
    answer its handshake in time."""


class ServiceNotFoundError(ConfigurationError):
    """No service of that name is registered."""


class ServiceLoadError(ConfigurationError):
    """A service file, module or entry point could not be loaded; the message names it."""


class ModelConfigurationError(ConfigurationError):
    """The model API refused the set-up, not the moment: the key (HTTP 401), its permission
    (HTTP 403) or the model name (HTTP 404, or a 400 naming the model). Asking again cannot
    help and the offline policy must not quietly stand in: the person has something to fix.
    """

    def __init__(self, message: str, *, status: int, kind: str | None, model: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.model = model


class LLMError(OrchestratorError):
    """The model API failed after the retry policy, or answered something unusable.

    ``transient`` is True for an outage that may pass (no connection, HTTP 429 or 5xx after
    every retry, a timeout) and False for an answer that was refused or unusable.
    """

    def __init__(self, message: str, *, transient: bool = False) -> None:
        super().__init__(message)
        self.transient = transient


class MalformedResponseError(LLMError):
    """The model API answered something no known server shape explains.

    Its own type, so the run ends with its own reason and exit code rather than reading as an
    outage or a browser failure.
    """


class ToolCallRejectedError(LLMError):
    """The model API refused the model's own tool call as unparseable (Groq's
    ``tool_use_failed``, with the text it generated): the model's mistake, not the run's end.

    The loop answers it to the model as a failed call, so the model can try again.
    """

    def __init__(self, message: str, *, generation: str = "") -> None:
        super().__init__(message)
        self.generation = generation  # what the model wrote instead of a valid call
