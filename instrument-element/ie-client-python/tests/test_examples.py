"""The examples of docs/python-client.md are these files, and they run against a real IE
(the plotting ones with a stand-in for matplotlib)."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import instrument_element
from ie_process import PACKAGE_DIR, REPOSITORY

EXAMPLES = PACKAGE_DIR / "examples"
FAKE_MATPLOTLIB = Path(__file__).parent / "fake_matplotlib"


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_the_documentation_shows_each_example_as_it_is(example):
    docs = (REPOSITORY / "docs" / "python-client.md").read_text()
    assert (EXAMPLES / example).read_text() in docs, f"docs/python-client.md differs from {example}"


def run(lab, tmp_path, example, *args):
    env = dict(os.environ, IE_URL=lab.url, FAKE_PLOT_LOG=str(tmp_path / "plot.jsonl"))
    # the stand-in for matplotlib, and the client the tests use (installed, or the sources)
    client = Path(instrument_element.__file__).parent.parent
    env["PYTHONPATH"] = os.pathsep.join([str(FAKE_MATPLOTLIB), str(client)])
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / example), *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    plot_log = tmp_path / "plot.jsonl"
    return (
        [json.loads(line) for line in plot_log.read_text().splitlines()]
        if plot_log.exists()
        else []
    )


def test_log_dmm_csv(lab, tmp_path):
    run(lab, tmp_path, "log_dmm_csv.py", "dmm.csv", "3", "0")
    with open(tmp_path / "dmm.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["timestamp_utc", "reading", "units", "quality"]
    assert len(rows) == 4
    for timestamp, reading, _, quality in rows[1:]:
        assert (
            timestamp.endswith("+00:00") and float(reading) == float(reading) and quality == "GOOD"
        )


def test_poll_and_plot(lab, tmp_path):
    records = run(lab, tmp_path, "poll_and_plot.py")
    (plot,) = [r for r in records if r["kind"] == "plot"]
    assert plot["points"] == 2500 and plot["x_first"] < plot["x_last"]
    assert {"kind": "ylabel", "text": "waveform (V)"} in records and records[-1]["kind"] == "show"


def test_live_plot(lab, tmp_path):
    records = run(lab, tmp_path, "live_plot.py")
    kinds = [r["kind"] for r in records]
    assert kinds.count("plot") == 1 and kinds.count("update") == 2  # 3 frames, then "closed"
    titles = [r["text"] for r in records if r["kind"] == "title"]
    sequences = [int(t.split("#")[1].split()[0]) for t in titles]
    assert sequences == sorted(set(sequences))
