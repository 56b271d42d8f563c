package org.instrumentelement.im.managers;

import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.ial.trace.TraceStatistics;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ScpiInstrumentManager;
import org.instrumentelement.im.command.CommandProgress;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;

/**
 * A digital storage oscilloscope. Parameters configure the acquisition (channel, timebase, vertical
 * scale, trigger); {@code waveform} is the trace in volts. While LINKED the scope holds its last
 * trace ({@code single} takes a new one); {@code start} makes it acquire continuously. Speaks the
 * SCPI dialect of the mock oscilloscope ({@code MOCK::oscilloscope}).
 */
public class OscilloscopeManager extends ScpiInstrumentManager {
  private static final Instant EPOCH = Instant.EPOCH;

  /** The long-running command that averages traces. */
  public static final String ACQUIRE_AVERAGE = "acquireAverage";

  /**
   * The state while {@value #ACQUIRE_AVERAGE} runs: no parameter, trace or command but the identity
   * until it ends.
   */
  public static final String AVERAGING = "AVERAGING";

  /** Divisions the screen spans: one trace takes 10 x timebase to acquire. */
  private static final int DIVISIONS = 10;

  static final ImModel MODEL =
      standardModel("oscilloscope")
          .description(
              "Digital storage oscilloscope: 4 channels, timebase, trigger, waveform in volts.")
          .parameter(
              ParameterSpec.of(
                  "channel",
                  ValueSpec.choice("CH1", "CH2", "CH3", "CH4"),
                  Value.ofEnum("CH1", EPOCH),
                  "The input channel acquired into the waveform."))
          .parameter(
              ParameterSpec.of(
                  "timebase",
                  ValueSpec.number("s/div", 1e-9, 50),
                  Value.ofDouble(1e-3, EPOCH),
                  "Horizontal scale; the screen spans 10 divisions."))
          .parameter(
              ParameterSpec.of(
                  "voltsPerDiv",
                  ValueSpec.number("V/div", 0.001, 10),
                  Value.ofDouble(0.5, EPOCH),
                  "Vertical scale of the acquired channel; the screen spans 8 divisions."))
          .parameter(
              ParameterSpec.of(
                  "offset",
                  ValueSpec.number("V", -40, 40),
                  Value.ofDouble(0, EPOCH),
                  "Voltage at the centre of the screen for the acquired channel."))
          .parameter(
              ParameterSpec.of(
                  "coupling",
                  ValueSpec.choice("DC", "AC", "GND"),
                  Value.ofEnum("DC", EPOCH),
                  "Input coupling of the acquired channel."))
          .parameter(
              ParameterSpec.of(
                      "points",
                      ValueSpec.integer(100, 1_000_000),
                      Value.ofInteger(2500, EPOCH),
                      "Samples per waveform.")
                  .settableIn(States.UNLINKED, States.LINKED))
          .parameter(
              ParameterSpec.of(
                  "triggerSource",
                  ValueSpec.choice("CH1", "CH2", "CH3", "CH4"),
                  Value.ofEnum("CH1", EPOCH),
                  "Channel whose signal triggers acquisitions."))
          .parameter(
              ParameterSpec.of(
                  "triggerSlope",
                  ValueSpec.choice("RISING", "FALLING"),
                  Value.ofEnum("RISING", EPOCH),
                  "Edge that triggers."))
          .parameter(
              ParameterSpec.of(
                  "triggerMode",
                  ValueSpec.choice("AUTO", "NORMAL"),
                  Value.ofEnum("AUTO", EPOCH),
                  "AUTO free-runs without a trigger; NORMAL keeps the last trace."))
          .attribute(
              AttributeSpec.readOnly(
                      "waveform",
                      ValueSpec.vector("V"),
                      "The trace of the acquired channel, in volts.")
                  .asSubscribable())
          .attribute(
              AttributeSpec.readOnly(
                      "peakToPeak", ValueSpec.number("V"), "Maximum minus minimum of a new trace.")
                  .asSubscribable())
          .attribute(
              AttributeSpec.readOnly(
                  "timeIncrement", ValueSpec.number("s"), "Time between two waveform samples."))
          .attribute(
              AttributeSpec.readOnly(
                  "timeOrigin",
                  ValueSpec.number("s"),
                  "Time of the first waveform sample relative to the trigger."))
          .attribute(
              AttributeSpec.writable(
                  "triggerLevel", ValueSpec.number("V", -40, 40), "Trigger threshold."))
          .attribute(
              AttributeSpec.readOnly(
                  "acquisitionState",
                  ValueSpec.choice("RUN", "STOP", "SINGLE"),
                  "Whether the scope is acquiring."))
          .attribute(
              AttributeSpec.readOnly("identity", ValueSpec.text(), "The instrument's *IDN? reply.")
                  .readableIn(States.LINKED, States.RUNNING, AVERAGING))
          .command(
              CommandSpec.of(
                  "single", Set.of(States.LINKED), null, "Acquire one trace and hold it."))
          .command(
              CommandSpec.of(
                  "autoscale",
                  States.CONNECTED,
                  null,
                  "Let the scope choose timebase and vertical scale; the parameters follow."))
          .command(
              CommandSpec.of(
                      "measure",
                      States.CONNECTED,
                      null,
                      "Acquire a trace and return one figure of it, in volts.")
                  .withArguments(
                      new ArgumentSpec(
                          "quantity",
                          ValueSpec.choice("PEAK_TO_PEAK", "MIN", "MAX", "MEAN", "RMS"),
                          null,
                          "Which figure of the trace.")))
          .command(
              CommandSpec.of(
                      ACQUIRE_AVERAGE,
                      Set.of(States.LINKED),
                      null,
                      "Acquire count traces and return their average (long-running: progress per"
                          + " trace, each trace's peak-to-peak as an intermediate result; no"
                          + " parameter change meanwhile).")
                  .withArguments(
                      new ArgumentSpec(
                          "count",
                          ValueSpec.integer(1, 10_000),
                          Value.ofInteger(16, EPOCH),
                          "How many traces to average."))
                  .longRunning(AVERAGING))
          .build();

