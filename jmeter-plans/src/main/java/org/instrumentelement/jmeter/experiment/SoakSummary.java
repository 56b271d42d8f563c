package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.instrumentelement.ie.measure.Machine;

/** The soak run's outcome per sampler label: samples, failures by code, values missed. */
final class SoakSummary {
  private final Map<String, Samples> byLabel;

  private SoakSummary(Map<String, Samples> byLabel) {
    this.byLabel = byLabel;
  }

  static SoakSummary read(Path results) throws IOException {
    List<String> lines = Files.readAllLines(results);
    if (lines.isEmpty()) {
      throw new IOException("empty results file " + results);
    }
    String header = lines.get(0);
    int label = List.of(Samples.parseLine(header)).indexOf("label");
    Map<String, List<String>> split = new TreeMap<>();
    for (String line : lines.subList(1, lines.size())) {
      if (!line.isEmpty()) {
        split.computeIfAbsent(Samples.parseLine(line)[label], k -> new ArrayList<>()).add(line);
      }
    }
    Map<String, Samples> byLabel = new TreeMap<>();
    for (Map.Entry<String, List<String>> e : split.entrySet()) {
      Path part = Files.createTempFile("soak", ".jtl");
      List<String> content = new ArrayList<>();
      content.add(header);
      content.addAll(e.getValue());
      Files.write(part, content);
      byLabel.put(e.getKey(), Samples.read(part, null));
      Files.delete(part);
    }
    return new SoakSummary(byLabel);
  }

  /** Failed samples of every kind, sequence gaps included. */
  int failures() {
    return byLabel.values().stream().mapToInt(s -> s.errors).sum();
  }

  Map<String, Samples> byLabel() {
    return byLabel;
  }

  String text() {
    StringBuilder b = new StringBuilder();
    byLabel.forEach(
        (label, s) ->
            b.append(
                String.format(
                    Locale.ROOT,
                    "  %-45s %8d samples %6d failed %s, %d values missed (sequence gaps)%n",
                    label,
                    s.count,
                    s.errors,
                    s.errorCodes,
                    s.missed)));
    return b.toString();
  }

  String markdown(Settings settings, Machine machine) {
    StringBuilder b = new StringBuilder("# Soak run\n\n");
    b.append("Command: `").append(settings.get("command")).append("`\n\n");
    b.append("Machine: ").append(machine.summary()).append("\n\n");
    b.append("| Sampler | Samples | Failed | Failures by code | Values missed (sequence gaps) |\n");
    b.append("|---|---:|---:|---|---:|\n");
    byLabel.forEach(
        (label, s) ->
            b.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %d | %d | %s | %d |%n",
                    label,
                    s.count,
                    s.errors,
                    s.errorCodes.isEmpty() ? "" : s.errorCodes.toString(),
                    s.missed)));
    return b.toString();
  }
}
