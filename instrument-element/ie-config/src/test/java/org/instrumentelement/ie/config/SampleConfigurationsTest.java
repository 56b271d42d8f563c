package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The sample configurations in deploy/config are valid configuration files. */
class SampleConfigurationsTest {
  static final Path SAMPLES = Path.of("..", "..", "deploy", "config");

  @Test
  void everySampleLoads() throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.list(SAMPLES)) {
      files =
          s.filter(
                  p ->
                      p.toString().endsWith(".properties")
                          && !p.getFileName().toString().equals("users.properties"))
              .toList();
    }
    assertFalse(files.isEmpty());
    for (Path f : files) {
      IeConfig c = ConfigLoader.load(List.of("--config", f.toString()), Map.of());
      assertFalse(c.ims().isEmpty(), f + " has IMs");
    }
  }
}
