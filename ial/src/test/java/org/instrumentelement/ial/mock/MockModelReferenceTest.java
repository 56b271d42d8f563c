package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.scpi.device.HeaderPattern;
import org.junit.jupiter.api.Test;

/**
 * The command reference in docs/ is the one the models generate, and every spelling it lists is one
 * the simulated instruments accept.
 */
class MockModelReferenceTest {
  /** From the ial module's directory, where Maven runs the tests. */
  static final Path DOCUMENT = Path.of("../docs/mock-instrument-commands.md");

  @Test
  void documentationIsTheReferenceTheModelsGenerate() throws Exception {
    String generated = MockModelReference.bundled();
    if (Boolean.getBoolean("mock.reference.write")) {
      Files.writeString(DOCUMENT, generated, StandardCharsets.UTF_8);
    }
    assertEquals(
        generated,
        Files.readString(DOCUMENT, StandardCharsets.UTF_8),
        DOCUMENT
            + " differs from the models; regenerate it with: mvn -B -pl ial test"
            + " -Dtest=MockModelReferenceTest -Dmock.reference.write=true");
  }

  @Test
  void everyQueryAnswersInItsShortestAndLongestSpelling() throws Exception {
    MockSessionProvider provider = new MockSessionProvider();
    for (String model : MockDeviceDescription.BUILT_IN) {
      MockDeviceDescription d = MockDeviceDescription.load(model, List.of());
      List<HeaderPattern> queries = new ArrayList<>();
      d.properties.values().stream()
          .filter(p -> p.getter() != null)
          .forEach(p -> queries.add(p.getter()));
      d.replies.stream().filter(r -> r.recalls() == null).forEach(r -> queries.add(r.query()));
      d.blocks.forEach(b -> queries.add(b.query()));
      d.measurements.forEach(m -> queries.add(m.query()));
      MockDevice device = provider.device("MOCK::" + model + "::reference");
      for (HeaderPattern q : queries) {
        for (String spelling :
            List.of(q.renderShortest(d.channels), q.render(true, d.channels), q.render(false, 1))) {
          assertTrue(
              device.handle(spelling).hasData(), model + ": " + spelling + " answered nothing");
          String error =
              new String(device.handle("SYST:ERR?").bytes(), StandardCharsets.ISO_8859_1);
          assertTrue(error.matches("(?s)\\+?0,.*"), model + ": " + spelling + " queued " + error);
        }
      }
    }
  }
}
