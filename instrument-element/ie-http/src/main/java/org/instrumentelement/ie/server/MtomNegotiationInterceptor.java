package org.instrumentelement.ie.server;

import java.util.Locale;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Answers with MTOM only to a client that spoke MTOM: a toolkit that sent an XOP request can read
 * an XOP response, while every other client keeps getting plain SOAP with inline base64.
 */
public final class MtomNegotiationInterceptor extends AbstractPhaseInterceptor<Message> {

  public MtomNegotiationInterceptor() {
    super(Phase.SETUP);
  }

  @Override
  public void handleMessage(Message message) {
    Message in = message.getExchange() == null ? null : message.getExchange().getInMessage();
    Object contentType = in == null ? null : in.get(Message.CONTENT_TYPE);
    boolean mtom =
        contentType != null
            && contentType.toString().toLowerCase(Locale.ROOT).contains("application/xop+xml");
    message.put(Message.MTOM_ENABLED, mtom);
  }
}
