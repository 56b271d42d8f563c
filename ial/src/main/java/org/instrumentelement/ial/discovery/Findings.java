package org.instrumentelement.ial.discovery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the listeners have found so far, from several threads at once: candidates, merged by host,
 * transport and port, and problems, both capped.
 */
final class Findings {
  private final DiscoveryLimits limits;
  private final Map<String, Candidate> candidates = new LinkedHashMap<>();
  private final Map<String, List<String>> foundBy = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();
  private int problemsDropped;
  private int candidatesDropped;
  private int portsDropped;

  Findings(DiscoveryLimits limits) {
    this.limits = limits;
  }

  /** Adds a candidate, or notes another source of one already known. */
  synchronized void add(Candidate c) {
    String key = c.host() + "/" + c.transport() + "/" + c.port();
    Candidate known = candidates.get(key);
    if (known == null) {
      long ports = candidates.values().stream().filter(k -> k.host().equals(c.host())).count();
      if (ports == 0 && hosts() >= limits.maxHosts()) {
        candidatesDropped++;
        return;
      }
      if (ports >= limits.maxPortsPerHost()) {
        portsDropped++;
        return;
      }
      candidates.put(key, c);
      foundBy.put(key, new ArrayList<>(List.of(c.foundBy())));
    } else {
      if (known.corePort() < 0 && c.corePort() >= 0) {
        candidates.put(key, c);
      }
      List<String> by = foundBy.get(key);
      if (!by.contains(c.foundBy()) && by.size() < 8) {
        by.add(c.foundBy());
      }
    }
  }

  private long hosts() {
    return candidates.values().stream().map(Candidate::host).distinct().count();
  }

  /** Notes something that went wrong or was refused; listed up to the limit, then counted. */
  synchronized void problem(String text) {
    if (problems.contains(text)) {
      return;
    }
    if (problems.size() < limits.maxProblems()) {
      problems.add(text);
    } else {
      problemsDropped++;
    }
  }

  synchronized List<Candidate> candidates() {
    return List.copyOf(candidates.values());
  }

  synchronized List<String> foundBy(Candidate c) {
    return List.copyOf(foundBy.get(c.host() + "/" + c.transport() + "/" + c.port()));
  }

  synchronized List<String> problems() {
    List<String> out = new ArrayList<>(problems);
    if (problemsDropped > 0) {
      out.add(problemsDropped + " more problems not listed");
    }
    if (candidatesDropped > 0) {
      out.add(
          candidatesDropped
              + " answers from more hosts than the limit of "
              + limits.maxHosts()
              + " dropped");
    }
    if (portsDropped > 0) {
      out.add(
          portsDropped
              + " more ports than the limit of "
              + limits.maxPortsPerHost()
              + " per host dropped");
    }
    return out;
  }
}
