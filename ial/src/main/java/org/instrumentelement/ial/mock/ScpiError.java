package org.instrumentelement.ial.mock;

/** A standard SCPI error, as queued by an instrument and read back with SYSTem:ERRor?. */
record ScpiError(int code, String message) {
  static final ScpiError NONE = new ScpiError(0, "No error");
  static final ScpiError SYNTAX = new ScpiError(-102, "Syntax error");
  static final ScpiError DATA_TYPE = new ScpiError(-104, "Data type error");
  static final ScpiError PARAMETER_NOT_ALLOWED = new ScpiError(-108, "Parameter not allowed");
  static final ScpiError MISSING_PARAMETER = new ScpiError(-109, "Missing parameter");
  static final ScpiError UNDEFINED_HEADER = new ScpiError(-113, "Undefined header");
  static final ScpiError OUT_OF_RANGE = new ScpiError(-222, "Data out of range");
  static final ScpiError SETTINGS_CONFLICT = new ScpiError(-221, "Settings conflict");
  static final ScpiError ILLEGAL_VALUE = new ScpiError(-224, "Illegal parameter value");
  static final ScpiError QUEUE_OVERFLOW = new ScpiError(-350, "Queue overflow");
  static final ScpiError QUERY_INTERRUPTED = new ScpiError(-410, "Query INTERRUPTED");

  ScpiError withDetail(String detail) {
    return new ScpiError(code, message + ";" + detail);
  }

  /** The SYSTem:ERRor? reply: {@code -222,"Data out of range"}. */
  String reply() {
    return code + ",\"" + message.replace("\"", "'") + "\"";
  }
}
