package org.instrumentelement.ial.hislip;

/** Numbers of IVI-6.1 that client and simulator share. */
public final class HislipProtocol {
  /** Protocol version 1.0, as major and minor bytes. */
  public static final int VERSION = 0x0100;

  /** The first message id after initialisation and after each device clear. */
  public static final int INITIAL_MESSAGE_ID = 0xffffff00;

  /** FatalError code: poorly formed message header. */
  public static final int FATAL_BAD_HEADER = 1;

  /** FatalError code: invalid initialisation sequence. */
  public static final int FATAL_INVALID_INITIALIZATION = 3;

  /** Error code: unrecognised message type. */
  public static final int ERROR_UNRECOGNIZED_MESSAGE = 1;

  /** AsyncLockResponse control codes. */
  public static final int LOCK_FAILURE = 0;

  public static final int LOCK_SUCCESS = 1;
  public static final int LOCK_ERROR = 3;

  private HislipProtocol() {}
}
