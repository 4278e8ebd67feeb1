"""examples/race.py plays a whole race against the daemon and hears its summary to the end."""

import os
import subprocess
import sys
import unittest

from .support import require_daemon

EXAMPLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "race.py")


class ExampleTests(unittest.TestCase):
    def test_the_race_ends_with_its_summary_spoken(self) -> None:
        socket = require_daemon()
        arguments = [sys.executable, EXAMPLE, "--socket", socket, "--seed", "7", "--step", "0"]
        run = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        lines = run.stdout.splitlines()
        self.assertRegex(lines[0], r"^#\d+ default: Go! Speed: Cruise\.$")
        self.assertRegex(lines[-1], r"^  #\d+ finished: Game over\. New record: \d+!")


if __name__ == "__main__":
    unittest.main()
