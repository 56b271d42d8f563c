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
      tree.add(s.query(), (ch, p) -> SetupCommands.definiteBlock(picture(d, s, p)));
    }
  }

  private static byte[] picture(DeviceState d, MockScreen s, List<ProgramData> params)
      throws ScpiErrorException {
    if (params.size() > s.parameters().size()) {
      throw new ScpiErrorException(
          ScpiError.PARAMETER_NOT_ALLOWED.withDetail(params.get(s.parameters().size()).toString()));
    }
    String format =
        d.description.properties.containsKey(s.format())
            ? s.formats()
                .get(String.valueOf(d.settings.value(s.format(), 1)).toUpperCase(Locale.ROOT))
            : s.format();
    boolean gray = false;
    boolean invert = s.invert() != null && Boolean.TRUE.equals(d.settings.value(s.invert(), 1));
    for (int i = 0; i < params.size(); i++) {
      ProgramData p = params.get(i);
      if (p.kind() != ProgramData.Kind.CHARACTER) {
        throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(p.toString()));
      }
      switch (s.parameters().get(i)) {
        case "format" -> format = keyword(s.formats(), p);
        case "palette" -> gray = keyword(s.palettes(), p).equals("gray");
        case "invert" -> invert = keyword(Map.of("ON", "on", "OFF", "off"), p).equals("on");
        default -> {} // ignore: a keyword the model accepts and the simulation does not use
      }
    }
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
    return ScreenImage.encode(traces, format, gray, invert);
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
