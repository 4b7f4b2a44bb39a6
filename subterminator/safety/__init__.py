"""The safety gate: what an action really does, and whether a person must say yes first."""

from subterminator.safety.gate import PageClass, SafetyGate, Verdict
from subterminator.safety.ledger import ApprovalLedger, ApprovedStep
from subterminator.safety.text import normalize

__all__ = ["ApprovalLedger", "ApprovedStep", "PageClass", "SafetyGate", "Verdict", "normalize"]
