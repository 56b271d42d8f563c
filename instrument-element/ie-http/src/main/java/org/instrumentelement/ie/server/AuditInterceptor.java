package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarm;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarmResponse;
import org.instrumentelement.ie.soap.types.BreakReservationResponse;
import org.instrumentelement.ie.soap.types.CancelCommand;
import org.instrumentelement.ie.soap.types.CancelCommandResponse;
import org.instrumentelement.ie.soap.types.CommandState;
import org.instrumentelement.ie.soap.types.ConfigureAlarmLimits;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ConfigureSamplingResponse;
import org.instrumentelement.ie.soap.types.DeleteRecording;
import org.instrumentelement.ie.soap.types.DeleteRecordingResponse;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.ExecuteCommandResponse;
import org.instrumentelement.ie.soap.types.ImRequest;
import org.instrumentelement.ie.soap.types.ReleaseReservationResponse;
import org.instrumentelement.ie.soap.types.RenewReservation;
import org.instrumentelement.ie.soap.types.RenewReservationResponse;
import org.instrumentelement.ie.soap.types.Reserve;
import org.instrumentelement.ie.soap.types.ReserveResponse;
import org.instrumentelement.ie.soap.types.SetAttribute;
import org.instrumentelement.ie.soap.types.SetAttributeResponse;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.SetParameterResponse;
import org.instrumentelement.ie.soap.types.StartRecording;
import org.instrumentelement.ie.soap.types.StartRecordingResponse;
import org.instrumentelement.ie.soap.types.StopRecording;
import org.instrumentelement.ie.soap.types.StopRecordingResponse;
import org.instrumentelement.ie.soap.types.SubscriptionInfo;
import org.instrumentelement.ie.soap.types.Value;

