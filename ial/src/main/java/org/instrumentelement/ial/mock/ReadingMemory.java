package org.instrumentelement.ial.mock;

import static org.instrumentelement.ial.mock.BuiltInCommands.none;
import static org.instrumentelement.ial.mock.DeviceState.ascii;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/**
 * The reading memories of a device ({@link MockMemory}): what its readings replies last took, and
 * running statistics over every reading since they were cleared (Welford's method, so that a long
 * logging run keeps full precision).
 */
final class ReadingMemory {
  /** One memory's state. */
  private static final class Store {
    final MockMemory memory;
    final Deque<Double> readings = new ArrayDeque<>();
    long count;
    double mean;
    double m2;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;

    Store(MockMemory memory) {
      this.memory = memory;
    }

    void clearStatistics() {
      count = 0;
      mean = 0;
      m2 = 0;
      min = Double.POSITIVE_INFINITY;
      max = Double.NEGATIVE_INFINITY;
    }
  }

  private final DeviceState d;
  private final List<Store> stores = new ArrayList<>();

  ReadingMemory(DeviceState d) {
    this.d = d;
    for (MockMemory m : d.description.memories) {
      stores.add(new Store(m));
    }
  }

  /** Power-on and {@code *RST}: empty memories, no statistics. */
  void reset() {
    for (Store s : stores) {
      s.readings.clear();
      s.clearStatistics();
    }
  }

  /** Notes the text a computed reply rendered: a reading memory's reply replaces its readings. */
  void took(String reply, String text) {
    for (Store s : stores) {
      if (!s.memory.reply().equals(reply)) {
        continue;
      }
      s.readings.clear();
      boolean counted =
          s.memory.statistics() == null
              || Boolean.TRUE.equals(d.settings.value(s.memory.statistics(), 1));
      for (String t : text.split(",")) {
        double v;
        try {
          v = Double.parseDouble(t.strip());
        } catch (NumberFormatException e) {
          continue; // not a reading
        }
        s.readings.add(v);
        if (counted) {
          s.count++;
          double delta = v - s.mean;
          s.mean += delta / s.count;
          s.m2 += delta * (v - s.mean);
          s.min = Math.min(s.min, v);
          s.max = Math.max(s.max, v);
        }
      }
    }
  }

  void addTo(CommandTree<MockCommand> tree) {
    for (Store s : stores) {
      s.memory.queries().forEach((role, header) -> add(tree, s, role, header));
    }
  }

  private void add(CommandTree<MockCommand> tree, Store s, String role, HeaderPattern header) {
    AnswerForms f = d.description.answers;
    switch (role) {
      case "points" ->
          tree.add(header, (ch, p) -> none(p, ascii(f.integer().format(s.readings.size()))));
      case "remove" -> tree.add(header, (ch, p) -> ascii(text(removeReadings(s, count(p, true)))));
      case "take" ->
          tree.add(
              header,
              (ch, p) -> {
                int n = p.isEmpty() ? s.readings.size() : count(p, false);
                return d.definiteBlock(
                    ascii(text(removeReadings(s, Math.min(n, s.readings.size())))));
              });
      case "average" ->
          tree.add(header, (ch, p) -> none(p, ascii(f.real().format(s.count == 0 ? 0 : s.mean))));
      case "minimum" ->
          tree.add(header, (ch, p) -> none(p, ascii(f.real().format(s.count == 0 ? 0 : s.min))));
      case "maximum" ->
          tree.add(header, (ch, p) -> none(p, ascii(f.real().format(s.count == 0 ? 0 : s.max))));
      case "deviation" ->
          tree.add(header, (ch, p) -> none(p, ascii(f.real().format(deviation(s)))));
      case "count" -> tree.add(header, (ch, p) -> none(p, ascii(f.integer().format(s.count))));
      case "peakToPeak" ->
          tree.add(
              header, (ch, p) -> none(p, ascii(f.real().format(s.count == 0 ? 0 : s.max - s.min))));
      case "all" ->
          tree.add(
              header,
              (ch, p) ->
                  none(
                      p,
                      ascii(
                          String.join(
                              ",",
                              f.real().format(s.count == 0 ? 0 : s.mean),
                              f.real().format(deviation(s)),
                              f.real().format(s.count == 0 ? 0 : s.min),
                              f.real().format(s.count == 0 ? 0 : s.max)))));
      case "clear" ->
          tree.add(
              header,
              (ch, p) -> {
                s.clearStatistics();
                return none(p, null);
              });
      default -> throw new IllegalStateException("memory role " + role);
    }
  }

  private static double deviation(Store s) {
    return s.count < 2 ? 0 : Math.sqrt(s.m2 / (s.count - 1));
  }

  /** The one count parameter of DATA:REMove? (required) or R? (optional, checked by the caller). */
  private static int count(List<ProgramData> p, boolean required) throws ScpiErrorException {
    if (p.isEmpty()) {
      if (required) {
        throw new ScpiErrorException(ScpiError.MISSING_PARAMETER.withDetail("how many readings"));
      }
      return Integer.MAX_VALUE;
    }
    if (p.size() > 1) {
      throw new ScpiErrorException(ScpiError.PARAMETER_NOT_ALLOWED.withDetail(p.get(1).toString()));
    }
    if (!p.get(0).isNumeric() || !p.get(0).suffix().isEmpty()) {
      throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail(p.get(0).toString()));
    }
    double n = p.get(0).number();
    if (n < 1 || n > 10_000_000 || n != Math.rint(n)) {
      throw new ScpiErrorException(ScpiError.OUT_OF_RANGE.withDetail(p.get(0).toString()));
    }
    return (int) n;
  }

  private List<Double> removeReadings(Store s, int n) throws ScpiErrorException {
    if (n > s.readings.size()) {
      throw new ScpiErrorException(
          ScpiError.SETTINGS_CONFLICT.withDetail(
              "only " + s.readings.size() + " readings in memory"));
    }
    List<Double> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(s.readings.removeFirst());
    }
    return out;
  }

  private String text(List<Double> readings) {
    StringBuilder out = new StringBuilder();
    for (double r : readings) {
      out.append(out.isEmpty() ? "" : ",").append(d.description.answers.real().format(r));
    }
    return out.toString();
  }
}
