package org.instrumentelement.ial.mock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.instrumentelement.ial.scpi.device.ScpiError;

/**
 * The IEEE 488.2 status of a device: the error queue (oldest first, -350 when it overflows), the
 * standard event status register with its enable mask, and the status byte built from them.
 *
 * <p>A Tektronix model ({@code answer.events = tektronix}) keeps an event queue instead, as its
 * programmer manual's "Status and Events" chapter describes it: an event (an error, with its code
 * written positive, or 402 "Operation complete") is queued only if the device event status enable
 * register ({@code DESE}) lets its bit through, and becomes readable ({@code EVENT?}, {@code
 * EVMsg?}, {@code ALLEv?}) only once a {@code *ESR?} read has summarised it; that read drops the
 * events an earlier one made readable and nobody read.
 */
final class StatusRegisters {
  private static final int ERROR_QUEUE_SIZE = 32;
  static final int OPERATION_COMPLETE = 1;
  private static final int QUERY_ERROR = 4;
  private static final int DEVICE_ERROR = 8;
  private static final int EXECUTION_ERROR = 16;
  private static final int COMMAND_ERROR = 32;

  /** Tektronix's replies when no event is readable (its table "No event messages"). */
  static final ScpiError TEK_QUEUE_EMPTY = new ScpiError(0, "No events to report - queue empty");

  static final ScpiError TEK_EVENTS_PENDING =
      new ScpiError(1, "No events to report - new events pending *ESR?");

  private static final ScpiError TEK_OPERATION_COMPLETE = new ScpiError(402, "Operation complete");
  private static final ScpiError TEK_QUEUE_OVERFLOW = new ScpiError(350, "Queue overflow");

  private final boolean tektronix;

  /** SCPI: the error queue. Tektronix: events since the last {@code *ESR?} read. */
  private final Deque<ScpiError> errors = new ArrayDeque<>();

  /** Tektronix: the events the last {@code *ESR?} read made readable. */
  private final Deque<ScpiError> readable = new ArrayDeque<>();

  private int eventStatus;
  private int eventEnable;
  private int serviceEnable;
  private int deviceEventEnable = 0xff;

  /**
   * @param tektronix whether events go to a Tektronix event queue instead of an error queue
   */
  StatusRegisters(boolean tektronix) {
    this.tektronix = tektronix;
  }

  /** Queues an error and sets its event bit. */
  void error(ScpiError e) {
    int code = -e.code();
    int bit =
        code >= 100 && code < 200
            ? COMMAND_ERROR
            : code >= 200 && code < 300
                ? EXECUTION_ERROR
                : code >= 300 && code < 400
                    ? DEVICE_ERROR
                    : code >= 400 && code < 500 ? QUERY_ERROR : 0;
    if (tektronix) {
      // Tektronix writes the code positive and the detail after "; " (113,"Undefined header; X")
      event(bit, new ScpiError(Math.abs(e.code()), e.message().replaceFirst(";", "; ")));
      return;
    }
    if (errors.size() >= ERROR_QUEUE_SIZE) {
      errors.removeLast();
      errors.addLast(ScpiError.QUEUE_OVERFLOW);
    } else {
      errors.addLast(e);
    }
    eventStatus |= bit;
  }

  private void event(int bit, ScpiError e) {
    if ((deviceEventEnable & bit) == 0) {
      return; // DESE masks the event out of the register and the queue alike
    }
    eventStatus |= bit;
    if (errors.size() + readable.size() >= ERROR_QUEUE_SIZE) {
      errors.pollLast();
      errors.addLast(TEK_QUEUE_OVERFLOW);
    } else {
      errors.addLast(e);
    }
  }

  /** {@code SYSTem:ERRor?}: the oldest error, or 0 "No error" (Tektronix: any queued event). */
  ScpiError nextError() {
    if (!readable.isEmpty()) {
      return readable.removeFirst();
    }
    return errors.isEmpty() ? ScpiError.NONE : errors.removeFirst();
  }

  int errorCount() {
    return errors.size() + readable.size();
  }

  /** {@code *OPC}: sets the operation-complete bit. */
  void operationComplete() {
    if (tektronix) {
      event(OPERATION_COMPLETE, TEK_OPERATION_COMPLETE);
    } else {
      eventStatus |= OPERATION_COMPLETE;
    }
  }

  /**
   * {@code *ESR?}: reading clears it; on a Tektronix model the events it summarises become readable
   * and those an earlier read made readable are dropped.
   */
  int readEventStatus() {
    int esr = eventStatus;
    eventStatus = 0;
    if (tektronix) {
      readable.clear();
      readable.addAll(errors);
      errors.clear();
    }
    return esr;
  }

  /** {@code EVENT?} and {@code EVMsg?}: the next readable event, or why there is none. */
  ScpiError nextEvent() {
    return readable.isEmpty() ? noEvent() : readable.removeFirst();
  }

  /** {@code ALLEv?}: every readable event, oldest first, or why there is none. */
  List<ScpiError> allEvents() {
    if (readable.isEmpty()) {
      return List.of(noEvent());
    }
    List<ScpiError> all = new ArrayList<>(readable);
    readable.clear();
    return all;
  }

  /** {@code EVQty?}: how many events are readable. */
  int readableEvents() {
    return readable.size();
  }

  private ScpiError noEvent() {
    return errors.isEmpty() ? TEK_QUEUE_EMPTY : TEK_EVENTS_PENDING;
  }

  void eventEnable(int mask) {
    eventEnable = mask & 0xff;
  }

  int eventEnable() {
    return eventEnable;
  }

  /** {@code DESE}: which events reach the register and the queue (power-on: all). */
  void deviceEventEnable(int mask) {
    deviceEventEnable = mask & 0xff;
  }

  int deviceEventEnable() {
    return deviceEventEnable;
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
    readable.clear();
    eventStatus = 0;
  }

  /**
   * The status byte: bit 2 error queue not empty (Tektronix: an event queued), bit 5 a standard
   * event that {@code *ESE} enables, bit 6 service requested (a bit that {@code *SRE} enables is
   * set).
   */
  int statusByte() {
    boolean queued = !errors.isEmpty() || !readable.isEmpty();
    int stb = (queued ? 4 : 0) | ((eventStatus & eventEnable) != 0 ? 32 : 0);
    return (stb & serviceEnable) != 0 ? stb | 64 : stb;
  }
}