  public OscilloscopeManager() {
    super(MODEL);
  }

  @Override
  protected void onLink(InstrumentSession s) throws InstrumentException, ImException {
    s.write("*CLS");
    String idn = s.query("*IDN?");
    if (idn.split(",").length < 2) {
      throw new ImException(FaultCode.INSTRUMENT_ERROR, "unexpected *IDN? reply: '" + idn + "'");
    }
    send(s, ":STOP");
    super.onLink(s);
  }

  @Override
  protected void onStart(InstrumentSession s) throws InstrumentException, ImException {
    send(s, ":RUN");
  }

  @Override
  protected void onStop(InstrumentSession s) throws InstrumentException, ImException {
    send(s, ":STOP");
  }

  @Override
  protected void applyParameter(InstrumentSession s, ParameterSpec p, Value v)
      throws InstrumentException, ImException {
    int ch = channel(p.name().equals("channel") ? v : getParameter("channel"));
    switch (p.name()) {
      case "channel" -> {
        send(s, ":WAVeform:SOURce CHAN" + ch);
        // The vertical settings belong to the acquired channel: carry them over.
        send(s, ":CHANnel" + ch + ":SCALe " + scpi(getParameter("voltsPerDiv")));
        send(s, ":CHANnel" + ch + ":OFFSet " + scpi(getParameter("offset")));
        send(s, ":CHANnel" + ch + ":COUPling " + scpi(getParameter("coupling")));
      }
      case "timebase" -> send(s, ":TIMebase:SCALe " + scpi(v));
      case "voltsPerDiv" -> send(s, ":CHANnel" + ch + ":SCALe " + scpi(v));
      case "offset" -> send(s, ":CHANnel" + ch + ":OFFSet " + scpi(v));
      case "coupling" -> send(s, ":CHANnel" + ch + ":COUPling " + scpi(v));
      case "points" -> send(s, ":WAVeform:POINts " + scpi(v));
      case "triggerSource" -> send(s, ":TRIGger:SOURce CHAN" + channel(v));
      case "triggerSlope" ->
          send(s, ":TRIGger:SLOPe " + (v.asString().equals("RISING") ? "POS" : "NEG"));
      case "triggerMode" ->
          send(s, ":TRIGger:SWEep " + (v.asString().equals("AUTO") ? "AUTO" : "NORM"));
      default -> throw new ImException(FaultCode.INTERNAL_ERROR, "unhandled parameter " + p.name());
    }
  }

