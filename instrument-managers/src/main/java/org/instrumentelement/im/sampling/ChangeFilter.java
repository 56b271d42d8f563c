package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;

/**
 * Decides whether a new sample differs enough from the last published one to be published. For
 * numbers and vectors a change must exceed both deadbands (absolute, and relative to the last
 * value's magnitude, element by element for vectors); other types change when their payload does. A
 * change of quality or of vector length always counts.
 *
 * @param absolute smallest change that counts, in the value's units (0: any change)
 * @param relative smallest change that counts, as a fraction of the last value (0: any change)
 */
public record ChangeFilter(double absolute, double relative) {
  /** Publishes every value that is not exactly equal to the last. */
  public static final ChangeFilter EXACT = new ChangeFilter(0, 0);

  public ChangeFilter {
    if (!(absolute >= 0)
        || !(relative >= 0)
        || Double.isInfinite(absolute)
        || Double.isInfinite(relative)) {
      throw new IllegalArgumentException(
          "deadbands must be finite and >= 0: " + absolute + ", " + relative);
    }
  }

  /** Whether {@code next} must be published after {@code last} ({@code null}: nothing yet). */
  public boolean changed(Value last, Value next) {
    if (last == null || last.type() != next.type() || last.quality() != next.quality()) {
      return true;
    }
    ValueType t = next.type();
    if (t == ValueType.DOUBLE || t == ValueType.INTEGER) {
      return beyond(last.asDouble(), next.asDouble());
    }
    if (t == ValueType.DOUBLE_ARRAY) {
      if (absolute == 0 && relative == 0) {
        return !last.samePayload(next);
      }
      double[] a = last.asDoubles();
      double[] b = next.asDoubles();
      if (a.length != b.length) {
        return true;
      }
      for (int i = 0; i < a.length; i++) {
        if (beyond(a[i], b[i])) {
          return true;
        }
      }
      return false;
    }
    return !last.samePayload(next);
  }

  private boolean beyond(double last, double next) {
    double delta = Math.abs(next - last);
    if (Double.isNaN(delta)) {
      return Double.compare(last, next) != 0;
    }
    return delta > absolute && delta > relative * Math.abs(last) && delta > 0;
  }
}
