"""The static site's notebooks (``make site``: ``lab/``): the project's notebooks in
JupyterLite, whose Python kernel runs on the site's own Pyodide, from the site's own files.

``frontend/site.py`` calls :func:`build_lab` once the rest of the site is built. What it adds:

``lab/``             JupyterLite (``jupyterlite-core``, the ``site`` extra) with its
                     Pyodide kernel (``jupyterlite-pyodide-kernel``), the notebooks of
                     ``notebooks/`` and the widgets' front ends (ipywidgets', anywidget's:
                     the explorer widget); ``lab/notebooks/?path=NAME.ipynb`` opens one,
                     ``lab/tree/`` lists them
``wheels/``          beside lazytree's wheel: the pure Python wheels the kernel needs
                     (IPython and its dependencies, micropip, networkx, graphviz, the
                     widget's), downloaded by pip from the package index at build time
                     (pinned in :data:`KERNEL_WHEELS`, kept in ``build/lab-wheels``), and
                     ``pyodide-lock.json``, a Pyodide lock file that lists only them

The kernel loads the site's Pyodide (``pyodide/``, one copy for the whole site) and that
lock file, which it is told in ``lab/jupyter-lite.json``; the package index is never
asked (``disablePyPIFallback``), so the notebooks ask for nothing beyond the site.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CACHE = ROOT / "build" / "lab-wheels"

KERNEL_WHEELS = (
    "micropip==0.11.1",
    "ipython==9.12.0",
    "asttokens==3.0.1",
    "decorator==5.2.1",
    "executing==2.2.1",
    "matplotlib-inline==0.2.1",
    "prompt_toolkit==3.0.52",
    "pure-eval==0.2.3",
    "pygments==2.20.0",
    "six==1.17.0",
    "stack-data==0.6.3",
    "traitlets==5.14.3",
    "wcwidth==0.6.0",
    "jedi==0.19.2",
    "parso==0.8.6",
    "comm==0.2.3",
    "networkx==3.6.1",
    "graphviz==0.21",
    "anywidget==0.11.0",
    "ipywidgets==8.1.9",
    "psygnal==0.16.1",
    "typing-extensions==4.15.0",
)
"""The pure Python wheels the notebooks' kernel loads when it starts (the versions of
Pyodide 314's own lock file where it has them): the kernel's (micropip, IPython and its
dependencies, jedi, comm), lazytree's (networkx, graphviz) and the explorer widget's
(anywidget, ipywidgets, psygnal, typing-extensions)."""

LABEXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
"""The front-end extensions the lab carries (installed by the ``site`` extra); no other
extension installed in the environment goes in."""

APPS = ("lab", "notebooks", "tree")
"""JupyterLite's applications in the site: JupyterLab, and Jupyter Notebook's single
notebook and file list."""

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"

FAVICONS = ("favicon.ico", "favicon-busy-1.ico", "favicon-notebook.ico")
"""The icons Jupyter's pages show (idle, busy, a notebook): the site's own favicon."""


def download_wheels(dest: Path = CACHE) -> list[Path]:
    """The wheels of :data:`KERNEL_WHEELS`, downloaded by pip into ``dest`` (pip's cache
    and the files already there make it quick, and offline, after the first time)."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {_normal(spec.split("==")[0]): spec.split("==")[1] for spec in KERNEL_WHEELS}
    have = {(_normal(p.name.split("-")[0]), p.name.split("-")[1]): p for p in dest.glob("*.whl")}
    if not all((name, version) in have for name, version in wanted.items()):
        # into a folder of its own first, then moved in: builds that run at once (the
        # test suite's workers) never see half a file
        with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
            subprocess.run(
                [
                    *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                    *("--only-binary=:all:", "--implementation", "py", "--abi", "none"),
                    *("--platform", "any", "--python-version", "3.14", "-d", tmp),
                    *KERNEL_WHEELS,
                ],
                check=True,
            )
            for got in Path(tmp).glob("*.whl"):
                os.replace(got, dest / got.name)
        have = {
            (_normal(p.name.split("-")[0]), p.name.split("-")[1]): p for p in dest.glob("*.whl")
        }
    return [have[name, version] for name, version in wanted.items()]


def _normal(name: str) -> str:
    """A distribution's name as Pyodide's lock file spells it (PEP 503, lower case)."""
    return name.lower().replace("_", "-").replace(".", "-")


