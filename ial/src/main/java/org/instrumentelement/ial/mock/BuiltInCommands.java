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
 * the SCPI-99 required {@code SYSTem:ERRor} and {@code SYSTem:VERSion} queries.
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
  }

  private static void add(CommandTree<MockCommand> tree, String header, MockCommand command) {
    tree.add(HeaderPattern.compile(header, 1), command);
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
