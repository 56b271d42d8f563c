package org.instrumentelement.ial.hislip;

/** HiSLIP message types (IVI-6.1, table 4), with their numeric codes. */
public enum MessageType {
  INITIALIZE(0),
  INITIALIZE_RESPONSE(1),
  FATAL_ERROR(2),
  ERROR(3),
  ASYNC_LOCK(4),
  ASYNC_LOCK_RESPONSE(5),
  DATA(6),
  DATA_END(7),
  DEVICE_CLEAR_COMPLETE(8),
  DEVICE_CLEAR_ACKNOWLEDGE(9),
  ASYNC_REMOTE_LOCAL_CONTROL(10),
  ASYNC_REMOTE_LOCAL_RESPONSE(11),
  TRIGGER(12),
  INTERRUPTED(13),
  ASYNC_INTERRUPTED(14),
  ASYNC_MAXIMUM_MESSAGE_SIZE(15),
  ASYNC_MAXIMUM_MESSAGE_SIZE_RESPONSE(16),
  ASYNC_INITIALIZE(17),
  ASYNC_INITIALIZE_RESPONSE(18),
  ASYNC_DEVICE_CLEAR(19),
  ASYNC_SERVICE_REQUEST(20),
  ASYNC_STATUS_QUERY(21),
  ASYNC_STATUS_RESPONSE(22),
  ASYNC_DEVICE_CLEAR_ACKNOWLEDGE(23),
  ASYNC_LOCK_INFO(24),
  ASYNC_LOCK_INFO_RESPONSE(25);

  private static final MessageType[] BY_CODE = new MessageType[values().length];

  static {
    for (MessageType t : values()) {
      BY_CODE[t.code] = t;
    }
  }

  private final int code;

  MessageType(int code) {
    this.code = code;
  }

  /** The byte on the wire. */
  public int code() {
    return code;
  }

  /** The type with this code, or {@code null} if this implementation does not know it. */
  public static MessageType of(int code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
