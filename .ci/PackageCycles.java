import java.io.IOException;
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
import java.util.stream.Stream;

/**
 * The build's package-cycle check, run by the root pom at {@code verify} in every module: the
 * module's packages depend on each other one way only, no package reaching back to itself through
 * others. The dependencies are read from the compiled classes by the JDK's {@code jdeps}, as anyone
 * can run by hand:
 *
 * <pre>
 * jdeps -verbose:package -filter:none -e 'org\.instrumentelement(\..*)?' ial/target/classes
 * </pre>
 *
 * <p>Usage: {@code java .ci/PackageCycles.java <classes directory>}; exits 1 naming the packages
 * of every cycle, 0 when there is none or nothing was compiled.
 */
public final class PackageCycles {
  private static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s");

  public static void main(String[] args) throws IOException {
    Path classes = Path.of(args[0]);
    if (!Files.isDirectory(classes)) {
      return; // a pom module, or nothing compiled
    }
    try (Stream<Path> files = Files.walk(classes)) {
      if (files.noneMatch(f -> f.toString().endsWith(".class"))) {
        return;
      }
    }
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        jdeps.run(
            new PrintWriter(out),
            new PrintWriter(err),
            "-verbose:package",
            "-filter:none",
            "-e",
            "org\\.instrumentelement(\\..*)?",
            classes.toString());
    if (status != 0) {
      System.err.println("jdeps failed on " + classes + ": " + err);
      System.exit(2);
    }
    Map<String, Set<String>> uses = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && !m.group(1).equals(m.group(2))) {
        uses.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
        uses.computeIfAbsent(m.group(2), k -> new TreeSet<>());
      }
    }
    List<Set<String>> cycles = new StronglyConnected(uses).components();
    cycles.removeIf(c -> c.size() < 2);
    if (!cycles.isEmpty()) {
      System.err.println("Package cycles in " + classes + " (each set depends on itself):");
      for (Set<String> c : cycles) {
        System.err.println("  " + c);
        for (String p : c) {
          Set<String> within = new TreeSet<>(uses.get(p));
          within.retainAll(c);
          System.err.println("    " + p + " -> " + within);
        }
      }
      System.exit(1);
    }
    System.out.println(
        "No package cycle among the " + uses.size() + " packages of " + classes + ".");
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
