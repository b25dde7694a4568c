"""Run the command line with `python -m host`."""

from host.cli import main

raise SystemExit(main())
