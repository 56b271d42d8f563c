package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.types.GetHistory;
import org.instrumentelement.ie.soap.types.HistoryBucket;
import org.instrumentelement.ie.soap.types.HistoryGap;
import org.instrumentelement.ie.soap.types.HistoryInfo;
import org.instrumentelement.ie.soap.types.HistorySample;
import org.instrumentelement.ie.soap.types.InstantAdapter;
import org.instrumentelement.im.model.ImException;

/**
 * History over HTTP for spreadsheets and plotting tools (docs/history.md): {@code GET
 * /history?im=lab/scope&attribute=peakToPeak&from=...&to=...[&buckets=N][&limit=N]
 * [&continuation=...][&format=csv|json]}, answered as getHistory answers, in JSON (the default) or
 * CSV. The {@link RequestGate} has authenticated the caller (HTTP Basic, the SOAP users); the
 * caller needs observe on the IM. In CSV the gaps come in the header {@code IE-Gaps} and the next
 * page in {@code Link: <...>; rel="next"}; in JSON both are in the body.
 */
public final class HistoryServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /** Where it is mapped in the context. */
  public static final String PATH = "/history";

  private final transient InstrumentElementPort service;
  private final transient AccessControl access;

  public HistoryServlet(InstrumentElementPort service, AccessControl access) {
    this.service = service;
    this.access = access;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    boolean csv =
        "csv".equalsIgnoreCase(request.getParameter("format"))
            || (request.getParameter("format") == null
                && String.valueOf(request.getHeader("Accept")).contains("text/csv"));
    Caller caller =
        request.getAttribute(RequestGate.CALLER) instanceof Caller c ? c : Caller.NOBODY;
    GetHistory r = new GetHistory();
    HistoryInfo h;
    try {
      r.im = required(request, "im");
      r.attribute = required(request, "attribute");
      r.from = time(request, "from");
      r.to = time(request, "to");
      r.buckets = number(request, "buckets");
      r.limit = number(request, "limit");
      r.continuation = request.getParameter("continuation");
      try {
        access.checkRole(caller, Role.OBSERVE, r.im);
      } catch (ImException e) {
        throw new Refused(403, e.code().name(), FaultText.of(e.getMessage(), List.of(r.im)));
      }
      h = AccessControlInterceptor.as(caller, () -> service.getHistory(r)).history;
    } catch (Refused e) {
      refuse(response, csv, e.status, e.code, e.getMessage());
      return;
    } catch (InstrumentElementFault f) {
      String code = f.getFaultInfo().code;
      refuse(response, csv, status(code), code, f.getMessage());
      return;
    }
    response.setCharacterEncoding("UTF-8");
    response.setHeader("Cache-Control", "no-store");
    if (csv) {
      csv(request, response, r, h);
    } else {
      json(response, r, h);
    }
  }

  private static void csv(
      HttpServletRequest request, HttpServletResponse response, GetHistory r, HistoryInfo h)
      throws IOException {
    response.setContentType("text/csv;charset=UTF-8");
    StringBuilder gaps = new StringBuilder();
    if (h.gap != null) {
      for (HistoryGap g : h.gap) {
        gaps.append(gaps.isEmpty() ? "" : ", ")
            .append(InstantAdapter.print(g.from))
            .append('/')
            .append(g.to == null ? "" : InstantAdapter.print(g.to))
            .append(' ')
            .append(g.reason);
      }
    }
    if (!gaps.isEmpty()) {
      response.setHeader("IE-Gaps", gaps.toString());
    }
    if (h.continuation != null) {
      response.setHeader(
          "Link",
          "<"
              + request.getRequestURI()
              + "?im="
              + encode(r.im)
              + "&attribute="
              + encode(r.attribute)
              + "&format=csv&continuation="
              + encode(h.continuation)
              + ">; rel=\"next\"");
    }
    PrintWriter out = response.getWriter();
    if (h.bucket != null) {
      out.print("from,to,count,min,max,mean,first,last,worstQuality,gap\r\n");
      for (HistoryBucket b : h.bucket) {
        out.print(InstantAdapter.print(b.from));
        out.print(',');
        out.print(InstantAdapter.print(b.to));
        out.print(',');
        out.print(b.count);
        for (Double d : new Double[] {b.min, b.max, b.mean, b.first, b.last}) {
          out.print(',');
          out.print(d == null ? "" : number(d));
        }
        out.print(',');
        out.print(b.worstQuality == null ? "" : b.worstQuality.name());
        out.print(',');
        out.print(Boolean.TRUE.equals(b.gap));
        out.print("\r\n");
      }
    } else {
      out.print("time,value,quality,sequence,provenance\r\n");
      for (HistorySample s : h.sample) {
        out.print(InstantAdapter.print(s.time));
        out.print(',');
        out.print(s.value == null ? "" : number(s.value));
        out.print(',');
        out.print(s.quality.name());
        out.print(',');
        out.print(s.sequence);
        out.print(',');
        out.print(s.provenance);
        out.print("\r\n");
      }
    }
    out.flush();
  }

  private static void json(HttpServletResponse response, GetHistory r, HistoryInfo h)
      throws IOException {
    response.setContentType("application/json;charset=UTF-8");
    PrintWriter out = response.getWriter();
    out.print("{\"im\":");
    out.print(string(r.im));
    out.print(",\"attribute\":");
    out.print(string(r.attribute));
    out.print(",\"type\":");
    out.print(string(h.type.name()));
    out.print(",\"units\":");
    out.print(h.units == null ? "null" : string(h.units));
    if (h.from != null) {
      out.print(",\"from\":");
      out.print(string(InstantAdapter.print(h.from)));
      out.print(",\"to\":");
      out.print(string(InstantAdapter.print(h.to)));
    }
    if (h.bucket != null) {
      out.print(",\"buckets\":[");
      boolean first = true;
      for (HistoryBucket b : h.bucket) {
        out.print(first ? "" : ",");
        first = false;
        out.print("{\"from\":");
        out.print(string(InstantAdapter.print(b.from)));
        out.print(",\"to\":");
        out.print(string(InstantAdapter.print(b.to)));
        out.print(",\"count\":");
        out.print(b.count);
        String[] names = {"min", "max", "mean", "first", "last"};
        Double[] values = {b.min, b.max, b.mean, b.first, b.last};
        for (int i = 0; i < names.length; i++) {
          out.print(",\"" + names[i] + "\":");
          out.print(values[i] == null || !Double.isFinite(values[i]) ? "null" : number(values[i]));
        }
        out.print(",\"worstQuality\":");
        out.print(b.worstQuality == null ? "null" : string(b.worstQuality.name()));
        out.print(",\"gap\":");
        out.print(Boolean.TRUE.equals(b.gap));
        out.print('}');
      }
      out.print(']');
    } else {
      out.print(",\"samples\":[");
      boolean first = true;
      for (HistorySample s : h.sample) {
        out.print(first ? "" : ",");
        first = false;
        out.print("{\"time\":");
        out.print(string(InstantAdapter.print(s.time)));
        out.print(",\"value\":");
        out.print(s.value == null || !Double.isFinite(s.value) ? "null" : number(s.value));
        out.print(",\"quality\":");
        out.print(string(s.quality.name()));
        out.print(",\"sequence\":");
        out.print(s.sequence);
        out.print(",\"provenance\":");
        out.print(s.provenance);
        out.print('}');
      }
      out.print(']');
    }
    out.print(",\"gaps\":[");
    boolean first = true;
    for (HistoryGap g : h.gap == null ? List.<HistoryGap>of() : h.gap) {
      out.print(first ? "" : ",");
      first = false;
      out.print("{\"from\":");
      out.print(string(InstantAdapter.print(g.from)));
      out.print(",\"to\":");
      out.print(g.to == null ? "null" : string(InstantAdapter.print(g.to)));
      out.print(",\"reason\":");
      out.print(string(g.reason));
      out.print('}');
    }
    out.print("],\"continuation\":");
    out.print(h.continuation == null ? "null" : string(h.continuation));
    out.print('}');
    out.flush();
  }

  /** A refusal in the format asked for, its message in the IE's words. */
  private static void refuse(
      HttpServletResponse response, boolean csv, int status, String code, String message)
      throws IOException {
    response.setStatus(status);
    response.setCharacterEncoding("UTF-8");
    response.setHeader("Cache-Control", "no-store");
    String text = message == null ? "" : message;
    if (csv) {
      response.setContentType("text/plain;charset=UTF-8");
      response.getWriter().print(code + ": " + text + "\r\n");
    } else {
      response.setContentType("application/json;charset=UTF-8");
      response
          .getWriter()
          .print("{\"code\":" + string(code) + ",\"message\":" + string(text) + "}");
    }
    response.getWriter().flush();
  }

  private static int status(String code) {
    return switch (code) {
      case "NOT_AUTHENTICATED" -> 401;
      case "NOT_AUTHORIZED" -> 403;
      case "UNKNOWN_IM", "UNKNOWN_ATTRIBUTE", "NOT_ARCHIVED" -> 404;
      case "INTERNAL_ERROR" -> 500;
      default -> 400;
    };
  }

  /** A refusal found while reading the query. */
  private static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String code;

    Refused(int status, String code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
    }
  }

  private static String required(HttpServletRequest request, String name) throws Refused {
    String v = request.getParameter(name);
    if (v == null || v.isBlank()) {
      throw new Refused(400, FaultCode.MISSING_ARGUMENT.name(), name + " is required");
    }
    return v;
  }

  private static Instant time(HttpServletRequest request, String name) throws Refused {
    String v = request.getParameter(name);
    if (v == null || v.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(v.trim()).toInstant();
    } catch (DateTimeParseException e) {
      throw new Refused(
          400,
          FaultCode.WRONG_TYPE.name(),
          name
              + " is not a time such as 2026-11-28T10:00:00Z: '"
              + FaultText.of(v, List.of(v))
              + "'");
    }
  }

  private static Integer number(HttpServletRequest request, String name) throws Refused {
    String v = request.getParameter(name);
    if (v == null || v.isBlank()) {
      return null;
    }
    try {
      return Integer.valueOf(v.trim());
    } catch (NumberFormatException e) {
      throw new Refused(400, FaultCode.WRONG_TYPE.name(), name + " is not a whole number");
    }
  }

  private static String number(double d) {
    return Double.toString(d);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** A JSON string: quotes, backslashes and every control or line-separating character escaped. */
  static String string(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
