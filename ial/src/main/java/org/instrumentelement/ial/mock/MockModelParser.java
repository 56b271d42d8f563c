package org.instrumentelement.ial.mock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.instrumentelement.ial.scpi.device.Keyword;

/**
 * Reads a mock model file into a {@link MockDeviceDescription}: one pass over the keys, grouped by
 * their first two segments, every key and every name checked.
 */
final class MockModelParser {
  private static final List<String> SECTIONS =
      List.of(
          "property",
          "action",
          "block",
          "input",
          "derived",
          "reply",
          "measure",
          "setup",
          "screen",
          "memory",
          "disk");

  private final String model;
  private final Properties p;
  private final Map<String, Map<String, Map<String, String>>> sections = new HashMap<>();
  private int channels = 1;
  private boolean longReplies;
  private boolean prefixes;
  private final Map<String, String> answerKeys = new HashMap<>();
  private AnswerForms answers = AnswerForms.DEFAULT;

  MockModelParser(String model, Properties p) {
    this.model = model;
    this.p = p;
  }

  MockDeviceDescription parse() {
    String identity = null;
    java.util.regex.Pattern identityMatches = null;
    for (String key : new TreeSet<>(p.stringPropertyNames())) {
      String value = p.getProperty(key).trim();
      String[] parts = key.split("\\.", 3);
      if (key.equals("identity")) {
        identity = value;
      } else if (key.equals("identity.matches")) {
        try {
          identityMatches =
              java.util.regex.Pattern.compile(value, java.util.regex.Pattern.CASE_INSENSITIVE);
        } catch (java.util.regex.PatternSyntaxException e) {
          throw new IllegalArgumentException(
              "identity.matches is not a regular expression: " + e.getMessage());
        }
      } else if (key.equals("channels")) {
        channels = Integer.parseInt(value);
      } else if (key.equals("keywordReplies")) {
        if (!value.matches("short|long")) {
          throw new IllegalArgumentException("keywordReplies is short or long");
        }
        longReplies = value.equals("long");
      } else if (key.equals("abbreviations")) {
        if (!value.matches("scpi|prefixes")) {
          throw new IllegalArgumentException("abbreviations is scpi or prefixes");
        }
        prefixes = value.equals("prefixes");
      } else if (parts.length == 2 && parts[0].equals("answer")) {
        answerKeys.put(parts[1], value);
      } else if (parts.length == 3 && SECTIONS.contains(parts[0])) {
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
    answers = answers(answerKeys);
    Map<String, MockProperty> properties = new LinkedHashMap<>();
    section("property").forEach((name, kv) -> properties.put(name, property(name, kv)));
    properties.values().forEach(prop -> checkAuto(prop, properties));
    List<MockAction> actions = new ArrayList<>();
    section("action").forEach((name, kv) -> actions.add(action(name, kv, properties)));
    List<MockBlock> blocks = new ArrayList<>();
    section("block").forEach((name, kv) -> blocks.add(block(name, kv, properties)));
    Map<Integer, MockInput> inputs = new HashMap<>();
    section("input").forEach((ch, kv) -> inputs.put(Integer.parseInt(ch), input(ch, kv)));
    Map<String, MockDerived> derived = new LinkedHashMap<>();
    section("derived").forEach((name, kv) -> derived.put(name, derived(name, kv, properties)));
    List<MockReply> replies = new ArrayList<>();
    section("reply").forEach((name, kv) -> replies.add(reply(name, kv)));
    List<MockMeasurement> measurements = new ArrayList<>();
    section("measure").forEach((name, kv) -> measurements.add(measure(name, kv, properties)));
    List<MockSetup> setups = new ArrayList<>();
    section("setup").forEach((name, kv) -> setups.add(setup(name, kv)));
    List<MockScreen> screens = new ArrayList<>();
    section("screen").forEach((name, kv) -> screens.add(screen(name, kv, properties, blocks)));
    List<MockMemory> memories = new ArrayList<>();
    section("memory").forEach((name, kv) -> memories.add(memory(name, kv, properties, replies)));
    List<MockDisk> disks = new ArrayList<>();
    section("disk").forEach((name, kv) -> disks.add(disk(name, kv, properties, screens)));
    MockDeviceDescription d =
        new MockDeviceDescription(
            model,
            identity,
            identityMatches,
            channels,
            properties,
            actions,
            blocks,
            inputs,
            derived,
            replies,
            measurements,
            answers,
            setups,
            screens,
            memories,
            disks,
            prefixes);
    new MockModelNames(d).checkAll();
    return d;
  }

  private HeaderPattern header(String what, String pattern) {
    try {
      return HeaderPattern.compile(pattern, channels, prefixes);
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

  private static List<String> commaList(String text) {
    return text == null || text.isBlank() ? List.of() : List.of(text.trim().split("\\s*,\\s*"));
  }

  /** {@code BYTE:uint8, WORD:uint16} as a map, keys as written; empty for {@code null}. */
  private static Map<String, String> pairs(String what, String text) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : commaList(text)) {
      String[] kv = pair.split(":", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException(what + ": '" + pair + "' is not VALUE:setting");
      }
      out.put(kv[0].trim(), kv[1].trim());
    }
    return out;
  }

  /** The keys of {@code map} as {@code property} stores its values ({@code MSBFirst} -> MSBF). */
  private static Map<String, String> canonicalKeys(
      String what, MockProperty property, Map<String, String> map) {
    Map<String, String> out = new LinkedHashMap<>(); // in the file's order, for the reference
    map.forEach(
        (k, v) -> {
          try {
            out.put(property.canonical(k).toUpperCase(Locale.ROOT), v);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
          }
        });
    return java.util.Collections.unmodifiableMap(out);
  }

  private MockProperty property(String name, Map<String, String> kv) {
    String what = "property " + name;
    onlyKeys(
        what,
        kv,
        "type",
        "default",
        "min",
        "max",
        "values",
        "perChannel",
        "get",
        "set",
        "units",
        "aliases",
        "replies",
        "auto",
        "form");
    MockProperty.Type type =
        MockProperty.Type.valueOf(kv.getOrDefault("type", "double").toUpperCase(Locale.ROOT));
    List<Keyword> keywords = new ArrayList<>();
    for (String v : commaList(kv.get("values"))) {
      keywords.add(Keyword.of(v));
    }
    if (type == MockProperty.Type.ENUM && keywords.isEmpty()) {
      throw new IllegalArgumentException(what + ": an enum needs 'values'");
    }
    String units = kv.get("units");
    String unit = units == null ? null : units.split("/", 2)[0].trim().toUpperCase(Locale.ROOT);
    MockProperty draft =
        new MockProperty(
            name,
            type,
            null,
            Double.parseDouble(kv.getOrDefault("min", "-Infinity")),
            Double.parseDouble(kv.getOrDefault("max", "Infinity")),
            List.copyOf(keywords),
            unit,
            pairs(what, kv.get("aliases")),
            Map.of(),
            kv.get("auto"),
            longReplies,
            prefixes,
            Boolean.parseBoolean(kv.getOrDefault("perChannel", "false")),
            kv.containsKey("get") ? header(what, kv.get("get")) : null,
            kv.containsKey("set") ? header(what, kv.get("set")) : null,
            null);
    Map<String, String> replies = new HashMap<>();
    pairs(what, kv.get("replies"))
        .forEach(
            (k, v) -> {
              String key = draft.canonical(k);
              replies.put(
                  type == MockProperty.Type.BOOLEAN ? ("true".equals(key) ? "1" : "0") : key, v);
            });
    String def = kv.get("default");
    if (def == null) {
      throw new IllegalArgumentException(what + ": no 'default'");
    }
    Object value;
    try {
      value = draft.parse(def);
    } catch (org.instrumentelement.ial.scpi.device.ScpiErrorException e) {
      throw new IllegalArgumentException(what + ": default '" + def + "': " + e.getMessage());
    }
    return new MockProperty(
        name,
        type,
        value,
        draft.min(),
        draft.max(),
        draft.keywords(),
        unit,
        draft.aliases(),
        Map.copyOf(replies),
        draft.auto(),
        longReplies,
        prefixes,
        draft.perChannel(),
        draft.getter(),
        draft.setter(),
        kv.containsKey("form")
            ? NumberForm.parse(what + " form", kv.get("form"))
            : type == MockProperty.Type.INTEGER ? answers.integer() : answers.real());
  }

  private MockSetup setup(String name, Map<String, String> kv) {
    String what = "setup " + name;
    onlyKeys(what, kv, "query", "command");
    if (kv.isEmpty()) {
      throw new IllegalArgumentException(what + ": needs 'query' or 'command'");
    }
    return new MockSetup(
        name,
        kv.containsKey("query") ? header(what, kv.get("query")) : null,
        kv.containsKey("command") ? header(what, kv.get("command")) : null);
  }

  private MockScreen screen(
      String name,
      Map<String, String> kv,
      Map<String, MockProperty> props,
      List<MockBlock> blocks) {
    String what = "screen " + name;
    onlyKeys(
        what,
        kv,
        "query",
        "block",
        "display",
        "format",
        "formats",
        "palettes",
        "parameters",
        "invert");
    if (!kv.containsKey("block") || !kv.containsKey("format")) {
      throw new IllegalArgumentException(what + ": needs 'block' and 'format'");
    }
    if (blocks.stream().noneMatch(b -> b.name().equals(kv.get("block")))) {
      throw new IllegalArgumentException(what + ": no block '" + kv.get("block") + "'");
    }
    String display = kv.get("display");
    if (display != null
        && (!props.containsKey(display)
            || props.get(display).type() != MockProperty.Type.BOOLEAN
            || !props.get(display).perChannel())) {
      throw new IllegalArgumentException(
          what + ": display '" + display + "' is not a per-channel boolean property");
    }
    Map<String, String> formats = pairs(what, kv.get("formats"));
    String format = kv.get("format");
    if (props.containsKey(format)) {
      formats = canonicalKeys(what, props.get(format), formats);
    } else if (!MockScreen.IMAGE_FORMATS.contains(format)) {
      throw new IllegalArgumentException(
          what
              + ": format '"
              + format
              + "' is not a property or one of "
              + MockScreen.IMAGE_FORMATS);
    }
    for (String f : formats.values()) {
      if (!MockScreen.IMAGE_FORMATS.contains(f)) {
        throw new IllegalArgumentException(
            what + ": '" + f + "' is not one of " + MockScreen.IMAGE_FORMATS);
      }
    }
    Map<String, String> palettes = pairs(what, kv.get("palettes"));
    for (String pal : palettes.values()) {
      if (!pal.equals("color") && !pal.equals("gray")) {
        throw new IllegalArgumentException(
            what + ": a palette is color or gray, not '" + pal + "'");
      }
    }
    String invert = kv.get("invert");
    if (invert != null
        && (!props.containsKey(invert) || props.get(invert).type() != MockProperty.Type.BOOLEAN)) {
      throw new IllegalArgumentException(
          what + ": invert '" + invert + "' is not a boolean property");
    }
    List<String> parameters = commaList(kv.get("parameters"));
    for (String role : parameters) {
      if (!MockScreen.ROLES.contains(role)) {
        throw new IllegalArgumentException(
            what + ": parameter '" + role + "' is not one of " + MockScreen.ROLES);
      }
    }
    return new MockScreen(
        name,
        kv.containsKey("query") ? header(what, kv.get("query")) : null,
        kv.get("block"),
        display,
        format,
        Map.copyOf(formats),
        Map.copyOf(palettes),
        parameters,
        invert);
  }

  private MockDisk disk(
      String name,
      Map<String, String> kv,
      Map<String, MockProperty> props,
      List<MockScreen> screens) {
    String what = "disk " + name;
    onlyKeys(
        what, kv, "directory", "screen", "save", "saveName", "read", "send", "delete", "overwrite");
    if (!kv.containsKey("save") || !kv.containsKey("screen")) {
      throw new IllegalArgumentException(what + ": needs 'screen' and 'save'");
    }
    if (screens.stream().noneMatch(s -> s.name().equals(kv.get("screen")))) {
      throw new IllegalArgumentException(what + ": no screen '" + kv.get("screen") + "'");
    }
    for (String key : List.of("directory", "saveName")) {
      String p = kv.get(key);
      if (p != null && (!props.containsKey(p) || props.get(p).type() != MockProperty.Type.STRING)) {
        throw new IllegalArgumentException(
            what + ": " + key + " '" + p + "' is not a string property");
      }
    }
    String overwrite = kv.getOrDefault("overwrite", "true");
    if (!overwrite.matches("true|false")) {
      throw new IllegalArgumentException(what + ": overwrite is true or false");
    }
    return new MockDisk(
        name,
        kv.get("directory"),
        kv.get("screen"),
        header(what + " save", kv.get("save")),
        kv.get("saveName"),
        kv.containsKey("read") ? header(what + " read", kv.get("read")) : null,
        kv.containsKey("send") ? header(what + " send", kv.get("send")) : null,
        kv.containsKey("delete") ? header(what + " delete", kv.get("delete")) : null,
        Boolean.parseBoolean(overwrite));
  }

  private MockMemory memory(
      String name,
      Map<String, String> kv,
      Map<String, MockProperty> props,
      List<MockReply> replies) {
    String what = "memory " + name;
    Map<String, String> rest = new LinkedHashMap<>(kv);
    String reply = rest.remove("reply");
    String statistics = rest.remove("statistics");
    if (reply == null || replies.stream().noneMatch(r -> r.name().equals(reply))) {
      throw new IllegalArgumentException(what + ": 'reply' must name a reply of the model");
    }
    if (statistics != null
        && (!props.containsKey(statistics)
            || props.get(statistics).type() != MockProperty.Type.BOOLEAN)) {
      throw new IllegalArgumentException(
          what + ": statistics '" + statistics + "' is not a boolean property");
    }
    Map<String, HeaderPattern> queries = new LinkedHashMap<>();
    rest.forEach(
        (role, header) -> {
          if (!MockMemory.QUERIES.contains(role)) {
            throw new IllegalArgumentException(what + ": unknown setting '" + role + "'");
          }
          queries.put(role, header(what + " " + role, header));
        });
    return new MockMemory(name, reply, statistics, Map.copyOf(queries));
  }

  private static AnswerForms answers(Map<String, String> kv) {
    onlyKeys("answer", kv, "real", "integer", "errorCode", "noError", "blockDigits", "events");
    AnswerForms d = AnswerForms.DEFAULT;
    NumberForm integer =
        kv.containsKey("integer")
            ? NumberForm.parse("answer.integer", kv.get("integer"))
            : d.integer();
    NumberForm errorCode =
        kv.containsKey("errorCode")
            ? NumberForm.parse("answer.errorCode", kv.get("errorCode"))
            : d.errorCode();
    if (!integer.isInteger() || !errorCode.isInteger()) {
      throw new IllegalArgumentException("answer.integer and answer.errorCode are 9 or +9");
    }
    String digits = kv.getOrDefault("blockDigits", "1");
    if (!digits.matches("[1-9]")) {
      throw new IllegalArgumentException("answer.blockDigits is 1..9, not '" + digits + "'");
    }
    String events = kv.getOrDefault("events", "scpi");
    if (!events.equals("scpi") && !events.equals("tektronix")) {
      throw new IllegalArgumentException(
          "answer.events is scpi or tektronix, not '" + events + "'");
    }
    return new AnswerForms(
        kv.containsKey("real") ? NumberForm.parse("answer.real", kv.get("real")) : d.real(),
        integer,
        errorCode,
        kv.getOrDefault("noError", d.noError()),
        Integer.parseInt(digits),
        events.equals("tektronix"));
  }

  private static void checkAuto(MockProperty prop, Map<String, MockProperty> properties) {
    if (prop.auto() != null) {
      MockProperty auto = properties.get(prop.auto());
      if (auto == null || auto.type() != MockProperty.Type.BOOLEAN) {
        throw new IllegalArgumentException(
            "property " + prop.name() + ": auto '" + prop.auto() + "' is not a boolean property");
      }
    }
  }

  private MockAction action(String name, Map<String, String> kv, Map<String, MockProperty> props) {
    String what = "action " + name;
    onlyKeys(
        what,
        kv,
        "command",
        "sets",
        "response",
        "delay",
        "parameters",
        "accepts",
        "answer",
        "takes",
        "divide");
    String command = kv.get("command");
    if (command == null) {
      throw new IllegalArgumentException(what + ": no 'command'");
    }
    Map<String, String> sets = new LinkedHashMap<>();
    for (String assignment : commaList(kv.get("sets"))) {
      String[] pv = assignment.split("=", 2);
      if (pv.length != 2 || !props.containsKey(pv[0].trim())) {
        throw new IllegalArgumentException(what + ": bad assignment '" + assignment + "'");
      }
      props.get(pv[0].trim()).canonical(pv[1].trim()); // checked now
      sets.put(pv[0].trim(), pv[1].trim());
    }
    String invert = kv.get("invert");
    if (invert != null
        && (!props.containsKey(invert) || props.get(invert).type() != MockProperty.Type.BOOLEAN)) {
      throw new IllegalArgumentException(
          what + ": invert '" + invert + "' is not a boolean property");
    }
    List<String> parameters = commaList(kv.get("parameters"));
    for (String param : parameters) {
      if (!props.containsKey(param)) {
        throw new IllegalArgumentException(what + ": parameter '" + param + "' is not a property");
      }
    }
    String accepts = kv.get("accepts");
    if (accepts != null && (!props.containsKey(accepts) || !parameters.isEmpty())) {
      throw new IllegalArgumentException(
          what + ": 'accepts' names a property, and excludes 'parameters'");
    }
    return new MockAction(
        name,
        header(what, command),
        sets,
        parameters,
        accepts,
        kv.get("response"),
        kv.get("answer"),
        kv.get("takes"),
        delay(what, kv.getOrDefault("delay", "0ms")),
        divisor(what, kv.getOrDefault("divide", "1"), parameters, props));
  }

  /** A positive number, dividing only numeric properties. */
  private static double divisor(
      String what, String text, List<String> parameters, Map<String, MockProperty> props) {
    double d;
    try {
      d = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      d = Double.NaN;
    }
    if (!(d > 0) || Double.isInfinite(d)) {
      throw new IllegalArgumentException(what + ": divide '" + text + "' is not a positive number");
    }
    for (String p : parameters) {
      if (d != 1 && props.get(p).type() != MockProperty.Type.DOUBLE) {
        throw new IllegalArgumentException(what + ": divide needs number parameters, not " + p);
      }
    }
    return d;
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

  private MockBlock block(String name, Map<String, String> kv, Map<String, MockProperty> props) {
    String what = "block " + name;
    Map<String, String> settings = new HashMap<>(kv);
    String query = settings.remove("query");
    if (query == null) {
      throw new IllegalArgumentException(what + ": no 'query'");
    }
    String format = settings.getOrDefault("format", "float64");
    settings.remove("format");
    Map<String, String> formats = pairs(what, settings.remove("formats"));
    formats.values().forEach(BlockEncoder::check);
    if (formats.isEmpty()) {
      BlockEncoder.check(format); // a literal: check it now
    } else {
      formats = canonicalKeys(what, mapped(what, "format", format, props), formats);
    }
    String byteOrder = settings.getOrDefault("byteOrder", "little");
    settings.remove("byteOrder");
    Map<String, String> byteOrders = pairs(what, settings.remove("byteOrders"));
    byteOrders.values().forEach(o -> byteOrder(what, o));
    if (byteOrders.isEmpty()) {
      byteOrder(what, byteOrder);
    } else {
      byteOrders = canonicalKeys(what, mapped(what, "byteOrder", byteOrder, props), byteOrders);
    }
    List<String> transfer = commaList(settings.remove("transfer"));
    for (String t : transfer) {
      if (!props.containsKey(t)) {
        throw new IllegalArgumentException(what + ": transfer '" + t + "' is not a property");
      }
    }
    String sequenceProperty = null;
    String sequenceValue = null;
    String sequence = settings.remove("sequence");
    if (sequence != null) {
      String[] pv = sequence.split(":", 2);
      if (pv.length != 2 || !props.containsKey(pv[0].trim())) {
        throw new IllegalArgumentException(what + ": sequence is property:VALUE");
      }
      sequenceProperty = pv[0].trim();
      sequenceValue = props.get(sequenceProperty).canonical(pv[1].trim());
    }
    String form = settings.remove("form");
    for (String k : settings.keySet()) {
      if (!MockBlock.KEYS.contains(k)) {
        throw new IllegalArgumentException(what + ": unknown setting '" + k + "'");
      }
    }
    return new MockBlock(
        name,
        header(what, query),
        format,
        formats,
        byteOrder,
        byteOrders,
        Set.copyOf(transfer),
        sequenceProperty,
        sequenceValue,
        form == null ? null : NumberForm.parse(what + " form", form),
        Map.copyOf(settings));
  }

  private static MockProperty mapped(
      String what, String key, String ref, Map<String, MockProperty> props) {
    MockProperty p = props.get(ref);
    if (p == null) {
      throw new IllegalArgumentException(
          what + ": with '" + key + "s', '" + key + "' names a property");
    }
    return p;
  }

  private static void byteOrder(String what, String name) {
    if (!name.trim().matches("(?i)little|big")) {
      throw new IllegalArgumentException(what + ": byte order is little or big");
    }
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

  private MockDerived derived(
      String name, Map<String, String> kv, Map<String, MockProperty> props) {
    String what = "derived " + name;
    if (kv.containsKey("expr")) {
      onlyKeys(what, kv, "expr");
      return new MockDerived(name, null, Map.of(), compile(what, kv.get("expr")), Map.of());
    }
    String selector = kv.get("of");
    if (selector == null || !props.containsKey(selector)) {
      throw new IllegalArgumentException(
          what + ": needs 'expr', or 'of' naming a property and one expression per value");
    }
    Map<String, MockExpression> byValue = new HashMap<>();
    Map<String, String> texts = new HashMap<>();
    kv.forEach(
        (k, v) -> {
          if (!k.equals("of")) {
            String key = props.get(selector).canonical(k).toUpperCase(Locale.ROOT);
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
              texts.put(key, v.substring(1, v.length() - 1));
            } else {
              byValue.put(key, compile(what + "." + k, v));
            }
          }
        });
    if (!texts.isEmpty() && !byValue.isEmpty()) {
      throw new IllegalArgumentException(what + ": either every value is a \"text\" or none");
    }
    return new MockDerived(name, selector, Map.copyOf(byValue), null, Map.copyOf(texts));
  }

  private MockReply reply(String name, Map<String, String> kv) {
    String what = "reply " + name;
    onlyKeys(what, kv, "query", "text", "source", "describes", "count", "recalls");
    if (!kv.containsKey("query") || (kv.containsKey("text") == kv.containsKey("recalls"))) {
      throw new IllegalArgumentException(what + ": needs 'query', and 'text' or 'recalls'");
    }
    List<Object> parts = new ArrayList<>();
    String text = kv.getOrDefault("text", "");
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
      String field = text.substring(open + 1, close);
      int colon = field.lastIndexOf(':');
      if (colon < 0) {
        parts.add(compile(what, field));
      } else {
        String spec = field.substring(colon + 1);
        NumberForm form =
            switch (spec) {
              case "real" -> answers.real();
              case "integer" -> answers.integer();
              default -> NumberForm.parse(what + " '{" + field + "}'", spec);
            };
        parts.add(new MockReply.Field(compile(what, field.substring(0, colon)), spec, form));
      }
      at = close + 1;
    }
    return new MockReply(
        name,
        header(what, kv.get("query")),
        List.copyOf(parts),
        kv.get("source"),
        kv.get("describes"),
        kv.containsKey("count") ? compile(what, kv.get("count")) : null,
        kv.get("recalls"));
  }

  private MockMeasurement measure(
      String name, Map<String, String> kv, Map<String, MockProperty> props) {
    String what = "measure " + name;
    onlyKeys(what, kv, "query", "block", "figure", "figures", "source", "parameters");
    if (!kv.containsKey("query") || !kv.containsKey("block") || !kv.containsKey("figure")) {
      throw new IllegalArgumentException(what + ": needs 'query', 'block' and 'figure'");
    }
    String figure = kv.get("figure");
    Map<String, String> figures = pairs(what, kv.get("figures"));
    if (figures.isEmpty()) {
      WaveformFigure.of(figure);
    } else {
      figures.values().forEach(WaveformFigure::of);
      figures = canonicalKeys(what, mapped(what, "figure", figure, props), figures);
    }
    String invert = kv.get("invert");
    if (invert != null
        && (!props.containsKey(invert) || props.get(invert).type() != MockProperty.Type.BOOLEAN)) {
      throw new IllegalArgumentException(
          what + ": invert '" + invert + "' is not a boolean property");
    }
    List<String> parameters = commaList(kv.get("parameters"));
    for (String param : parameters) {
      if (!param.equals("figure") && !param.equals("source")) {
        throw new IllegalArgumentException(what + ": parameters are 'figure' and 'source'");
      }
    }
    if (parameters.contains("figure") && figures.isEmpty()) {
      throw new IllegalArgumentException(what + ": a 'figure' parameter needs 'figures'");
    }
    String source = kv.get("source");
    if (source != null && !props.containsKey(source)) {
      throw new IllegalArgumentException(what + ": source '" + source + "' is not a property");
    }
    return new MockMeasurement(
        name, header(what, kv.get("query")), kv.get("block"), figure, figures, source, parameters);
  }

  static MockExpression compile(String what, String text) {
    try {
      return MockExpression.compile(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
    }
  }
}
