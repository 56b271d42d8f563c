package org.instrumentelement.ial.mock;

import java.util.ArrayDeque;
import java.util.Deque;
import org.instrumentelement.ial.scpi.device.ScpiError;

/**
 * The IEEE 488.2 status of a device: the error queue (oldest first, -350 when it overflows), the
 * standard event status register with its enable mask, and the status byte built from them.
 */
final class StatusRegisters {
  private static final int ERROR_QUEUE_SIZE = 32;
  static final int OPERATION_COMPLETE = 1;
  private static final int QUERY_ERROR = 4;
  private static final int DEVICE_ERROR = 8;
  private static final int EXECUTION_ERROR = 16;
  private static final int COMMAND_ERROR = 32;

  private final Deque<ScpiError> errors = new ArrayDeque<>();
  private int eventStatus;
  private int eventEnable;
  private int serviceEnable;

  /** Queues an error and sets its event bit. */
  void error(ScpiError e) {
    if (errors.size() >= ERROR_QUEUE_SIZE) {
      errors.removeLast();
      errors.addLast(ScpiError.QUEUE_OVERFLOW);
    } else {
      errors.addLast(e);
    }
    int code = -e.code();
    if (code >= 100 && code < 200) {
      eventStatus |= COMMAND_ERROR;
    } else if (code >= 200 && code < 300) {
      eventStatus |= EXECUTION_ERROR;
    } else if (code >= 300 && code < 400) {
      eventStatus |= DEVICE_ERROR;
    } else if (code >= 400 && code < 500) {
      eventStatus |= QUERY_ERROR;
    }
  }

  /** {@code SYSTem:ERRor?}: the oldest error, or 0 "No error". */
  ScpiError nextError() {
    return errors.isEmpty() ? ScpiError.NONE : errors.removeFirst();
  }

  int errorCount() {
    return errors.size();
  }

  /** {@code *OPC}: sets the operation-complete bit. */
  void operationComplete() {
    eventStatus |= OPERATION_COMPLETE;
  }

  /** {@code *ESR?}: reading clears it. */
  int readEventStatus() {
    int esr = eventStatus;
    eventStatus = 0;
    return esr;
  }

  void eventEnable(int mask) {
    eventEnable = mask & 0xff;
  }

  int eventEnable() {
    return eventEnable;
  }

  void serviceEnable(int mask) {
    serviceEnable = mask & 0xbf; // bit 6 cannot be enabled
  }

  int serviceEnable() {
    return serviceEnable;
  }

  /** {@code *CLS}. */
  void clear() {
    errors.clear();
    eventStatus = 0;
  }

  /**
   * The status byte: bit 2 error queue not empty, bit 5 a standard event that {@code *ESE} enables,
   * bit 6 service requested (a bit that {@code *SRE} enables is set).
   */
  int statusByte() {
    int stb = (errors.isEmpty() ? 0 : 4) | ((eventStatus & eventEnable) != 0 ? 32 : 0);
    return (stb & serviceEnable) != 0 ? stb | 64 : stb;
  }
}
