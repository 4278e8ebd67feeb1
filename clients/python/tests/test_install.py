"""pip installs the package from the checkout, offline, and it imports and works from where it went."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from .support import SOCKET

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class InstallTests(unittest.TestCase):
    def test_pip_installs_it_offline_into_a_target_folder_that_python_imports_from(self) -> None:
        folder = tempfile.mkdtemp(prefix="narrator-pip-")
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        # A copy, so the build's scratch folders (build/, *.egg-info) never land in the checkout.
        ignored = shutil.ignore_patterns("__pycache__", "build", "*.egg-info")
        source = shutil.copytree(PACKAGE, os.path.join(folder, "source"), ignore=ignored)
        target = os.path.join(folder, "target")
        pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--no-cache-dir", "--quiet"]
        # Offline: no index, and the setuptools and wheel already installed build it.
        offline = ["--no-index", "--no-build-isolation"]
        install = subprocess.run(
            pip + offline + ["--target", target, source], capture_output=True, text=True, timeout=300
        )
        self.assertEqual(install.returncode, 0, install.stdout + install.stderr)
        self.assertTrue(os.path.isfile(os.path.join(target, "narrator_client", "py.typed")))

        script = (
            "import sys, narrator_client\n"
            "print(narrator_client.__file__)\n"
            "if len(sys.argv) > 1:\n"
            "    with narrator_client.Narrator(sys.argv[1]) as narrator:\n"
            "        print(narrator.status()['ok'])\n"
        )
        environment = {**os.environ, "PYTHONPATH": target, "PYTHONDONTWRITEBYTECODE": "1"}
        # Run elsewhere, so neither the checkout's src/ nor the copy can be what is imported.
        arguments = [sys.executable, "-c", script] + ([SOCKET] if SOCKET else [])
        run = subprocess.run(arguments, capture_output=True, text=True, cwd=folder, env=environment, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = run.stdout.splitlines()
        self.assertEqual(lines[0], os.path.join(target, "narrator_client", "__init__.py"))
        if SOCKET:
            self.assertEqual(lines[1], "True")


if __name__ == "__main__":
    unittest.main()
