package org.instrumentelement.ial.flows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;

/**
 * A vendor profile's everyday flow (src/test/resources/vendor-flows, format in its README), and how
 * to run it through a session in one of the spellings a lab script might use. The spellings come
 * from the manuals' notation, not from the simulator's models: upper case is the short form.
 */
public final class ScpiFlow {
  /** Where the flows are, from the ial module's directory (Maven runs tests there). */
  public static final Path DIRECTORY = Path.of("src/test/resources/vendor-flows");

  private static final Pattern MNEMONIC = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /** How a lab script may spell the manual's commands. */
  public enum Spelling {
    /** {@code :WAVEFORM:SOURCE CHANNEL1}. */
    LONG,
    /** {@code :WAV:SOUR CHAN1}. */
    SHORT,
    /** As the manual writes it, {@code :WAVeform:SOURce CHANnel1}. */
    AS_WRITTEN,
    /** {@code :waveform:source channel1}. */
    LOWER;

    String spell(String mnemonic) {
      return switch (this) {
        case LONG -> mnemonic.toUpperCase(Locale.ROOT);
        case SHORT -> mnemonic.replaceAll("[a-z]", "");
        case AS_WRITTEN -> mnemonic;
        case LOWER -> mnemonic.toLowerCase(Locale.ROOT);
      };
    }
  }

  /** One line: a command, or a query and what its reply must be. */
  public record Step(String header, String parameters, String expectation) {
    /** The program message in {@code spelling}. */
    public String text(Spelling spelling) {
      StringBuilder out = new StringBuilder();
      Matcher m = MNEMONIC.matcher(header);
      int at = 0;
      while (m.find()) {
        out.append(header, at, m.start()).append(spelling.spell(m.group()));
        at = m.end();
      }
      out.append(header.substring(at));
      if (!parameters.isEmpty()) {
        out.append(' ');
        String[] params = parameters.split(",", -1);
        for (int i = 0; i < params.length; i++) {
          String p = params[i].trim();
          // Keywords are spelled too; numbers (with their units) and strings go as written.
          out.append(i == 0 ? "" : ",")
              .append(MNEMONIC.matcher(p).matches() ? spelling.spell(p) : p);
        }
      }
      return out.toString();
    }

    public boolean isQuery() {
      return expectation != null;
    }

    public boolean expectsBlock() {
      return isQuery() && (expectation.startsWith("block ") || expectation.startsWith("ascii "));
    }
  }

  private final String profile;
  private final String model;
  private final List<Step> steps;

  private ScpiFlow(String profile, String model, List<Step> steps) {
    this.profile = profile;
    this.model = model;
    this.steps = steps;
  }

  /** Every flow in {@link #DIRECTORY}, by profile name. */
  public static List<ScpiFlow> all() throws IOException {
    List<ScpiFlow> flows = new ArrayList<>();
    try (Stream<Path> files = Files.list(DIRECTORY)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".scpi")).sorted().toList()) {
        flows.add(read(f));
      }
    }
    return flows;
  }

  static ScpiFlow read(Path file) throws IOException {
    String name = file.getFileName().toString().replace(".scpi", "");
    String model = null;
    List<Step> steps = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String t = line.strip();
      if (t.startsWith("# model:")) {
        model = t.substring("# model:".length()).strip();
      }
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      String expectation = null;
      int arrow = t.indexOf("=>");
      if (arrow >= 0) {
        expectation = t.substring(arrow + 2).strip();
        t = t.substring(0, arrow).strip();
      }
      int space = t.indexOf(' ');
      steps.add(
          new Step(
              space < 0 ? t : t.substring(0, space),
              space < 0 ? "" : t.substring(space + 1).strip(),
              expectation));
    }
    if (model == null) {
      throw new IOException(file + " names no '# model:'");
    }
    return new ScpiFlow(name, model, List.copyOf(steps));
  }

  public String profile() {
    return profile;
  }

  /** The simulator model the flow runs against. */
  public String model() {
    return model;
  }

  public List<Step> steps() {
    return steps;
  }

  /**
   * Runs the flow, then asks the error queue, which must be empty.
   *
   * @throws AssertionError naming the step and the spelling sent, on the first wrong reply
   */
  public void run(InstrumentSession s, Spelling spelling) throws InstrumentException {
    // Generous: the simulator shares the machine with the build; a slow reply is not a wrong one.
    s.setTimeout(java.time.Duration.ofSeconds(30));
    for (Step step : steps) {
      String sent = step.text(spelling);
      String where = profile + " (" + spelling + "): '" + sent + "'";
      if (!step.isQuery()) {
        s.write(sent);
      } else if (step.expectsBlock()) {
        FlowExpectation.checkBlock(where, step.expectation(), s.queryBinaryBlock(sent));
      } else {
        FlowExpectation.checkText(where, step.expectation(), s.query(sent).strip());
      }
    }
    String errors = s.query(":SYSTem:ERRor?").strip();
    if (!errors.matches("\\+?0,.*")) {
      throw new AssertionError(profile + " (" + spelling + "): the instrument queued " + errors);
    }
  }
}
