package org.instrumentelement.portal.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.ListAlarmLimits;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;
import org.instrumentelement.portal.ie.XmlDateTime;

/**
 * {@code GET trend?ie=&im=&attribute=&span=|from=&to=&points=&raw=}: what an archived attribute did
 * over a range (docs/history.md), for the trend view, asked of the IE's {@code getHistory} as the
 * signed-in user: the IE decides whether they may observe it, and only its answer is shown.
 *
 * <p>A range that holds no more samples than {@code points} comes as its raw samples (asked first,
 * with at most that many: the IE stops reading there), a longer one as {@code points} buckets with
 * each one's count, minimum, maximum, mean and worst quality. Either way with the gaps of the range
 * and the attribute's alarm limits; limits the IE does not give are said to be unknown ({@code
 * limitsError}), never none.
 */
final class TrendApi {
  private final ElementDirectory directory;

  TrendApi(ElementDirectory directory) {
    this.directory = directory;
  }

  JsonNode trend(ApiRequest request) throws PortalError {
    Credentials who = request.who();
    RemoteElement e = request.element(directory);
    TrendRequest q = TrendRequest.parse(request::field, Instant.now());
    ObjectNode o = TrendJson.object();
    o.put("ie", e.name());
    o.put("im", q.im());
    o.put("attribute", q.attribute());
    HistoryInfo h = null;
    if (q.raw() != TrendRequest.Raw.NEVER) {
      int limit = q.raw() == TrendRequest.Raw.ALWAYS ? TrendRequest.MAX_RAW : q.points();
      HistoryInfo raw = history(e, who, q, null, limit);
      if (q.raw() == TrendRequest.Raw.ALWAYS || raw.getContinuation() == null) {
        h = raw;
        range(h, o);
        o.put("kind", "samples");
        o.put("count", samples(e, h, o));
        o.put("continuation", h.getContinuation());
      }
    }
    if (h == null) {
      h = history(e, who, q, q.points(), null);
      range(h, o);
      o.put("kind", "buckets");
      o.put("count", TrendJson.buckets(h.getBucket(), o));
    }
    o.put("units", h.getUnits());
    TrendJson.gaps(h.getGap(), o);
    limits(e, who, q, o);
    return o;
  }

  /** getHistory as {@code who}: a trend of {@code buckets}, or raw samples (binary columns). */
  private static HistoryInfo history(
      RemoteElement e, Credentials who, TrendRequest q, Integer buckets, Integer limit)
      throws PortalError {
    GetHistory g = new GetHistory();
    g.setIm(q.im());
    g.setAttribute(q.attribute());
    if (q.continuation() != null) {
      g.setContinuation(q.continuation());
    } else {
      g.setFrom(XmlDateTime.of(q.from()));
      g.setTo(XmlDateTime.of(q.to()));
    }
    g.setBuckets(buckets);
    g.setLimit(limit);
    if (buckets == null) {
      g.setEncoding(VectorEncoding.BINARY); // a sixth of the XML's size
    }
    return e.callAs(who, p -> p.getHistory(g)).getHistory();
  }

  /** The range the IE answered for (a continued page names none). */
  private static void range(HistoryInfo h, ObjectNode o) {
    if (h.getFrom() != null && h.getTo() != null) {
      o.put("from", XmlDateTime.millis(h.getFrom()));
      o.put("to", XmlDateTime.millis(h.getTo()));
    }
  }

  private static int samples(RemoteElement e, HistoryInfo h, ObjectNode o) throws PortalError {
    try {
      return TrendJson.samples(h, o);
    } catch (IllegalArgumentException | IndexOutOfBoundsException malformed) {
      throw new PortalError(
          PortalError.UNEXPECTED_ANSWER,
          "Instrument Element '" + e.name() + "' gave history columns of different lengths",
          null,
          502);
    }
  }

  /** The attribute's alarm limits, or why they are unknown. */
  private static void limits(RemoteElement e, Credentials who, TrendRequest q, ObjectNode o) {
    ListAlarmLimits l = new ListAlarmLimits();
    l.setIm(q.im());
    try {
      TrendJson.limits(
          e.callAs(who, p -> p.listAlarmLimits(l)).getLimits(), q.im(), q.attribute(), o);
    } catch (PortalError err) {
      o.put("limitsError", err.code() + ": " + err.getMessage());
    }
  }
}
