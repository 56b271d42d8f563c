package org.instrumentelement.ial.mock;

import static org.instrumentelement.ial.mock.DeviceState.ascii;

import java.util.List;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * What every simulated instrument answers whatever its model: the IEEE 488.2 common commands and
 * the SCPI-99 required {@code SYSTem:ERRor} and {@code SYSTem:VERSion} queries; on a model with
 * Tektronix's event queue ({@code answer.events = tektronix}), also its status and error commands
 * ({@code ALLEv?}, {@code EVENT?}, {@code EVMsg?}, {@code EVQty?}, {@code DESE}).
 */
final class BuiltInCommands {
  /** The headers, as the reference documentation lists them. */
  static final List<String> HEADERS =
      List.of(
          "*IDN?",
          "*RST",
          "*CLS",
          "*OPC",
          "*OPC?",
          "*WAI",
          "*TRG",
          "*ESR?",
          "*ESE",
          "*ESE?",
          "*SRE",
          "*SRE?",
          "*STB?",
          "*TST?",
          ":SYSTem:ERRor[:NEXT]?",
          ":SYSTem:ERRor:COUNt?",
          ":SYSTem:VERSion?");

  /** The headers a model with Tektronix's event queue answers besides. */
  static final List<String> TEKTRONIX_HEADERS =
      List.of("ALLEv?", "EVENT?", "EVMsg?", "EVQty?", "DESE", "DESE?");

  private BuiltInCommands() {}

  /** Adds them to a device's tree. */
  static void addTo(CommandTree<MockCommand> tree, DeviceState d) {
    AnswerForms forms = d.description.answers;
    java.util.function.IntFunction<byte[]> integer = n -> ascii(forms.integer().format(n));
    add(tree, "*IDN?", (ch, p) -> none(p, ascii(d.description.identity)));
    add(
        tree,
        "*RST",
        (ch, p) -> {
          none(p, null);
          d.reset();
          d.changed();
          return null;
        });
    add(
        tree,
        "*CLS",
        (ch, p) -> {
          none(p, null);
          d.status.clear();
          return null;
        });
    add(
        tree,
        "*OPC",
        (ch, p) -> {
          none(p, null);
          d.status.operationComplete();
          return null;
        });
    // The simulator finishes every operation before it reads the next command.
    add(tree, "*OPC?", (ch, p) -> none(p, ascii("1")));
    add(tree, "*WAI", (ch, p) -> none(p, null));
    add(tree, "*TRG", (ch, p) -> none(p, null));
    add(tree, "*ESR?", (ch, p) -> none(p, integer.apply(d.status.readEventStatus())));
    add(
        tree,
        "*ESE",
        (ch, p) -> {
          d.status.eventEnable(mask(p));
          return null;
        });
    add(tree, "*ESE?", (ch, p) -> none(p, integer.apply(d.status.eventEnable())));
    add(
        tree,
        "*SRE",
        (ch, p) -> {
          d.status.serviceEnable(mask(p));
          return null;
        });
    add(tree, "*SRE?", (ch, p) -> none(p, integer.apply(d.status.serviceEnable())));
    add(tree, "*STB?", (ch, p) -> none(p, integer.apply(d.status.statusByte())));
    add(tree, "*TST?", (ch, p) -> none(p, ascii("0")));
    add(
        tree,
        ":SYSTem:ERRor[:NEXT]?",
        (ch, p) -> {
          ScpiError e = d.status.nextError();
          ScpiError entry = e.code() == 0 ? new ScpiError(0, forms.noError()) : e;
          return none(p, ascii(entry.reply(forms.errorCode().format(e.code()))));
        });
    add(tree, ":SYSTem:ERRor:COUNt?", (ch, p) -> none(p, integer.apply(d.status.errorCount())));
    add(tree, ":SYSTem:VERSion?", (ch, p) -> none(p, ascii("1999.0")));
    if (forms.tektronixEvents()) {
      addTektronixEvents(tree, d, integer);
    }
  }

  /**
   * The event queries of a Tektronix scope (4/5/6 Series MSO programmer manual, "Status and Events"
   * and the ALLEv?, EVENT?, EVMsg?, EVQty?, DESE pages): codes and messages as {@code
   * 113,"Undefined header"}, {@code 0,"No events to report - queue empty"} when there is none.
   */
  private static void addTektronixEvents(
      CommandTree<MockCommand> tree,
      DeviceState d,
      java.util.function.IntFunction<byte[]> integer) {
    add(
        tree,
        "EVENT?",
        d.description.prefixes,
        (ch, p) -> none(p, integer.apply(d.status.nextEvent().code())));
    add(
        tree,
        "EVMsg?",
        d.description.prefixes,
        (ch, p) -> none(p, ascii(d.status.nextEvent().reply())));
    add(
        tree,
        "ALLEv?",
        d.description.prefixes,
        (ch, p) -> {
          StringBuilder out = new StringBuilder();
          for (ScpiError e : d.status.allEvents()) {
            out.append(out.isEmpty() ? "" : ",").append(e.reply());
          }
          return none(p, ascii(out.toString()));
        });
    add(
        tree,
        "EVQty?",
        d.description.prefixes,
        (ch, p) -> none(p, integer.apply(d.status.readableEvents())));
    add(
        tree,
        "DESE",
        d.description.prefixes,
        (ch, p) -> {
          d.status.deviceEventEnable(mask(p));
          return null;
        });
    add(
        tree,
        "DESE?",
        d.description.prefixes,
        (ch, p) -> none(p, integer.apply(d.status.deviceEventEnable())));
  }

  private static void add(CommandTree<MockCommand> tree, String header, MockCommand command) {
    tree.add(HeaderPattern.compile(header, 1), command);
  }

  private static void add(
      CommandTree<MockCommand> tree, String header, boolean prefixes, MockCommand command) {
    tree.add(HeaderPattern.compile(header, 1, prefixes), command);
  }

  /** {@code answer}, if the unit came without parameters (-108 otherwise). */
  static byte[] none(List<ProgramData> parameters, byte[] answer) throws ScpiErrorException {
    if (!parameters.isEmpty()) {
      throw new ScpiErrorException(
          ScpiError.PARAMETER_NOT_ALLOWED.withDetail(parameters.get(0).toString()));
    }
    return answer;
  }

  /** The one register mask, 0..255, of {@code *ESE} and {@code *SRE}. */
  private static int mask(List<ProgramData> p) throws ScpiErrorException {
    if (p.isEmpty()) {
      throw new ScpiErrorException(ScpiError.MISSING_PARAMETER);
    }
    if (p.size() > 1) {
      throw new ScpiErrorException(ScpiError.PARAMETER_NOT_ALLOWED);
    }
    if (!p.get(0).isNumeric() || !p.get(0).suffix().isEmpty()) {
      throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(p.get(0).toString()));
    }
    long v = Math.round(p.get(0).number());
    if (v < 0 || v > 255) {
      throw new ScpiErrorException(ScpiError.OUT_OF_RANGE.withDetail(p.get(0).toString()));
    }
    return (int) v;
  }
}
