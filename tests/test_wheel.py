"""The wheel as a user gets it: built from the sources, installed alone into a fresh venv, run
from a folder outside the checkout, and each game played from it in the text console."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from host import __version__
from host.registry import GAMES

REPO = Path(__file__).resolve().parents[1]
BUILT_FROM = ("pyproject.toml", "README.md", "LICENSE", "host")
"""What the build reads: copied, so that no build/ or stale file of the checkout gets in."""

SCRIPTED = {
    "crack-list": (["--players", "Ann", "Bob", "Cat", "--seed", "4"],
                   "Ann: 1\nbrownie\nhow many cards\nquit\nyes\n", "Bob has 7 cards."),
    "short-list": (["--players", "Ann", "Bob", "Cat", "--seed", "3"],
                   "Lisbon\nscore\nquit\nyes\n", "Ann 4, Bob 2 and Cat 3"),
    "scattergories": (["--players", "Ann", "Bob", "--seed", "2"],
                      "what's the letter\nread the list again\nquit\nyes\n",
                      "two: Things at school"),
    "crack-word": (["--players", "Ann", "Bob", "--seed", "2"],
                   "R à droite de la ligne trois\nor\nlis le tableau\nquitter\noui\n",
                   "Ligne 3 : O d'Ann, R d'Ann."),
}
"""Each game's options, the lines typed, and what the host then says that needs the content
and the rules (its wording varies, these words do not): Bob's brownie is judged against the
shipped deck's category and played, Bob's Lisbon costs him a crystal, the list is the shipped
deck's, Crack Word's "or" is upheld by Debian's French word list."""


@dataclass(frozen=True)
class Installed:
    """A fresh venv holding the wheel alone, and how to run a program there."""

    venv: Path
    home: Path

    def run(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        """Run a program of the venv from its home folder, far from the checkout."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XDG_"))}
        env.update(HOME=str(self.home), XDG_CONFIG_HOME=str(self.home / "config"),
                   XDG_STATE_HOME=str(self.home / "state"),
                   XDG_DATA_HOME=str(self.home / "data"),
                   # this machine's caches (Crack Word's dictionary index, 20 s to build anew)
                   XDG_CACHE_HOME=os.environ.get("XDG_CACHE_HOME",
                                                 str(Path.home() / ".cache")))
        program, *rest = args
        return subprocess.run([str(self.venv / "bin" / program), *rest], input=stdin,
                              text=True, capture_output=True, timeout=120, cwd=self.home, env=env)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what the build reads."""
    copy = tmp_path_factory.mktemp("source")
    for name in BUILT_FROM:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, copy / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(REPO / name, copy / name)
    return copy


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel `python -m build` makes of the sources."""
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist),
                            str(source)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (found,) = dist.glob("partyhost-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel installed with --no-deps into a fresh venv that sees this venv's packages."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--clear", "--without-pip", str(venv)],
                   check=True, timeout=120)
    (packages,) = venv.glob("lib/python*/site-packages")
    # The dependencies are this venv's, already installed. A .pth of plain folders adds them to
    # the path without running their own .pth files, so the editable install's finder, which
    # would import the checkout, stays out.
    (packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=300)
    home = tmp_path_factory.mktemp("home")
    return Installed(venv, home)


def test_the_wheel_carries_the_content_and_the_licence(source: Path, wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    info = f"partyhost-{__version__}.dist-info"
    data = [p.relative_to(source).as_posix() for p in (source / "host").rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    missing = [p for p in data if p not in names and f"{info}/licenses/{p}" not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert f"{info}/licenses/LICENSE" in names
    for game in ("crack-list", "short-list", "scattergories"):
        assert any(n.startswith(f"host/decks_data/{game}/") for n in names)
    assert "host/decks_data/crack-list/fr/core.toml" in names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert f"\nVersion: {__version__}\n" in metadata
    assert "License-Expression: GPL-3.0-or-later" in metadata
    assert "Classifier: Topic :: Games/Entertainment" in metadata


def test_it_runs_from_the_venv_alone(installed: Installed) -> None:
    where = installed.run("python", "-c", "import host, sys; print(host.__file__); "
                          "print('\\n'.join(sys.path))")
    assert where.returncode == 0, where.stderr
    first, *path = where.stdout.splitlines()
    assert Path(first).is_relative_to(installed.venv)
    assert str(REPO) not in path  # ("" is the home folder `python -c` runs in)
    version = installed.run("partyhost", "--version")
    assert version.stdout.strip() == f"partyhost {__version__}"
    decks = installed.run("partyhost", "decks", "list")
    assert decks.returncode == 0, decks.stderr
    lines = decks.stdout.splitlines()
    shipped = list((REPO / "host" / "decks_data").glob("*/*/*.toml"))  # box and expansions
    assert len([line for line in lines if str(installed.venv) in line]) == len(shipped) == 6
    assert any(line.startswith("crack-list") and " fr " in line for line in lines)
    doctor = installed.run("partyhost", "doctor")
    assert doctor.returncode in (0, 1), doctor.stderr
    assert doctor.stdout.splitlines()[-1].startswith(("A game by voice can run here",
                                                      "No game by voice here"))
    models = installed.run("python", "-c",
                           "from host.speech.models import models_dir; print(models_dir())")
    assert models.stdout.strip() == str(installed.home / "data" / "partyhost" / "models")


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_plays_from_the_wheel(installed: Installed, game: str) -> None:
    options, typed, content = SCRIPTED[game]
    run = installed.run("partyhost", "play", game, "--text", *options, stdin=typed)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert content in run.stdout
    assert (installed.home / "state" / "partyhost" / f"{game}.json").is_file()
