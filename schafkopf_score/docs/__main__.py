"""``python -m schafkopf_score.docs``: regenerate every generated page (``--check``: list the stale ones)."""

from . import main

raise SystemExit(main())
