"""What every tool's description says about refs: the model must hear it after each call."""

REF_NOTE = (
    "IMPORTANT: element refs (@e0, @e1, ...) are valid only for the snapshot that gave them. "
    "After this tool runs, every earlier ref is invalid; use the refs of the fresh snapshot "
    "in the reply."
)
