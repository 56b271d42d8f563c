package org.instrumentelement.portal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.List;
import org.instrumentelement.ie.client.soap.AlarmLimitsInfo;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.HistoryGap;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.Quality;
import org.instrumentelement.portal.ie.XmlDateTime;
import org.junit.jupiter.api.Test;

class TrendJsonTest {
  private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
  private static final double MS0 = T0.toEpochMilli();

  @Test
  void anEmptyBucketHasNoNumbersSoThatTheChartBreaks() {
    HistoryBucket full = bucket(0, 3);
    full.setMin(1.0);
    full.setMax(3.0);
    full.setMean(2.0);
    full.setWorstQuality(Quality.WARNING);
    HistoryBucket empty = bucket(1, 0);
    empty.setGap(true);
    ObjectNode out = TrendJson.object();
    assertEquals(3, TrendJson.buckets(List.of(full, empty), out));
    JsonNode a = out.get("buckets").get(0);
    assertEquals(MS0, a.get("from").asDouble());
    assertEquals(MS0 + 999.999, a.get("to").asDouble(), 1e-6);
    assertEquals(1.0, a.get("min").asDouble());
    assertEquals("WARNING", a.get("worstQuality").asText());
    assertFalse(a.get("gap").asBoolean());
    JsonNode b = out.get("buckets").get(1);
    assertFalse(b.has("mean") || b.has("min") || b.has("max"), b.toString());
    assertTrue(b.get("gap").asBoolean());
  }

  @Test
  void binaryColumnsBecomeSamples() {
    HistoryInfo h = new HistoryInfo();
    h.setTimes(longs(micros(T0) + 1, micros(T0) + 1500));
    h.setValues(doubles(0.5, -2.25));
    h.setQualities(new byte[] {0, 2});
    ObjectNode out = TrendJson.object();
    assertEquals(2, TrendJson.samples(h, out));
    JsonNode s = out.get("samples");
    assertEquals(MS0 + 0.001, s.get(0).get("time").asDouble(), 1e-9);
    assertEquals(MS0 + 1.5, s.get(1).get("time").asDouble(), 1e-9);
    assertEquals(-2.25, s.get(1).get("value").asDouble());
    assertEquals("GOOD", s.get(0).get("quality").asText());
    assertEquals("ALARM", s.get(1).get("quality").asText());

    h.setQualities(new byte[] {0});
    assertThrows(IllegalArgumentException.class, () -> TrendJson.samples(h, TrendJson.object()));
  }

  @Test
  void aLastingGapHasNoEndAndLimitsAreThoseOfTheAttributesOwnValue() {
    HistoryGap g = new HistoryGap();
    g.setFrom(XmlDateTime.of(T0));
    g.setReason("SAMPLING_OFF");
    ObjectNode out = TrendJson.object();
    TrendJson.gaps(List.of(g), out);
    assertTrue(out.get("gaps").get(0).get("to").isNull());
    assertEquals("SAMPLING_OFF", out.get("gaps").get(0).get("reason").asText());

    AlarmLimitsInfo own = limits("lab/scope", "peakToPeak", null);
    own.setHighAlarm(2.0);
    AlarmLimitsInfo statistic = limits("lab/scope", "peakToPeak", "max");
    statistic.setHighAlarm(9.0);
    AlarmLimitsInfo other = limits("lab/scope", "frequency", null);
    other.setLowAlarm(1.0);
    TrendJson.limits(List.of(own, statistic, other), "lab/scope", "peakToPeak", out);
    assertEquals("{\"highAlarm\":2.0}", out.get("limits").toString());
    // a vector's statistic kept as a series of its own: the limits on that statistic
    AlarmLimitsInfo max = limits("lab/scope", "waveform", "max");
    max.setHighWarning(1.5);
    AlarmLimitsInfo rms = limits("lab/scope", "waveform", "rms");
    rms.setLowAlarm(0.1);
    AlarmLimitsInfo elsewhere = limits("lab/scope2", "waveform", "max");
    elsewhere.setHighAlarm(7.0);
    TrendJson.limits(List.of(own, max, rms, elsewhere), "lab/scope", "waveform.max", out);
    assertEquals("{\"highWarning\":1.5}", out.get("limits").toString());
    TrendJson.limits(List.of(own, max, rms), "lab/scope", "waveform.mean", out);
    assertEquals("{}", out.get("limits").toString());
  }

  private static HistoryBucket bucket(int second, long count) {
    HistoryBucket b = new HistoryBucket();
    b.setFrom(XmlDateTime.of(T0.plusSeconds(second)));
    b.setTo(XmlDateTime.of(T0.plusSeconds(second + 1).minusNanos(1000)));
    b.setCount(count);
    return b;
  }

  private static AlarmLimitsInfo limits(String im, String attribute, String statistic) {
    AlarmLimitsInfo l = new AlarmLimitsInfo();
    l.setIm(im);
    l.setAttribute(attribute);
    l.setStatistic(statistic);
    return l;
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  private static byte[] longs(long... v) {
    ByteBuffer b = ByteBuffer.allocate(8 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    for (long x : v) {
      b.putLong(x);
    }
    return b.array();
  }

  private static byte[] doubles(double... v) {
    ByteBuffer b = ByteBuffer.allocate(8 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    for (double x : v) {
      b.putDouble(x);
    }
    return b.array();
  }
}
