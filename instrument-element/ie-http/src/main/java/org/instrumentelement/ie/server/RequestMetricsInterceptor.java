package org.instrumentelement.ie.server;

import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.soap.InstrumentElementFault;

/**
 * Times every SOAP request, from its arrival to its response or fault, by operation and outcome.
 */
public final class RequestMetricsInterceptor {
  private static final String STARTED = RequestMetricsInterceptor.class.getName() + ".started";

  private RequestMetricsInterceptor() {}

  /** Notes when the request arrived (first on the request chain). */
  public static final class Start extends AbstractPhaseInterceptor<Message> {
    public Start() {
      super(Phase.RECEIVE);
      addBefore(RequestSizeInterceptor.class.getName());
    }

    @Override
    public void handleMessage(Message message) {
      message.getExchange().put(STARTED, System.nanoTime());
    }
  }

  /** Records the request on the response and fault chains. */
  public static final class Finish extends AbstractPhaseInterceptor<Message> {
    private final Monitoring monitoring;

    public Finish(Monitoring monitoring) {
      super(Phase.PRE_STREAM);
      this.monitoring = monitoring;
    }

    @Override
    public void handleMessage(Message message) {
      Exchange exchange = message.getExchange();
      Object started = exchange == null ? null : exchange.get(STARTED);
      if (!(started instanceof Long t0)) {
        return;
      }
      BindingOperationInfo bop = exchange.getBindingOperationInfo();
      String operation = bop == null ? "unknown" : bop.getName().getLocalPart();
      Exception e = message.getContent(Exception.class);
      String outcome = "OK";
      if (e != null) {
        outcome = "FAULT";
        for (Throwable t = e; t != null; t = t.getCause()) {
          if (t instanceof InstrumentElementFault f) {
            outcome = f.getFaultInfo().code;
            break;
          }
        }
      }
      monitoring.recordRequest(operation, outcome, System.nanoTime() - t0);
    }
  }
}
