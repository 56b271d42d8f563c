package org.instrumentelement.ial.mock;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What a mock model is, read from its properties file by {@link MockModelParser}. The file format
 * is documented in the bundled {@code oscilloscope.properties}; every key is checked, so a typo
 * fails at load time instead of silently doing nothing.
 */
final class MockDeviceDescription {
  /** The models bundled with the IAL, in the order the reference documentation lists them. */
  static final List<String> BUILT_IN =
      List.of(
          "oscilloscope",
          "array",
          "keysight-scope",
          "tektronix-scope",
          "rigol-ds1000z",
          "rs-rtb",
          "dmm");

  final String model;
  final String identity;

  /**
   * The identities of real instruments this model simulates ({@code identity.matches}): a pattern
   * over {@code manufacturer,model} of their {@code *IDN?}, or {@code null} for its own only.
   */
  final java.util.regex.Pattern identityMatches;

  final int channels;
  final Map<String, MockProperty> properties;
  final List<MockAction> actions;
  final List<MockBlock> blocks;
  final Map<Integer, MockInput> inputs;
  final Map<String, MockDerived> derived;
  final List<MockReply> replies;
  final List<MockMeasurement> measurements;
  final AnswerForms answers;
  final List<MockSetup> setups;
  final List<MockScreen> screens;
  final List<MockMemory> memories;
  final List<MockDisk> disks;

  /** Whether mnemonics are taken in any prefix of their long form (Tektronix), not only SCPI's. */
  final boolean prefixes;

  MockDeviceDescription(
      String model,
      String identity,
      java.util.regex.Pattern identityMatches,
      int channels,
      Map<String, MockProperty> properties,
      List<MockAction> actions,
      List<MockBlock> blocks,
      Map<Integer, MockInput> inputs,
      Map<String, MockDerived> derived,
      List<MockReply> replies,
      List<MockMeasurement> measurements,
      AnswerForms answers,
      List<MockSetup> setups,
      List<MockScreen> screens,
      List<MockMemory> memories,
      List<MockDisk> disks,
      boolean prefixes) {
    this.model = model;
    this.identity = identity;
    this.identityMatches = identityMatches;
    this.channels = channels;
    this.properties = properties;
    this.actions = actions;
    this.blocks = blocks;
    this.inputs = inputs;
    this.derived = derived;
    this.replies = replies;
    this.measurements = measurements;
    this.answers = answers;
    this.setups = setups;
    this.screens = screens;
    this.memories = memories;
    this.disks = disks;
    this.prefixes = prefixes;
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
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    return parse(model, p);
  }

  static MockDeviceDescription parse(String model, Properties p) throws IOException {
    try {
      return new MockModelParser(model, p).parse();
    } catch (RuntimeException e) {
      throw new IOException("mock model '" + model + "': " + e.getMessage(), e);
    }
  }

  /** The block named {@code name}, or {@code null}. */
  MockBlock block(String name) {
    return blocks.stream().filter(b -> b.name().equals(name)).findFirst().orElse(null);
  }

  /** Whether the model declares a reply named {@code name}. */
  boolean hasReply(String name) {
    return replies.stream().anyMatch(r -> r.name().equals(name));
  }

  @Override
  public String toString() {
    return "mock model " + model;
  }
}
