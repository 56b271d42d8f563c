package org.instrumentelement.ial.mock;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.instrumentelement.ial.scpi.device.Keyword;

/**
 * The reference of the commands each mock model accepts, written from the models themselves: the
 * documentation ({@code docs/mock-instrument-commands.md}, checked against the models by a test)
 * and the simulator's {@code --commands} print it, so it can never drift from what the parser does.
 */
public final class MockModelReference {
  private MockModelReference() {}

  /** The reference of every bundled model, as the documentation holds it. */
  public static String bundled() throws IOException {
    StringBuilder out = new StringBuilder();
    out.append("# Commands the mock instruments accept\n\n")
        .append("<!-- Generated from the models by MockModelReference; do not edit. -->\n\n")
        .append("Generated from the bundled mock models ")
        .append("([`ial/src/main/resources/org/instrumentelement/ial/mock`]")
        .append("(../ial/src/main/resources/org/instrumentelement/ial/mock)) by ")
        .append("`MockModelReference`; a test fails when this page and the models disagree. ")
        .append("Every header is accepted in its short form (the upper-case letters), its ")
        .append("long form, in any case, with optional `[:NODES]` left out; `{ch}` is a channel ")
        .append("number (left out: 1); keywords likewise (`MSBFirst`: `MSBF`, `msbfirst`). ")
        .append("Numbers take `MINimum`, `MAXimum`, `DEFault`, and the unit shown with the ")
        .append("IEEE 488.2 multipliers (`200mV`, `500us`). See ")
        .append("[SCPI instruments](scpi-instruments.md#the-instrument-simulator).\n\n")
        .append("Every model also answers: ")
        .append(
            String.join(", ", BuiltInCommands.HEADERS.stream().map(h -> "`" + h + "`").toList()))
        .append(".\n");
    for (String model : MockDeviceDescription.BUILT_IN) {
      out.append('\n').append(model(MockDeviceDescription.load(model, List.of())));
    }
    return out.toString();
  }

  /**
   * One model's section; the model is looked for in {@code searchPath}, then among the built-in.
   */
  public static String model(String model, List<java.nio.file.Path> searchPath) throws IOException {
    return model(MockDeviceDescription.load(model, searchPath));
  }

  static String model(MockDeviceDescription d) {
    StringBuilder out = new StringBuilder();
    out.append("## `").append(d.model).append("`\n\n");
    out.append("`*IDN?`: ").append(d.identity).append("; ").append(d.channels);
    out.append(d.channels == 1 ? " channel.\n\n" : " channels.\n\n");
    if (d.answers.tektronixEvents()) {
      out.append("Errors and events go to Tektronix's event queue, readable after `*ESR?`: ")
          .append(
              String.join(
                  ", ",
                  BuiltInCommands.TEKTRONIX_HEADERS.stream().map(h -> "`" + h + "`").toList()))
          .append(".\n\n");
    }
    out.append("| Header | Shortest | Parameters | Answers |\n|---|---|---|---|\n");
    List<String> rows = new ArrayList<>();
    for (MockProperty p : d.properties.values()) {
      if (p.setter() != null) {
        row(rows, p.setter(), parameter(p), "");
      }
      if (p.getter() != null) {
        String limits =
            p.type() == MockProperty.Type.DOUBLE || p.type() == MockProperty.Type.INTEGER
                ? "[`MINimum`\\|`MAXimum`\\|`DEFault`]"
                : "";
        row(rows, p.getter(), limits, answer(p));
      }
    }
    for (MockAction a : d.actions) {
      List<String> params = new ArrayList<>();
      if (a.accepts() != null) {
        params.add("[" + parameter(d.properties.get(a.accepts())) + ", ...]");
      }
      for (String name : a.parameters()) {
        params.add("[" + parameter(d.properties.get(name), a.divide()) + "]");
      }
      String answers =
          a.answer() != null ? "as `" + reply(d, a.answer()).query() + "`" : a.response();
      row(rows, a.header(), String.join(", ", params), answers == null ? "" : "`" + answers + "`");
    }
    for (MockReply r : d.replies) {
      String answers =
          r.recalls() != null
              ? "what `" + reply(d, r.recalls()).query() + "` last answered"
              : "`" + text(r) + "`" + (r.count() != null ? " x `" + r.count() + "`" : "");
      row(rows, r.query(), "", answers);
    }
    for (MockBlock b : d.blocks) {
      String format = b.formats().isEmpty() ? b.format() : String.join(", ", b.formats().values());
      row(rows, b.query(), "", "definite-length block (" + format + ")");
    }
    for (MockMeasurement m : d.measurements) {
      List<String> params = new ArrayList<>();
      for (String p : m.parameters()) {
        String property =
            p.equals("figure")
                ? m.figure()
                : (m.source() != null ? m.source() : d.block(m.block()).setting("source"));
        params.add("[" + parameter(d.properties.get(property)) + "]");
      }
      String figure = m.figures().isEmpty() ? m.figure() : "the figure `" + m.figure() + "` names";
      row(rows, m.query(), String.join(", ", params), figure + " of the trace");
    }
    for (MockSetup s : d.setups) {
      if (s.query() != null) {
        row(rows, s.query(), "", "definite-length block: every setting");
      }
      if (s.command() != null) {
        row(rows, s.command(), "a block its query answered", "");
      }
    }
    for (MockScreen s : d.screens) {
      if (s.query() == null) {
        continue; // saved to files only
      }
      List<String> params = new ArrayList<>();
      for (String role : s.parameters()) {
        Map<String, String> choices =
            role.equals("format")
                ? s.formats()
                : role.equals("palette") ? s.palettes() : Map.of("ON", "", "OFF", "");
        params.add(
            "["
                + (role.equals("ignore")
                    ? "keyword"
                    : String.join(
                        "\\|", choices.keySet().stream().sorted().map(k -> "`" + k + "`").toList()))
                + "]");
      }
      String format =
          d.properties.containsKey(s.format()) ? "as `" + s.format() + "` says" : s.format();
      row(
          rows,
          s.query(),
          String.join(", ", params),
          "definite-length block: the screen (" + format + ")");
    }
    for (MockDisk k : d.disks) {
      String in = k.directory() == null ? "" : " (in `" + k.directory() + "` unless absolute)";
      row(
          rows,
          k.save(),
          k.saveName() == null ? "`<file name>`" : "",
          "saves the screen to "
              + (k.saveName() == null ? "the file" : "`" + k.saveName() + "`.<format>")
              + in);
      if (k.read() != null) {
        row(rows, k.read(), "`<file name>`", "definite-length block: the file");
      }
      if (k.send() != null) {
        row(rows, k.send(), "`<file name>`", "the file's bytes, no block header");
      }
      if (k.delete() != null) {
        row(rows, k.delete(), "`<file name>`", "");
      }
    }
    for (MockMemory m : d.memories) {
      String of = "`" + reply(d, m.reply()).query() + "`";
      m.queries()
          .forEach(
              (role, header) ->
                  row(
                      rows,
                      header,
                      role.equals("remove") ? "count" : role.equals("take") ? "[count]" : "",
                      switch (role) {
                        case "points" -> "how many readings of " + of + " are in memory";
                        case "remove" -> "the oldest readings in memory, removed";
                        case "take" -> "definite-length block: readings in memory, removed";
                        case "clear" -> "";
                        default -> role + " of every reading since cleared";
                      }));
    }
    // In header order, as a manual's command index: the sort key is the row's header, cleaned.
    rows.sort(
        java.util.Comparator.comparing(
            (String r) ->
                r.substring(0, r.indexOf("` |"))
                    .replaceAll("[\\[\\]:`|*]", "")
                    .toUpperCase(Locale.ROOT)));
    rows.forEach(out::append);
    return out.toString();
  }

