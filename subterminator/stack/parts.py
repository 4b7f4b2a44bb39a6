"""``GateParts``: what every part of the gate layer works with, for one run.

The tools below (through their port and the network backstop), the judge, the service's own
rules, the one ledger and the one way to ask the person: built once by ``GatedTools`` and
handed to each part, so no part builds or owns another's.
"""

from __future__ import annotations

from dataclasses import dataclass

from subterminator.safety.gate import SafetyGate
from subterminator.safety.ledger import ApprovalLedger
from subterminator.services.base import ServiceConfig
from subterminator.stack.asking import Asker
from subterminator.stack.backstop import NetworkBackstop
from subterminator.stack.port import ToolPort


@dataclass(frozen=True)
class GateParts:
    port: ToolPort
    backstop: NetworkBackstop
    gate: SafetyGate
    service: ServiceConfig
    asker: Asker

    @property
    def ledger(self) -> ApprovalLedger:
        return self.gate.ledger
