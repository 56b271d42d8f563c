package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The server's program package ({@code Main}, the runtime) is the top: no other package uses it.
 * (No package cycle in any module is the build's own check, {@code .ci/PackageCycles.java}.) The
 * dependencies are read from the compiled classes by the JDK's {@code jdeps}, the same as anyone
 * can run by hand:
 *
 * <pre>
 * jdeps -verbose:package -filter:none -e 'org\.instrumentelement\.ie(\..*)?' \
 *     instrument-element/ie-server/target/classes
 * </pre>
 */
class PackageCycleTest {
  static final Path CLASSES = Path.of("target", "classes");

  /** Our packages only: {@code org.instrumentelement.ie} and those below it. */
  static final String OURS = "org\\.instrumentelement\\.ie(\\..*)?";

  private static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s");

  /** Package to the packages it uses, from {@code jdeps -verbose:package}. */
  static Map<String, Set<String>> dependencies() {
    assertTrue(Files.isDirectory(CLASSES), CLASSES + " is missing: compile first");
    ToolProvider jdeps =
        ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in JDK"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "-verbose:package",
            "-filter:none",
            "-e",
            OURS,
            CLASSES.toString());
    assertEquals(0, status, "jdeps failed: " + err);
    Map<String, Set<String>> uses = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && !m.group(1).equals(m.group(2))) {
        uses.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
        uses.computeIfAbsent(m.group(2), k -> new TreeSet<>());
      }
    }
    return uses;
  }

  @Test
  void theProgramIsTheTopAndNothingReachesBackToIt() {
    Map<String, Set<String>> uses = dependencies();
    List<String> back = new ArrayList<>();
    uses.forEach(
        (from, to) -> {
          if (to.contains("org.instrumentelement.ie")) {
            back.add(from);
          }
        });
    assertEquals(List.of(), back, "packages that use org.instrumentelement.ie (Main, the runtime)");
  }
}
