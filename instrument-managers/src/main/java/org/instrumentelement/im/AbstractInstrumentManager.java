package org.instrumentelement.im;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentTimeoutException;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.command.CommandExecution;
import org.instrumentelement.im.command.CommandProgress;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.FreeText;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;

/**
 * The base of every Instrument Manager. It owns the lifecycle, the state machine, validation of
 * every value against its spec, the instrument session and the lock that serialises access to it. A
 * subclass declares its model with {@link #standardModel(String)} and implements a few hooks, each
 * called with the lock held and a live session:
 *
 * <ul>
 *   <li>{@link #readAttribute} (required),
 *   <li>{@link #applyParameter}, {@link #writeAttribute}, {@link #onCommand} for what it offers,
 *   <li>{@link #readParameter} for the parameters whose value can be queried from the instrument
 *       (link mode {@link LinkMode#READ_BACK}),
 *   <li>{@link #onLink}, {@link #onStart}, {@link #onStop} for the standard commands;
 *   <li>{@link #onLongCommand} for long-running commands: called without the lock, it takes the
 *       session step by step with {@link #step}, so that what the running state allows (a read of
 *       the identity, another IM's requests) is served between steps; {@link #onLongCommandStopped}
 *       puts the instrument in a defined state when one is cancelled or fails.
 * </ul>
 *
 * <p>Requests are checked completely (names, state, types, ranges) before a hook runs, so a refused
 * request never reaches the instrument. An {@link InstrumentException} from a hook means the
 * connection failed: the session is closed and the IM goes to ERROR. From there it reconnects by
 * itself, with growing delays ({@link ImContext#RECONNECT}, {@link ImContext#RECONNECT_MAX_DELAY}),
 * and returns to the state it was in (LINKED, or RUNNING acquiring again); an operator's {@code
 * unlink} stops the attempts.
 *
 * <p>Every link (the {@code link} and {@code reset} commands, a reconnect) either sends every
 * parameter or, in link mode {@link LinkMode#READ_BACK}, reads them from the instrument instead and
 * sends none. Each value a parameter takes after {@link #open} is told to the {@link
 * ParameterListener}s, which is how the Instrument Element keeps run-time values across restarts.
 */
public abstract class AbstractInstrumentManager implements InstrumentManager {
  /** Connects to the instrument and applies the parameters. */
  public static final String LINK = "link";

  /** Releases the instrument. */
  public static final String UNLINK = "unlink";

  /** Begins continuous acquisition. */
  public static final String START = "start";

  /** Ends continuous acquisition. */
  public static final String STOP = "stop";

  /** Reconnects and re-applies the parameters: the way out of ERROR. */
  public static final String RESET = "reset";

  private static final System.Logger LOG =
      System.getLogger(AbstractInstrumentManager.class.getName());

  private volatile ImModel model;
  private final ReentrantLock lock = new ReentrantLock();
  private final Map<String, Value> parameters = new ConcurrentHashMap<>();
  private final List<StateListener> listeners = new CopyOnWriteArrayList<>();
  private final List<ParameterListener> parameterListeners = new CopyOnWriteArrayList<>();
  private volatile LinkMode linkMode = LinkMode.RESTORE;
  private volatile String state = States.UNLINKED;
  private volatile String lastError = "";
  private volatile ImContext context;
  private InstrumentSession session; // guarded by lock
  private volatile ReconnectPolicy reconnectPolicy =
      new ReconnectPolicy(false, ReconnectPolicy.FIRST_DELAY, ReconnectPolicy.DEFAULT_MAX_DELAY);
  private Reconnector reconnector; // guarded by lock
  private String resumeState = States.LINKED; // guarded by lock: where a reconnect returns to
  private boolean closed; // guarded by lock
  private volatile String longCommandState; // the running state of the long command under way
  private final AtomicLong revision = new AtomicLong(1);

