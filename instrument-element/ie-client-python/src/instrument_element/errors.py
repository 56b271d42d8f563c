"""What the client raises.

Every refusal of the Instrument Element (IE) is a SOAP fault with a stable code (docs/soap-api.md,
"Faults"); each code has its own exception class here, so a lab script can catch exactly what it
expects::

    try:
        scope.set(timebase=100)
    except ie.errors.OutOfRange as e:
        print(e.code, e.message)   # OUT_OF_RANGE timebase: 100.0 is not in [1.0E-9, 50.0]

A code this client does not know yet (the IE may add codes) raises :class:`Fault` itself, with its
``code``. Problems reaching the IE or its broker are :class:`ConnectionFailed` and its subclasses.
"""

__all__ = [
    "IeError",
    "Fault",
    "ConnectionFailed",
    "NotAnInstrumentElement",
    "BrokerUnreachable",
    "BrokerRefused",
    "fault_class",
    "UnknownIm",
    "UnknownAttribute",
    "UnknownParameter",
    "UnknownCommand",
    "UnknownArgument",
    "MissingArgument",
    "WrongType",
    "OutOfRange",
    "InvalidValue",
    "ReadOnly",
    "NotAllowedInState",
    "NotSubscribable",
    "NotAuthenticated",
    "NotAuthorized",
    "Reserved",
    "InstrumentError",
    "InstrumentTimeout",
    "MalformedRequest",
    "RequestTooLarge",
    "RequestTimeout",
    "TooManyRequests",
    "ServerBusy",
    "InternalError",
    "UnknownRecording",
    "RecordingInProgress",
    "TooManyRecordings",
    "StorageFull",
    "UnknownCommandId",
    "Cancelled",
    "UnknownAlarm",
]


class IeError(Exception):
    """Base class of everything this client raises on purpose."""


class Fault(IeError):
    """A SOAP fault of the Instrument Element: the request was refused or failed.

    :ivar code: the IE's fault code, e.g. ``OUT_OF_RANGE``
    :ivar message: the IE's explanation, in its own words
    :ivar im: the Instrument Manager concerned, if the IE named one
    :ivar item: the parameter, attribute, command or argument concerned, if any
    :ivar client_error: True when the request must change (``soap:Client``), False for instrument
        and internal failures (``soap:Server``)
    """

    code = None

    def __init__(self, code, message, im=None, item=None, client_error=True):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.im = im
        self.item = item
        self.client_error = client_error


class ConnectionFailed(IeError, ConnectionError):
    """The IE could not be reached, or the TLS handshake failed, or it did not answer in time."""


class NotAnInstrumentElement(IeError):
    """Something answered at the URL, but not an Instrument Element's SOAP endpoint (wrong path?)."""


class BrokerUnreachable(ConnectionFailed):
    """The broker carrying the subscriptions could not be reached."""


class BrokerRefused(IeError):
    """The broker refused the connection or a subscription (credentials, permissions)."""


class UnknownIm(Fault):
    """No Instrument Manager at that path."""

    code = "UNKNOWN_IM"


class UnknownAttribute(Fault):
    """The IM has no such attribute."""

    code = "UNKNOWN_ATTRIBUTE"


class UnknownParameter(Fault):
    """The IM has no such parameter."""

    code = "UNKNOWN_PARAMETER"


class UnknownCommand(Fault):
    """The IM has no such command."""

    code = "UNKNOWN_COMMAND"


class UnknownArgument(Fault):
    """The command has no such argument."""

    code = "UNKNOWN_ARGUMENT"


class MissingArgument(Fault):
    """A required command argument is absent."""

    code = "MISSING_ARGUMENT"


class WrongType(Fault):
    """The value's type does not fit the item."""

    code = "WRONG_TYPE"


class OutOfRange(Fault):
    """Outside the item's range, not one of its choices, or too long."""

    code = "OUT_OF_RANGE"


class InvalidValue(Fault):
    """NaN or infinity, control characters, or text that would be SCPI syntax."""

    code = "INVALID_VALUE"


class ReadOnly(Fault):
    """The attribute cannot be written."""

    code = "READ_ONLY"


class NotAllowedInState(Fault):
    """The state machine does not allow it now (the message says where it is)."""

    code = "NOT_ALLOWED_IN_STATE"


class NotSubscribable(Fault):
    """The attribute is not subscribable."""

    code = "NOT_SUBSCRIBABLE"


class NotAuthenticated(Fault):
    """No or wrong credentials."""

    code = "NOT_AUTHENTICATED"


class NotAuthorized(Fault):
    """The user's role does not allow the operation on that IM."""

    code = "NOT_AUTHORIZED"


class Reserved(Fault):
    """Another user holds a reservation covering that IM."""

    code = "RESERVED"


class InstrumentError(Fault):
    """The instrument refused or is unreachable, or the IM is in ERROR."""

    code = "INSTRUMENT_ERROR"


class InstrumentTimeout(Fault):
    """The instrument did not answer within its timeout."""

    code = "INSTRUMENT_TIMEOUT"


class MalformedRequest(Fault):
    """The IE could not read the request."""

    code = "MALFORMED_REQUEST"


class RequestTooLarge(Fault):
    """The request is over one of the IE's limits."""

    code = "REQUEST_TOO_LARGE"


class RequestTimeout(Fault):
    """The request's body did not reach the IE in time (``http.requestBodyTimeout``)."""

    code = "REQUEST_TIMEOUT"


class TooManyRequests(Fault):
    """This client's address has too many requests in progress at the IE; retry shortly."""

    code = "TOO_MANY_REQUESTS"


class ServerBusy(Fault):
    """The IE's memory for requests in progress is taken; retry shortly."""

    code = "SERVER_BUSY"


class InternalError(Fault):
    """A bug in the IE (it is logged there)."""

    code = "INTERNAL_ERROR"


class UnknownRecording(Fault):
    """No recording of that name, or one whose IMs the caller may not all observe."""

    code = "UNKNOWN_RECORDING"


class RecordingInProgress(Fault):
    """The recording is still being written: stop it before deleting it."""

    code = "RECORDING_IN_PROGRESS"


class TooManyRecordings(Fault):
    """As many recordings as the IE allows (recording.maxActive) are being written."""

    code = "TOO_MANY_RECORDINGS"


class StorageFull(Fault):
    """The IE's recordings directory has reached its quota; delete recordings to make room."""

    code = "STORAGE_FULL"
class UnknownCommandId(Fault):
    """No long-running command with that id on that IM (never started, or forgotten since)."""

    code = "UNKNOWN_COMMAND_ID"


class Cancelled(Fault):
    """A long-running command that ``run()`` waited for was cancelled."""

    code = "CANCELLED"


class UnknownAlarm(Fault):
    """No active alarm has that id (cleared meanwhile, or never raised)."""

    code = "UNKNOWN_ALARM"


class NotArchived(Fault):
    """The attribute has no history: it was never archived (docs/history.md)."""

    code = "NOT_ARCHIVED"


_BY_CODE = {cls.code: cls for cls in Fault.__subclasses__()}


def fault_class(code):
    """The exception class for a fault code; :class:`Fault` for a code this client does not know."""
    return _BY_CODE.get(code, Fault)
