package org.instrumentelement.im.descriptor;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.scpi.CommonCommands;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.ScpiInstrumentManager;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.command.CommandProgress;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * IM type {@code scpi}: any SCPI instrument, as its descriptor file describes it ({@code
 * im.<name>.descriptor} = a bundled profile name, {@code classpath:...} or a file). Parameters,
 * attributes and commands become SCPI through the descriptor's templates; values are validated
 * against their specs and formatted as plain SCPI tokens before any byte is sent.
 */
public class DescriptorInstrumentManager extends ScpiInstrumentManager {
  /** The model before a descriptor is read: only the standard commands. */
  static final ImModel UNCONFIGURED =
      standardModel("scpi")
          .description("A SCPI instrument described by a descriptor file (im.<name>.descriptor).")
          .build();

  private volatile InstrumentDescriptor descriptor;

  public DescriptorInstrumentManager() {
    super(UNCONFIGURED);
  }

  @Override
  protected ImModel configureModel(ImContext ctx) throws ImException {
    String ref = ctx.options().get(ImContext.DESCRIPTOR);
    if (ref == null || ref.isBlank()) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          ctx.path()
              + ": an IM of type scpi needs im.<name>.descriptor (a bundled profile, one of "
              + InstrumentDescriptor.BUNDLED
              + ", or a file)");
    }
    Properties p;
    try {
      p = InstrumentDescriptor.read(ref.trim());
    } catch (IOException e) {
      throw new ImException(
          FaultCode.INVALID_VALUE, ctx.path() + ": descriptor " + ref + ": " + e.getMessage(), e);
    }
    descriptor = DescriptorParser.parse(ref.trim(), p, standardModel("scpi"));
    return descriptor.model();
  }

  /** The descriptor's {@code attribute.<a>.alarm.*} limits. */
  @Override
  public Map<String, Map<Statistic, AlarmLimits>> describedAlarmLimits() {
    InstrumentDescriptor d = descriptor;
    return d == null ? Map.of() : d.alarmLimits();
  }

  @Override
  protected void onLink(InstrumentSession s) throws InstrumentException, ImException {
    InstrumentDescriptor d = descriptor();
    CommonCommands.clearStatus(s);
    CommonCommands.Identity id = CommonCommands.identify(s);
    String idn = String.join(",", id.manufacturer(), id.model(), id.serial(), id.firmware());
    if (d.identity() != null && !d.identity().matcher(idn).find()) {
      throw new ImException(
          FaultCode.INSTRUMENT_ERROR,
          path()
              + ": the instrument is '"
              + idn
              + "', not one the descriptor "
              + d.name()
              + " describes");
    }
    if (d.link() != null) {
      send(s, d.link().render(values(Map.of(), null, Map.of(), Map.of())));
    }
    super.onLink(s);
  }

  @Override
  protected void onStart(InstrumentSession s) throws InstrumentException, ImException {
    if (descriptor().start() != null) {
      send(s, descriptor().start().render(values(Map.of(), null, Map.of(), Map.of())));
    }
  }

  @Override
  protected void onStop(InstrumentSession s) throws InstrumentException, ImException {
    if (descriptor().stop() != null) {
      send(s, descriptor().stop().render(values(Map.of(), null, Map.of(), Map.of())));
    }
  }

  @Override
  protected void applyParameter(InstrumentSession s, ParameterSpec p, Value v)
      throws InstrumentException, ImException {
    Bindings.Parameter b = descriptor().parameters().get(p.name());
    // The new value is not recorded yet: templates must see it, here and in what is re-applied.
    Map<String, Value> pending = Map.of(p.name(), v);
    if (b.set() != null) {
      send(s, b.set().render(values(pending, v, b.tokens(), Map.of())));
    }
    for (String other : b.reapply()) {
      Bindings.Parameter r = descriptor().parameters().get(other);
      if (r.set() != null) {
        Value current = getParameter(other);
        send(s, r.set().render(values(pending, current, r.tokens(), Map.of())));
      }
    }
  }

  /** Parameters that queries name ({@code {channel}}) are read back before the others. */
  @Override
  protected List<ParameterSpec> readBackOrder() {
    Set<String> named = new HashSet<>();
    InstrumentDescriptor d = descriptor;
    if (d != null) {
      for (Bindings.Parameter b : d.parameters().values()) {
        if (b.get() != null) {
          named.addAll(b.get().names());
        }
      }
    }
    List<ParameterSpec> order = new ArrayList<>(model().parameters());
    order.sort(Comparator.comparing(p -> !named.contains(p.name())));
    return order;
  }

  /**
   * A parameter with a {@code get} query, read back; the reply may take the form of the {@code set}
   * argument ({@code CHAN2} for {@code CHAN{value}}). Without a query: {@code null}.
   */
  @Override
  protected Value readParameter(InstrumentSession s, ParameterSpec p)
      throws InstrumentException, ImException {
    Bindings.Parameter b = descriptor().parameters().get(p.name());
    if (b == null || b.get() == null) {
      return null;
    }
    String query = b.get().render(values(Map.of(), null, Map.of(), Map.of()));
    String reply = s.query(query).trim();
    if (b.set() != null) {
      String[] affixes = b.set().valueAffixes();
      if (reply.length() > affixes[0].length() + affixes[1].length()
          && reply.regionMatches(true, 0, affixes[0], 0, affixes[0].length())
          && reply.regionMatches(
              true, reply.length() - affixes[1].length(), affixes[1], 0, affixes[1].length())) {
        reply = reply.substring(affixes[0].length(), reply.length() - affixes[1].length());
      }
    }
    return ReplyConverter.convert(reply, p.spec(), b.tokens(), query);
  }

  @Override
  protected Value readAttribute(InstrumentSession s, AttributeSpec a)
      throws InstrumentException, ImException {
    Bindings.Attribute b = descriptor().attributes().get(a.name());
    ScpiTemplate.Values none = values(Map.of(), null, Map.of(), Map.of());
    if (b.part() == null) {
      String query = b.get().render(none);
      return ReplyConverter.convert(s.query(query), a.spec(), b.tokens(), query);
    }
    Waveform w =
        WaveformReader.read(
            s,
            descriptor().waveform(),
            none,
            this::parameterText,
            b.part().needsData(),
            b.part() == WaveformPart.CODES);
    Instant now = Instant.now();
    return switch (b.part()) {
      case VOLTS -> Value.ofDoubles(w.volts(), now);
      case CODES ->
          w.codes() != null ? Value.ofCodes(w.codes(), now) : Value.ofDoubles(w.volts(), now);
      case TIME -> Value.ofDoubles(w.time(), now);
      case X_INCREMENT -> Value.ofDouble(finite(w.xIncrement(), a), now);
      case X_ORIGIN -> Value.ofDouble(finite(w.firstSampleTime(), a), now);
      case PEAK_TO_PEAK -> Value.ofDouble(w.peakToPeak(), now);
    };
  }

  @Override
  protected void writeAttribute(InstrumentSession s, AttributeSpec a, Value v)
      throws InstrumentException, ImException {
    Bindings.Attribute b = descriptor().attributes().get(a.name());
    send(s, b.set().render(values(Map.of(), v, b.tokens(), Map.of())));
  }

  @Override
  protected Value onCommand(InstrumentSession s, CommandSpec c, Map<String, Value> args)
      throws InstrumentException, ImException {
    Bindings.Command b = descriptor().commands().get(c.name());
    ScpiTemplate.Values withArgs = values(Map.of(), null, Map.of(), args);
    if (b.send() != null) {
      send(s, b.send().render(withArgs));
    }
    Value result = null;
    if (b.query() != null) {
      String query = b.query().render(withArgs);
      result = ReplyConverter.convert(s.query(query), b.result(), Map.of(), query);
    }
    for (String name : b.refresh()) {
      Bindings.Parameter p = descriptor().parameters().get(name);
      String query = p.get().render(withArgs);
      ParameterSpec spec = model().parameter(name);
      updateParameter(name, ReplyConverter.convert(s.query(query), spec.spec(), p.tokens(), query));
    }
    return result;
  }

  /**
   * A long-running command of the descriptor: its steps, each the send, the wait for operation
   * complete ({@code *OPC}, then {@code *ESR?} polled with the lock released between polls, so that
   * the instrument is never blocked in a {@code *OPC?}), and the query, whose reply is an
   * intermediate result. The final result: the numeric replies as a vector, or the last reply.
   */
  @Override
  protected Value onLongCommand(CommandSpec c, Map<String, Value> args, CommandProgress progress)
      throws ImException {
    Bindings.Command b = descriptor().commands().get(c.name());
    Bindings.Steps steps = b.steps();
    long count = Math.round(steps.count().of(args));
    Duration interval = Duration.ofNanos(Math.round(steps.interval().of(args) * 1e9));
    ScpiTemplate.Values withArgs = values(Map.of(), null, Map.of(), args);
    String command = b.send() == null ? null : b.send().render(withArgs);
    String query = b.query() == null ? null : b.query().render(withArgs);
    boolean numeric =
        b.result() != null
            && (b.result().type() == ValueType.DOUBLE || b.result().type() == ValueType.INTEGER);
    double[] numbers = new double[numeric ? (int) Math.min(count, Integer.MAX_VALUE - 8) : 0];
    Value last = null;
    for (long i = 1; i <= count; i++) {
      progress.checkCancelled();
      if (i > 1) {
        progress.pause(interval);
      }
      if (command != null) {
        step(
            s -> {
              send(s, command);
              return null;
            });
      }
      if (steps.waitComplete()) {
        awaitOperationComplete(progress);
      }
      if (query != null) {
        Value v = step(s -> ReplyConverter.convert(s.query(query), b.result(), Map.of(), query));
        progress.intermediate(v);
        if (numeric && i <= numbers.length) {
          numbers[(int) (i - 1)] = v.asDouble();
        }
        last = v;
      }
      progress.report((double) i / count, "step " + i + " of " + count);
    }
    return numeric ? Value.ofDoubles(numbers, Instant.now()) : last;
  }

  /** Polls between {@code *ESR?} reads: short against a step, long against a SCPI round trip. */
  static final Duration OPC_POLL = Duration.ofMillis(20);

  /** {@code *OPC}, then {@code *ESR?} until bit 0 (operation complete), the lock free between. */
  private void awaitOperationComplete(CommandProgress progress) throws ImException {
    step(
        s -> {
          s.write("*OPC");
          return null;
        });
    while (true) {
      int esr = step(s -> (int) queryNumber(s, "*ESR?"));
      if ((esr & 1) != 0) {
        return;
      }
      progress.pause(OPC_POLL);
    }
  }

  /** Sends the descriptor's {@code cancel} message (an ABORt) when a long command stops early. */
  @Override
  protected void onLongCommandStopped(InstrumentSession s, CommandSpec c)
      throws InstrumentException, ImException {
    Bindings.Command b = descriptor().commands().get(c.name());
    if (b != null && b.steps() != null && b.steps().cancel() != null) {
      send(s, b.steps().cancel().render(values(Map.of(), null, Map.of(), Map.of())));
    }
  }

  private InstrumentDescriptor descriptor() throws ImException {
    InstrumentDescriptor d = descriptor;
    if (d == null) {
      throw new ImException(FaultCode.INTERNAL_ERROR, path() + ": no descriptor loaded");
    }
    return d;
  }

  /**
   * How templates see names: {@code value} is the value being set, then command arguments, then
   * parameters (their pending new values first). Every value is formatted by {@link
   * ScpiInstrumentManager#scpi}, which refuses text that is not a plain token.
   */
  private ScpiTemplate.Values values(
      Map<String, Value> pending,
      Value value,
      Map<String, String> valueTokens,
      Map<String, Value> args) {
    return name -> {
      if (name.equals("value")) {
        return format(value, valueTokens);
      }
      if (args.containsKey(name)) {
        return format(args.get(name), Map.of());
      }
      Value v = pending.containsKey(name) ? pending.get(name) : getParameter(name);
      return format(v, descriptor().parameters().get(name).tokens());
    };
  }

  private static String format(Value v, Map<String, String> tokens) throws ImException {
    if (v == null) {
      throw new ImException(FaultCode.INTERNAL_ERROR, "no value for a SCPI template");
    }
    if (v.type() == ValueType.ENUM && tokens.containsKey(v.asString())) {
      return tokens.get(v.asString());
    }
    return scpi(v);
  }

  private String parameterText(String name) {
    try {
      return getParameter(name).asString();
    } catch (ImException e) {
      return "";
    }
  }

  private static double finite(double d, AttributeSpec a) throws InstrumentException {
    if (!Double.isFinite(d)) {
      throw new InstrumentException("the preamble gives no finite " + a.name());
    }
    return d;
  }
}
