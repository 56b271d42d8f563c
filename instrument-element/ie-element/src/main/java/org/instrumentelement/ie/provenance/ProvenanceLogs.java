package org.instrumentelement.ie.provenance;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.ParameterChange;
import org.instrumentelement.im.ParameterListener;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;

/**
 * The provenance logs of every IM of one Instrument Element. The revisions themselves are the IMs'
 * ({@link InstrumentManager#provenanceRevision()}), so publishing and polling read one number and
 * never come here; this class keeps what a revision stands for, for {@code getProvenance}.
 */
public final class ProvenanceLogs implements ParameterListener {
  private final String element;
  private final String version;
  private final Supplier<String> who;
  private final Clock clock;
  private final Map<String, ProvenanceLog> byPath = new ConcurrentHashMap<>();

  /**
   * @param element the Instrument Element's name
   * @param who the user of the request being served on the calling thread, or empty
   */
  public ProvenanceLogs(String element, Supplier<String> who, Clock clock) {
    this.element = element;
    this.version = version();
    this.who = who;
    this.clock = clock;
  }

  /** Follows an IM from now on; call before it opens, to log the values it takes at start-up. */
  public void follow(String path, InstrumentManager im, ImConfig config) {
    byPath.put(path, new ProvenanceLog(path, im, config));
    im.addParameterListener(this);
  }

  /** Takes the values an IM opened with; call once {@link InstrumentManager#open} returned. */
  public void opened(String path) {
    ProvenanceLog log = byPath.get(path);
    if (log != null) {
      log.opened();
    }
  }

  @Override
  public void parameterChanged(
      InstrumentManager im, String name, Value value, ParameterChange change) {
    ProvenanceLog log = byPath.get(im.path());
    if (log == null) {
      return;
    }
    String user =
        change == ParameterChange.SET || change == ParameterChange.INSTRUMENT ? who.get() : "";
    log.changed(clock.instant(), user == null ? "" : user, change, name, value);
  }

  /**
   * The record of one revision of an IM's provenance; the current one when {@code revision} is null
   * or 0.
   *
   * @throws ImException UNKNOWN_IM, or OUT_OF_RANGE for a revision that is not known
   */
  public ProvenanceRecord record(String path, Long revision) throws ImException {
    ProvenanceLog log = byPath.get(path);
    if (log == null) {
      throw new ImException(FaultCode.UNKNOWN_IM, "no Instrument Manager '" + path + "'");
    }
    return log.record(revision, element, version);
  }

  private static String version() {
    String v = ProvenanceLogs.class.getPackage().getImplementationVersion();
    return v == null ? "unknown" : v;
  }
}
