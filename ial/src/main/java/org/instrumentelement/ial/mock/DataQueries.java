package org.instrumentelement.ial.mock;

import static org.instrumentelement.ial.mock.BuiltInCommands.none;
import static org.instrumentelement.ial.mock.DeviceState.ascii;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * A model's queries that answer data rather than a setting: computed replies (a preamble, a
 * multimeter's readings), data blocks (a waveform) and automatic measurements of a trace.
 */
final class DataQueries {
  private final DeviceState d;

  DataQueries(DeviceState d) {
    this.d = d;
  }

  void addTo(CommandTree<MockCommand> tree) {
    for (MockReply r : d.description.replies) {
      tree.add(r.query(), (ch, p) -> none(p, ascii(answer(r, ch))));
    }
    for (MockBlock b : d.description.blocks) {
      tree.add(b.query(), (ch, p) -> none(p, block(b, ch)));
    }
    for (MockMeasurement m : d.description.measurements) {
      tree.add(m.query(), (ch, p) -> ascii(measure(m, ch, p)));
    }
  }

  /** Renders a reply by name, as a query or an action ({@code INITiate}) asks for it. */
  String render(String name, int ch) throws ScpiErrorException {
    for (MockReply r : d.description.replies) {
      if (r.name().equals(name)) {
        return answer(r, ch);
      }
    }
    throw new IllegalStateException(d.description + " has no reply " + name);
  }

  private String answer(MockReply r, int ch) throws ScpiErrorException {
    if (r.recalls() != null) {
      String text = d.recall(r.recalls());
      if (text == null) {
        throw new ScpiErrorException(ScpiError.DATA_STALE.withDetail("nothing measured yet"));
      }
      return text;
    }
    int channel = r.query().hasChannel() ? ch : d.formulas.channel(r.source(), 1, 1);
    MockFormulas f =
        r.describes() == null ? d.formulas : d.acquisitions.formulas(block(r.describes()));
    int count =
        r.count() == null ? 1 : (int) Math.round(f.number(r.count().toString(), channel, 1));
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < Math.max(1, count); i++) {
      out.append(i == 0 ? "" : ",").append(f.render(r, channel));
    }
    String text = out.toString();
    d.remember(r.name(), text);
    d.readings.took(r.name(), text);
    return text;
  }

  private byte[] block(MockBlock b, int ch) throws ScpiErrorException {
    int channel = b.query().hasChannel() ? ch : d.formulas.channel(b.setting("source"), 1, 1);
    if (channel < 1 || channel > d.description.channels) {
      throw new ScpiErrorException(ScpiError.SETTINGS_CONFLICT.withDetail("no channel " + channel));
    }
    double[] samples = d.acquisitions.samples(b, channel);
    MockFormulas f = d.acquisitions.formulas(b);
    String format =
        b.formats().isEmpty() ? b.format() : b.formats().get(key(f, b.format(), channel));
    ByteOrder order;
    if (b.byteOrders().isEmpty()) {
      order =
          "big".equalsIgnoreCase(b.byteOrder()) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    } else {
      String o = b.byteOrders().get(key(f, b.byteOrder(), channel));
      order = o == null ? null : "big".equals(o) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }
    if (format == null || order == null) {
      throw new ScpiErrorException(
          ScpiError.SETTINGS_CONFLICT.withDetail("no data format for these settings"));
    }
    return d.encoder.encode(
        samples,
        format,
        order,
        f.number(b.setting("yIncrement"), channel, Double.NaN),
        f.number(b.setting("yOrigin"), channel, 0),
        f.number(b.setting("yReference"), channel, 0),
        f.number(b.setting("clipLowCode"), channel, Double.NaN),
        f.number(b.setting("clipHighCode"), channel, Double.NaN),
        b.form());
  }

  private static String key(MockFormulas f, String property, int channel) {
    return String.valueOf(f.text(property, channel)).toUpperCase(Locale.ROOT);
  }

  private MockBlock block(String name) {
    for (MockBlock b : d.description.blocks) {
      if (b.name().equals(name)) {
        return b;
      }
    }
    throw new IllegalStateException(d.description + " has no block " + name);
  }

  private String measure(MockMeasurement m, int ch, List<ProgramData> params)
      throws ScpiErrorException {
    MockBlock b = block(m.block());
    String sourceProperty = m.source() != null ? m.source() : b.setting("source");
    int channel = m.query().hasChannel() ? ch : d.formulas.channel(sourceProperty, 1, 1);
    String figure =
        m.figures().isEmpty() ? m.figure() : m.figures().get(key(d.formulas, m.figure(), 1));
    if (params.size() > m.parameters().size()) {
      throw new ScpiErrorException(
          ScpiError.PARAMETER_NOT_ALLOWED.withDetail(params.get(m.parameters().size()).toString()));
    }
    for (int i = 0; i < params.size(); i++) {
      boolean isSource = m.parameters().get(i).equals("source");
      MockProperty p = d.description.properties.get(isSource ? sourceProperty : m.figure());
      String value = String.valueOf(p.parse(params.get(i)));
      if (isSource) {
        channel = MockFormulas.channelOf(value, channel);
      } else {
        figure = m.figures().get(value);
      }
    }
    if (figure == null) {
      throw new ScpiErrorException(ScpiError.SETTINGS_CONFLICT.withDetail("no such measurement"));
    }
    double[] samples = d.acquisitions.samples(b, channel);
    double value = WaveformFigure.of(figure).of(samples, d.acquisitions.sampleInterval(b, channel));
    return d.description.answers.real().format(value);
  }
}
