"""The AI seam: messages, the AIClientProtocol, the SDK clients (Claude's AIClient, OpenAIClient)
and what they share, model selection, history."""

from subterminator.ai.protocol import AIClientProtocol
from subterminator.models.conversation import AIResponse, Message, ToolCall, Usage

__all__ = ["AIClientProtocol", "AIResponse", "Message", "ToolCall", "Usage"]
