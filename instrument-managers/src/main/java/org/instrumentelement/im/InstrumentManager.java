package org.instrumentelement.im;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.AlarmListener;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.command.CommandExecution;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.SampledInstrument;

/**
 * Drives one instrument of a class of devices. Extend {@link AbstractInstrumentManager} rather than
 * implementing this directly: it owns the lifecycle, the state machine and validation.
 *
 * <p>Every operation is safe to call from many threads at once. A refused request throws {@link
 * ImException} with a code and leaves the instrument untouched.
 */
public interface InstrumentManager extends SampledInstrument {

  /** The parameters, attributes, commands and states of this IM. */
  ImModel model();

  /** The IM's path in the hierarchy (e.g. {@code lab/scope}); known once opened. */
  @Override
  String path();

  /** The current state, one of {@code model().states()}. */
  @Override
  String state();

  /** Why the IM is in the ERROR state, or empty. */
  String lastError();

  /**
   * Reads an attribute from the instrument.
   *
   * @throws ImException UNKNOWN_ATTRIBUTE, NOT_ALLOWED_IN_STATE, INSTRUMENT_ERROR or
   *     INSTRUMENT_TIMEOUT
   */
  @Override
  Value getAttribute(String name) throws ImException;

  /** Reads several attributes, in order; fails on the first that cannot be read. */
  default List<Value> getAttributes(List<String> names) throws ImException {
    List<Value> out = new ArrayList<>(names.size());
    for (String n : names) {
      out.add(getAttribute(n));
    }
    return out;
  }

  /** The current value of a parameter (the IM's configuration, not read from the instrument). */
  Value getParameter(String name) throws ImException;

  /**
   * Sets a parameter, applying it to the instrument if connected.
   *
   * @return the value now in effect (converted to the parameter's type)
   * @throws ImException UNKNOWN_PARAMETER, WRONG_TYPE, OUT_OF_RANGE, INVALID_VALUE,
   *     NOT_ALLOWED_IN_STATE, INSTRUMENT_ERROR or INSTRUMENT_TIMEOUT
   */
  Value setParameter(String name, Value value) throws ImException;

  /**
   * Writes a writable attribute to the instrument.
   *
   * @return the value written
   * @throws ImException as {@link #setParameter}, plus READ_ONLY
   */
  Value setAttribute(String name, Value value) throws ImException;

  /**
   * Runs a command, moving the state machine if the command says so.
   *
   * @param arguments by argument name; missing optional ones take their defaults
   * @return the command's result, or {@code null} if it has none
   * @throws ImException UNKNOWN_COMMAND, UNKNOWN_ARGUMENT, MISSING_ARGUMENT, WRONG_TYPE,
   *     OUT_OF_RANGE, NOT_ALLOWED_IN_STATE, INSTRUMENT_ERROR or INSTRUMENT_TIMEOUT
   */
  Value executeCommand(String name, Map<String, Value> arguments) throws ImException;

  /**
   * Accepts a command to be run on another thread (a long-running one, see {@link
   * org.instrumentelement.im.model.CommandSpec#isLongRunning()}). Everything a request can get
   * wrong is checked now, and a long-running command puts the IM in its running state now, so that
   * what the state machine allows meanwhile holds from the moment this returns. The execution must
   * be run once; the IM leaves the running state when it ends, however it ends.
   *
   * <p>Default: checks nothing now and runs {@link #executeCommand} later.
   *
   * @throws ImException as {@link #executeCommand}
   */
  default CommandExecution beginCommand(String name, Map<String, Value> arguments)
      throws ImException {
    return progress -> executeCommand(name, arguments);
  }

  /**
   * The IM's provenance revision: a number that grows whenever anything a value depends on besides
   * the instrument itself may have changed (a parameter took a value, the instrument was linked
   * again), so that a client can tell values taken under one configuration from values taken under
   * another, and ask for the full record of that revision. Starts at 1 with the configuration; 0
   * for an IM that keeps none. Reading it takes no lock.
   */
  @Override
  default long provenanceRevision() {
    return 0;
  }

  /** Registers a listener for state changes. */
  void addStateListener(StateListener listener);

  /**
   * Registers a listener for the values parameters take while the IM runs (restored at open, set by
   * clients, chosen by the instrument, read back at link). Register before {@link #open} to hear
   * the restored and read-back values of the first link.
   */
  void addParameterListener(ParameterListener listener);

  /**
   * The alarm limits the IM's own description puts on its attributes (a SCPI descriptor's {@code
   * attribute.<a>.alarm.*}), by attribute and statistic. The Instrument Element applies them under
   * the configuration's and the run-time ones, so that an instrument's description can carry the
   * limits its makers know. Known once opened; empty for most IMs.
   */
  default Map<String, Map<Statistic, AlarmLimits>> describedAlarmLimits() {
    return Map.of();
  }

  /**
   * Registers a listener for the alarms the IM raises itself from what only it knows (a sensor
   * network's silent nodes), apart from its state and its attributes' samples, which the Instrument
   * Element watches. Does nothing for IMs that raise none.
   */
  default void addAlarmListener(AlarmListener listener) {}

  /**
   * Takes the configuration and, if asked to, links (and starts acquiring). A failure to reach the
   * instrument does not fail this call: the IM goes to ERROR and says why.
   *
   * @throws ImException if the configuration itself is wrong (unknown or invalid parameter values)
   */
  void open(ImContext context) throws ImException;

  /**
   * Releases the instrument and returns to UNLINKED. (Named apart from the {@code start}/{@code
   * stop} commands, which begin and end continuous acquisition.)
   */
  void close();
}
