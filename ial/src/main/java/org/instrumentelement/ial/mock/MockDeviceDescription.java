package org.instrumentelement.ial.mock;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import org.instrumentelement.ial.ieee4882.BinaryFormat;

/**
 * What a mock model is, read from its properties file. The file format is documented in the bundled
 * {@code oscilloscope.properties}; every key is checked, so a typo fails at load time instead of
 * silently doing nothing.
 */
final class MockDeviceDescription {
  final String model;
  final String identity;
  final int channels;
  final Map<String, MockProperty> properties;
  final List<MockAction> actions;
  final List<MockBlock> blocks;
  final Map<Integer, MockInput> inputs;
  final Map<String, MockDerived> derived;
  final List<MockReply> replies;

  private MockDeviceDescription(
      String model,
      String identity,
      int channels,
      Map<String, MockProperty> properties,
      List<MockAction> actions,
      List<MockBlock> blocks,
      Map<Integer, MockInput> inputs,
      Map<String, MockDerived> derived,
      List<MockReply> replies) {
    this.model = model;
    this.identity = identity;
    this.channels = channels;
    this.properties = properties;
    this.actions = actions;
    this.blocks = blocks;
    this.inputs = inputs;
    this.derived = derived;
    this.replies = replies;
  }

  /** Loads {@code <model>.properties} from the given directories, then from the class path. */
  static MockDeviceDescription load(String model, List<Path> searchPath) throws IOException {
    if (!model.matches("[A-Za-z0-9_-]+")) {
      throw new IOException("mock model names are letters, digits, '-' and '_': " + model);
    }
    Properties p = new Properties();
    for (Path dir : searchPath) {
      Path file = dir.resolve(model + ".properties");
      if (Files.isRegularFile(file)) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
          p.load(r);
        }
        return parse(model, p);
      }
    }
    try (InputStream in = MockDeviceDescription.class.getResourceAsStream(model + ".properties")) {
      if (in == null) {
        throw new IOException(
            "no mock model '" + model + "' (looked in " + searchPath + " and the built-in models)");
      }
      p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    }
    return parse(model, p);
  }

  static MockDeviceDescription parse(String model, Properties p) throws IOException {
    try {
      return new Parser(model, p).parse();
    } catch (RuntimeException e) {
      throw new IOException("mock model '" + model + "': " + e.getMessage(), e);
    }
  }

  /** One pass over the keys, grouping them by their first two segments. */
  private static final class Parser {
    private final String model;
    private final Properties p;
    private final Map<String, Map<String, Map<String, String>>> sections = new HashMap<>();

    Parser(String model, Properties p) {
      this.model = model;
      this.p = p;
    }

    MockDeviceDescription parse() {
      String identity = null;
      int channels = 1;
      for (String key : new TreeSet<>(p.stringPropertyNames())) {
        String value = p.getProperty(key).trim();
        String[] parts = key.split("\\.", 3);
        if (key.equals("identity")) {
          identity = value;
        } else if (key.equals("channels")) {
          channels = Integer.parseInt(value);
        } else if (parts.length == 3
            && List.of("property", "action", "block", "input", "derived", "reply")
                .contains(parts[0])) {
          sections
              .computeIfAbsent(parts[0], k -> new LinkedHashMap<>())
              .computeIfAbsent(parts[1], k -> new LinkedHashMap<>())
              .put(parts[2], value);
        } else {
          throw new IllegalArgumentException("unknown key '" + key + "'");
        }
      }
      if (identity == null) {
        identity = "InstrumentElement,MOCK-" + model.toUpperCase(Locale.ROOT) + ",0,1.0";
      }
      Map<String, MockProperty> properties = new LinkedHashMap<>();
      section("property").forEach((name, kv) -> properties.put(name, property(name, kv)));
      List<MockAction> actions = new ArrayList<>();
      section("action").forEach((name, kv) -> actions.add(action(name, kv, properties)));
      List<MockBlock> blocks = new ArrayList<>();
      section("block").forEach((name, kv) -> blocks.add(block(name, kv)));
      Map<Integer, MockInput> inputs = new HashMap<>();
      section("input").forEach((ch, kv) -> inputs.put(Integer.parseInt(ch), input(ch, kv)));
      Map<String, MockDerived> derived = new LinkedHashMap<>();
      section("derived").forEach((name, kv) -> derived.put(name, derived(name, kv, properties)));
      List<MockReply> replies = new ArrayList<>();
      section("reply").forEach((name, kv) -> replies.add(reply(name, kv)));
      Names known = new Names(properties, derived);
      derived.values().forEach(known::check);
      replies.forEach(known::check);
      blocks.forEach(known::check);
      return new MockDeviceDescription(
          model, identity, channels, properties, actions, blocks, inputs, derived, replies);
    }

    private MockDerived derived(
        String name, Map<String, String> kv, Map<String, MockProperty> props) {
      String what = "derived " + name;
      if (kv.containsKey("expr")) {
        onlyKeys(what, kv, "expr");
        return new MockDerived(name, null, Map.of(), compile(what, kv.get("expr")));
      }
      String selector = kv.get("of");
      if (selector == null || !props.containsKey(selector)) {
        throw new IllegalArgumentException(
            what + ": needs 'expr', or 'of' naming a property and one expression per value");
      }
      Map<String, MockExpression> byValue = new HashMap<>();
      kv.forEach(
          (k, v) -> {
            if (!k.equals("of")) {
              byValue.put(k.toUpperCase(Locale.ROOT), compile(what + "." + k, v));
            }
          });
      return new MockDerived(name, selector, Map.copyOf(byValue), null);
    }

    private MockReply reply(String name, Map<String, String> kv) {
      String what = "reply " + name;
      onlyKeys(what, kv, "query", "text", "source");
      if (!kv.containsKey("query") || !kv.containsKey("text")) {
        throw new IllegalArgumentException(what + ": needs 'query' and 'text'");
      }
      List<Object> parts = new ArrayList<>();
      String text = kv.get("text");
      int at = 0;
      while (at < text.length()) {
        int open = text.indexOf('{', at);
        if (open < 0) {
          parts.add(text.substring(at));
          break;
        }
        int close = text.indexOf('}', open);
        if (close < 0) {
          throw new IllegalArgumentException(what + ": '{' without '}' in '" + text + "'");
        }
        if (open > at) {
          parts.add(text.substring(at, open));
        }
        parts.add(compile(what, text.substring(open + 1, close)));
        at = close + 1;
      }
      return new MockReply(
          name, ScpiHeader.compile(kv.get("query")), List.copyOf(parts), kv.get("source"));
    }

    private static MockExpression compile(String what, String text) {
      try {
        return MockExpression.compile(text);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
      }
    }

    private Map<String, Map<String, String>> section(String name) {
      return sections.getOrDefault(name, Map.of());
    }

    private static void onlyKeys(String what, Map<String, String> kv, String... allowed) {
      for (String k : kv.keySet()) {
        if (!Arrays.asList(allowed).contains(k)) {
          throw new IllegalArgumentException(what + ": unknown setting '" + k + "'");
        }
      }
    }

    private MockProperty property(String name, Map<String, String> kv) {
      String what = "property " + name;
      onlyKeys(
          what, kv, "type", "default", "min", "max", "values", "perChannel", "get", "set", "units");
      MockProperty.Type type =
          MockProperty.Type.valueOf(kv.getOrDefault("type", "double").toUpperCase(Locale.ROOT));
      List<String> values =
          kv.containsKey("values") ? List.of(kv.get("values").split("\\s*,\\s*")) : List.of();
      if (type == MockProperty.Type.ENUM && values.isEmpty()) {
        throw new IllegalArgumentException(what + ": an enum needs 'values'");
      }
      double min = Double.parseDouble(kv.getOrDefault("min", "-Infinity"));
      double max = Double.parseDouble(kv.getOrDefault("max", "Infinity"));
      MockProperty draft =
          new MockProperty(
              name,
              type,
              null,
              min,
              max,
              values,
              Boolean.parseBoolean(kv.getOrDefault("perChannel", "false")),
              kv.containsKey("get") ? ScpiHeader.compile(kv.get("get")) : null,
              kv.containsKey("set") ? ScpiHeader.compile(kv.get("set")) : null);
      String def = kv.get("default");
      if (def == null) {
        throw new IllegalArgumentException(what + ": no 'default'");
      }
      try {
        Object value = draft.parse(def);
        return new MockProperty(
            name,
            type,
            value,
            min,
            max,
            values,
            draft.perChannel(),
            draft.getter(),
            draft.setter());
      } catch (MockProperty.Rejected e) {
        throw new IllegalArgumentException(what + ": default '" + def + "': " + e.getMessage());
      }
    }

    private MockAction action(
        String name, Map<String, String> kv, Map<String, MockProperty> props) {
      String what = "action " + name;
      onlyKeys(what, kv, "command", "sets", "response", "delay");
      String command = kv.get("command");
      if (command == null) {
        throw new IllegalArgumentException(what + ": no 'command'");
      }
      Map<String, String> sets = new LinkedHashMap<>();
      if (kv.containsKey("sets")) {
        for (String assignment : kv.get("sets").split("\\s*,\\s*")) {
          String[] pv = assignment.split("=", 2);
          if (pv.length != 2 || !props.containsKey(pv[0].trim())) {
            throw new IllegalArgumentException(what + ": bad assignment '" + assignment + "'");
          }
          sets.put(pv[0].trim(), pv[1].trim());
        }
      }
      return new MockAction(
          name,
          ScpiHeader.compile(command),
          sets,
          kv.get("response"),
          delay(what, kv.getOrDefault("delay", "0ms")));
    }

    /** {@code 500ms} or {@code 2s}. */
    private static Duration delay(String what, String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      try {
        if (t.endsWith("ms")) {
          return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
        } else if (t.endsWith("s")) {
          return Duration.ofMillis(
              Math.round(Double.parseDouble(t.substring(0, t.length() - 1).trim()) * 1000));
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(what + ": delay '" + text + "' is not like 500ms or 2s");
    }

    private MockBlock block(String name, Map<String, String> kv) {
      String what = "block " + name;
      Map<String, String> settings = new HashMap<>(kv);
      String query = settings.remove("query");
      if (query == null) {
        throw new IllegalArgumentException(what + ": no 'query'");
      }
      String format = settings.getOrDefault("format", "float64");
      Map<String, BinaryFormat> formats = new HashMap<>();
      for (Map.Entry<String, String> e : pairs(what, settings.remove("formats")).entrySet()) {
        formats.put(e.getKey(), BinaryFormat.of(e.getValue()));
      }
      settings.remove("format");
      if (formats.isEmpty()) {
        BinaryFormat.of(format); // a literal: check it now
      }
      String byteOrder = settings.getOrDefault("byteOrder", "little");
      settings.remove("byteOrder");
      Map<String, ByteOrder> byteOrders = new HashMap<>();
      for (Map.Entry<String, String> e : pairs(what, settings.remove("byteOrders")).entrySet()) {
        byteOrders.put(e.getKey(), byteOrder(what, e.getValue()));
      }
      if (byteOrders.isEmpty()) {
        byteOrder(what, byteOrder);
      }
      for (String k : settings.keySet()) {
        if (!MockBlock.KEYS.contains(k)) {
          throw new IllegalArgumentException(what + ": unknown setting '" + k + "'");
        }
      }
      return new MockBlock(
          name,
          ScpiHeader.compile(query),
          format,
          Map.copyOf(formats),
          byteOrder,
          Map.copyOf(byteOrders),
          Map.copyOf(settings));
    }

    private MockInput input(String channel, Map<String, String> kv) {
      onlyKeys("input " + channel, kv, "shape", "frequency", "amplitude", "offset", "noise");
      return new MockInput(
          MockInput.Shape.of(kv.getOrDefault("shape", "sine")),
          Double.parseDouble(kv.getOrDefault("frequency", "1000")),
          Double.parseDouble(kv.getOrDefault("amplitude", "1")),
          Double.parseDouble(kv.getOrDefault("offset", "0")),
          Double.parseDouble(kv.getOrDefault("noise", "0")));
    }

    private static ByteOrder byteOrder(String what, String name) {
      return switch (name.trim().toLowerCase(Locale.ROOT)) {
        case "little" -> ByteOrder.LITTLE_ENDIAN;
        case "big" -> ByteOrder.BIG_ENDIAN;
        default -> throw new IllegalArgumentException(what + ": byte order is little or big");
      };
    }

    /** {@code BYTE:uint8, WORD:uint16} as an upper-case key map; empty for {@code null}. */
    private static Map<String, String> pairs(String what, String text) {
      Map<String, String> out = new HashMap<>();
      if (text == null) {
        return out;
      }
      for (String pair : text.split("\\s*,\\s*")) {
        String[] kv = pair.split(":", 2);
        if (kv.length != 2) {
          throw new IllegalArgumentException(what + ": '" + pair + "' is not VALUE:setting");
        }
        out.put(kv[0].trim().toUpperCase(Locale.ROOT), kv[1].trim());
      }
      return out;
    }
  }

  /** Checks at load time that every name an expression uses exists. */
  private static final class Names {
    /** Names every expression may use: the channel in context, and a fresh Gaussian sample. */
    static final List<String> BUILT_IN = List.of("channel", "noise");

    private final Map<String, MockProperty> properties;
    private final Map<String, MockDerived> derived;

    Names(Map<String, MockProperty> properties, Map<String, MockDerived> derived) {
      this.properties = properties;
      this.derived = derived;
    }

    void check(MockDerived d) {
      if (d.expression() != null) {
        check("derived " + d.name(), d.expression());
      }
      d.byValue().values().forEach(e -> check("derived " + d.name(), e));
    }

    void check(MockReply r) {
      for (Object part : r.parts()) {
        if (part instanceof MockExpression e) {
          check("reply " + r.name(), e);
        }
      }
      if (r.source() != null && !properties.containsKey(r.source())) {
        throw new IllegalArgumentException(
            "reply " + r.name() + ": source '" + r.source() + "' is not a property");
      }
    }

    void check(MockBlock b) {
      for (String key : MockBlock.NUMERIC) {
        String ref = b.setting(key);
        if (ref != null) {
          check("block " + b.name() + "." + key, Parser.compile("block " + b.name(), ref));
        }
      }
      if (!b.formats().isEmpty() && !properties.containsKey(b.format())) {
        throw new IllegalArgumentException(
            "block " + b.name() + ": with 'formats', 'format' names a property");
      }
      if (!b.byteOrders().isEmpty() && !properties.containsKey(b.byteOrder())) {
        throw new IllegalArgumentException(
            "block " + b.name() + ": with 'byteOrders', 'byteOrder' names a property");
      }
    }

    private void check(String what, MockExpression e) {
      for (String n : e.names()) {
        if (!properties.containsKey(n) && !derived.containsKey(n) && !BUILT_IN.contains(n)) {
          throw new IllegalArgumentException(
              what + ": '" + n + "' in '" + e + "' is not a property or derived value");
        }
      }
    }
  }

  @Override
  public String toString() {
    return "mock model " + model;
  }
}
