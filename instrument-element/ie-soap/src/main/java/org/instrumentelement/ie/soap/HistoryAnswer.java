package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.io.OutputStream;
import org.instrumentelement.ie.soap.types.GetHistoryResponse;
import org.instrumentelement.ie.soap.types.HistoryGap;
import org.instrumentelement.ie.soap.types.HistoryInfo;
import org.instrumentelement.ie.soap.types.InstantAdapter;
import org.instrumentelement.ie.soap.types.Namespaces;

/**
 * Writes a raw {@code getHistoryResponse} in BINARY columns straight to the response stream, in the
 * same XML that JAXB writes for it: the columns' base64 comes from the JDK's encoder on its way to
 * the stream (JAXB's own encoder took two thirds of the IE's time for a page of 100,000 samples).
 * Trends and XML samples are still written by JAXB.
 */
public final class HistoryAnswer {
  private static final byte[] START =
      AnswerBytes.ascii("<getHistoryResponse xmlns=\"" + Namespaces.IE + "\"><history");
  private static final byte[] END = AnswerBytes.ascii("</history></getHistoryResponse>");
  private static final byte[] GAP = AnswerBytes.ascii("<gap");
  private static final byte[] EMPTY_END = AnswerBytes.ascii("/>");
  private static final byte[] CONTINUATION_START = AnswerBytes.ascii("<continuation>");
  private static final byte[] CONTINUATION_END = AnswerBytes.ascii("</continuation>");

  private final AnswerBytes b;

  private HistoryAnswer(OutputStream out) {
    this.b = new AnswerBytes(out, new byte[AnswerBytes.CHUNK]);
  }

  /**
   * Whether {@code part} is an answer this class writes: raw history in BINARY columns, plain or
   * packed.
   */
  public static boolean handles(Object part) {
    return part instanceof GetHistoryResponse r
        && r.history != null
        && (r.history.times != null || r.history.packedTimes != null)
        && r.history.sample == null
        && r.history.bucket == null;
  }

  /**
   * Writes the answer, UTF-8, to {@code out}, which already holds the envelope up to the body.
   *
   * @throws IllegalArgumentException if {@link #handles} says no
   */
  public static void write(Object part, OutputStream out) throws IOException {
    if (!handles(part)) {
      throw new IllegalArgumentException("not an answer written here: " + part);
    }
    new HistoryAnswer(out).answer(((GetHistoryResponse) part).history);
  }

  private void answer(HistoryInfo h) throws IOException {
    b.put(START);
    b.attribute("from", h.from == null ? null : InstantAdapter.print(h.from));
    b.attribute("to", h.to == null ? null : InstantAdapter.print(h.to));
    b.attribute("type", h.type == null ? null : h.type.name());
    b.attribute("units", h.units);
    b.attribute("count", h.count == null ? null : h.count.toString());
    b.room(1);
    b.buf[b.pos++] = '>';
    column("times", h.times);
    column("values", h.values);
    column("sequences", h.sequences);
    column("qualities", h.qualities);
    column("provenances", h.provenances);
    column("packedTimes", h.packedTimes);
    column("sequenceRuns", h.sequenceRuns);
    column("qualityRuns", h.qualityRuns);
    column("provenanceRuns", h.provenanceRuns);
    if (h.gap != null) {
      for (HistoryGap g : h.gap) {
        b.put(GAP);
        b.attribute("from", g.from == null ? null : InstantAdapter.print(g.from));
        b.attribute("to", g.to == null ? null : InstantAdapter.print(g.to));
        b.attribute("reason", g.reason);
        b.put(EMPTY_END);
      }
    }
    if (h.continuation != null) {
      b.put(CONTINUATION_START);
      b.text(h.continuation);
      b.put(CONTINUATION_END);
    }
    b.put(END);
    b.flush();
  }

  private void column(String name, byte[] data) throws IOException {
    if (data == null) {
      return;
    }
    b.room(name.length() + 2);
    b.buf[b.pos++] = '<';
    b.asciiText(name);
    b.buf[b.pos++] = '>';
    b.base64(data);
    b.room(name.length() + 3);
    b.buf[b.pos++] = '<';
    b.buf[b.pos++] = '/';
    b.asciiText(name);
    b.buf[b.pos++] = '>';
  }
}
