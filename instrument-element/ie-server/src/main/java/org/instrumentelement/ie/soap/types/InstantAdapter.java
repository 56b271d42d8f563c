package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import java.time.Instant;
import java.time.OffsetDateTime;

/** xs:dateTime in UTC ({@code 2026-11-21T10:15:30.123456Z}); offsets are accepted on input. */
public final class InstantAdapter extends XmlAdapter<String, Instant> {
  @Override
  public Instant unmarshal(String v) {
    return v == null ? null : OffsetDateTime.parse(v.trim()).toInstant();
  }

  @Override
  public String marshal(Instant v) {
    return v == null ? null : v.toString();
  }
}
