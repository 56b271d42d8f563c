package org.instrumentelement.ie.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Markdown table of docs/, found by the first cell of its header row. */
final class DocumentedTable {
  static final Path DOCS = Path.of("..", "..", "docs");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");

  private DocumentedTable() {}

  /** The body rows of the table whose header starts with {@code | <header> |}, as cells. */
  static List<List<String>> rows(String file, String header) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    boolean inside = false;
    for (String line : Files.readAllLines(DOCS.resolve(file), StandardCharsets.UTF_8)) {
      if (line.startsWith("| " + header + " |")) {
        inside = true;
      } else if (!line.startsWith("|")) {
        if (inside) {
          break;
        }
      } else if (inside && !line.startsWith("|---")) {
        List<String> cells = new ArrayList<>();
        for (String c : line.substring(1, line.length() - 1).split("\\|")) {
          cells.add(c.trim());
        }
        rows.add(cells);
      }
    }
    if (rows.isEmpty()) {
      throw new AssertionError("no table headed '| " + header + " |' in docs/" + file);
    }
    return rows;
  }

  /** The `code` spans of a cell: the names a row documents. */
  static List<String> codes(String cell) {
    List<String> names = new ArrayList<>();
    Matcher m = CODE.matcher(cell);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }
}
