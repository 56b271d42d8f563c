package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The IAL knows nothing beyond the JDK but for one library, JmDNS, and only its discovery package
 * may use it: every other package stays as portable as it was.
 */
class DiscoveryIsolationTest {

  @Test
  void onlyTheDiscoveryPackageImportsJmdns() throws IOException {
    Path main = Path.of("src/main/java");
    try (Stream<Path> files = Files.walk(main)) {
      List<String> offenders =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> !p.getParent().endsWith(Path.of("ial", "discovery")))
              .filter(p -> read(p).contains("javax.jmdns"))
              .map(p -> main.relativize(p).toString())
              .toList();
      assertEquals(List.of(), offenders);
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
