package org.instrumentelement.ie.soap;

import jakarta.activation.DataHandler;
import jakarta.activation.FileDataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.recording.RecordedItem;
import org.instrumentelement.ie.recording.RecordingRequest;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.recording.SegmentFile;
import org.instrumentelement.ie.recording.StoredRecording;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.DeleteRecording;
import org.instrumentelement.ie.soap.types.DeleteRecordingResponse;
import org.instrumentelement.ie.soap.types.DescribeRecording;
import org.instrumentelement.ie.soap.types.DescribeRecordingResponse;
import org.instrumentelement.ie.soap.types.DownloadRecording;
import org.instrumentelement.ie.soap.types.DownloadRecordingResponse;
import org.instrumentelement.ie.soap.types.ListRecordings;
import org.instrumentelement.ie.soap.types.ListRecordingsResponse;
import org.instrumentelement.ie.soap.types.RecordedAttribute;
import org.instrumentelement.ie.soap.types.RecordingInfo;
import org.instrumentelement.ie.soap.types.SegmentInfo;
import org.instrumentelement.ie.soap.types.StartRecording;
import org.instrumentelement.ie.soap.types.StartRecordingResponse;
import org.instrumentelement.ie.soap.types.StopRecording;
import org.instrumentelement.ie.soap.types.StopRecordingResponse;
import org.instrumentelement.im.model.FreeText;
import org.instrumentelement.im.model.ImException;

/**
 * Recordings: starting and stopping them, and what they hold. Starting, stopping and deleting a
 * recording need control of every IM it records; seeing it needs observe on every one of them (a
 * recording the caller may not see is answered as unknown).
 */
final class RecordingOperations {
  /** Most attributes one recording takes. */
  static final int MAX_ITEMS = 256;

  /** Longest note kept. */
  static final int MAX_NOTE = 4096;

  /** Where the HTTP downloads are, relative to the context path. */
  static final String DOWNLOADS = "recordings/";

  private final ElementView view;
  private final Subscriptions subscriptions;
  private final AccessControl access;
  private final Recordings recordings;

  /**
   * @param recordings null when this service records nothing (every start is refused)
   */
  RecordingOperations(
      ElementView view, Subscriptions subscriptions, AccessControl access, Recordings recordings) {
    this.view = view;
    this.subscriptions = subscriptions;
    this.access = access;
    this.recordings = recordings;
  }

  StartRecordingResponse startRecording(StartRecording request) throws InstrumentElementFault {
    if (request == null || request.item == null || request.item.isEmpty()) {
      throw InstrumentElementFault.of(
          FaultCode.MALFORMED_REQUEST, "the request names no attribute to record ('item')");
    }
    if (request.item.size() > MAX_ITEMS) {
      throw InstrumentElementFault.of(
          FaultCode.REQUEST_TOO_LARGE,
          request.item.size() + " attributes in one recording; at most " + MAX_ITEMS);
    }
    Set<RecordedItem> items = new LinkedHashSet<>();
    Caller caller = view.caller();
    for (RecordedAttribute a : request.item) {
      String im = ElementView.required(a == null ? null : a.im, "item/im");
      String attribute = ElementView.required(a.attribute, "item/attribute");
      view.node(im);
      try {
        access.check(caller, Role.CONTROL, im);
        subscriptions.get(im, attribute);
      } catch (ImException e) {
        throw view.fault(e, im, attribute);
      }
      items.add(new RecordedItem(im, attribute));
    }
    Duration duration = null;
    if (request.durationMillis != null) {
      duration = Duration.ofMillis(positive(request.durationMillis, "durationMillis"));
    }
    Long maxSamples =
        request.maxSamples == null ? null : positive(request.maxSamples, "maxSamples");
    Long maxBytes = request.maxBytes == null ? null : positive(request.maxBytes, "maxBytes");
    String note = request.note == null ? "" : request.note;
    if (note.length() > MAX_NOTE) {
      throw InstrumentElementFault.of(
          FaultCode.OUT_OF_RANGE,
          "the note has " + note.length() + " characters; at most " + MAX_NOTE);
    }
    try {
      FreeText.check(note, "the note");
      StoredRecording r =
          recordings()
              .start(
                  new RecordingRequest(
                      List.copyOf(items), duration, maxSamples, maxBytes, note, caller.name()));
      StartRecordingResponse out = new StartRecordingResponse();
      out.recording = info(r, false);
      return out;
    } catch (ImException e) {
      throw view.fault(e, null, null);
    }
  }

  StopRecordingResponse stopRecording(StopRecording request) throws InstrumentElementFault {
    String id = ElementView.required(request == null ? null : request.recording, "recording");
    StoredRecording r = visible(id);
    mayControl(r);
    try {
      StopRecordingResponse out = new StopRecordingResponse();
      out.recording = info(recordings().stop(id, view.caller().name()), true);
      return out;
    } catch (ImException e) {
      throw view.fault(e, null, null);
    }
  }

