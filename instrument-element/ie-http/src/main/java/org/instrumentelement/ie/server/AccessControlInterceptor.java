package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.function.Supplier;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.phase.PhaseInterceptorChain;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.transport.http.AbstractHTTPDestination;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.ImRequest;
import org.instrumentelement.im.model.ImException;

/**
 * Takes the caller that the {@link RequestGate} authenticated from the transport (HTTP Basic
 * credentials, over TLS in a laboratory) before the body was read, and checks, before the service
 * runs, that the caller's role allows the operation on the IM the request names, and that no one
 * else's reservation covers it. The operations themselves carry no credentials.
 */
public final class AccessControlInterceptor extends AbstractPhaseInterceptor<Message> {
  static final String CALLER = Caller.class.getName();

  private final AccessControl access;

  public AccessControlInterceptor(AccessControl access) {
    super(Phase.PRE_INVOKE);
    this.access = access;
  }

  @Override
  public void handleMessage(Message message) {
    Exchange exchange = message.getExchange();
    BindingOperationInfo bop = exchange.getBindingOperationInfo();
    String operation = bop == null ? "" : bop.getName().getLocalPart();
    List<?> contents = MessageContentsList.getContentsList(message);
    Object request = contents == null || contents.isEmpty() ? null : contents.get(0);
    String im = request instanceof ImRequest r ? r.targetIm() : null;
    try {
      Caller caller = authenticate(message);
      exchange.put(CALLER, caller);
      Role role =
          Operations.role(operation)
              .orElseThrow(() -> new ImException(FaultCode.NOT_AUTHORIZED, "no such operation"));
      if (im == null || im.isBlank()) {
        access.checkAnywhere(caller, role);
      } else if (Operations.controlling(operation)) {
        access.check(caller, role, im);
      } else {
        access.checkRole(caller, role, im);
      }
    } catch (ImException e) {
      throw new Fault(InstrumentElementFault.of(e, im, null));
    }
  }

  /**
   * The caller the {@link RequestGate} authenticated before the body was read. Without one (no gate
   * in front), nobody: fail closed.
   */
  private static Caller authenticate(Message message) throws ImException {
    Object http = message.get(AbstractHTTPDestination.HTTP_REQUEST);
    Object caller =
        http instanceof HttpServletRequest r ? r.getAttribute(RequestGate.CALLER) : null;
    if (caller instanceof Caller c) {
      return c;
    }
    throw new ImException(FaultCode.NOT_AUTHENTICATED, "credentials required (HTTP Basic)");
  }

  /** The caller of the request being served on this thread; nobody if none authenticated. */
  public static Supplier<Caller> currentCaller() {
    return () -> {
      Caller polling = PollingLane.caller();
      if (polling != null) {
        return polling;
      }
      Message m = PhaseInterceptorChain.getCurrentMessage();
      Object c = m == null ? null : m.getExchange().get(CALLER);
      return c instanceof Caller caller ? caller : Caller.NOBODY;
    };
  }

  /** The caller stored on an exchange, or null if authentication did not get that far. */
  static Caller caller(Exchange exchange) {
    Object c = exchange == null ? null : exchange.get(CALLER);
    return c instanceof Caller caller ? caller : null;
  }
}