  private static MockReply reply(MockDeviceDescription d, String name) {
    return d.replies.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
  }

  private static String text(MockReply r) {
    StringBuilder t = new StringBuilder();
    for (Object part : r.parts()) {
      if (part instanceof MockReply.Field f) {
        t.append("{").append(f.expression()).append(':').append(f.spec()).append('}');
      } else {
        t.append(part instanceof MockExpression e ? "{" + e + "}" : part);
      }
    }
    return t.toString().replace("|", "\\|");
  }

  private static void row(List<String> rows, HeaderPattern h, String parameters, String answers) {
    StringBuilder out = new StringBuilder();
    out.append("| `")
        .append(h)
        .append("` | `")
        .append(h.renderShortest(1))
        .append("` | ")
        .append(parameters)
        .append(" | ")
        .append(answers)
        .append(" |\n");
    rows.add(out.toString());
  }

  /** The parameter a property takes, as a manual writes it. */
  static String parameter(MockProperty p) {
    return parameter(p, 1);
  }

  /** The parameter of a command naming the property in units {@code factor} times larger. */
  private static String parameter(MockProperty p, double factor) {
    String unit = p.unit() == null ? "" : " " + p.unit();
    StringJoiner s = new StringJoiner("\\|");
    switch (p.type()) {
      case DOUBLE, INTEGER -> {
        String kind = p.type() == MockProperty.Type.INTEGER ? "integer" : "number";
        s.add(
            "`<"
                + kind
                + " "
                + number(times(p.min(), factor))
                + ".."
                + number(times(p.max(), factor))
                + unit
                + ">`");
        s.add("`MINimum`").add("`MAXimum`").add("`DEFault`");
        if (p.auto() != null) {
          s.add("`AUTO`");
        }
      }
      case BOOLEAN -> s.add("`ON`").add("`OFF`").add("`1`").add("`0`");
      case ENUM -> p.keywords().forEach(k -> s.add("`" + k + "`"));
      case STRING -> s.add("`<text>`");
    }
    p.aliases().keySet().stream().sorted().forEach(a -> s.add("`" + a + "`"));
    return s.toString();
  }

  private static String answer(MockProperty p) {
    return switch (p.type()) {
      case ENUM -> {
        StringJoiner s = new StringJoiner("\\|");
        for (Keyword k : p.keywords()) {
          s.add("`" + p.format(k.shortForm()) + "`");
        }
        yield s.toString();
      }
      case BOOLEAN -> "`" + p.format(true) + "`\\|`" + p.format(false) + "`";
      case STRING -> "`\"<text>\"`";
      default -> p.unit() == null ? "a number" : "a number (" + p.unit() + ")";
    };
  }

  /** {@code v * factor} in exact decimal arithmetic: 1e-9 s/div times 12 is 1.2e-8 s. */
  private static double times(double v, double factor) {
    return factor == 1 || Double.isInfinite(v)
        ? v
        : new java.math.BigDecimal(Double.toString(v))
            .multiply(new java.math.BigDecimal(Double.toString(factor)))
            .doubleValue();
  }

  private static String number(double v) {
    if (Double.isInfinite(v)) {
      return v > 0 ? "" : "";
    }
    return MockFormulas.format(v).toLowerCase(Locale.ROOT);
  }
}
