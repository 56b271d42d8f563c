package org.instrumentelement.im.sampling;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.Test;

class ChangeFilterTest {
  private static final Instant T = Instant.EPOCH;

  private static Value d(double v) {
    return Value.ofDouble(v, T);
  }

  private static Value vec(double... v) {
    return Value.ofDoubles(v, T);
  }

  @Test
  void firstValueAlwaysCounts() {
    assertTrue(ChangeFilter.EXACT.changed(null, d(1)));
  }

  /** A vector as an instrument's little-endian float64 bytes. */
  private static Value bytes(double... v) {
    ByteBuffer b = ByteBuffer.allocate(v.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    b.asDoubleBuffer().put(v);
    return Value.ofLittleEndianDoubles(b.array(), T);
  }

  @Test
  void exactFilterSeesAnyDifference() {
    assertFalse(ChangeFilter.EXACT.changed(d(1), d(1)));
    assertTrue(ChangeFilter.EXACT.changed(d(1), d(Math.nextUp(1.0))));
    assertFalse(ChangeFilter.EXACT.changed(vec(1, 2), vec(1, 2)));
    assertTrue(ChangeFilter.EXACT.changed(vec(1, 2), vec(1, 2.0000001)));
    assertFalse(ChangeFilter.EXACT.changed(bytes(1, 2), bytes(1, 2)));
    assertFalse(ChangeFilter.EXACT.changed(vec(1, 2), bytes(1, 2)));
    assertTrue(ChangeFilter.EXACT.changed(bytes(1, 2), bytes(1, 2.0000001)));
    assertTrue(ChangeFilter.EXACT.changed(bytes(1, 2), vec(1)));
    assertFalse(ChangeFilter.EXACT.changed(Value.ofString("a", T), Value.ofString("a", T)));
    assertTrue(ChangeFilter.EXACT.changed(Value.ofString("a", T), Value.ofString("b", T)));
  }

  @Test
  void absoluteDeadbandOnScalarsAndOnEveryVectorElement() {
    ChangeFilter f = new ChangeFilter(0.1, 0);
    assertFalse(f.changed(d(1), d(1.09)));
    assertTrue(f.changed(d(1), d(1.1001)));
    assertFalse(f.changed(vec(0, 0, 0), vec(0.05, -0.1, 0.1)));
    assertTrue(f.changed(vec(0, 0, 0), vec(0.05, -0.1, 0.2)), "one element beyond is enough");
  }

  @Test
  void relativeDeadbandScalesWithTheLastValue() {
    ChangeFilter f = new ChangeFilter(0, 0.01);
    assertFalse(f.changed(d(100), d(100.9)));
    assertTrue(f.changed(d(100), d(101.1)));
    assertFalse(f.changed(vec(100, -1), vec(100.5, -1.005)));
    assertTrue(f.changed(vec(100, -1), vec(100.5, -1.02)));
  }

  @Test
  void lengthTypeAndQualityChangesAlwaysCount() {
    ChangeFilter f = new ChangeFilter(10, 10);
    assertTrue(f.changed(vec(1, 2), vec(1)));
    assertTrue(f.changed(d(1), Value.ofInteger(1, T)));
    assertTrue(f.changed(d(1), d(1).withQuality(Quality.UNCERTAIN)));
  }

  @Test
  void deadbandsMustBeSane() {
    assertThrows(IllegalArgumentException.class, () -> new ChangeFilter(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new ChangeFilter(0, Double.NaN));
  }
}
