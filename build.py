"""Build the static site: python build.py [--out DIR] [--draft] [--watch]. See tutor/site/."""

import sys
from pathlib import Path

from tutor.site import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], root=Path(__file__).resolve().parent))
