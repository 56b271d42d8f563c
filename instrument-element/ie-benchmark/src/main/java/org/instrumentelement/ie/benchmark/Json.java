package org.instrumentelement.ie.benchmark;

/** Just enough JSON writing for the benchmark's figures (objects, arrays, numbers, strings). */
final class Json {
  private final StringBuilder b = new StringBuilder();
  private boolean first = true;
  private int depth;

  void begin() {
    b.append('{');
    first = true;
    depth = 1;
  }

  String end() {
    b.append("\n}\n");
    return b.toString();
  }

  private void key(String k) {
    if (!first) {
      b.append(',');
    }
    b.append('\n').append("  ".repeat(depth));
    if (k != null) {
      b.append(quote(k)).append(": ");
    }
    first = false;
  }

  void field(String k, String v) {
    key(k);
    b.append(quote(v));
  }

  void field(String k, double v) {
    key(k);
    b.append(Double.isFinite(v) ? Double.toString(Math.round(v * 1000) / 1000.0) : "null");
  }

  void field(String k, long v) {
    key(k);
    b.append(v);
  }

  void field(String k, boolean v) {
    key(k);
    b.append(v);
  }

  void object(String k) {
    key(k);
    b.append('{');
    first = true;
    depth++;
  }

  void array(String k) {
    key(k);
    b.append('[');
    first = true;
    depth++;
  }

  /** An object inside the current array. */
  void item() {
    key(null);
    b.append('{');
    first = true;
    depth++;
  }

  void close() {
    depth--;
    b.append('\n').append("  ".repeat(depth)).append('}');
    first = false;
  }

  void closeArray() {
    depth--;
    b.append('\n').append("  ".repeat(depth)).append(']');
    first = false;
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
