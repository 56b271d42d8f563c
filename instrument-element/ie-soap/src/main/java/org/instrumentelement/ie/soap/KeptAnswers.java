package org.instrumentelement.ie.soap;

import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.Value;

/**
 * The answers a getAttribute with a {@code maxAge} is given from a kept read, asked for without
 * reading anything: the {@linkplain InstrumentElementService#port() port} implements it beside its
 * operations, so that the polling lane can serve such a poll the bytes it sent before for the same
 * value, without calling the operation.
 */
public interface KeptAnswers {
  /**
   * The value {@code getAttribute(request)} would answer now from a read kept for polls with a
   * {@code maxAge} (the same object for every such poll of the same read, IM, attribute and
   * encoding), or null when it would do anything else: read the instrument, take a sampler's or
   * another poll's read, show an alarm quality, or fail. Reads nothing and changes nothing.
   */
  Value keptAnswer(GetAttribute request);
}
