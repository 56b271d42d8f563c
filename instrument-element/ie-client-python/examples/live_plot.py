"""Plot an oscilloscope's waveform live as the IE publishes it (needs python3-matplotlib).
Close the window to stop."""
import os

import matplotlib.pyplot as plt

from instrument_element import InstrumentElement

ie = InstrumentElement(
    os.environ.get("IE_URL", "http://localhost:8080/ie/services/InstrumentElement"),
    os.environ.get("IE_USER", "observer"),
    os.environ.get("IE_PASSWORD", "observer"),
)
scope = ie["lab/scope"]

plt.ion()
fig, ax = plt.subplots()
line = None
traces = ie.stream(
    "lab/scope",
    "waveform",
    on_gap=lambda expected, received: print(f"missed {received - expected} traces"),
    on_restart=lambda old, new: print("the IE restarted"),
)
for trace in traces:  # each new trace, in order; leaving the loop unsubscribes
    if line is None or len(trace) != len(line.get_ydata()):
        ax.clear()
        (line,) = ax.plot(scope.time_axis(len(trace)) * 1e3, trace)
        ax.set_xlabel("time from trigger (ms)")
        ax.set_ylabel(f"waveform ({trace.units})")
    else:
        line.set_ydata(trace)
    ax.set_title(f"{scope.path} #{trace.sequence} {trace.timestamp:%H:%M:%S.%f}")
    plt.pause(0.01)  # draws, and handles the window's events
    if not plt.fignum_exists(fig.number):
        break
ie.close()
