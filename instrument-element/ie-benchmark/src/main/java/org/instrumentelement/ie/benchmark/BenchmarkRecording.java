package org.instrumentelement.ie.benchmark;

import org.instrumentelement.ie.client.soap.DeleteRecording;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordedAttribute;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.StartRecording;
import org.instrumentelement.ie.client.soap.StopRecording;

/**
 * A recording of one attribute that a benchmark part makes through SOAP, as any client, and deletes
 * when it stops: its figures are in stopRecording's answer, its files are not kept.
 */
final class BenchmarkRecording {
  private BenchmarkRecording() {}

  /** Starts recording {@code attribute} of {@code im}; returns the recording's id. */
  static String start(InstrumentElementPort soap, String im, String attribute, String note)
      throws Exception {
    StartRecording start = new StartRecording();
    RecordedAttribute item = new RecordedAttribute();
    item.setIm(im);
    item.setAttribute(attribute);
    start.getItem().add(item);
    start.setNote(note);
    return soap.startRecording(start).getRecording().getRecording();
  }

  /** Stops the recording {@code id} and deletes it; returns what stopRecording answered. */
  static RecordingInfo stopAndDelete(InstrumentElementPort soap, String id) throws Exception {
    StopRecording stop = new StopRecording();
    stop.setRecording(id);
    RecordingInfo done = soap.stopRecording(stop).getRecording();
    DeleteRecording delete = new DeleteRecording();
    delete.setRecording(id);
    soap.deleteRecording(delete);
    return done;
  }
}
