"""Every notebook in ``notebooks/`` runs top to bottom on a fresh kernel of this interpreter.

The notebooks are kept in git without outputs (see the README); this test executes each
one in memory with nbclient and fails on the first cell that raises. The kernel is
started from ``sys.executable`` through a kernel spec written for the test, so it is
always the project's own environment (``.venv``), whatever kernels Jupyter knows about.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))

HANG_GUARD = 600
"""Seconds a single cell may run before the test gives up (a guard against hangs only;
each notebook is meant to run in well under a minute)."""


def test_there_are_notebooks() -> None:
    assert PATHS, f"no notebooks found in {NOTEBOOKS}"


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: strip outputs (make notebooks-clean)"
            assert cell.execution_count is None, f"{path.name}: strip outputs"
        assert "execution" not in cell.metadata, f"{path.name}: strip outputs"


def this_interpreters_kernel(tmp_path: Path) -> KernelManager:
    """A kernel manager that starts an IPython kernel with ``sys.executable``."""
    spec_dir = tmp_path / "kernels" / "lazytree-test"
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "lazytree test kernel",
        "language": "python",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec))
    specs = KernelSpecManager(kernel_dirs=[str(spec_dir.parent)], ensure_native_kernel=False)
    return KernelManager(kernel_name="lazytree-test", kernel_spec_manager=specs)


@pytest.mark.slow
@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_runs_on_a_fresh_kernel(path: Path, tmp_path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    # one more cell, run last: which interpreter did the work?
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.executable)"))
    client = NotebookClient(
        nb,
        km=this_interpreters_kernel(tmp_path),
        timeout=HANG_GUARD,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    client.execute()  # raises CellExecutionError, naming the cell, if any cell raises
    printed = nb.cells[-1].outputs[0]["text"].strip()
    assert Path(printed).resolve() == Path(sys.executable).resolve()