  protected AbstractInstrumentManager(ImModel model) {
    this.model = model;
    for (ParameterSpec p : model.parameters()) {
      parameters.put(p.name(), p.defaultValue());
    }
  }

  /** A model builder that already has the standard commands: link, unlink, start, stop, reset. */
  protected static ImModel.Builder standardModel(String type) {
    return ImModel.builder(type)
        .command(
            CommandSpec.of(
                LINK,
                Set.of(States.UNLINKED, States.ERROR),
                States.LINKED,
                "Connect to the instrument and apply the parameters."))
        .command(
            CommandSpec.of(
                UNLINK,
                Set.of(States.LINKED, States.RUNNING, States.ERROR),
                States.UNLINKED,
                "Release the instrument."))
        .command(
            CommandSpec.of(
                START, Set.of(States.LINKED), States.RUNNING, "Begin continuous acquisition."))
        .command(
            CommandSpec.of(
                STOP, Set.of(States.RUNNING), States.LINKED, "End continuous acquisition."))
        .command(
            CommandSpec.of(
                RESET,
                Set.of(States.LINKED, States.RUNNING, States.ERROR),
                States.LINKED,
                "Reconnect to the instrument and re-apply the parameters."));
  }

  // ---- hooks ---------------------------------------------------------------------------------

  /** Reads an attribute from the instrument. */
  protected abstract Value readAttribute(InstrumentSession session, AttributeSpec attribute)
      throws InstrumentException, ImException;

  /**
   * Refuses a valid value that {@link #applyParameter} could not send, before it is taken: a value
   * set while UNLINKED or restored at start is sent only at the next link, which it must not break.
   * Default: every valid value can be sent.
   *
   * @throws ImException INVALID_VALUE (or WRONG_TYPE) saying why
   */
  protected void checkSendable(ParameterSpec parameter, Value value) throws ImException {}

  /** Sends a parameter to the instrument. Default: the parameter concerns the IM only. */
  protected void applyParameter(InstrumentSession session, ParameterSpec parameter, Value value)
      throws InstrumentException, ImException {}

  /** Writes a writable attribute. Only called for attributes whose spec is writable. */
  protected void writeAttribute(InstrumentSession session, AttributeSpec attribute, Value value)
      throws InstrumentException, ImException {
    throw new ImException(
        FaultCode.INTERNAL_ERROR, "writeAttribute not implemented for " + attribute.name());
  }

  /**
   * Reads a parameter's current value from the instrument, for link mode {@link
   * LinkMode#READ_BACK}; called in {@link #readBackOrder()}, so a query may depend on parameters
   * read before it (the vertical scale of the channel just read). Must not change anything on the
   * instrument. Default: {@code null}, the parameter cannot be read back (it then keeps the IM's
   * value and is not sent).
   *
   * @throws InstrumentException if the instrument fails or answers out of step
   */
  protected Value readParameter(InstrumentSession session, ParameterSpec parameter)
      throws InstrumentException, ImException {
    return null;
  }

  /**
   * Called right after the session opens (on link, reset and reconnect). Default: applies every
   * parameter in declaration order or, in link mode {@link LinkMode#READ_BACK}, reads them back
   * instead and sends none.
   */
  protected void onLink(InstrumentSession session) throws InstrumentException, ImException {
    if (linkMode == LinkMode.READ_BACK && needsInstrument()) {
      readBack(session);
      return;
    }
    for (ParameterSpec p : model.parameters()) {
      applyParameter(session, p, parameters.get(p.name()));
    }
  }

  /**
   * The order in which {@link #readParameter} is called: parameters that other queries depend on
   * first. Default: declaration order.
   */
  protected List<ParameterSpec> readBackOrder() {
    return model.parameters();
  }

