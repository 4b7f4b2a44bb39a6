"""SubTerminator: an AI-led browser agent that cancels subscriptions with a human in the loop."""

__version__ = "0.1.0"
