"""The bundled Netflix simulator: a stateful site on 127.0.0.1 for demos and end-to-end tests."""

from subterminator.simulator.netflix import VARIANTS, NetflixSimulator

__all__ = ["VARIANTS", "NetflixSimulator"]
