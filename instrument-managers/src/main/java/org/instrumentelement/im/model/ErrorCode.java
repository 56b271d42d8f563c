package org.instrumentelement.im.model;

/**
 * Why a request was refused. These names are the fault codes of the SOAP API and part of its
 * contract: add codes, never rename them.
 */
public enum ErrorCode {
  UNKNOWN_IM,
  UNKNOWN_ATTRIBUTE,
  UNKNOWN_PARAMETER,
  UNKNOWN_COMMAND,
  UNKNOWN_ARGUMENT,
  MISSING_ARGUMENT,
  WRONG_TYPE,
  OUT_OF_RANGE,
  /** A value of the right type that is not acceptable (e.g. text with SCPI command syntax). */
  INVALID_VALUE,
  READ_ONLY,
  NOT_ALLOWED_IN_STATE,
  /** The attribute is not subscribable, so it has no topic. */
  NOT_SUBSCRIBABLE,
  /** The instrument refused or reported an error. */
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
  STORAGE_FULL
}
