"""Strip outputs, execution counts and execution timestamps from notebooks, in place.

The notebooks are kept in git without outputs (``make notebooks-clean`` runs this on
``notebooks/*.ipynb``; the test suite checks it and executes every notebook).
"""

import sys

import nbformat

for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, path)