/**
 * Writes one audit record per control action once its result is known: on the response chain what
 * the action did ({@code OK} with the settings now in effect, or {@code NO_EFFECT} when a release
 * or break found nothing to remove), on the fault chain the fault code and message the client got
 * (including refused authentication).
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
    if (bop == null || !Operations.audited(bop.getName().getLocalPart())) {
      return;
    }
    Message in = exchange.getInMessage();
    List<?> contents = in == null ? null : MessageContentsList.getContentsList(in);
    Object request = contents == null || contents.isEmpty() ? null : contents.get(0);
    Exception e = message.getContent(Exception.class);
    String result;
    if (e == null) {
      List<?> out = MessageContentsList.getContentsList(message);
      result = outcome(request, out == null || out.isEmpty() ? null : out.get(0));
    } else {
      FaultWording w = FaultWording.of(message, e);
      result = w.code() + ": " + w.message();
    }
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
    return r instanceof HttpServletRequest http ? RequestGate.clientAddress(http) : null;
  }

  /**
   * What a successful action did: {@code NO_EFFECT} where the answer says nothing changed, else
   * {@code OK} with what is now in effect where the answer tells.
   */
  static String outcome(Object request, Object response) {
    String im = request instanceof ImRequest r ? r.targetIm() : null;
    if (response instanceof ReleaseReservationResponse r && !r.released) {
      return "NO_EFFECT: the caller held no reservation of " + im;
    } else if (response instanceof BreakReservationResponse r && !r.broken) {
      return "NO_EFFECT: there was no reservation of " + im + " to break";
    } else if (response instanceof SetParameterResponse r) {
      return inEffect(request instanceof SetParameter s ? s.value : null, r.value);
    } else if (response instanceof SetAttributeResponse r) {
      return inEffect(request instanceof SetAttribute s ? s.value : null, r.value);
    } else if (response instanceof ExecuteCommandResponse r) {
      return "OK: state "
          + r.state
          + (r.commandId == null ? "" : ", command " + r.commandId + " " + r.status.state)
          + (r.result == null ? "" : ", result " + value(r.result));
    } else if (response instanceof CancelCommandResponse r && r.status != null) {
      return r.status.state == CommandState.RUNNING
          ? "OK: stopping at its next step"
          : "NO_EFFECT: the command had already ended " + r.status.state;
    } else if (response instanceof ConfigureSamplingResponse r && r.subscription != null) {
      SubscriptionInfo i = r.subscription;
      return "OK: period="
          + period(i)
          + " deadband="
          + i.deadband
          + " relativeDeadband="
          + i.relativeDeadband
          + " heartbeat="
          + i.heartbeatMillis
          + "ms";
    } else if (response instanceof AcknowledgeAlarmResponse r && r.alarm != null) {
      return "OK: " + r.alarm.severity + " " + r.alarm.message;
    } else if (response instanceof StartRecordingResponse r && r.recording != null) {
      return "OK: recording " + r.recording.recording;
    } else if (response instanceof StopRecordingResponse r && r.recording != null) {
      return "OK: "
          + r.recording.samples
          + " samples, "
          + r.recording.bytes
          + " bytes, "
          + r.recording.dropped
          + " dropped";
    } else if (response instanceof DeleteRecordingResponse r) {
      return "OK: " + r.bytes + " bytes freed";
    } else if (response instanceof ReserveResponse r && r.reservation != null) {
      return "OK: held until " + r.reservation.expires;
    } else if (response instanceof RenewReservationResponse r && r.reservation != null) {
      return "OK: held until " + r.reservation.expires;
    }
    return "OK";
  }

  /** OK, with the value in effect when it is not what was asked (converted, rounded). */
  private static String inEffect(Value asked, Value now) {
    String effective = value(now);
    return now == null || effective.equals(value(asked)) ? "OK" : "OK: now " + effective;
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
    } else if (request instanceof CancelCommand r) {
      return "command "
          + (r.commandId == null ? "?" : InstrumentElementFault.quote(r.commandId, 64));
    } else if (request instanceof ConfigureSampling r) {
      StringBuilder b = new StringBuilder(String.valueOf(r.attribute)).append(':');
      if (r.samplingPeriodMillis != null) {
        b.append(" period=").append(r.samplingPeriodMillis).append("ms");
      }
      if (r.samplingPeriodMicros != null) {
        b.append(" period=").append(r.samplingPeriodMicros).append("us");
      }
      if (r.deadband != null) {
        b.append(" deadband=").append(r.deadband);
      }
      if (r.relativeDeadband != null) {
        b.append(" relativeDeadband=").append(r.relativeDeadband);
      }
      if (r.heartbeatMillis != null) {
        b.append(" heartbeat=").append(r.heartbeatMillis).append("ms");
      }
      return b.toString();
    } else if (request instanceof AcknowledgeAlarm r) {
      return "alarm " + r.id;
    } else if (request instanceof ConfigureAlarmLimits r) {
      StringBuilder b = new StringBuilder(String.valueOf(r.attribute));
      if (r.statistic != null) {
        b.append('.').append(r.statistic);
      }
      b.append(':');
      int before = b.length();
      appendSetting(b, "lowAlarm", r.lowAlarm);
      appendSetting(b, "lowWarning", r.lowWarning);
      appendSetting(b, "highWarning", r.highWarning);
      appendSetting(b, "highAlarm", r.highAlarm);
      appendSetting(b, "hysteresis", r.hysteresis);
      appendSetting(b, "delay", r.delayMillis == null ? null : r.delayMillis + "ms");
      return b.length() == before ? b.append(" no limits").toString() : b.toString();
    } else if (request instanceof StartRecording r) {
      String items =
          r.item == null
              ? ""
              : r.item.stream()
                  .map(a -> a == null ? "?" : a.im + " " + a.attribute)
                  .collect(Collectors.joining(", "));
      return "record "
          + (items.length() > 500 ? items.substring(0, 500) + "..." : items)
          + (r.durationMillis == null ? "" : " for " + r.durationMillis + " ms")
          + (r.maxSamples == null ? "" : " up to " + r.maxSamples + " samples")
          + (r.maxBytes == null ? "" : " up to " + r.maxBytes + " bytes");
    } else if (request instanceof StopRecording r) {
      return "recording " + r.recording;
    } else if (request instanceof DeleteRecording r) {
      return "recording " + r.recording;
    } else if (request instanceof Reserve r) {
      return "for " + r.durationMillis + " ms";
    } else if (request instanceof RenewReservation r) {
      return "for " + r.durationMillis + " ms";
    }
    return "";
  }

  private static void appendSetting(StringBuilder b, String name, Object value) {
    if (value != null) {
      b.append(' ').append(name).append('=').append(value);
    }
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

  /** A sampling period as the audit shows it: whole milliseconds, or microseconds when not. */
  private static String period(SubscriptionInfo i) {
    Long micros = i.samplingPeriodMicros;
    return micros == null || micros % 1000 == 0 ? i.samplingPeriodMillis + "ms" : micros + "us";
  }
}
