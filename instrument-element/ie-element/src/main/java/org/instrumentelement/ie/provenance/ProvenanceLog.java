package org.instrumentelement.ie.provenance;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.ParameterChange;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;

/**
 * The provenance of one IM: its parameters' values as it took them, the last {@link #KEPT_CHANGES}
 * changes (older ones are counted, not kept, so a long run holds a bounded amount), and the
 * instrument's identity, read when someone asks and kept until the IM's revision moves on. The
 * values of an earlier revision are the current ones with the later changes undone, so they are
 * known back to the oldest change kept.
 */
public final class ProvenanceLog {
  /** Most changes kept per IM. */
  public static final int KEPT_CHANGES = 1000;

  /** The attribute that holds the instrument's answer to its identity query. */
  static final String IDENTITY = "identity";

  private static final String MOCK = "MOCK::";

  private final String path;
  private final InstrumentManager im;
  private final ImConfig config;
  private final Map<String, String> values = new LinkedHashMap<>(); // guarded by this
  private final ArrayDeque<ProvenanceChange> changes = new ArrayDeque<>(); // guarded by this
  private long forgotten; // guarded by this
  private String identity = ""; // guarded by this
  private long identityRevision; // guarded by this

  ProvenanceLog(String path, InstrumentManager im, ImConfig config) {
    this.path = path;
    this.im = im;
    this.config = config;
  }

  /** Called by the IM's parameter listener, with the IM's lock held: takes no lock of the IM. */
  synchronized void changed(Instant at, String user, ParameterChange change, String name, Value v) {
    String now = v.asString();
    String before = values.get(name);
    if (before == null) {
      before = initial(name);
    }
    values.put(name, now);
    if (changes.size() >= KEPT_CHANGES) {
      changes.removeFirst();
      forgotten++;
    }
    changes.addLast(
        new ProvenanceChange(im.provenanceRevision(), at, user, change.name(), name, before, now));
  }

  /** Takes the values the IM opened with, for the parameters that have not changed since. */
  void opened() {
    Map<String, String> open = new LinkedHashMap<>();
    for (ParameterSpec p : im.model().parameters()) {
      try {
        open.put(p.name(), im.getParameter(p.name()).asString());
      } catch (ImException e) {
        // a parameter the model names is always there; nothing to take otherwise
      }
    }
    synchronized (this) {
      open.forEach(values::putIfAbsent);
    }
  }

  /** The value a parameter had before its first change: as configured, or its default. */
  private String initial(String name) {
    String configured = config.parameters().get(name);
    if (configured != null) {
      return configured;
    }
    try {
      Value d = im.model().parameter(name).defaultValue();
      return d == null ? "" : d.asString();
    } catch (ImException e) {
      return "";
    }
  }

  /**
   * The record of {@code revision} (the current one when it is 0 or absent).
   *
   * @throws ImException OUT_OF_RANGE for a revision not reached yet, or older than the changes kept
   */
  ProvenanceRecord record(Long revision, String element, String version) throws ImException {
    readIdentity();
    synchronized (this) {
      long current = im.provenanceRevision();
      long asked = revision == null || revision == 0 ? current : revision;
      long oldest = forgotten == 0 || changes.isEmpty() ? 1 : changes.getFirst().revision() - 1;
      if (asked < oldest || asked > current) {
        throw new ImException(
            FaultCode.OUT_OF_RANGE,
            "revision "
                + asked
                + " of "
                + path
                + " is not known: revisions "
                + oldest
                + " to "
                + current
                + " are");
      }
      Map<String, String> at = new LinkedHashMap<>();
      for (ParameterSpec p : im.model().parameters()) {
        String v = values.get(p.name());
        at.put(p.name(), v == null ? initial(p.name()) : v);
      }
      List<ProvenanceChange> upTo = new ArrayList<>();
      for (Iterator<ProvenanceChange> i = changes.descendingIterator(); i.hasNext(); ) {
        ProvenanceChange c = i.next();
        if (c.revision() > asked) {
          at.put(c.parameter(), c.oldValue());
        } else {
          upTo.add(0, c);
        }
      }
      String address = config.address() == null ? "" : config.address();
      return new ProvenanceRecord(
          element,
          version,
          path,
          im.model().type(),
          asked,
          current,
          address,
          config.description() == null ? "" : config.description(),
          identity,
          identityRevision,
          config.options().getOrDefault(ImContext.DESCRIPTOR, ""),
          address.regionMatches(true, 0, MOCK, 0, MOCK.length())
              ? address.substring(MOCK.length())
              : "",
          at,
          upTo,
          forgotten);
    }
  }

  /**
   * Reads the instrument's identity once per revision, when the IM has an identity attribute and
   * its instrument is connected; otherwise the identity last read stays.
   */
  private void readIdentity() {
    long revision = im.provenanceRevision();
    synchronized (this) {
      if (identityRevision == revision) {
        return;
      }
    }
    AttributeSpec spec = null;
    for (AttributeSpec a : im.model().attributes()) {
      if (a.name().equals(IDENTITY)) {
        spec = a;
      }
    }
    if (spec == null
        || !States.CONNECTED.contains(im.state())
        || !spec.readableIn().contains(im.state())) {
      return;
    }
    String read;
    try {
      read = im.getAttribute(IDENTITY).asString();
    } catch (ImException | RuntimeException e) {
      return; // the record says which revision the identity it shows was read at
    }
    synchronized (this) {
      identity = read;
      identityRevision = revision;
    }
  }
}
