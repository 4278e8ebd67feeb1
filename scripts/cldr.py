"""What the CLDR code generators (generate-plural-rules.py, generate-spellout-rules.py) share."""

import subprocess

# The CLDR release the generated code is pinned to (Debian bookworm's unicode-cldr-core).
CLDR_VERSION = "41"


def installed_cldr_version():
    """The version of Debian's unicode-cldr-core, or None when dpkg cannot tell."""
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"],
            capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.split("-")[0]
