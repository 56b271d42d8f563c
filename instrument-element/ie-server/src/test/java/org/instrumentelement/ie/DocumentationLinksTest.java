package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ link to each other and into the source tree; every relative link must reach
 * a file that exists, and every {@code #anchor} a heading that exists, so that moving a file or
 * renaming a heading fails the build instead of leaving a dead link. External links are not
 * fetched.
 */
class DocumentationLinksTest {
  /** The repository root, seen from this module's directory (where the tests run). */
  static final Path ROOT = Path.of("..", "..").toAbsolutePath().normalize();

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

  private static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(ROOT.resolve("README.md"));
    try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The lines of a Markdown file outside fenced code blocks. */
  private static List<String> prose(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.trim().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** The anchors GitHub gives a file's headings (lower case, punctuation dropped, '-' for ' '). */
  static Set<String> anchors(Path file) throws IOException {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(file)) {
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        String slug = slug(h.group(1));
        int n = seen.merge(slug, 1, Integer::sum);
        anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
      }
    }
    return anchors;
  }

  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "");
    return text.toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
        .replace(' ', '-');
  }

  @Test
  void headingsGetGitHubAnchors() {
    assertEquals(
        "scpi-instruments-raw-socket-vxi-11-hislip",
        slug("SCPI instruments (raw socket, VXI-11, HiSLIP)"));
    assertEquals("monitoring-ims", slug("Monitoring (IMS)"));
    assertEquals("the-pages-api", slug("The page's API"));
    assertEquals(
        "jmeter-experiment-0932-to-0951-utc", slug("JMeter experiment (09:32 to 09:51 UTC)"));
  }

  @Test
  void everyRelativeLinkReachesAFileAndAHeading() throws IOException {
    List<Path> docs = documents();
    assertTrue(docs.size() > 1, "docs/ has Markdown files");
    Map<Path, Set<String>> anchorsByFile = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path doc : docs) {
      for (String line : prose(doc)) {
        Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
        while (m.find()) {
          String target = m.group(1);
          if (target.matches("[a-z]+:.*")) {
            continue; // http:, https:, mailto: are not checked here
          }
          checked++;
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          String anchor = hash < 0 ? null : target.substring(hash + 1);
          Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
          String where = ROOT.relativize(doc) + ": " + target;
          if (!file.startsWith(ROOT) || !Files.exists(file)) {
            broken.add(where + " (no such file)");
          } else if (anchor != null) {
            Set<String> known = anchorsByFile.get(file);
            if (known == null) {
              known = file.toString().endsWith(".md") ? anchors(file) : Set.of();
              anchorsByFile.put(file, known);
            }
            if (!known.contains(anchor)) {
              broken.add(where + " (no such heading)");
            }
          }
        }
      }
    }
    assertTrue(checked > 50, "only " + checked + " links found: is the link pattern right?");
    assertEquals(List.of(), broken, "broken links in README.md and docs/");
  }
}
