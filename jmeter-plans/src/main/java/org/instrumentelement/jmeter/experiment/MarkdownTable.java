package org.instrumentelement.jmeter.experiment;

import java.util.List;
import java.util.Optional;

/** A Markdown table with one column per client count, as the paper's Table 1 has. */
final class MarkdownTable {
  /** The text of one cell of a row, or empty where that point was not measured. */
  interface Cell {
    Optional<String> at(int clients);
  }

  private final StringBuilder b;
  private final List<Integer> clients;

  MarkdownTable(StringBuilder b, List<Integer> clients) {
    this.b = b;
    this.clients = clients;
  }

  /** The header: the first column's name, then the client counts. */
  MarkdownTable header(String first) {
    b.append("| ").append(first).append(" \\ clients |");
    for (int c : clients) {
      b.append(' ').append(c).append(" |");
    }
    b.append("\n|---|");
    for (int i = 0; i < clients.size(); i++) {
      b.append("---:|");
    }
    b.append('\n');
    return this;
  }

  /** A row: its name, then a cell per client count. */
  MarkdownTable row(String name, Cell cell) {
    b.append("| ").append(name).append(" |");
    for (int c : clients) {
      b.append(' ').append(cell.at(c).orElse("")).append(" |");
    }
    b.append('\n');
    return this;
  }
}
