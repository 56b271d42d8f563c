package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Request: record these attributes until stopped or until a limit is reached. */
@XmlType(
    name = "StartRecording",
    propOrder = {"item", "durationMillis", "maxSamples", "maxBytes", "note"})
public class StartRecording {
  /** The attributes, at least one. */
  public List<RecordedAttribute> item;

  /** Stop after this long. */
  public Long durationMillis;

  /** Stop after this many samples (all attributes together). */
  public Long maxSamples;

  /** Stop before the files take more than this. */
  public Long maxBytes;

  /** Free text kept with the recording. */
  public String note;
}
