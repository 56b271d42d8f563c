package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
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
 * The server's packages depend on each other one way only: no package reaches, directly or through
 * others, back to itself. The dependencies are read from the compiled classes by the JDK's {@code
 * jdeps}, the same as anyone can run by hand:
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
  void noPackageDependsOnItselfThroughOthers() {
    Map<String, Set<String>> uses = dependencies();
    assertTrue(uses.size() > 10, "jdeps found the server's packages: " + uses.keySet());
    List<Set<String>> cycles = new StronglyConnected(uses).components();
    cycles.removeIf(c -> c.size() < 2);
    assertEquals(List.of(), cycles, "packages that depend on each other, in " + uses);
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

  /** Tarjan's strongly connected components: a component of two or more is a cycle. */
  private static final class StronglyConnected {
    private final Map<String, Set<String>> graph;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<Set<String>> found = new ArrayList<>();

    StronglyConnected(Map<String, Set<String>> graph) {
      this.graph = graph;
    }

    List<Set<String>> components() {
      for (String v : graph.keySet()) {
        if (!index.containsKey(v)) {
          visit(v);
        }
      }
      return found;
    }

    private void visit(String v) {
      index.put(v, index.size());
      low.put(v, index.get(v));
      stack.push(v);
      onStack.add(v);
      for (String w : graph.getOrDefault(v, Set.of())) {
        if (!index.containsKey(w)) {
          visit(w);
          low.put(v, Math.min(low.get(v), low.get(w)));
        } else if (onStack.contains(w)) {
          low.put(v, Math.min(low.get(v), index.get(w)));
        }
      }
      if (low.get(v).equals(index.get(v))) {
        Set<String> component = new TreeSet<>();
        String w;
        do {
          w = stack.pop();
          onStack.remove(w);
          component.add(w);
        } while (!w.equals(v));
        found.add(component);
      }
    }
  }
}
