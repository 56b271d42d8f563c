package org.instrumentelement.im.descriptor;

import java.nio.ByteOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.instrumentelement.ial.ieee4882.BinaryFormat;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.AlarmSettings;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;
import org.instrumentelement.im.model.ValueType;

/**
 * Builds an {@link InstrumentDescriptor} from its properties. Every key is checked and every
 * template's placeholders resolved when the file loads, so a typo fails at start-up, with the key
 * in the message, instead of when a client first uses the item.
 */
final class DescriptorParser {
  private static final Set<String> TOP =
      Set.of("description", "identity", "identity.matches", "link", "start", "stop");
  private static final Set<String> SECTIONS = Set.of("parameter", "attribute", "command");
  private static final Set<String> STANDARD_COMMANDS =
      Set.of("link", "unlink", "start", "stop", "reset");
  private static final Pattern ITEM_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /** A SCPI token a descriptor may map an enum choice to: no separators, no quotes, no spaces. */
  private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_.:+-]+");

  private static final String[] SPEC_KEYS = {
    "type", "units", "min", "max", "values", "scpi", "maxLength", "description"
  };

  private final String name;
  private final Properties props;
  private final Map<String, Map<String, Map<String, String>>> sections = new HashMap<>();
  private final Map<String, String> top = new HashMap<>();
  private final Map<String, String> waveformKeys = new HashMap<>();
  private final Map<String, Map<Statistic, AlarmLimits>> alarmLimits = new LinkedHashMap<>();

  /** The states long-running commands declare ({@code command.<c>.runningState}). */
  private final Set<String> runningStates = new HashSet<>();

  private static final Pattern STATE_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

  /** A count or a time given as a number or as an argument: {@code 10} or {@code {count}}. */
  private static final Pattern ARGUMENT_REFERENCE = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)}");

  private DescriptorParser(String name, Properties props) {
    this.name = name;
    this.props = props;
  }

  /**
   * Parses a descriptor onto a model builder that already holds the standard commands.
   *
   * @throws ImException INVALID_VALUE naming the key that is wrong
   */
  static InstrumentDescriptor parse(String name, Properties props, ImModel.Builder model)
      throws ImException {
    try {
      return new DescriptorParser(name, props).parse(model);
    } catch (IllegalArgumentException e) {
      throw new ImException(
          org.instrumentelement.ie.contract.FaultCode.INVALID_VALUE,
          "SCPI descriptor '" + name + "': " + e.getMessage(),
          e);
    }
  }

  private InstrumentDescriptor parse(ImModel.Builder model) throws ImException {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      String value = props.getProperty(key).trim();
      String[] parts = key.split("\\.", 3);
      if (TOP.contains(key)) {
        top.put(key, value);
      } else if (parts[0].equals("waveform") && parts.length > 1) {
        waveformKeys.put(key.substring("waveform.".length()), value);
      } else if (parts.length == 3 && SECTIONS.contains(parts[0])) {
        if (!ITEM_NAME.matcher(parts[1]).matches()) {
          throw new IllegalArgumentException("'" + parts[1] + "' in '" + key + "' is not a name");
        }
        sections
            .computeIfAbsent(parts[0], k -> new LinkedHashMap<>())
            .computeIfAbsent(parts[1], k -> new LinkedHashMap<>())
            .put(parts[2], value);
      } else {
        throw new IllegalArgumentException("unknown key '" + key + "'");
      }
    }
    model.description(top.getOrDefault("description", "SCPI instrument described by " + name));
    for (var e : section("command").entrySet()) {
      String state = e.getValue().get("runningState");
      if (state != null) {
        if (!STATE_NAME.matcher(state).matches()
            || List.of(States.UNLINKED, States.LINKED, States.RUNNING, States.ERROR)
                .contains(state)) {
          throw new IllegalArgumentException(
              "command."
                  + e.getKey()
                  + ".runningState: '"
                  + state
                  + "' must be a new state name in capitals (e.g. LOGGING)");
        }
        runningStates.add(state);
      }
    }
    WaveformSpec waveform = waveformKeys.isEmpty() ? null : waveform();
    Set<String> parameterNames = section("parameter").keySet();
    Map<String, Bindings.Parameter> parameters = new LinkedHashMap<>();
    for (var e : section("parameter").entrySet()) {
      parameters.put(e.getKey(), parameter(e.getKey(), e.getValue(), model, parameterNames));
    }
    for (Bindings.Parameter p : parameters.values()) {
      for (String r : p.reapply()) {
        if (!parameters.containsKey(r)) {
          throw new IllegalArgumentException(
              "parameter." + p.name() + ".reapply: no parameter '" + r + "'");
        }
      }
    }
    Map<String, Bindings.Attribute> attributes = new LinkedHashMap<>();
    for (var e : section("attribute").entrySet()) {
      attributes.put(
          e.getKey(), attribute(e.getKey(), e.getValue(), model, parameterNames, waveform));
    }
    Map<String, Bindings.Command> commands = new LinkedHashMap<>();
    for (var e : section("command").entrySet()) {
      commands.put(e.getKey(), command(e.getKey(), e.getValue(), model, parameters));
    }
    if (waveform != null) {
      checkNames("waveform.query", waveform.query(), parameterNames);
      checkNames("waveform.preamble", waveform.preamble(), parameterNames);
      checkNames("waveform.before", waveform.before(), parameterNames);
      if (!waveform.formats().isEmpty() && !parameterNames.contains(waveform.format())) {
        throw new IllegalArgumentException("waveform.formats needs waveform.format = <parameter>");
      }
      if (!waveform.byteOrders().isEmpty() && !parameterNames.contains(waveform.byteOrder())) {
        throw new IllegalArgumentException(
            "waveform.byteOrders needs waveform.byteOrder = <parameter>");
      }
    }
    ScpiTemplate link = template("link", top.get("link"), parameterNames);
    ScpiTemplate start = template("start", top.get("start"), parameterNames);
    ScpiTemplate stop = template("stop", top.get("stop"), parameterNames);
    Pattern identity = null;
    if (top.containsKey("identity")) {
      try {
        identity = Pattern.compile(top.get("identity"));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("identity is not a regular expression: " + e);
      }
    }
    if (top.containsKey("identity.matches")) {
      try {
        Pattern.compile(top.get("identity.matches"));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("identity.matches is not a regular expression: " + e);
      }
    }
    return new InstrumentDescriptor(
        name,
        model.build(),
        identity,
        link,
        start,
        stop,
        Map.copyOf(parameters),
        Map.copyOf(attributes),
        Map.copyOf(commands),
        Map.copyOf(alarmLimits),
        waveform);
  }

  private Map<String, Map<String, String>> section(String s) {
    return sections.getOrDefault(s, Map.of());
  }

  // ---- parameters, attributes, commands ------------------------------------------------------

  private Bindings.Parameter parameter(
      String p, Map<String, String> kv, ImModel.Builder model, Set<String> parameterNames)
      throws ImException {
    String what = "parameter." + p;
    only(what, kv, "default", "set", "get", "reapply", "settableIn");
    ValueSpec spec = spec(what, kv, null);
    String def = kv.get("default");
    if (def == null) {
      throw new IllegalArgumentException(what + ".default is missing");
    }
    Value defaultValue = spec.parse(def, what + ".default").withTimestamp(Instant.EPOCH);
    ParameterSpec ps = ParameterSpec.of(p, spec, defaultValue, kv.getOrDefault("description", ""));
    if (kv.containsKey("settableIn")) {
      ps = ps.settableIn(states(what + ".settableIn", kv.get("settableIn")));
    }
    model.parameter(ps);
    Set<String> names = new HashSet<>(parameterNames);
    names.add("value");
    return new Bindings.Parameter(
        p,
        template(what + ".set", kv.get("set"), names),
        template(what + ".get", kv.get("get"), parameterNames),
        list(kv.get("reapply")),
        tokens(what, kv, spec));
  }

  private Bindings.Attribute attribute(
      String a,
      Map<String, String> kv,
      ImModel.Builder model,
      Set<String> parameterNames,
      WaveformSpec waveform) {
    String what = "attribute." + a;
    Map<String, String> alarmKeys = new LinkedHashMap<>();
    kv = new LinkedHashMap<>(kv);
    for (var it = kv.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      if (e.getKey().startsWith(AlarmSettings.PREFIX)) {
        alarmKeys.put(e.getKey(), e.getValue());
        it.remove();
      }
    }
    only(what, kv, "get", "set", "from", "subscribable", "readableIn");
    WaveformPart part = null;
    ValueSpec spec;
    if (kv.containsKey("from")) {
      if (kv.containsKey("get") || kv.containsKey("set")) {
        throw new IllegalArgumentException(what + ": 'from' excludes 'get' and 'set'");
      }
      part = WaveformPart.of(kv.get("from"));
      if (waveform == null) {
        throw new IllegalArgumentException(what + ".from needs a waveform.* section");
      }
      boolean timing = part == WaveformPart.X_INCREMENT || part == WaveformPart.X_ORIGIN;
      boolean axis = timing || part == WaveformPart.TIME;
      if (axis && waveform.preamble() == null) {
        throw new IllegalArgumentException(what + ".from needs waveform.preamble");
      }
      boolean spacing =
          waveform.fields().containsKey("xIncrement") || waveform.fields().containsKey("xStop");
      if ((part == WaveformPart.X_INCREMENT || part == WaveformPart.TIME) && !spacing) {
        throw new IllegalArgumentException(
            what + ".from needs waveform.preamble.xIncrement or waveform.preamble.xStop");
      }
      spec =
          switch (part) {
            case VOLTS, CODES -> ValueSpec.vector(kv.getOrDefault("units", "V"));
            case TIME -> ValueSpec.vector("s");
            case X_INCREMENT, X_ORIGIN -> ValueSpec.number("s");
            case PEAK_TO_PEAK -> ValueSpec.number(kv.getOrDefault("units", "V"));
          };
    } else {
      if (!kv.containsKey("get")) {
        throw new IllegalArgumentException(what + " needs 'get' (a query) or 'from'");
      }
      spec = spec(what, kv, null);
    }
    String description = kv.getOrDefault("description", "");
    AttributeSpec as =
        kv.containsKey("set")
            ? AttributeSpec.writable(a, spec, description)
            : AttributeSpec.readOnly(a, spec, description);
    if (Boolean.parseBoolean(kv.getOrDefault("subscribable", "false"))) {
      as = as.asSubscribable();
    }
    if (kv.containsKey("readableIn")) {
      as = as.readableIn(states(what + ".readableIn", kv.get("readableIn")));
    }
    model.attribute(as);
    alarms(what, as, alarmKeys);
    Set<String> withValue = new HashSet<>(parameterNames);
    withValue.add("value");
    return new Bindings.Attribute(
        a,
        template(what + ".get", kv.get("get"), parameterNames),
        template(what + ".set", kv.get("set"), withValue),
        part,
        part == null ? tokens(what, kv, spec) : Map.of());
  }

  /**
   * An attribute's alarm limits ({@code attribute.<a>.alarm.*}), read as the configuration's are:
   * only on a subscribable attribute (limits are judged on its samples), with a statistic exactly
   * when it is a vector.
   */
  private void alarms(String what, AttributeSpec as, Map<String, String> keys) {
    if (keys.isEmpty()) {
      return;
    }
    Map<Statistic, AlarmLimits> limits = AlarmSettings.read(keys, what + ".");
    if (!as.subscribable()) {
      throw new IllegalArgumentException(
          what
              + ".alarm.*: limits are judged on the samples of a subscribable attribute: set "
              + what
              + ".subscribable = true");
    }
    ValueType type = as.spec().type();
    for (Statistic s : limits.keySet()) {
      if (!s.appliesTo(type)) {
        String key = what + ".alarm." + (s == Statistic.VALUE ? "" : s.configName() + ".") + "*";
        throw new IllegalArgumentException(
            key
                + ": "
                + switch (type) {
                  case DOUBLE_ARRAY ->
                      "a vector's limits apply to one of its statistics (alarm.min.*, alarm.max.*,"
                          + " alarm.mean.*, alarm.rms.*, alarm.peakToPeak.*)";
                  case DOUBLE, INTEGER ->
                      "a single number's limits apply to it, without a statistic (alarm.*)";
                  default -> "a " + type + " is not a number: it cannot have limits";
                });
      }
    }
    alarmLimits.put(as.name(), Map.copyOf(limits));
  }

  private Bindings.Command command(
      String c,
      Map<String, String> kv,
      ImModel.Builder model,
      Map<String, Bindings.Parameter> parameters)
      throws ImException {
    String what = "command." + c;
    if (STANDARD_COMMANDS.contains(c)) {
      throw new IllegalArgumentException(what + ": '" + c + "' is a standard command");
    }
    Map<String, Map<String, String>> arguments = new LinkedHashMap<>();
    Map<String, String> own = new LinkedHashMap<>();
    for (var e : kv.entrySet()) {
      if (e.getKey().startsWith("argument.")) {
        String[] parts = e.getKey().split("\\.", 3);
        if (parts.length != 3 || !ITEM_NAME.matcher(parts[1]).matches()) {
          throw new IllegalArgumentException(what + "." + e.getKey() + ": argument.<name>.<key>");
        }
        arguments.computeIfAbsent(parts[1], k -> new LinkedHashMap<>()).put(parts[2], e.getValue());
      } else {
        own.put(e.getKey(), e.getValue());
      }
    }
    for (String k : own.keySet()) {
      if (!Set.of(
              "send",
              "query",
              "result",
              "units",
              "allowedIn",
              "target",
              "refresh",
              "description",
              "runningState",
              "steps",
              "interval",
              "complete",
              "cancel")
          .contains(k)) {
        throw new IllegalArgumentException("unknown key '" + what + "." + k + "'");
      }
    }
    List<ArgumentSpec> args = new ArrayList<>();
    for (var e : arguments.entrySet()) {
      String aw = what + ".argument." + e.getKey();
      only(aw, e.getValue(), "default");
      ValueSpec spec = spec(aw, e.getValue(), null);
      String def = e.getValue().get("default");
      args.add(
          new ArgumentSpec(
              e.getKey(),
              spec,
              def == null ? null : spec.parse(def, aw + ".default"),
              e.getValue().getOrDefault("description", "")));
    }
    Set<String> names = new HashSet<>(parameters.keySet());
    names.addAll(arguments.keySet());
    ScpiTemplate send = template(what + ".send", own.get("send"), names);
    ScpiTemplate query = template(what + ".query", own.get("query"), names);
    if (send == null && query == null) {
      throw new IllegalArgumentException(what + " needs 'send' or 'query'");
    }
    if (query != null && !own.containsKey("result")) {
      throw new IllegalArgumentException(what + ".query needs '" + what + ".result' (its type)");
    }
    List<String> refresh = list(own.get("refresh"));
    for (String r : refresh) {
      Bindings.Parameter p = parameters.get(r);
      if (p == null || p.get() == null) {
        throw new IllegalArgumentException(
            what + ".refresh: '" + r + "' is not a parameter with a 'get' query");
      }
    }
    Set<String> allowed =
        own.containsKey("allowedIn")
            ? Set.of(states(what + ".allowedIn", own.get("allowedIn")))
            : States.CONNECTED;
    String target = own.get("target");
    if (target != null) {
      states(what + ".target", target);
    }
    CommandSpec spec =
        new CommandSpec(c, args, allowed, target, own.getOrDefault("description", ""));
    Bindings.Steps steps = null;
    if (own.containsKey("runningState")) {
      spec = spec.longRunning(own.get("runningState"));
      steps = steps(what, own, args, parameters.keySet());
    } else {
      for (String k : List.of("steps", "interval", "complete", "cancel")) {
        if (own.containsKey(k)) {
          throw new IllegalArgumentException(
              what + "." + k + " is for long-running commands: it needs " + what + ".runningState");
        }
      }
    }
    model.command(spec);
    ValueSpec result = null;
    if (query != null) {
      Map<String, String> r = new HashMap<>();
      r.put("type", own.get("result"));
      if (own.containsKey("units")) {
        r.put("units", own.get("units"));
      }
      result = spec(what + ".result", r, null);
    }
    return new Bindings.Command(c, send, query, result, refresh, steps);
  }

  /** How a long-running command repeats its send and query. */
  private Bindings.Steps steps(
      String what, Map<String, String> own, List<ArgumentSpec> args, Set<String> parameterNames) {
    String complete = own.getOrDefault("complete", "none");
    if (!Set.of("none", "opc").contains(complete)) {
      throw new IllegalArgumentException(
          what + ".complete: 'none' or 'opc', not '" + complete + "'");
    }
    return new Bindings.Steps(
        amount(what + ".steps", own.getOrDefault("steps", "1"), args, true),
        amount(what + ".interval", own.getOrDefault("interval", "0"), args, false),
        complete.equals("opc"),
        template(what + ".cancel", own.get("cancel"), parameterNames));
  }

  /** A number, or {@code {argument}} naming a numeric argument of the command. */
  private static Bindings.Amount amount(
      String what, String text, List<ArgumentSpec> args, boolean whole) {
    var m = ARGUMENT_REFERENCE.matcher(text.trim());
    if (m.matches()) {
      String arg = m.group(1);
      ArgumentSpec a =
          args.stream()
              .filter(x -> x.name().equals(arg))
              .findFirst()
              .orElseThrow(
                  () -> new IllegalArgumentException(what + ": no argument '" + arg + "'"));
      boolean numeric =
          whole
              ? a.spec().type() == ValueType.INTEGER
              : a.spec().type() == ValueType.INTEGER || a.spec().type() == ValueType.DOUBLE;
      if (!numeric || a.spec().min() < 0) {
        throw new IllegalArgumentException(
            what
                + ": argument '"
                + arg
                + "' must be "
                + (whole ? "an integer" : "a number")
                + " with min >= 0");
      }
      return new Bindings.Amount(arg, 0);
    }
    try {
      double d = Double.parseDouble(text.trim());
      if (d < 0 || !Double.isFinite(d) || (whole && d != Math.rint(d))) {
        throw new NumberFormatException();
      }
      return new Bindings.Amount(null, d);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          what
              + ": '"
              + text
              + "' is neither "
              + (whole ? "a count" : "a number of seconds")
              + " nor {argument}");
    }
  }

  // ---- the waveform ----------------------------------------------------------------------------

  private WaveformSpec waveform() {
    Map<String, String> kv = new HashMap<>(waveformKeys);
    Map<String, Integer> fields = new HashMap<>();
    for (String q : WaveformSpec.QUANTITIES) {
      String v = kv.remove("preamble." + q);
      if (v != null) {
        try {
          fields.put(q, Integer.parseInt(v));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "waveform.preamble." + q + " is a field index (0 first), not '" + v + "'");
        }
      }
    }
    String separator = kv.remove("preamble.separator");
    String query = kv.remove("query");
    String preamble = kv.remove("preamble");
    String before = kv.remove("before");
    String format = kv.remove("format");
    String formats = kv.remove("formats");
    String byteOrder = kv.remove("byteOrder");
    String byteOrders = kv.remove("byteOrders");
    String scaling = kv.remove("scaling");
    String[] special = {kv.remove("holeCode"), kv.remove("clipLowCode"), kv.remove("clipHighCode")};
    for (String code : special) {
      if (code != null && !code.equals("max") && !code.matches("-?[0-9]{1,6}")) {
        throw new IllegalArgumentException(
            "waveform.holeCode, clipLowCode and clipHighCode are codes or max, not '" + code + "'");
      }
    }
    if (!kv.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown key 'waveform." + kv.keySet().iterator().next() + "'");
    }
    if (query == null || format == null) {
      throw new IllegalArgumentException("waveform.query and waveform.format are required");
    }
    if (separator != null && separator.isEmpty()) {
      // Preamble.parse would find an empty separator at every character, for ever.
      throw new IllegalArgumentException(
          "waveform.preamble.separator is empty (leave it out for ',')");
    }
    if (!fields.isEmpty() && preamble == null) {
      throw new IllegalArgumentException("waveform.preamble.<field> needs waveform.preamble");
    }
    if (fields.containsKey("xStop") && !fields.containsKey("points")) {
      throw new IllegalArgumentException("waveform.preamble.xStop needs waveform.preamble.points");
    }
    Map<String, BinaryFormat> formatMap = new HashMap<>();
    pairs("waveform.formats", formats).forEach((k, v) -> formatMap.put(k, BinaryFormat.of(v)));
    if (formatMap.isEmpty()) {
      BinaryFormat.of(format);
    }
    Map<String, ByteOrder> orderMap = new HashMap<>();
    pairs("waveform.byteOrders", byteOrders).forEach((k, v) -> orderMap.put(k, order(v)));
    String orderName = byteOrder == null ? "big" : byteOrder;
    if (orderMap.isEmpty()) {
      order(orderName);
    }
    try {
      return new WaveformSpec(
          before == null ? null : ScpiTemplate.compile(before),
          ScpiTemplate.compile(query),
          format,
          Map.copyOf(formatMap),
          orderName,
          Map.copyOf(orderMap),
          preamble == null ? null : ScpiTemplate.compile(preamble),
          separator == null ? "," : separator,
          Map.copyOf(fields),
          scaling == null ? WaveformScaling.REFERENCE : WaveformScaling.of(scaling),
          special[0],
          special[1],
          special[2]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("waveform: " + e.getMessage(), e);
    }
  }

  private static ByteOrder order(String name) {
    return switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "big" -> ByteOrder.BIG_ENDIAN;
      case "little" -> ByteOrder.LITTLE_ENDIAN;
      default -> throw new IllegalArgumentException("byte order is big or little, not " + name);
    };
  }

  // ---- shared pieces ---------------------------------------------------------------------------

  /** A value spec from type, units, min, max, values, maxLength. */
  private static ValueSpec spec(String what, Map<String, String> kv, String fallbackType) {
    String type = kv.getOrDefault("type", fallbackType == null ? "string" : fallbackType);
    String units = kv.getOrDefault("units", "");
    try {
      return switch (type.toLowerCase(Locale.ROOT)) {
        case "double" ->
            ValueSpec.number(
                units, number(kv, "min", -Double.MAX_VALUE), number(kv, "max", Double.MAX_VALUE));
        case "integer" ->
            new ValueSpec(
                org.instrumentelement.im.model.ValueType.INTEGER,
                units,
                number(kv, "min", -0x1p53),
                number(kv, "max", 0x1p53),
                List.of(),
                0);
        case "boolean" -> ValueSpec.bool();
        case "enum" -> {
          if (!kv.containsKey("values")) {
            throw new IllegalArgumentException(what + ".values is needed for an enum");
          }
          yield ValueSpec.choice(list(kv.get("values")).toArray(new String[0]));
        }
        case "string" -> ValueSpec.text((int) number(kv, "maxLength", 64));
        case "vector" -> ValueSpec.vector(units);
        default ->
            throw new IllegalArgumentException(
                what
                    + ".type is double, integer, boolean, enum, string or vector, not '"
                    + type
                    + "'");
      };
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + ": " + e.getMessage());
    }
  }

  private static double number(Map<String, String> kv, String key, double fallback) {
    String v = kv.get(key);
    return v == null ? fallback : Double.parseDouble(v);
  }

  /** Enum choice to SCPI token, from {@code values} and the parallel {@code scpi} list. */
  private static Map<String, String> tokens(String what, Map<String, String> kv, ValueSpec spec) {
    if (!kv.containsKey("scpi")) {
      return Map.of();
    }
    List<String> scpi = list(kv.get("scpi"));
    if (spec.choices().size() != scpi.size()) {
      throw new IllegalArgumentException(what + ".scpi needs one token for each of the values");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < scpi.size(); i++) {
      if (!TOKEN.matcher(scpi.get(i)).matches()) {
        throw new IllegalArgumentException(what + ".scpi: '" + scpi.get(i) + "' is not a token");
      }
      out.put(spec.choices().get(i), scpi.get(i));
    }
    return Map.copyOf(out);
  }

  private static ScpiTemplate template(String what, String text, Set<String> names) {
    if (text == null) {
      return null;
    }
    try {
      ScpiTemplate t = ScpiTemplate.compile(text);
      checkNames(what, t, names);
      return t;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
    }
  }

  private static void checkNames(String what, ScpiTemplate t, Set<String> names) {
    if (t == null) {
      return;
    }
    for (String n : t.names()) {
      if (!names.contains(n)) {
        throw new IllegalArgumentException(what + ": '{" + n + "}' names nothing known here");
      }
    }
  }

  private String[] states(String what, String list) {
    List<String> states = list(list);
    for (String s : states) {
      if (!List.of(States.UNLINKED, States.LINKED, States.RUNNING, States.ERROR).contains(s)
          && !runningStates.contains(s)) {
        throw new IllegalArgumentException(what + ": '" + s + "' is not a state");
      }
    }
    return states.toArray(new String[0]);
  }

  private static List<String> list(String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    return Arrays.stream(text.split("\\s*,\\s*")).map(String::trim).toList();
  }

  private static Map<String, String> pairs(String what, String text) {
    Map<String, String> out = new HashMap<>();
    for (String pair : list(text)) {
      String[] kv = pair.split(":", 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException(what + ": '" + pair + "' is not VALUE:setting");
      }
      out.put(kv[0].trim().toUpperCase(Locale.ROOT), kv[1].trim());
    }
    return out;
  }

  private static void only(String what, Map<String, String> kv, String... extra) {
    Set<String> allowed = new HashSet<>(Arrays.asList(SPEC_KEYS));
    allowed.addAll(Arrays.asList(extra));
    for (String k : kv.keySet()) {
      if (!allowed.contains(k)) {
        throw new IllegalArgumentException("unknown key '" + what + "." + k + "'");
      }
    }
  }
}
