"""The README links every flowchart committed under ``diagrams/`` (a family that grows a part
must not drop out of the list people read), and every picture it links exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_links_every_committed_flowchart_and_nothing_missing() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\(diagrams/(flow_[\w\-]+\.png)\)", readme))
    committed = {p.name for p in (ROOT / "diagrams").glob("flow_*.png")}
    assert committed - linked == set(), sorted(committed - linked)
    assert linked - committed == set(), sorted(linked - committed)


def test_the_readme_links_the_handout() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(diagrams/handout.pdf)" in readme
    assert (ROOT / "diagrams" / "handout.pdf").is_file()