  /** The query form of every parameter, answered in the mock oscilloscope's dialect. */
  @Override
  protected Value readParameter(InstrumentSession s, ParameterSpec p)
      throws InstrumentException, ImException {
    int ch = channel(getParameter("channel")); // read back first: it is declared first
    Instant now = Instant.now();
    return switch (p.name()) {
      case "channel" -> Value.ofEnum(channelChoice(s, ":WAVeform:SOURce?"), now);
      case "timebase" -> Value.ofDouble(queryNumber(s, ":TIMebase:SCALe?"), now);
      case "voltsPerDiv" -> Value.ofDouble(queryNumber(s, ":CHANnel" + ch + ":SCALe?"), now);
      case "offset" -> Value.ofDouble(queryNumber(s, ":CHANnel" + ch + ":OFFSet?"), now);
      case "coupling" -> Value.ofEnum(s.query(":CHANnel" + ch + ":COUPling?").trim(), now);
      case "points" -> Value.ofInteger(Math.round(queryNumber(s, ":WAVeform:POINts?")), now);
      case "triggerSource" -> Value.ofEnum(channelChoice(s, ":TRIGger:SOURce?"), now);
      case "triggerSlope" ->
          Value.ofEnum(token(s, ":TRIGger:SLOPe?", Map.of("POS", "RISING", "NEG", "FALLING")), now);
      case "triggerMode" ->
          Value.ofEnum(token(s, ":TRIGger:SWEep?", Map.of("AUTO", "AUTO", "NORM", "NORMAL")), now);
      default -> null;
    };
  }

  /** A {@code CHAN<n>} reply as the choice {@code CH<n>}. */
  private static String channelChoice(InstrumentSession s, String query)
      throws InstrumentException {
    String reply = s.query(query).trim().toUpperCase(java.util.Locale.ROOT);
    if (!reply.matches("CHAN[1-4]")) {
      throw new InstrumentException(
          "expected CHAN1..CHAN4 in reply to " + query + ", got '" + reply + "'");
    }
    return "CH" + reply.charAt(4);
  }

  /** A token reply mapped to the IM's choice. */
  private static String token(InstrumentSession s, String query, Map<String, String> choices)
      throws InstrumentException {
    String reply = s.query(query).trim().toUpperCase(java.util.Locale.ROOT);
    String choice = choices.get(reply);
    if (choice == null) {
      throw new InstrumentException(
          "expected one of "
              + choices.keySet()
              + " in reply to "
              + query
              + ", got '"
              + reply
              + "'");
    }
    return choice;
  }

  @Override
  protected Value readAttribute(InstrumentSession s, AttributeSpec a)
      throws InstrumentException, ImException {
    return switch (a.name()) {
      case "waveform" -> Value.ofDoubles(readTrace(s), Instant.now());
      case "peakToPeak" -> Value.ofDouble(figure(readTrace(s), "PEAK_TO_PEAK"), Instant.now());
        // From the scope's preamble, not from the parameters: a stopped scope holds a trace made
        // with the settings of its acquisition, and the preamble describes that trace.
      case "timeIncrement" -> Value.ofDouble(preamble(s)[1], Instant.now());
      case "timeOrigin" -> Value.ofDouble(preamble(s)[2], Instant.now());
      case "triggerLevel" -> Value.ofDouble(queryNumber(s, ":TRIGger:LEVel?"), Instant.now());
      case "acquisitionState" -> Value.ofEnum(s.query(":ACQuire:STATe?").trim(), Instant.now());
      case "identity" -> queryText(s, "*IDN?");
      default -> throw new ImException(FaultCode.INTERNAL_ERROR, "unhandled attribute " + a.name());
    };
  }

  @Override
  protected void writeAttribute(InstrumentSession s, AttributeSpec a, Value v)
      throws InstrumentException, ImException {
    if (!a.name().equals("triggerLevel")) {
      super.writeAttribute(s, a, v);
    }
    send(s, ":TRIGger:LEVel " + scpi(v));
  }

