"""The static site's figures: its size and the first AI move after a cold and a warm
load, from a local static server in headless Chromium with the network shut off:
``PYTHONPATH=. python -m tests.browser.bench_site [--runs 3] [--site build/site]``.

The site is built (``make site``'s ``frontend/site.py``) into ``--site`` unless it is
there already. Each run opens a fresh browser profile: the cold load is the play page
opened for the first time (the AI plays first with 0.5 s a move on a 3x3 board), the
warm one the same page opened again in that browser (its cache filled). Printed: the
site's size as stored and gzipped (the notebooks' part, ``lab/`` and its kernel's wheels,
apart), each run's two figures (seconds from the navigation
to the AI's first move on the board) and their medians, and the machine's load average.
Under each run, the worker's start stage by stage (the second each stage ended, from the
navigation): a warm start restores Python from the snapshot the cold one kept.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from tests.browser.conftest import free_port, headless_chromium
from tests.browser.test_site import Served, first_ai_move, site_builder, worker_marks

URL = "/play.html?game=dice-of-doom&size=3&seed=5&seats=ai,human&ai=0.5"


def stages_text(driver: object) -> str:
    """The worker's start, stage by stage: each stage's name and the second it ended."""
    return ", ".join(f"{name} {at:.1f}" for name, at in worker_marks(driver))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh browsers (default 3)")
    parser.add_argument("--site", type=Path, default=Path("build/site"))
    args = parser.parse_args(argv)
    builder = site_builder()
    if not (args.site / "play.html").is_file():
        builder.build(args.site)
    files = [p for p in args.site.rglob("*") if p.is_file()]
    stored = sum(p.stat().st_size for p in files) / 1024**2
    sent = sum(builder.gzipped_size(p) for p in files) / 1024**2
    lab = sum(builder.gzipped_size(p) for p in files if builder.in_lab(args.site, p)) / 1024**2
    print(
        f"site: {len(files)} files, {stored:.1f} MiB stored, {sent:.1f} MiB gzipped: "
        f"{sent - lab:.1f} MiB the play, explorer and teaching pages, {lab:.1f} MiB the notebooks"
    )
    served = Served(args.site)
    cold, warm = [], []
    try:
        for run in range(args.runs):
            dead = f"--proxy-server=http://127.0.0.1:{free_port()}"
            with headless_chromium((1400, 1000), extra=(dead,)) as browser:
                cold.append(first_ai_move(browser, served.url + URL))
                stages = [stages_text(browser)]
                warm.append(first_ai_move(browser, served.url + URL))
                stages.append(stages_text(browser))
            print(f"run {run + 1}: first AI move {cold[-1]:.1f} s cold, {warm[-1]:.1f} s warm")
            for load, text in zip(("cold", "warm"), stages, strict=True):
                if text:
                    print(f"  {load}: {text}")
    finally:
        served.close()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"median of {args.runs}: {statistics.median(cold):.1f} s cold, "
        f"{statistics.median(warm):.1f} s warm (load average {load})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
