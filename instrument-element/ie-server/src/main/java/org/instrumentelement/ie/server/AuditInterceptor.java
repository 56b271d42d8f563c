package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.ImRequest;
import org.instrumentelement.ie.soap.types.RenewReservation;
import org.instrumentelement.ie.soap.types.Reserve;
import org.instrumentelement.ie.soap.types.SetAttribute;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.Value;

/**
 * Writes one audit record per control action once its result is known: on the response chain for a
 * success, on the fault chain for a refusal or failure (including refused authentication).
 */
public final class AuditInterceptor extends AbstractPhaseInterceptor<Message> {
  private final AuditLog log;

  public AuditInterceptor(AuditLog log) {
    super(Phase.PRE_STREAM);
    this.log = log;
  }

  /**
   * Called on the response chain and, with the fault as the message's exception, on the fault
   * chain.
   */
  @Override
  public void handleMessage(Message message) {
    Exchange exchange = message.getExchange();
    BindingOperationInfo bop = exchange == null ? null : exchange.getBindingOperationInfo();
    if (bop == null || !Operations.AUDITED.contains(bop.getName().getLocalPart())) {
      return;
    }
    Message in = exchange.getInMessage();
    List<?> contents = in == null ? null : MessageContentsList.getContentsList(in);
    Object request = contents == null || contents.isEmpty() ? null : contents.get(0);
    Exception e = message.getContent(Exception.class);
    String result = e == null ? "OK" : failure(e);
    log.record(
        Instant.now(),
        user(exchange, in),
        remote(in),
        bop.getName().getLocalPart(),
        request instanceof ImRequest r ? r.targetIm() : null,
        details(request),
        result);
  }

  private static String user(Exchange exchange, Message in) {
    // Strangers are refused (and audited) by the gate before their request is read.
    Caller c = AccessControlInterceptor.caller(exchange);
    return c != null ? c.name() : "(none)";
  }

  private static String remote(Message in) {
    Object r = in == null ? null : in.get(AbstractHTTPDestination.HTTP_REQUEST);
    return r instanceof HttpServletRequest http ? http.getRemoteAddr() : null;
  }

  private static String failure(Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InstrumentElementFault f) {
        return f.getFaultInfo().code + ": " + f.getFaultInfo().message;
      }
    }
    return (e instanceof Fault f && f.getFaultCode() != null ? "FAULT: " : "ERROR: ")
        + e.getMessage();
  }

  /** What the request asked, in a line. */
  static String details(Object request) {
    if (request instanceof SetParameter r) {
      return r.parameter + " = " + value(r.value);
    } else if (request instanceof SetAttribute r) {
      return r.attribute + " = " + value(r.value);
    } else if (request instanceof ExecuteCommand r) {
      String args =
          r.argument == null
              ? ""
              : r.argument.stream()
                  .map(a -> (a == null ? "?" : a.name) + "=" + value(a))
                  .collect(Collectors.joining(", "));
      return r.command + "(" + args + ")";
    } else if (request instanceof ConfigureSampling r) {
      return r.attribute
          + ": period="
          + r.samplingPeriodMillis
          + "ms deadband="
          + r.deadband
          + " relativeDeadband="
          + r.relativeDeadband
          + " heartbeat="
          + r.heartbeatMillis
          + "ms";
    } else if (request instanceof Reserve r) {
      return "for " + r.durationMillis + " ms";
    } else if (request instanceof RenewReservation r) {
      return "for " + r.durationMillis + " ms";
    }
    return "";
  }

  private static String value(Value v) {
    if (v == null) {
      return "(none)";
    } else if (v.doubleValue != null) {
      return v.doubleValue.toString();
    } else if (v.integerValue != null) {
      return v.integerValue.toString();
    } else if (v.booleanValue != null) {
      return v.booleanValue.toString();
    } else if (v.stringValue != null) {
      String s = v.stringValue;
      return "\"" + (s.length() > 200 ? s.substring(0, 200) + "..." : s) + "\"";
    } else if (v.doubles != null) {
      return "double[" + v.doubles.size() + "]";
    } else if (v.data != null) {
      return "binary[" + v.data.length + " bytes]";
    }
    return "(empty)";
  }
}
