"""The V02 facade: nine action-based tools in front of our whole tool stack.

``front`` reads each call and says it as our canonical calls (``ToolCall.via`` carrying the
original), which the unchanged stack judges; ``server`` runs the facade's own action where ours
would act, and its reads on the page as it is; ``select`` reads a CSS selector as our ref.
"""
