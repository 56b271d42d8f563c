package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the subscribable attributes, of one IM or of all. */
@XmlType(
    name = "ListSubscriptions",
    propOrder = {"im"})
public class ListSubscriptions implements ImRequest {
  /** An IM's path; absent for all. */
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
