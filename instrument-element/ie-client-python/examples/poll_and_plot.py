"""Read one oscilloscope trace and plot it against its time axis (needs python3-matplotlib)."""
import os

import matplotlib.pyplot as plt

from instrument_element import InstrumentElement

ie = InstrumentElement(
    os.environ.get("IE_URL", "http://localhost:8080/ie/services/InstrumentElement"),
    os.environ.get("IE_USER", "observer"),
    os.environ.get("IE_PASSWORD", "observer"),
)
scope = ie["lab/scope"]
trace = scope.get("waveform")  # numpy float64 array with .time, .units, .timestamp, .quality

plt.plot(trace.time * 1e3, trace)
plt.xlabel("time from trigger (ms)")
plt.ylabel(f"waveform ({trace.units})")
plt.title(f"{scope.path}, {trace.timestamp:%Y-%m-%d %H:%M:%S} UTC, {trace.quality}")
plt.show()
