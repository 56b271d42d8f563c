package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.im.model.ImException;

/**
 * The Instrument Element as the caller of the current request sees it: finds IMs, and turns
 * refusals into faults that tell the caller nothing about IMs it may not observe. Every group of
 * operations shares one.
 */
final class ElementView {
  private final InstrumentElement ie;
  private final Supplier<Caller> caller;

  /**
   * @param caller who makes the current request
   */
  ElementView(InstrumentElement ie, Supplier<Caller> caller) {
    this.ie = ie;
    this.caller = caller;
  }

  /** The IM tree. */
  InstrumentElement ie() {
    return ie;
  }

  /** Who makes the current request. */
  Caller caller() {
    return caller.get();
  }

  /** The IM at {@code path}, or an UNKNOWN_IM fault naming only IMs the caller may observe. */
  ImNode node(String path) throws InstrumentElementFault {
    try {
      return ie.node(path);
    } catch (ImException e) {
      throw fault(e, path, null);
    }
  }

  /** A field the request must carry: a MALFORMED_REQUEST fault without it. */
  static String required(String value, String field) throws InstrumentElementFault {
    if (value == null || value.isBlank()) {
      throw InstrumentElementFault.of(
          FaultCode.MALFORMED_REQUEST, "the request has no '" + field + "'");
    }
    return value;
  }

  /**
   * The fault for a refusal. An unknown IM is described with the IMs the caller may observe only,
   * so that a fault never tells a caller about IMs it may not see.
   */
  InstrumentElementFault fault(ImException e, String im, String item) {
    if (e.code() == FaultCode.UNKNOWN_IM) {
      return InstrumentElementFault.of(FaultCode.UNKNOWN_IM, unknownIm(im), im, item, e);
    }
    return InstrumentElementFault.of(e, im, item);
  }

  /** Most IM paths an UNKNOWN_IM fault suggests. */
  static final int MAX_SUGGESTED_IMS = 20;

  private String unknownIm(String path) {
    Caller c = caller.get();
    List<String> visible = new ArrayList<>();
    for (ImNode n : ie.nodes()) {
      if (c.may(Role.OBSERVE, n.path())) {
        visible.add(n.path());
      }
    }
    String message = "no Instrument Manager '" + path + "'";
    if (visible.isEmpty()) {
      return message;
    }
    String shown =
        String.join(", ", visible.subList(0, Math.min(visible.size(), MAX_SUGGESTED_IMS)));
    int more = visible.size() - MAX_SUGGESTED_IMS;
    return message
        + " (you may observe "
        + shown
        + (more > 0 ? " and " + more + " more" : "")
        + ")";
  }
}
