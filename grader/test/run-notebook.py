#!/usr/bin/env python3
"""run-notebook.py: run a notebook's cells in order with nbclient, as a
person would press Shift+Enter on each (make test-notebook; on a GPU
machine, /work's notebook-device.sh).

    run-notebook.py NOTEBOOK OUT.ipynb [--all]

Without --all it stops before the first cell tagged "needs-gpu" (the
cells before it get the course and install what it needs, which a
machine without a GPU can do); --all runs every cell. The cells run in
a fresh Python kernel (ipykernel); settings come from the environment
the notebook reads (SCANLAB_COURSE, SCANLAB_WORK, ...). It writes the
cells it ran, with their outputs, to OUT.ipynb (after each cell), prints each cell's
output as it ends, and exits 1 when a cell fails, naming it. A notebook
with no needs-gpu cell, or one whose first cell needs a GPU, is refused:
the test would then run all or nothing of it.
"""
import re
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def outputs_text(cell):
    text = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            text.append(output.text)
        elif output.output_type == "error":
            # IPython colours its tracebacks: the colour codes dropped.
            text.append(re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(output.traceback)) + "\n")
        elif "text/plain" in output.get("data", {}):
            text.append(output.data["text/plain"] + "\n")
        elif "text/html" in output.get("data", {}):
            text.append(f"[HTML, {len(output.data['text/html'])} characters]\n")
    return "".join(text)


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--all"):
        sys.exit("usage: run-notebook.py NOTEBOOK OUT.ipynb [--all]")
    notebook = nbformat.read(sys.argv[1], as_version=4)
    gpu = [i for i, cell in enumerate(notebook.cells) if "needs-gpu" in cell.metadata.get("tags", [])]
    if not gpu or not any(c.cell_type == "code" for c in notebook.cells[:gpu[0]]):
        sys.exit(f"run-notebook.py: {sys.argv[1]} needs a first cell tagged needs-gpu after some code cells")
    last = len(notebook.cells) if len(sys.argv) == 4 else gpu[0]
    notebook.cells = notebook.cells[:last]
    client = NotebookClient(notebook, timeout=3600, kernel_name="python3", allow_errors=False)
    failed = None
    with client.setup_kernel():
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            start = time.time()
            try:
                client.execute_cell(cell, index)
            except CellExecutionError:
                failed = index
            title = notebook.cells[index - 1].source.splitlines()[0] if index else ""
            print(f"--- cell {index} ({title[:70]}) in {time.time() - start:.0f} s")
            print(outputs_text(cell), end="", flush=True)
            nbformat.write(notebook, sys.argv[2])   # so far, should the run be stopped
            if failed is not None:
                break
    nbformat.write(notebook, sys.argv[2])
    if failed is not None:
        sys.exit(f"run-notebook.py: cell {failed} failed (above); the cells run are in {sys.argv[2]}")
    print(f"run-notebook.py: {sum(c.cell_type == 'code' for c in notebook.cells)} code cells ran"
          + ("" if len(sys.argv) == 4 else ", up to the first that needs a GPU") + f"; {sys.argv[2]}")


if __name__ == "__main__":
    main()
