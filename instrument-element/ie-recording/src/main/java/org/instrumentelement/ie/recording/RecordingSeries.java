package org.instrumentelement.ie.recording;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.config.RecordingSeriesConfig;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.im.model.ImException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One always-on recording of the configuration ({@code recording.<name>.*}): started by the IE
 * itself, rotated into a new recording of the series when the current one is {@code rotate} old or
 * its segments take {@code rotateBytes}, and the oldest recordings of the series deleted beyond
 * {@code keep}. When the current recording stops for any other reason (an operator's stopRecording,
 * the quota, a disk failure) the series ends until the IE starts again: logged, audited and said in
 * the recording's stop reason.
 */
final class RecordingSeries {
  private static final Logger LOG = LoggerFactory.getLogger(RecordingSeries.class);

  /** Who starts a series' recordings, as listRecordings shows it. */
  static final String STARTED_BY = "configuration";

  private final RecordingSeriesConfig config;
  private final Recordings recordings;
  private final Clock clock;
  private final AuditLog audit;
  private ActiveRecording current;
  private boolean ended;
  private boolean prunePending;
  private String refusedFor; // the recording whose rotation was refused, to say so once

  RecordingSeries(
      RecordingSeriesConfig config, Recordings recordings, Clock clock, AuditLog audit) {
    this.config = config;
    this.recordings = recordings;
    this.clock = clock;
    this.audit = audit;
  }

  private RecordingRequest request() {
    List<RecordedItem> items = new ArrayList<>();
    config.items().forEach(i -> items.add(new RecordedItem(i.im(), i.attribute())));
    return new RecordingRequest(items, null, null, null, config.note(), STARTED_BY, config.name());
  }

  /**
   * Starts its first recording of this run, after deleting what {@code keep} leaves no room for. A
   * series that cannot start (no data directory, the quota reached) is logged and audited, and the
   * IE goes on without it.
   */
  void start() {
    prune(config.keep() - 1);
    try {
      current = recordings.begin(request());
    } catch (ImException e) {
      ended = true;
      LOG.error(
          "Recording series {} cannot start: {}; it is tried again when the Instrument Element"
              + " restarts",
          config.name(),
          e.getMessage());
      audit(
          "startRecording",
          "series " + config.name() + " cannot start: " + e.getMessage(),
          "REFUSED");
      return;
    }
    audit("startRecording", "series " + config.name() + ": recording " + current.id(), "OK");
  }

  /** Rotates, notices the end of the current recording, deletes what {@code keep} leaves out. */
  synchronized void tick() {
    if (ended) {
      return;
    }
    try {
      if (prunePending) {
        prune(config.keep());
      }
      ActiveRecording c = current;
      if (c.stopReason() != null) {
        end(c);
        return;
      }
      if (due(c)) {
        // Room first: the next recording makes one more of the series.
        prune(config.keep() - 1);
        try {
          current = recordings.rotate(c, request());
          refusedFor = null;
          prunePending = true;
        } catch (ImException e) {
          if (c.stopReason() != null) {
            end(c); // stopped while the next one was prepared: not rotated
            return;
          }
          if (!c.id().equals(refusedFor)) {
            refusedFor = c.id();
            LOG.warn(
                "Recording series {}: the next recording cannot start ({}); recording {} goes on",
                config.name(),
                e.getMessage(),
                c.id());
          }
        }
      }
    } catch (RuntimeException e) {
      LOG.error("Recording series {}: {}", config.name(), e.toString(), e);
    }
  }

  private boolean due(ActiveRecording c) {
    Instant now = clock.instant();
    return (!config.rotate().isZero() && !now.isBefore(c.startedAt().plus(config.rotate())))
        || (config.rotateBytes() > 0 && c.bytesWritten() >= config.rotateBytes());
  }

  private void end(ActiveRecording c) {
    ended = true;
    LOG.warn(
        "Recording series {} stopped: recording {} ended because {}; the series starts again"
            + " when the Instrument Element restarts",
        config.name(),
        c.id(),
        c.stopReason());
    audit(
        "stopRecordingSeries",
        "series " + config.name() + " stopped in recording " + c.id() + ": " + c.stopReason(),
        "STOPPED");
  }

  /**
   * Deletes the oldest finished recordings of this series until at most {@code limit} are left (the
   * one being written counts, and is never deleted); nothing without {@code keep}. One that is
   * still writing its last segment is deleted at a later tick.
   */
  private void prune(int limit) {
    if (config.keep() <= 0) {
      prunePending = false;
      return;
    }
    List<StoredRecording> mine =
        new ArrayList<>(
            recordings.list().stream().filter(r -> r.series().equals(config.name())).toList());
    // list() is newest first: the oldest are at the end.
    boolean waiting = false;
    for (int i = mine.size() - 1; i >= 0 && mine.size() > Math.max(0, limit); i--) {
      StoredRecording r = mine.get(i);
      if (r.state() == RecordingState.RECORDING) {
        waiting |= current == null || !r.id().equals(current.id());
        continue;
      }
      try {
        recordings.delete(r.id());
        mine.remove(i);
        audit(
            "deleteRecording",
            "series " + config.name() + " keeps " + config.keep() + ": recording " + r.id(),
            "OK");
      } catch (ImException e) {
        waiting = true;
        LOG.debug("Recording {} of series {} not deleted yet: {}", r.id(), config.name(), e);
      }
    }
    prunePending = waiting;
  }

  private void audit(String operation, String details, String result) {
    if (audit != null) {
      audit.record(
          clock.instant(),
          STARTED_BY,
          "",
          operation,
          String.join(",", request().items().stream().map(RecordedItem::im).distinct().toList()),
          details,
          result);
    }
  }
}
