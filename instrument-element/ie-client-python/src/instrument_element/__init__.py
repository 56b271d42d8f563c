"""A Python client for the Instrument Element (IE): SOAP calls with numpy vectors, and
subscriptions that report gaps, restarts and reconnections.

    from instrument_element import InstrumentElement
    ie = InstrumentElement("http://localhost:8080/ie/services/InstrumentElement", "observer", "observer")
    trace = ie["lab/scope"].get("waveform")

See docs/python-client.md in the IE's repository.
"""

from . import errors
from .element import InstrumentElement
from .manager import InstrumentManager
from .subscription import Stream, Subscription
from .values import Boolean, Double, Integer, Text, Vector

__all__ = [
    "InstrumentElement",
    "InstrumentManager",
    "Subscription",
    "Stream",
    "Vector",
    "Double",
    "Integer",
    "Text",
    "Boolean",
    "errors",
]
__version__ = "0.1.0"