  @Override
  protected Value onCommand(InstrumentSession s, CommandSpec c, Map<String, Value> args)
      throws InstrumentException, ImException {
    switch (c.name()) {
      case "single" -> send(s, ":SINGle");
      case "autoscale" -> {
        send(s, ":AUToscale");
        int ch = channel(getParameter("channel"));
        Instant now = Instant.now();
        updateParameter("timebase", Value.ofDouble(queryNumber(s, ":TIMebase:SCALe?"), now));
        updateParameter(
            "voltsPerDiv", Value.ofDouble(queryNumber(s, ":CHANnel" + ch + ":SCALe?"), now));
        updateParameter(
            "offset", Value.ofDouble(queryNumber(s, ":CHANnel" + ch + ":OFFSet?"), now));
        updateParameter(
            "coupling", Value.ofEnum(s.query(":CHANnel" + ch + ":COUPling?").trim(), now));
      }
      case "measure" -> {
        return Value.ofDouble(figure(readTrace(s), args.get("quantity").asString()), Instant.now());
      }
      default -> super.onCommand(s, c, args);
    }
    return null;
  }

  /**
   * Averages {@code count} single acquisitions. Each trace takes at least the time its screen spans
   * (10 x timebase), as on a real scope; the lock is held only to trigger and read one trace, so
   * the identity can be read meanwhile.
   */
  @Override
  protected Value onLongCommand(CommandSpec c, Map<String, Value> args, CommandProgress progress)
      throws ImException {
    if (!c.name().equals(ACQUIRE_AVERAGE)) {
      return super.onLongCommand(c, args, progress);
    }
    int count = (int) args.get("count").asLong();
    Duration screen =
        Duration.ofNanos((long) (getParameter("timebase").asDouble() * DIVISIONS * 1e9));
    double[] sum = null;
    for (int i = 1; i <= count; i++) {
      progress.checkCancelled();
      step(
          s -> {
            send(s, ":SINGle");
            return null;
          });
      progress.pause(screen);
      double[] trace = step(OscilloscopeManager::readTrace);
      if (sum == null) {
        sum = new double[trace.length];
      } else if (trace.length != sum.length) {
        throw new ImException(
            FaultCode.INSTRUMENT_ERROR,
            "trace " + i + " has " + trace.length + " points, the first had " + sum.length);
      }
      for (int k = 0; k < trace.length; k++) {
        sum[k] += trace[k];
      }
      progress.intermediate(Value.ofDouble(figure(trace, "PEAK_TO_PEAK"), Instant.now()));
      progress.report((double) i / count, "trace " + i + " of " + count);
    }
    for (int k = 0; k < sum.length; k++) {
      sum[k] /= count;
    }
    return Value.ofDoubles(sum, Instant.now());
  }

  /** A stopped average leaves the scope stopped, holding its last trace, as after link. */
  @Override
  protected void onLongCommandStopped(InstrumentSession s, CommandSpec c)
      throws InstrumentException, ImException {
    send(s, ":STOP");
  }

  /** One figure of a trace (0 for an empty one); {@code quantity} is a choice of "measure". */
  private static double figure(double[] v, String quantity) {
    if (v.length == 0) {
      return 0;
    }
    TraceStatistics s = TraceStatistics.of(v);
    return switch (quantity) {
      case "PEAK_TO_PEAK" -> s.peakToPeak();
      case "MIN" -> s.min();
      case "MAX" -> s.max();
      case "MEAN" -> s.mean();
      case "RMS" -> s.rms();
      default -> throw new IllegalArgumentException("no figure " + quantity);
    };
  }

  /** {@code :WAVeform:PREamble?}: points, seconds between samples, time of the first sample. */
  private static double[] preamble(InstrumentSession s) throws InstrumentException {
    String reply = s.query(":WAVeform:PREamble?").trim();
    String[] fields = reply.split(",");
    if (fields.length < 3) {
      throw new InstrumentException("unexpected :WAVeform:PREamble? reply: '" + reply + "'");
    }
    double[] values = new double[3];
    try {
      for (int i = 0; i < 3; i++) {
        values[i] = Double.parseDouble(fields[i].trim());
      }
    } catch (NumberFormatException e) {
      throw new InstrumentException("unexpected :WAVeform:PREamble? reply: '" + reply + "'");
    }
    return values;
  }

  private static double[] readTrace(InstrumentSession s) throws InstrumentException {
    byte[] block = s.queryBinaryBlock(":WAVeform:DATA?");
    try {
      return BinaryFormat.FLOAT64.decode(block, ByteOrder.LITTLE_ENDIAN);
    } catch (IllegalArgumentException e) {
      throw new InstrumentException("waveform block: " + e.getMessage());
    }
  }

  private static int channel(Value choice) {
    return choice.asString().charAt(2) - '0';
  }
}
