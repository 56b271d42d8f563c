package org.instrumentelement.ial.flows;

import java.nio.charset.StandardCharsets;

/** Checks a reply against a flow's expectation (vendor-flows/README.md). */
final class FlowExpectation {
  private FlowExpectation() {}

  static void checkText(String where, String expectation, String reply) {
    String[] e = expectation.split("\\s+");
    switch (e[0]) {
      case "any" -> {
        // any reply will do
      }
      case "approx" -> {
        double expected = Double.parseDouble(e[1]);
        double tolerance = Math.abs(expected) * Double.parseDouble(e[2].replace("%", "")) / 100;
        double actual = number(where, reply);
        if (Math.abs(actual - expected) > tolerance) {
          fail(where, "answered " + reply + ", not " + expected + " within " + e[2]);
        }
      }
      case "list" -> {
        String[] values = reply.split(",");
        if (values.length != Integer.parseInt(e[1])) {
          fail(where, "answered " + values.length + " values, not " + e[1]);
        }
        for (String v : values) {
          number(where, v);
        }
      }
      default -> {
        if (!reply.matches(expectation)) {
          fail(where, "answered '" + reply + "', not /" + expectation + "/");
        }
      }
    }
  }

  static void checkBlock(String where, String expectation, byte[] data) {
    String[] e = expectation.split("\\s+");
    int expected = Integer.parseInt(e[1]);
    if (e[0].equals("block") && data.length != expected) {
      fail(where, "sent a block of " + data.length + " bytes, not " + expected);
    }
    if (e[0].equals("ascii")) {
      String[] values = new String(data, StandardCharsets.ISO_8859_1).strip().split(",");
      if (values.length != expected) {
        fail(where, "sent " + values.length + " ASCII values, not " + expected);
      }
      number(where, values[0]);
    }
  }

  private static double number(String where, String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException ex) {
      fail(where, "answered '" + text + "', not a number");
      return Double.NaN;
    }
  }

  private static void fail(String where, String what) {
    throw new AssertionError(where + " " + what);
  }
}