  /** Takes every parameter the instrument can be asked for from it; sends nothing. */
  private void readBack(InstrumentSession session) throws InstrumentException, ImException {
    List<String> read = new java.util.ArrayList<>();
    List<String> kept = new java.util.ArrayList<>();
    for (ParameterSpec p : readBackOrder()) {
      Value v = readParameter(session, p);
      if (v == null) {
        kept.add(p.name());
        continue;
      }
      try {
        record(p.name(), p.spec().validate(v, p.name()), ParameterChange.READ_BACK);
        read.add(p.name() + "=" + parameters.get(p.name()).asString());
      } catch (ImException e) {
        kept.add(p.name());
        LOG.log(
            Level.WARNING,
            "{0}: the instrument''s {1} does not fit the model, kept the IM''s value: {2}",
            path(),
            p.name(),
            e.getMessage());
      }
    }
    LOG.log(
        Level.INFO,
        "{0}: read back from the instrument, nothing sent: {1}{2}",
        path(),
        read,
        kept.isEmpty() ? "" : "; not read back (the IM's values, not sent): " + kept);
  }

  /** Called before the session closes on unlink and reset. Default: nothing. */
  protected void onUnlink(InstrumentSession session) throws InstrumentException, ImException {}

  /** Begins continuous acquisition. Default: nothing to tell the instrument. */
  protected void onStart(InstrumentSession session) throws InstrumentException, ImException {}

  /** Ends continuous acquisition. Default: nothing to tell the instrument. */
  protected void onStop(InstrumentSession session) throws InstrumentException, ImException {}

  /** Runs a command other than the standard ones; arguments are validated and complete. */
  protected Value onCommand(InstrumentSession session, CommandSpec command, Map<String, Value> args)
      throws InstrumentException, ImException {
    throw new ImException(
        FaultCode.INTERNAL_ERROR, "command " + command.name() + " not implemented");
  }

  /**
   * One step of a session used by a long-running command: runs with the lock held and the live
   * session, like the other hooks.
   */
  @FunctionalInterface
  protected interface SessionStep<T> {
    T apply(InstrumentSession session) throws InstrumentException, ImException;
  }

  /**
   * Runs a long-running command ({@link CommandSpec#isLongRunning()}); arguments are validated and
   * complete, and the IM is in the command's running state. Called without the lock: use {@link
   * #step} for every exchange with the instrument, report through {@code progress}, and call {@link
   * CommandProgress#checkCancelled()} between steps.
   *
   * @return the final result, or {@code null}
   */
  protected Value onLongCommand(
      CommandSpec command, Map<String, Value> args, CommandProgress progress) throws ImException {
    throw new ImException(
        FaultCode.INTERNAL_ERROR, "command " + command.name() + " not implemented");
  }

  /**
   * Called, with the lock held, when a long-running command stops before it finished (cancelled, or
   * failed while the instrument still answers): leave the instrument in a defined state (stop an
   * acquisition, abort a measurement). Default: nothing. Not called when the instrument was lost.
   */
  protected void onLongCommandStopped(InstrumentSession session, CommandSpec command)
      throws InstrumentException, ImException {}

