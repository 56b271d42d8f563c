package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** One complete segment file of a recording. */
@XmlType(
    name = "SegmentInfo",
    propOrder = {"name", "bytes", "href"})
public class SegmentInfo {
  /** The file name, e.g. {@code segment-000001.h5}. */
  public String name;

  public long bytes;

  /** Where to download it over HTTP, relative to the IE's context path. */
  public String href;
}
