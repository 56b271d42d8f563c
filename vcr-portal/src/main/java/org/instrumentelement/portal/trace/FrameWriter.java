package org.instrumentelement.portal.trace;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * Writes trace frames as JSON by hand: a frame is thousands of numbers several times a second, and
 * JSON has no NaN (written as null, which the chart draws as a gap). Floats keep 7 significant
 * digits, more than a screen shows.
 */
final class FrameWriter {
  private final StringBuilder sb = new StringBuilder(4096);
  private boolean first = true;

  FrameWriter() {
    sb.append('{');
  }

  private void key(String k) {
    if (!first) {
      sb.append(',');
    }
    first = false;
    sb.append('"').append(k).append("\":");
  }

  FrameWriter string(String k, String v) {
    key(k);
    if (v == null) {
      sb.append("null");
    } else {
      sb.append('"');
      JsonStringEncoder.getInstance().quoteAsString(v, sb);
      sb.append('"');
    }
    return this;
  }

  FrameWriter number(String k, long v) {
    key(k);
    sb.append(v);
    return this;
  }

  FrameWriter number(String k, double v) {
    key(k);
    appendDouble(v);
    return this;
  }

  FrameWriter bool(String k, boolean v) {
    key(k);
    sb.append(v);
    return this;
  }

  FrameWriter floats(String k, double[] v) {
    key(k);
    sb.append('[');
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      float f = (float) v[i];
      if (Float.isFinite(f)) {
        sb.append(f);
      } else {
        sb.append("null");
      }
    }
    sb.append(']');
    return this;
  }

  FrameWriter ints(String k, int[] v) {
    key(k);
    sb.append('[');
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(v[i]);
    }
    sb.append(']');
    return this;
  }

  private void appendDouble(double v) {
    if (Double.isFinite(v)) {
      sb.append(v);
    } else {
      sb.append("null");
    }
  }

  String end() {
    return sb.append('}').toString();
  }
}