  ListRecordingsResponse listRecordings(ListRecordings request) throws InstrumentElementFault {
    ListRecordingsResponse out = new ListRecordingsResponse();
    out.recording = new ArrayList<>();
    if (recordings != null) {
      Caller c = view.caller();
      for (StoredRecording r : recordings.list()) {
        if (c.mayAll(Role.OBSERVE, r.ims())) {
          out.recording.add(info(r, false));
        }
      }
      out.usedBytes = recordings.usedBytes();
      out.quotaBytes = recordings.quotaBytes();
    }
    return out;
  }

  DescribeRecordingResponse describeRecording(DescribeRecording request)
      throws InstrumentElementFault {
    String id = ElementView.required(request == null ? null : request.recording, "recording");
    DescribeRecordingResponse out = new DescribeRecordingResponse();
    out.recording = info(visible(id), true);
    return out;
  }

  DeleteRecordingResponse deleteRecording(DeleteRecording request) throws InstrumentElementFault {
    String id = ElementView.required(request == null ? null : request.recording, "recording");
    StoredRecording r = visible(id);
    mayControl(r);
    try {
      recordings().delete(id);
    } catch (ImException e) {
      throw view.fault(e, null, null);
    }
    DeleteRecordingResponse out = new DeleteRecordingResponse();
    out.deleted = true;
    out.bytes = r.bytes();
    return out;
  }

  DownloadRecordingResponse downloadRecording(DownloadRecording request)
      throws InstrumentElementFault {
    String id = ElementView.required(request == null ? null : request.recording, "recording");
    String segment = ElementView.required(request.segment, "segment");
    StoredRecording r = visible(id);
    try {
      Path file = recordings().segment(r.id(), segment);
      DownloadRecordingResponse out = new DownloadRecordingResponse();
      out.name = r.id() + "-" + segment;
      out.bytes = Files.size(file);
      out.data = new DataHandler(new FileDataSource(file.toFile()));
      return out;
    } catch (ImException e) {
      throw view.fault(e, null, null);
    } catch (IOException e) {
      throw InstrumentElementFault.of(
          FaultCode.UNKNOWN_RECORDING,
          "segment '"
              + InstrumentElementFault.quote(segment, 100)
              + "' of recording '"
              + id
              + "' cannot be read");
    }
  }

  /** The recording, if the caller may observe every IM in it; else as if there were none. */
  private StoredRecording visible(String id) throws InstrumentElementFault {
    try {
      StoredRecording r = recordings().describe(id);
      Caller c = view.caller();
      if (!c.mayAll(Role.OBSERVE, r.ims())) {
        throw new ImException(
            FaultCode.UNKNOWN_RECORDING,
            "no recording '" + InstrumentElementFault.quote(id, 100) + "'");
      }
      return r;
    } catch (ImException e) {
      throw view.fault(e, null, null);
    }
  }

  private void mayControl(StoredRecording r) throws InstrumentElementFault {
    Caller c = view.caller();
    if (r.ims().isEmpty()) {
      throw InstrumentElementFault.of(
          FaultCode.NOT_AUTHORIZED, "recording '" + r.id() + "' names no IM: nobody controls it");
    }
    for (String im : r.ims()) {
      try {
        access.checkRole(c, Role.CONTROL, im);
      } catch (ImException e) {
        throw view.fault(e, im, null);
      }
    }
  }

  private Recordings recordings() throws ImException {
    if (recordings == null) {
      throw new ImException(FaultCode.STORAGE_FULL, "this Instrument Element keeps no recordings");
    }
    return recordings;
  }

  private static long positive(long value, String field) throws InstrumentElementFault {
    if (value <= 0) {
      throw InstrumentElementFault.of(
          FaultCode.OUT_OF_RANGE, field + ": " + value + " is not a positive number");
    }
    return value;
  }

  static RecordingInfo info(StoredRecording r, boolean withSegments) {
    RecordingInfo i = new RecordingInfo();
    i.recording = r.id();
    i.state = r.state().name();
    i.note = r.note();
    i.startedBy = r.startedBy();
    i.startedAt = r.startedAt();
    i.stoppedAt = r.stoppedAt();
    i.stopReason = r.stopReason().isEmpty() ? null : r.stopReason();
    i.item = new ArrayList<>();
    for (RecordedItem item : r.items()) {
      RecordedAttribute a = new RecordedAttribute();
      a.im = item.im();
      a.attribute = item.attribute();
      i.item.add(a);
    }
    i.samples = r.samples();
    i.dropped = r.dropped();
    i.bytes = r.bytes();
    i.href = DOWNLOADS + r.id() + ".zip";
    i.series = r.series().isEmpty() ? null : r.series();
    if (withSegments) {
      i.segment = new ArrayList<>();
      for (SegmentFile f : r.segments()) {
        SegmentInfo s = new SegmentInfo();
        s.name = f.name();
        s.bytes = f.bytes();
        s.href = DOWNLOADS + r.id() + "/" + f.name();
        i.segment.add(s);
      }
    }
    return i;
  }
}
