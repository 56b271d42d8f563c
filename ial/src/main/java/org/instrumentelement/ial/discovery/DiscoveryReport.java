package org.instrumentelement.ial.discovery;

import java.time.Duration;
import java.util.List;

/**
 * What one discovery found and how: the instruments, what was searched, and every problem (answers
 * refused or dropped, limits reached, addresses that did not answer).
 *
 * @param searched what was done, for people ({@code portmapper broadcast to 127.255.255.255:111})
 */
public record DiscoveryReport(
    List<FoundInstrument> instruments,
    List<String> searched,
    List<String> problems,
    Duration took) {

  public DiscoveryReport {
    instruments = List.copyOf(instruments);
    searched = List.copyOf(searched);
    problems = List.copyOf(problems);
  }

  /** The report as the {@code discover} command prints it. */
  public String toText() {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            "%d instrument%s found in %.1f s%n",
            instruments.size(), instruments.size() == 1 ? "" : "s", took.toMillis() / 1000.0));
    for (String s : searched) {
      b.append("  searched: ").append(s).append('\n');
    }
    for (FoundInstrument i : instruments) {
      b.append('\n')
          .append(i.identity() == null ? "(no *IDN? answer) " + i.host() : i.identity())
          .append('\n');
      for (String r : i.resources()) {
        b.append("  ").append(r).append('\n');
      }
      for (String f : i.foundBy()) {
        b.append("  found by ").append(f).append('\n');
      }
      if (i.identity() != null) {
        b.append("  matches: ")
            .append(
                i.matches().isEmpty()
                    ? "nothing bundled"
                    : String.join(", ", i.matches().stream().map(IdentityMatch::toString).toList()))
            .append('\n');
      }
      for (String n : i.notes()) {
        b.append("  note: ").append(n).append('\n');
      }
      for (String line : i.configuration()) {
        b.append("    ").append(line).append('\n');
      }
    }
    if (!problems.isEmpty()) {
      b.append("\nProblems:\n");
      for (String p : problems) {
        b.append("  ").append(p).append('\n');
      }
    }
    return b.toString();
  }
}
