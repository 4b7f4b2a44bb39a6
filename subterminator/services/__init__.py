"""Service configurations: what to look for, when to ask a person, how to verify success."""

from subterminator.services.base import (
    Checkpoint,
    CompletionCriteria,
    IrreversibleRule,
    ServiceConfig,
)
from subterminator.services.netflix import NETFLIX
from subterminator.services.registry import (
    available_services,
    get_service,
    load_services,
    register_service,
)

__all__ = [
    "NETFLIX",
    "Checkpoint",
    "CompletionCriteria",
    "IrreversibleRule",
    "ServiceConfig",
    "available_services",
    "get_service",
    "load_services",
    "register_service",
]
