package org.instrumentelement.ial.vxi11;

/**
 * Numbers of the VXI-11 core channel (VXI-11 specification, rev. 1.0, appendix B) and of the
 * portmapper's GETPORT (RFC 1833), shared by the client and the simulator's server.
 */
public final class Vxi11Protocol {
  /** DEVICE_CORE program number. */
  public static final int CORE_PROGRAM = 0x0607AF;

  /** DEVICE_CORE version. */
  public static final int CORE_VERSION = 1;

  public static final int CREATE_LINK = 10;
  public static final int DEVICE_WRITE = 11;
  public static final int DEVICE_READ = 12;
  public static final int DEVICE_READSTB = 13;
  public static final int DEVICE_TRIGGER = 14;
  public static final int DEVICE_CLEAR = 15;
  public static final int DEVICE_REMOTE = 16;
  public static final int DEVICE_LOCAL = 17;
  public static final int DEVICE_LOCK = 18;
  public static final int DEVICE_UNLOCK = 19;
  public static final int DESTROY_LINK = 23;

  /** Device_Flags: wait for the lock up to lock_timeout instead of failing at once. */
  public static final int FLAG_WAITLOCK = 0x01;

  /** Device_Flags: the data written ends the message. */
  public static final int FLAG_END = 0x08;

  /** Device_Flags: stop reading at termChar. */
  public static final int FLAG_TERMCHRSET = 0x80;

  /** device_read reason: requestSize bytes were returned. */
  public static final int REASON_REQCNT = 0x01;

  /** device_read reason: the termination character was read. */
  public static final int REASON_CHR = 0x02;

  /** device_read reason: END, the message is complete. */
  public static final int REASON_END = 0x04;

  public static final int NO_ERROR = 0;
  public static final int SYNTAX_ERROR = 1;
  public static final int DEVICE_NOT_ACCESSIBLE = 3;
  public static final int INVALID_LINK = 4;
  public static final int PARAMETER_ERROR = 5;
  public static final int NOT_SUPPORTED = 8;
  public static final int OUT_OF_RESOURCES = 9;
  public static final int DEVICE_LOCKED = 11;
  public static final int NO_LOCK_HELD = 12;
  public static final int IO_TIMEOUT = 15;
  public static final int IO_ERROR = 17;
  public static final int INVALID_ADDRESS = 21;
  public static final int ABORT = 23;

  /** The portmapper's program number and version. */
  public static final int PORTMAPPER_PROGRAM = 100000;

  public static final int PORTMAPPER_VERSION = 2;

  /** PMAPPROC_NULL and PMAPPROC_GETPORT. */
  public static final int PORTMAPPER_NULL = 0;

  public static final int PORTMAPPER_GETPORT = 3;

  /** IPPROTO_TCP, as GETPORT asks for it. */
  public static final int IPPROTO_TCP = 6;

  private Vxi11Protocol() {}

  /** The specification's name for a Device_ErrorCode. */
  public static String describe(int error) {
    return switch (error) {
      case NO_ERROR -> "no error";
      case SYNTAX_ERROR -> "syntax error";
      case DEVICE_NOT_ACCESSIBLE -> "device not accessible";
      case INVALID_LINK -> "invalid link identifier";
      case PARAMETER_ERROR -> "parameter error";
      case 6 -> "channel not established";
      case NOT_SUPPORTED -> "operation not supported";
      case OUT_OF_RESOURCES -> "out of resources";
      case DEVICE_LOCKED -> "device locked by another link";
      case NO_LOCK_HELD -> "no lock held by this link";
      case IO_TIMEOUT -> "I/O timeout";
      case IO_ERROR -> "I/O error";
      case INVALID_ADDRESS -> "invalid address";
      case ABORT -> "abort";
      case 29 -> "channel already established";
      default -> "VXI-11 error " + error;
    };
  }
}
