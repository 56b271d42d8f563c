package org.instrumentelement.ial.mock;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.Keyword;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/** A model's screen pictures in its command tree: the screen as an image file in a block. */
final class ScreenCommands {
  private ScreenCommands() {}

  static void addTo(CommandTree<MockCommand> tree, DeviceState d) {
    for (MockScreen s : d.description.screens) {
      if (s.query() != null) {
        tree.add(s.query(), (ch, p) -> d.definiteBlock(picture(d, s, p)));
      }
    }
  }

  private static byte[] picture(DeviceState d, MockScreen s, List<ProgramData> params)
      throws ScpiErrorException {
    if (params.size() > s.parameters().size()) {
      throw new ScpiErrorException(
          ScpiError.PARAMETER_NOT_ALLOWED.withDetail(params.get(s.parameters().size()).toString()));
    }
    String format = currentFormat(d, s);
    boolean gray = false;
    boolean invert = inverted(d, s);
    for (int i = 0; i < params.size(); i++) {
      ProgramData p = params.get(i);
      String role = s.parameters().get(i);
      if (role.equals("invert") && p.isNumeric() && p.suffix().isEmpty()) {
        invert = Math.round(p.number()) != 0; // 1|ON, 0|OFF
        continue;
      }
      if (p.kind() != ProgramData.Kind.CHARACTER) {
        throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(p.toString()));
      }
      switch (role) {
        case "format" -> format = keyword(s.formats(), p);
        case "palette" -> gray = keyword(s.palettes(), p).equals("gray");
        case "invert" -> invert = keyword(Map.of("ON", "on", "OFF", "off"), p).equals("on");
        default -> {} // ignore: a keyword the model accepts and the simulation does not use
      }
    }
    return draw(d, s, format, gray, invert);
  }

  /** The image format the screen's settings choose, or {@code null} if they choose none. */
  static String currentFormat(DeviceState d, MockScreen s) {
    return d.description.properties.containsKey(s.format())
        ? s.formats().get(formatKey(d, s))
        : s.format();
  }

  /**
   * The keyword of the screen's current format ({@code PNG}), or its format when no property
   * chooses one.
   */
  static String formatKey(DeviceState d, MockScreen s) {
    return d.description.properties.containsKey(s.format())
        ? String.valueOf(d.settings.value(s.format(), 1)).toUpperCase(Locale.ROOT)
        : s.format();
  }

  /** Whether the screen's invert property (an ink saver) is on. */
  static boolean inverted(DeviceState d, MockScreen s) {
    return s.invert() != null && Boolean.TRUE.equals(d.settings.value(s.invert(), 1));
  }

  /**
   * The screen as an image file: the graticule and every shown channel's trace.
   *
   * @param format an image format, or {@code null} if the settings name none (-221)
   */
  static byte[] draw(DeviceState d, MockScreen s, String format, boolean gray, boolean invert)
      throws ScpiErrorException {
    if (format == null) {
      throw new ScpiErrorException(
          ScpiError.SETTINGS_CONFLICT.withDetail("no image format for these settings"));
    }
    MockBlock b = d.description.block(s.block());
    List<ScreenImage.Trace> traces = new ArrayList<>();
    int divisions = (int) d.formulas.number(b.setting("verticalDivisions"), 1, 8);
    for (int ch = 1; ch <= d.description.channels; ch++) {
      if (s.display() != null && !Boolean.TRUE.equals(d.settings.value(s.display(), ch))) {
        continue;
      }
      MockFormulas f = d.acquisitions.formulas(b);
      traces.add(
          new ScreenImage.Trace(
              ch,
              d.acquisitions.samples(b, ch),
              f.number(b.setting("scale"), ch, 1),
              f.number(b.setting("offset"), ch, 0),
              divisions));
    }
    int horizontal = (int) d.formulas.number(b.setting("divisions"), 1, 10);
    return ScreenImage.encode(traces, horizontal, format, gray, invert);
  }

  private static String keyword(Map<String, String> choices, ProgramData p)
      throws ScpiErrorException {
    for (Map.Entry<String, String> c : choices.entrySet()) {
      if (Keyword.of(c.getKey()).matches(p.text())) {
        return c.getValue();
      }
    }
    throw new ScpiErrorException(ScpiError.ILLEGAL_VALUE.withDetail(p.toString()));
  }
}
