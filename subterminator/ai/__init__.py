"""The AI seam: messages, the AIClientProtocol, the anthropic-backed AIClient, history."""

from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.conversation import AIResponse, Message, ToolCall, Usage

__all__ = ["AIClientProtocol", "AIResponse", "Message", "ToolCall", "Usage"]
