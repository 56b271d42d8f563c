package org.instrumentelement.ial.mock;

import java.util.Locale;
import java.util.Random;

/**
 * Evaluates the numbers of a mock model against a device's current settings: block settings,
 * derived values and the {@code {...}} parts of computed replies, each at a channel (the waveform
 * source a preamble describes, the channel in a query header).
 */
final class MockFormulas {
  /** How deep derived values may refer to each other; deeper means a cycle in the model. */
  private static final int MAX_DEPTH = 32;

  /** The current value of a property at a channel, or {@code null} if there is no such property. */
  interface Settings {
    Object value(String property, int channel);
  }

  private final MockDeviceDescription description;
  private final Settings settings;
  private final Random noise;

  MockFormulas(MockDeviceDescription description, Settings settings, long seed) {
    this(description, settings, new Random(seed));
  }

  private MockFormulas(MockDeviceDescription description, Settings settings, Random noise) {
    this.description = description;
    this.settings = settings;
    this.noise = noise;
  }

  /** The same formulas over other values (those a held acquisition was made with). */
  MockFormulas view(Settings other) {
    return new MockFormulas(description, other, noise);
  }

  /** The channel a setting names: a number, or a value ending in digits (CHAN2); else fallback. */
  int channel(String ref, int channel, int fallback) {
    String s = text(ref, channel);
    return s == null ? fallback : channelOf(s, fallback);
  }

  /** The number at the end of a value ({@code CHAN2}), or {@code fallback} if there is none. */
  static int channelOf(String s, int fallback) {
    int i = s.length();
    while (i > 0 && Character.isDigit(s.charAt(i - 1))) {
      i--;
    }
    return i == s.length() ? fallback : Integer.parseInt(s.substring(i));
  }

  /**
   * A numeric setting: a property, a derived value, a literal or an expression; {@code fallback}
   * when {@code ref} is {@code null}.
   */
  double number(String ref, int channel, double fallback) {
    if (ref == null) {
      return fallback;
    }
    Object v = settings.value(ref, channel);
    if (v != null) {
      return asNumber(ref, v);
    }
    if (description.derived.containsKey(ref)) {
      return resolve(ref, channel, 0);
    }
    try {
      return Double.parseDouble(ref);
    } catch (NumberFormatException e) {
      return MockExpression.compile(ref).evaluate(n -> resolve(n, channel, 0));
    }
  }

  /** A text setting: a property's value, or the literal itself. */
  String text(String ref, int channel) {
    if (ref == null) {
      return null;
    }
    Object v = settings.value(ref, channel);
    return v == null ? ref : v.toString();
  }

  /** The text of a computed reply. */
  String render(MockReply reply, int channel) {
    StringBuilder out = new StringBuilder();
    for (Object part : reply.parts()) {
      if (part instanceof MockExpression e) {
        MockProperty p = e.isName() ? description.properties.get(e.toString()) : null;
        MockDerived text = e.isName() ? description.derived.get(e.toString()) : null;
        if (p != null) {
          out.append(p.format(settings.value(p.name(), channel)));
        } else if (text != null && text.isText()) {
          String selected = String.valueOf(settings.value(text.selector(), channel));
          out.append(text.texts().getOrDefault(selected.toUpperCase(Locale.ROOT), ""));
        } else {
          out.append(description.answers.number(e.evaluate(n -> resolve(n, channel, 0))));
        }
      } else if (part instanceof MockReply.Field f) {
        out.append(f.form().format(f.expression().evaluate(n -> resolve(n, channel, 0))));
      } else {
        out.append(part);
      }
    }
    return out.toString();
  }

  /** Numbers as instruments print them: whole numbers without a fraction, others in full. */
  static String format(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  private double resolve(String name, int channel, int depth) {
    if (depth > MAX_DEPTH) {
      throw new IllegalStateException(
          description + ": derived values refer to each other in a loop");
    }
    switch (name) {
      case "channel" -> {
        return channel;
      }
      case "noise" -> {
        return noise.nextGaussian();
      }
      default -> {
        // properties and derived values below
      }
    }
    Object v = settings.value(name, channel);
    if (v != null) {
      return asNumber(name, v);
    }
    MockDerived d = description.derived.get(name);
    if (d == null) {
      throw new IllegalStateException(description + ": no value named '" + name + "'");
    }
    if (d.isText()) {
      return Double.NaN; // a text is no number; MockModelNames keeps it out of expressions
    }
    MockExpression e = d.expression();
    if (d.selector() != null) {
      String selected = String.valueOf(settings.value(d.selector(), channel));
      e = d.byValue().get(selected.toUpperCase(Locale.ROOT));
      if (e == null) {
        return Double.NaN; // the model says nothing for this setting
      }
    }
    return e.evaluate(n -> resolve(n, channel, depth + 1));
  }

  private static double asNumber(String name, Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    try {
      return Double.parseDouble(v.toString());
    } catch (NumberFormatException e) {
      return Double.NaN; // an enum or string used as a number: the model is wrong
    }
  }
}
