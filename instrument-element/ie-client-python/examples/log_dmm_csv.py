"""Log a DMM's readings to a CSV file: python3 log_dmm_csv.py dmm.csv [readings] [seconds apart]"""
import csv
import os
import sys
import time

from instrument_element import InstrumentElement

path = sys.argv[1] if len(sys.argv) > 1 else "dmm.csv"
readings = int(sys.argv[2]) if len(sys.argv) > 2 else 60
interval = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0

ie = InstrumentElement(
    os.environ.get("IE_URL", "http://localhost:8080/ie/services/InstrumentElement"),
    os.environ.get("IE_USER", "observer"),
    os.environ.get("IE_PASSWORD", "observer"),
)
dmm = ie[os.environ.get("IE_DMM", "lab/dmm")]

with open(path, "w", newline="") as f:
    out = csv.writer(f)
    out.writerow(["timestamp_utc", "reading", "units", "quality"])
    for _ in range(readings):
        r = dmm.get("reading")  # a float with .timestamp, .units, .quality
        out.writerow([r.timestamp.isoformat(), repr(float(r)), r.units or "", r.quality])
        f.flush()
        time.sleep(interval)
