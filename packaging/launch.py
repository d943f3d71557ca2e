"""Entry script of the PyInstaller bundle: the same ``table-inspector`` command as a pip install."""

import sys

from inspector.cli import main

if __name__ == "__main__":
    sys.exit(main())
