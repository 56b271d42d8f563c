package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/** Failed passwords of one client address or one user name. */
@XmlType(
    name = "LoginFailureInfo",
    propOrder = {"kind", "key", "failures", "lastFailure", "blockedUntil", "locked"})
public class LoginFailureInfo {
  /** {@code address} or {@code user}. */
  public String kind;

  /** The address (an IPv6 address as its /64 network) or the user name. */
  public String key;

  /** Failed passwords counted lately. */
  public int failures;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant lastFailure;

  /** Until when attempts are refused without a password check; absent if they are not. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant blockedUntil;

  /** Whether that is a lock-out (rather than the wait between two attempts). */
  public boolean locked;
}
