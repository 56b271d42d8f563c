"""Records what the examples plot; writes it as JSON lines to $FAKE_PLOT_LOG. The figure counts
as closed after $FAKE_PLOT_FRAMES calls of pause(), which ends a live-plot loop."""

import json
import os

_frames = 0


def _record(kind, **data):
    with open(os.environ["FAKE_PLOT_LOG"], "a") as f:
        f.write(json.dumps(dict(kind=kind, **data)) + "\n")


class Line:
    def __init__(self, x, y):
        self._y = list(y)
        _record("plot", points=len(self._y), x_first=float(x[0]), x_last=float(x[-1]))

    def get_ydata(self):
        return self._y

    def set_ydata(self, y):
        self._y = list(y)
        _record("update", points=len(self._y))


class Axes:
    def plot(self, x, y):
        return [Line(x, y)]

    def clear(self):
        pass

    def set_xlabel(self, text):
        _record("xlabel", text=text)

    def set_ylabel(self, text):
        _record("ylabel", text=text)

    def set_title(self, text):
        _record("title", text=text)


class Figure:
    number = 1


_axes = Axes()


def plot(x, y):
    return _axes.plot(x, y)


xlabel, ylabel, title = _axes.set_xlabel, _axes.set_ylabel, _axes.set_title


def subplots():
    return Figure(), _axes


def ion():
    pass


def show():
    _record("show")


def pause(seconds):
    global _frames
    _frames += 1


def fignum_exists(number):
    return _frames < int(os.environ.get("FAKE_PLOT_FRAMES", "3"))
