package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Objects;
import org.instrumentelement.ie.client.soap.AlarmLimitsInfo;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.HistoryGap;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.Quality;
import org.instrumentelement.portal.ie.XmlDateTime;

/**
 * The IE's history answer as the trend view's JSON: times in milliseconds since the epoch (with the
 * archive's microseconds as a fraction), numbers absent where the IE gave none (an empty bucket),
 * so that the page draws a break, never a zero.
 */
final class TrendJson {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** The archive's quality codes in its binary columns (docs/history.md), in order. */
  private static final Quality[] QUALITIES = {
    Quality.GOOD, Quality.WARNING, Quality.ALARM, Quality.UNCERTAIN, Quality.BAD
  };

  private TrendJson() {}

  /** {@code buckets}, with the number of samples they count. */
  static long buckets(List<HistoryBucket> buckets, ObjectNode out) {
    ArrayNode a = out.putArray("buckets");
    long count = 0;
    for (HistoryBucket b : buckets) {
      ObjectNode o = a.addObject();
      o.put("from", XmlDateTime.millis(b.getFrom()));
      o.put("to", XmlDateTime.millis(b.getTo()));
      o.put("count", b.getCount());
      count += b.getCount();
      if (b.getCount() > 0) {
        o.put("min", b.getMin());
        o.put("max", b.getMax());
        o.put("mean", b.getMean());
        o.put("worstQuality", b.getWorstQuality() == null ? null : b.getWorstQuality().name());
      }
      o.put("gap", Boolean.TRUE.equals(b.isGap()));
    }
    return count;
  }

  /**
   * The raw samples of {@code h}, from its binary columns ({@code times} in microseconds, {@code
   * values}, {@code qualities}; all little-endian) or, when it has none, its XML samples.
   *
   * @return how many
   */
  static int samples(HistoryInfo h, ObjectNode out) {
    ArrayNode a = out.putArray("samples");
    if (h.getTimes() == null) {
      for (HistorySample s : h.getSample()) {
        ObjectNode o = a.addObject();
        o.put("time", XmlDateTime.millis(s.getTime()));
        o.put("value", s.getValue());
        o.put("quality", s.getQuality() == null ? null : s.getQuality().name());
      }
      return h.getSample().size();
    }
    ByteBuffer times = ByteBuffer.wrap(h.getTimes()).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer values =
        ByteBuffer.wrap(h.getValues() == null ? new byte[0] : h.getValues())
            .order(ByteOrder.LITTLE_ENDIAN);
    byte[] qualities = h.getQualities() == null ? new byte[0] : h.getQualities();
    int n = h.getTimes().length / Long.BYTES;
    if (values.capacity() / Double.BYTES != n || qualities.length != n) {
      throw new IllegalArgumentException("the columns of the IE's answer differ in length");
    }
    for (int i = 0; i < n; i++) {
      ObjectNode o = a.addObject();
      o.put("time", times.getLong(i * Long.BYTES) / 1000.0);
      o.put("value", values.getDouble(i * Double.BYTES));
      int q = qualities[i];
      o.put("quality", q >= 0 && q < QUALITIES.length ? QUALITIES[q].name() : null);
    }
    return n;
  }

  /** The gaps, {@code to} null while one lasts. */
  static void gaps(List<HistoryGap> gaps, ObjectNode out) {
    ArrayNode a = out.putArray("gaps");
    for (HistoryGap g : gaps) {
      ObjectNode o = a.addObject();
      o.put("from", XmlDateTime.millis(g.getFrom()));
      if (g.getTo() == null) {
        o.putNull("to");
      } else {
        o.put("to", XmlDateTime.millis(g.getTo()));
      }
      o.put("reason", g.getReason());
    }
  }

  /**
   * The limits of the number the trend shows, among {@code all}: of {@code im}'s {@code
   * attribute}'s own value, or for a vector's statistic kept as a series of its own ({@code
   * waveform.max}: the attribute, a dot, the statistic; docs/history.md) the limits on that
   * statistic of the vector.
   */
  static void limits(List<AlarmLimitsInfo> all, String im, String attribute, ObjectNode out) {
    ObjectNode o = out.putObject("limits");
    int dot = attribute.indexOf('.'); // attribute names hold no dot
    String own = dot < 0 ? attribute : attribute.substring(0, dot);
    String statistic = dot < 0 ? null : attribute.substring(dot + 1);
    for (AlarmLimitsInfo l : all) {
      if (im.equals(l.getIm())
          && own.equals(l.getAttribute())
          && Objects.equals(statistic, l.getStatistic())) {
        putIf(o, "lowAlarm", l.getLowAlarm());
        putIf(o, "lowWarning", l.getLowWarning());
        putIf(o, "highWarning", l.getHighWarning());
        putIf(o, "highAlarm", l.getHighAlarm());
      }
    }
  }

  private static void putIf(ObjectNode o, String name, Double v) {
    if (v != null) {
      o.put(name, v);
    }
  }

  /** An empty node to fill. */
  static ObjectNode object() {
    return JSON.objectNode();
  }
}