def _imports(wheel: Path) -> list[str]:
    """The top-level modules of a wheel (from its files)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    top = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        top.add(first.removesuffix(".py"))
    return sorted(top)


def _requires(wheel: Path) -> list[str]:
    """The distributions a wheel requires (unconditionally), as normal names."""
    with zipfile.ZipFile(wheel) as z:
        (meta,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        text = z.read(meta).decode("utf-8")
    out = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:") and ";" not in line:
            spec = line.split(":", 1)[1].strip()
            name = spec.split("[")[0].split("(")[0].split()[0]
            for stop in "<>=!~":
                name = name.split(stop)[0]
            out.append(_normal(name))
    return out


def lock_file(pyodide_lock: Path, wheels: list[Path]) -> dict[str, Any]:
    """A Pyodide lock file that lists ``wheels`` only (their files beside it): the site's
    Pyodide's ``info``, and for each wheel its name, version, file, hash, modules and
    the dependencies among them (the others are left out: nothing is fetched for them)."""
    official = json.loads(pyodide_lock.read_text(encoding="utf-8"))
    known = official["packages"]
    names = {_normal(w.name.split("-")[0]): w for w in wheels}
    packages: dict[str, dict[str, Any]] = {}
    for name, wheel in names.items():
        entry = known.get(name, {})
        depends = [d for d in entry.get("depends", _requires(wheel)) if _normal(d) in names]
        packages[name] = {
            "name": name,
            "version": wheel.name.split("-")[1],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": entry.get("imports", _imports(wheel)),
            "depends": sorted(_normal(d) for d in depends),
            "unvendored_tests": False,
        }
    return {"info": official["info"], "packages": packages}


def _labextensions() -> Path:
    """The folder where the :data:`LABEXTENSIONS` are installed (this environment's)."""
    share = Path(sysconfig.get_path("data")) / "share" / "jupyter" / "labextensions"
    missing = [name for name in LABEXTENSIONS if not (share / name / "package.json").is_file()]
    if missing:
        raise SystemExit(
            f"site: JupyterLite's extensions are missing ({', '.join(missing)}): "
            "pip install -e '.[site]' (make site does)"
        )
    return share


def build_lab(site: Path, wheel: Path, pyodide_lock: Path) -> list[str]:
    """Build ``site/lab`` (JupyterLite with the notebooks) and add the kernel's wheels and
    their lock file to ``site/wheels``, beside lazytree's ``wheel``; the packages the
    kernel loads when it starts."""
    wheels = download_wheels()
    for w in wheels:
        shutil.copy2(w, site / "wheels" / w.name)
    listed = [*wheels, wheel]
    lock = lock_file(pyodide_lock, listed)
    (site / "wheels" / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    preload: list[str] = sorted(lock["packages"])
    settings = {
        "pyodideUrl": "./../pyodide/pyodide.mjs",  # (./ is the lab's folder)
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": "../wheels/pyodide-lock.json", "packages": preload},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "lazytree notebooks",
            "exposeAppInBrowser": True,  # (window.jupyterapp: the browser test runs the cells)
            "litePluginSettings": {KERNEL: settings},
        },
    }
    with tempfile.TemporaryDirectory() as tmp:
        lite = Path(tmp) / "lite"
        lite.mkdir()
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        command = [sys.executable, "-m", "jupyterlite_core", "build"]
        command += ["--lite-dir", str(lite), "--output-dir", str((site / "lab").resolve())]
        command += ["--ignore-sys-prefix", "--no-sourcemaps", "--no-unused-shared-packages"]
        for app in APPS:
            command += ["--apps", app]
        for path in sorted(NOTEBOOKS.glob("*.ipynb")):
            command += ["--contents", str(path)]
        chosen = Path(tmp) / "labextensions"  # (a folder of the chosen extensions only)
        share = _labextensions()
        for name in LABEXTENSIONS:
            shutil.copytree(share / name, chosen / name)
        command += [f"--FederatedExtensionAddon.extra_labextensions_path={chosen}"]
        subprocess.run(command, check=True, cwd=tmp, stdout=subprocess.DEVNULL)
    icons = site / "lab" / "static" / "favicons"  # (Jupyter's pages ask for these)
    icons.mkdir(parents=True, exist_ok=True)
    for name in FAVICONS:
        shutil.copy2(site / "favicon.ico", icons / name)
    return preload
