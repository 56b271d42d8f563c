package org.instrumentelement.ie.contract;

/**
 * Why a request was refused: the {@code code} of every SOAP fault's detail. These names are part of
 * the API's contract (docs/soap-api.md, "Faults", which {@code FaultCodeReferenceTest} holds to
 * this list): add codes, never rename them. The IMs refuse with them too, so that a refusal reaches
 * the client with the code of its cause.
 */
public enum FaultCode {
  /** No IM at that path. */
  UNKNOWN_IM,
  /** The IM has no such attribute. */
  UNKNOWN_ATTRIBUTE,
  /** The IM has no such parameter. */
  UNKNOWN_PARAMETER,
  /** The IM has no such command. */
  UNKNOWN_COMMAND,
  /** The command has no such argument. */
  UNKNOWN_ARGUMENT,
  /** A required command argument is absent. */
  MISSING_ARGUMENT,
  /** The value's type does not fit, or a typed field is not a valid value of its schema type. */
  WRONG_TYPE,
  /** Outside the item's range, not one of its choices, too long. */
  OUT_OF_RANGE,
  /** A value of the right type that is not acceptable (e.g. text with SCPI command syntax). */
  INVALID_VALUE,
  /** A write to a read-only attribute. */
  READ_ONLY,
  /** The IM's state machine does not allow it now. */
  NOT_ALLOWED_IN_STATE,
  /** The attribute is not subscribable, so it has no topic. */
  NOT_SUBSCRIBABLE,
  /** The instrument refused or reported an error, or is unreachable. */
  INSTRUMENT_ERROR,
  /** The instrument did not answer in time. */
  INSTRUMENT_TIMEOUT,
  /** No valid credentials came with a request that needs them. */
  NOT_AUTHENTICATED,
  /** The caller's roles do not allow this operation on this IM. */
  NOT_AUTHORIZED,
  /** Another user holds a reservation on this IM (or an IM above or below it). */
  RESERVED,
  /** The request itself is not well-formed (bad XML, wrong structure, hostile content). */
  MALFORMED_REQUEST,
  /** The request exceeds a size or count limit. */
  REQUEST_TOO_LARGE,
  /** The request's body did not arrive within the time allowed for it. */
  REQUEST_TIMEOUT,
  /** The caller's address has more requests in progress than one address may have. */
  TOO_MANY_REQUESTS,
  /**
   * The server has no room for the request now (the requests in progress hold the memory set aside
   * for them); retrying later may succeed.
   */
  SERVER_BUSY,
  /** A fault in the Instrument Element itself; the message says what happened. */
  INTERNAL_ERROR,
  /** No recording of that name (or none the caller may observe). */
  UNKNOWN_RECORDING,
  /** The recording is still being written (stop it first). */
  RECORDING_IN_PROGRESS,
  /** As many recordings as allowed are being written already. */
  TOO_MANY_RECORDINGS,
  /** The recordings directory has reached its quota, or the IE keeps no data directory. */
  STORAGE_FULL,
  /** A long-running command was cancelled before it finished. */
  CANCELLED,
  /**
   * No run of a long-running command has this id on this IM (never started, or its status is no
   * longer kept).
   */
  UNKNOWN_COMMAND_ID,
  /** No active alarm has that id. */
  UNKNOWN_ALARM,
  /** The attribute has no history: it was never archived (docs/history.md). */
  NOT_ARCHIVED;

  /**
   * Whether the fault is the server's or the instrument's ({@code soap:Server}) rather than the
   * request's ({@code soap:Client}): the same request may succeed later.
   */
  public boolean serverSide() {
    return this == INSTRUMENT_ERROR
        || this == INSTRUMENT_TIMEOUT
        || this == SERVER_BUSY
        || this == INTERNAL_ERROR
        || this == STORAGE_FULL;
  }
}
