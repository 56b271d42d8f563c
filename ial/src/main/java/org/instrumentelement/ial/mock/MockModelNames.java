package org.instrumentelement.ial.mock;

import java.util.List;

/**
 * Checks at load time that every name a model uses exists: the properties and derived values of
 * expressions, the blocks and replies that replies, actions and measurements refer to.
 */
final class MockModelNames {
  /** Names every expression may use: the channel in context, and a fresh Gaussian sample. */
  static final List<String> BUILT_IN = List.of("channel", "noise");

  private final MockDeviceDescription d;

  MockModelNames(MockDeviceDescription d) {
    this.d = d;
  }

  void checkAll() {
    d.derived.values().forEach(this::check);
    d.replies.forEach(this::check);
    d.blocks.forEach(this::check);
    d.actions.forEach(this::check);
    d.measurements.forEach(this::check);
  }

  private void check(MockDerived derived) {
    if (derived.expression() != null) {
      check("derived " + derived.name(), derived.expression());
    }
    derived.byValue().values().forEach(e -> check("derived " + derived.name(), e));
  }

  private void check(MockReply r) {
    String what = "reply " + r.name();
    for (Object part : r.parts()) {
      if (part instanceof MockExpression e && e.isName() && isText(e.toString())) {
        continue; // a text derived value stands alone in a reply
      }
      if (part instanceof MockExpression e) {
        check(what, e);
      } else if (part instanceof MockReply.Field f) {
        check(what, f.expression());
      }
    }
    if (r.count() != null) {
      check(what, r.count());
    }
    if (r.source() != null && !d.properties.containsKey(r.source())) {
      fail(what + ": source '" + r.source() + "' is not a property");
    }
    if (r.describes() != null && d.block(r.describes()) == null) {
      fail(what + ": describes '" + r.describes() + "', which is not a block");
    }
    if (r.recalls() != null && !d.hasReply(r.recalls())) {
      fail(what + ": recalls '" + r.recalls() + "', which is not a reply");
    }
  }

  private void check(MockBlock b) {
    for (String key : MockBlock.NUMERIC) {
      String ref = b.setting(key);
      if (ref != null) {
        check("block " + b.name() + "." + key, MockModelParser.compile("block " + b.name(), ref));
      }
    }
  }

  private void check(MockAction a) {
    for (String reply : new String[] {a.answer(), a.takes()}) {
      if (reply != null && !d.hasReply(reply)) {
        fail("action " + a.name() + ": '" + reply + "' is not a reply");
      }
    }
  }

  private void check(MockMeasurement m) {
    if (d.block(m.block()) == null) {
      fail("measure " + m.name() + ": block '" + m.block() + "' is not a block");
    }
  }

  private void check(String what, MockExpression e) {
    for (String n : e.names()) {
      if (!d.properties.containsKey(n) && !d.derived.containsKey(n) && !BUILT_IN.contains(n)) {
        fail(what + ": '" + n + "' in '" + e + "' is not a property or derived value");
      }
      if (isText(n)) {
        fail(what + ": '" + n + "' in '" + e + "' is a text, not a number");
      }
    }
  }

  private boolean isText(String name) {
    MockDerived derived = d.derived.get(name);
    return derived != null && derived.isText();
  }

  private static void fail(String message) {
    throw new IllegalArgumentException(message);
  }
}
