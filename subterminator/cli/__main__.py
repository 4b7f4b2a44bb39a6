"""``python -m subterminator.cli``."""

import sys

from subterminator.cli import main

sys.exit(main())
