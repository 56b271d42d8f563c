package org.instrumentelement.portal.ie;

import java.math.BigDecimal;
import java.time.Instant;
import javax.xml.datatype.DatatypeConfigurationException;
import javax.xml.datatype.DatatypeConstants;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;

/**
 * Instants to and from the IE's {@code xs:dateTime}s without losing the microseconds the history
 * archive keeps: {@link XMLGregorianCalendar#toGregorianCalendar()} counts in milliseconds, which
 * would move a sample into the neighbouring bucket or make two samples one.
 */
public final class XmlDateTime {
  private static final DatatypeFactory FACTORY;

  static {
    try {
      FACTORY = DatatypeFactory.newInstance();
    } catch (DatatypeConfigurationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private XmlDateTime() {}

  /** {@code t} as an {@code xs:dateTime} in UTC, to the nanosecond. */
  public static XMLGregorianCalendar of(Instant t) {
    return FACTORY.newXMLGregorianCalendar(t.toString());
  }

  /** The instant {@code c} names (UTC when it names no zone), to the nanosecond; null for null. */
  public static Instant instant(XMLGregorianCalendar c) {
    if (c == null) {
      return null;
    }
    XMLGregorianCalendar whole = (XMLGregorianCalendar) c.clone();
    BigDecimal fraction = c.getFractionalSecond();
    whole.setFractionalSecond(null);
    if (whole.getTimezone() == DatatypeConstants.FIELD_UNDEFINED) {
      whole.setTimezone(0);
    }
    long seconds = Math.floorDiv(whole.toGregorianCalendar().getTimeInMillis(), 1000L);
    long nanos = fraction == null ? 0 : fraction.movePointRight(9).longValue();
    return Instant.ofEpochSecond(seconds, nanos);
  }

  /** Milliseconds since the epoch, with the fraction below a millisecond kept. */
  public static double millis(XMLGregorianCalendar c) {
    Instant t = instant(c);
    return t.getEpochSecond() * 1000.0 + t.getNano() / 1e6;
  }
}