  /**
   * Runs one step of a long-running command with the lock held and the live session. A lost
   * connection puts the IM in ERROR as for any request.
   *
   * @throws ImException from the step, or INSTRUMENT_ERROR if the IM left the command's running
   *     state (lost its instrument, closed)
   */
  protected <T> T step(SessionStep<T> step) throws ImException {
    lock.lock();
    try {
      String running = longCommandState;
      if (running == null || !state.equals(running)) {
        throw new ImException(
            FaultCode.INSTRUMENT_ERROR,
            path() + " is no longer running the command (now " + state + ")");
      }
      return step.apply(liveSession());
    } catch (InstrumentException e) {
      throw connectionLost(e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * The model of an IM whose parameters, attributes and commands come from its configuration (a
   * descriptor file); called by {@link #open} before the configured parameters are read. Default:
   * the model given to the constructor.
   */
  protected ImModel configureModel(ImContext ctx) throws ImException {
    return model;
  }

  /** Whether this IM drives an instrument. An IM that only groups others returns false. */
  protected boolean needsInstrument() {
    return true;
  }

  /** The configuration this IM was opened with, or {@code null} before {@link #open}. */
  protected ImContext context() {
    return context;
  }

  /** Records a parameter value read back from the instrument (e.g. after an autoscale). */
  protected void updateParameter(String name, Value value) throws ImException {
    record(name, model.parameter(name).spec().validate(value, name), ParameterChange.INSTRUMENT);
  }

  /** The link mode this IM was opened with. */
  protected LinkMode linkMode() {
    return linkMode;
  }

  /** Takes a validated value and tells the listeners. */
  private void record(String name, Value value, ParameterChange change) {
    parameters.put(name, value);
    revision.incrementAndGet(); // before the listeners, which log the change under it
    for (ParameterListener l : parameterListeners) {
      try {
        l.parameterChanged(this, name, value, change);
      } catch (RuntimeException ex) {
        LOG.log(Level.WARNING, "parameter listener failed", ex);
      }
    }
  }

  // ---- InstrumentManager ---------------------------------------------------------------------

  @Override
  public ImModel model() {
    return model;
  }

  @Override
  public String path() {
    ImContext c = context;
    return c == null ? model.type() : c.path();
  }

  @Override
  public String state() {
    return state;
  }

  @Override
  public String lastError() {
    return lastError;
  }

  @Override
  public void addStateListener(StateListener listener) {
    listeners.add(listener);
  }

  @Override
  public void addParameterListener(ParameterListener listener) {
    parameterListeners.add(listener);
  }

  @Override
  public Value getAttribute(String name) throws ImException {
    AttributeSpec a = model.attribute(name);
    checkState(a.readableIn(), "reading attribute '" + name + "'");
    lock.lock();
    try {
      checkState(a.readableIn(), "reading attribute '" + name + "'");
      return readAttribute(liveSession(), a);
    } catch (InstrumentException e) {
      throw connectionLost(e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long provenanceRevision() {
    return revision.get();
  }

  @Override
  public Value getParameter(String name) throws ImException {
    model.parameter(name);
    return parameters.get(name);
  }

  @Override
  public Value setParameter(String name, Value value) throws ImException {
    ParameterSpec p = model.parameter(name);
    Value v = accept(p, value).withTimestamp(Instant.now());
    checkState(p.settableIn(), "setting parameter '" + name + "'");
    lock.lock();
    try {
      checkState(p.settableIn(), "setting parameter '" + name + "'");
      if (session != null) {
        applyParameter(session, p, v);
      }
      record(name, v, ParameterChange.SET);
      return v;
    } catch (InstrumentException e) {
      throw connectionLost(e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Value setAttribute(String name, Value value) throws ImException {
    AttributeSpec a = model.attribute(name);
    if (!a.writable()) {
      throw new ImException(FaultCode.READ_ONLY, "attribute '" + name + "' is read-only");
    }
    Value v = a.spec().validate(value, name).withTimestamp(Instant.now());
    checkState(a.writableIn(), "writing attribute '" + name + "'");
    lock.lock();
    try {
      checkState(a.writableIn(), "writing attribute '" + name + "'");
      writeAttribute(liveSession(), a, v);
      return v;
    } catch (InstrumentException e) {
      throw connectionLost(e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Value executeCommand(String name, Map<String, Value> arguments) throws ImException {
    CommandSpec c = model.command(name);
    if (c.isLongRunning()) {
      return beginCommand(name, arguments).run(CommandProgress.NONE);
    }
    Map<String, Value> args = validateArguments(c, arguments == null ? Map.of() : arguments);
    checkState(c.allowedIn(), "command '" + name + "'");
    lock.lock();
    try {
      checkState(c.allowedIn(), "command '" + name + "'");
      Value result = runCommand(c, args);
      if (c.targetState() != null) {
        moveTo(c.targetState(), "");
      }
      return result;
    } catch (InstrumentException e) {
      throw connectionLost(e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public CommandExecution beginCommand(String name, Map<String, Value> arguments)
      throws ImException {
    CommandSpec c = model.command(name);
    Map<String, Value> given = arguments == null ? Map.of() : arguments;
    Map<String, Value> args = validateArguments(c, given);
    checkState(c.allowedIn(), "command '" + name + "'");
    if (!c.isLongRunning()) {
      return progress -> executeCommand(name, given);
    }
    String from;
    lock.lock();
    try {
      checkState(c.allowedIn(), "command '" + name + "'");
      from = state;
      longCommandState = c.runningState();
      moveTo(c.runningState(), "");
    } finally {
      lock.unlock();
    }
    AtomicBoolean ran = new AtomicBoolean();
    return progress -> {
      if (!ran.compareAndSet(false, true)) {
        throw new ImException(FaultCode.INTERNAL_ERROR, "command " + name + " already ran");
      }
      return runLong(c, args, from, progress);
    };
  }

  /** Runs a long command's body, then leaves its running state however it ended. */
  private Value runLong(
      CommandSpec c, Map<String, Value> args, String from, CommandProgress progress)
      throws ImException {
    boolean succeeded = false;
    try {
      progress.checkCancelled();
      Value result = onLongCommand(c, args, progress);
      succeeded = true;
      return result;
    } finally {
      lock.lock();
      try {
        if (state.equals(c.runningState())) {
          if (!succeeded) {
            stopQuietly(c);
          }
          if (state.equals(c.runningState())) {
            moveTo(succeeded && c.targetState() != null ? c.targetState() : from, "");
          }
        }
        longCommandState = null;
      } finally {
        lock.unlock();
      }
    }
  }

  /** Called with the lock held: puts the instrument in a defined state after a stopped command. */
  private void stopQuietly(CommandSpec c) {
    try {
      onLongCommandStopped(session, c);
    } catch (InstrumentException e) {
      connectionLost(e);
    } catch (ImException | RuntimeException e) {
      LOG.log(
          Level.WARNING,
          "{0}: after {1} stopped, could not reset the instrument: {2}",
          path(),
          c.name(),
          e.getMessage());
    }
  }

  private Value runCommand(CommandSpec c, Map<String, Value> args)
      throws InstrumentException, ImException {
    switch (c.name()) {
      case LINK -> {
        connect();
        return null;
      }
      case RESET -> {
        unlinkQuietly();
        connect();
        return null;
      }
      case UNLINK -> {
        unlinkQuietly();
        resumeState = States.LINKED;
        return null;
      }
      case START -> {
        onStart(liveSession());
        return null;
      }
      case STOP -> {
        onStop(liveSession());
        return null;
      }
      default -> {
        return onCommand(liveSession(), c, args);
      }
    }
  }

  @Override
  public void open(ImContext ctx) throws ImException {
    ImModel configured = configureModel(ctx);
    if (configured != model) {
      model = configured;
      parameters.clear();
      for (ParameterSpec p : configured.parameters()) {
        parameters.put(p.name(), p.defaultValue());
      }
    }
    ReconnectPolicy policy = ReconnectPolicy.from(ctx);
    LinkMode mode;
    try {
      mode = ctx.linkMode();
    } catch (IllegalArgumentException e) {
      throw new ImException(FaultCode.INVALID_VALUE, ctx.path() + ": " + e.getMessage(), e);
    }
    for (Map.Entry<String, String> e : ctx.parameters().entrySet()) {
      ParameterSpec p = model.parameter(e.getKey());
      parameters.put(
          p.name(), accept(p, p.spec().parse(e.getValue(), ctx.path() + " parameter " + p.name())));
    }
    this.context = ctx;
    lock.lock();
    try {
      linkMode = mode;
      restore(ctx);
      reconnectPolicy = policy;
      closed = false;
      if (reconnector == null && needsInstrument()) {
        reconnector = new Reconnector(ctx.path());
      }
    } finally {
      lock.unlock();
    }
    if (ctx.autoLink()) {
      boolean start =
          ctx.autoStart() && model.commands().stream().anyMatch(c -> c.name().equals(START));
      try {
        executeCommand(LINK, Map.of());
        if (start) {
          executeCommand(START, Map.of());
        }
      } catch (ImException e) {
        LOG.log(Level.WARNING, "{0}: could not link at start-up: {1}", ctx.path(), e.getMessage());
        if (start) {
          lock.lock();
          try {
            resumeState = States.RUNNING; // once the instrument is there, acquire as configured
          } finally {
            lock.unlock();
          }
        }
      }
    }
  }

  @Override
  public void close() {
    lock.lock();
    try {
      closed = true;
      if (reconnector != null) {
        reconnector.close();
        reconnector = null;
      }
      disconnect();
      if (!state.equals(States.UNLINKED)) {
        moveTo(States.UNLINKED, "");
      }
    } finally {
      lock.unlock();
    }
  }

  // ---- internals -----------------------------------------------------------------------------

  /**
   * Takes the values kept from the last run, each checked exactly as a client's set is ({@link
   * #accept}): the file is the IE's, but whatever it holds must not stop the IM from linking. One
   * that is refused (it no longer fits the model, or was never fit to send) is skipped, not fatal:
   * the configured value stays and the listeners are told.
   */
  private void restore(ImContext ctx) {
    for (Map.Entry<String, String> e : ctx.restored().entrySet()) {
      try {
        ParameterSpec p = model.parameter(e.getKey());
        Value v = accept(p, p.spec().parse(e.getValue(), p.name()));
        record(p.name(), v, ParameterChange.RESTORED);
      } catch (ImException ex) {
        LOG.log(
            Level.WARNING,
            "{0}: not restored (the configuration''s value stays): {1}",
            ctx.path(),
            FreeText.escape(ex.getMessage()));
        for (ParameterListener l : parameterListeners) {
          try {
            l.restoreRefused(this, e.getKey(), e.getValue(), ex);
          } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "parameter listener failed", failed);
          }
        }
      }
    }
  }

  /**
   * The check every value a parameter takes from outside passes, whoever gives it (a client's set,
   * the configuration, the values kept from the last run): its spec (type, range, choices, control
   * characters), then what the instrument's protocol cannot carry ({@link #checkSendable}). One
   * code path, so that nothing reaches a parameter that a client could not have set.
   */
  private Value accept(ParameterSpec p, Value value) throws ImException {
    Value v = p.spec().validate(value, p.name());
    checkSendable(p, v);
    return v;
  }

  private void connect() throws InstrumentException, ImException {
    ImContext ctx = context;
    if (ctx == null) {
      throw new ImException(FaultCode.INTERNAL_ERROR, "IM not opened");
    }
    if (!needsInstrument()) {
      onLink(null);
      return;
    }
    if (ctx.address() == null || ctx.address().isBlank()) {
      throw new ImException(
          FaultCode.INSTRUMENT_ERROR, ctx.path() + " has no instrument address configured");
    }
    InstrumentSession s =
        ctx.resources().open(ctx.address(), SessionOptions.DEFAULTS.withTimeout(ctx.timeout()));
    revision.incrementAndGet(); // a new link: the instrument may have been changed meanwhile
    try {
      session = s;
      onLink(s);
    } catch (InstrumentException | ImException | RuntimeException e) {
      disconnect();
      throw e;
    }
    if (reconnector != null) {
      reconnector.reset();
    }
  }

  /**
   * One reconnect attempt, on the reconnector's thread. Does nothing if the IM left ERROR in the
   * meantime (an operator's link, reset or unlink).
   */
  private void reconnect() {
    lock.lock();
    try {
      if (reconnector != null) {
        reconnector.attemptStarted();
      }
      if (closed || !state.equals(States.ERROR)) {
        return;
      }
      String target = resumeState;
      try {
        connect();
        if (target.equals(States.RUNNING)) {
          onStart(session);
        }
        LOG.log(Level.INFO, "{0}: instrument back, now {1}", path(), target);
        moveTo(target, "");
      } catch (InstrumentException | ImException | RuntimeException e) {
        disconnect();
        lastError = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        scheduleReconnect();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Called with the lock held, in ERROR. */
  private void scheduleReconnect() {
    if (reconnector != null && !closed && needsInstrument()) {
      reconnector.schedule(reconnectPolicy, this::reconnect);
    }
  }

  /** Tells the subclass, then closes the session; an instrument failure here does not matter. */
  private void unlinkQuietly() {
    if (session != null || !needsInstrument()) {
      try {
        onUnlink(session);
      } catch (InstrumentException | ImException | RuntimeException e) {
        LOG.log(Level.INFO, "{0}: ignored while unlinking: {1}", path(), e.getMessage());
      }
    }
    disconnect();
  }

  private void disconnect() {
    InstrumentSession s = session;
    session = null;
    if (s != null) {
      s.close();
    }
  }

  /** The open session; only called where the state machine guarantees one. */
  private InstrumentSession liveSession() throws ImException {
    if (session == null && needsInstrument()) {
      throw new ImException(FaultCode.INTERNAL_ERROR, path() + ": no session in state " + state);
    }
    return session;
  }

  private ImException connectionLost(InstrumentException e) {
    disconnect();
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (state.equals(States.RUNNING)) {
      resumeState = States.RUNNING;
    } else if (!state.equals(States.ERROR)) {
      resumeState = States.LINKED;
    }
    moveTo(States.ERROR, reason);
    scheduleReconnect();
    LOG.log(Level.WARNING, "{0}: instrument failure, now in ERROR: {1}", path(), reason);
    FaultCode code =
        e instanceof InstrumentTimeoutException
            ? FaultCode.INSTRUMENT_TIMEOUT
            : FaultCode.INSTRUMENT_ERROR;
    return new ImException(code, path() + ": " + reason, e);
  }

  private void moveTo(String next, String error) {
    String previous = state;
    lastError = error;
    state = next;
    if (!previous.equals(next)) {
      for (StateListener l : listeners) {
        try {
          l.stateChanged(this, previous, next);
        } catch (RuntimeException ex) {
          LOG.log(Level.WARNING, "state listener failed", ex);
        }
      }
    }
  }

  private void checkState(Set<String> allowed, String what) throws ImException {
    String s = state;
    if (allowed.contains(s)) {
      return;
    }
    if (s.equals(States.ERROR)) {
      throw new ImException(
          FaultCode.INSTRUMENT_ERROR,
          path()
              + " is in ERROR ("
              + lastError
              + "): "
              + what
              + " needs one of "
              + sorted(allowed));
    }
    throw new ImException(
        FaultCode.NOT_ALLOWED_IN_STATE,
        what + " is not allowed in state " + s + " (allowed in " + sorted(allowed) + ")");
  }

  private static List<String> sorted(Set<String> states) {
    return states.stream().sorted().toList();
  }

  private static Map<String, Value> validateArguments(CommandSpec c, Map<String, Value> given)
      throws ImException {
    Map<String, Value> out = new HashMap<>();
    for (String n : given.keySet()) {
      if (c.arguments().stream().noneMatch(a -> a.name().equals(n))) {
        throw new ImException(
            FaultCode.UNKNOWN_ARGUMENT, "command '" + c.name() + "' has no argument '" + n + "'");
      }
    }
    for (ArgumentSpec a : c.arguments()) {
      Value v = given.get(a.name());
      if (v == null) {
        if (a.required()) {
          throw new ImException(
              FaultCode.MISSING_ARGUMENT,
              "command '"
                  + c.name()
                  + "' needs argument '"
                  + a.name()
                  + "' ("
                  + a.spec().describe()
                  + ")");
        }
        v = a.defaultValue();
      }
      out.put(a.name(), a.spec().validate(v, c.name() + " argument " + a.name()));
    }
    return out;
  }
}
