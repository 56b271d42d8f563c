package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;
import static org.instrumentelement.ie.hostile.HostileInput.operation;
import static org.instrumentelement.ie.hostile.HostileInput.setParameter;

import java.util.List;

/**
 * Hostile requests from users with few rights: an observer of everything ({@code observer}) and an
 * observer of one IM ({@code arrays}, lab/array2500). Faults must not tell them about IMs they may
 * not observe, and their hostile XML is refused like anyone's.
 */
final class AuthorizationInputs {
  private AuthorizationInputs() {}

  static List<HostileInput> inputs() {
    String set = setParameter("timebase", "<ie:doubleValue>0.002</ie:doubleValue>");
    return List.of(
        fault("observer sets a parameter", "NOT_AUTHORIZED", set).as("observer"),
        fault("observer sends a DTD", "MALFORMED_REQUEST", "<!DOCTYPE x>" + set).as("observer"),
        fault("observer asks for an unknown IM", "UNKNOWN_IM", getState("lab/nothing"))
            .as("observer"),
        fault("one-IM user asks for an IM below its own", "UNKNOWN_IM", getState("lab/array2500/x"))
            .as("arrays"),
        fault(
                "one-IM user asks for subscription info below its own",
                "UNKNOWN_IM",
                operation(
                    "getSubscriptionInfo",
                    "<ie:im>lab/array2500/x</ie:im><ie:attribute>vector</ie:attribute>"))
            .as("arrays"),
        fault("one-IM user asks for another IM", "NOT_AUTHORIZED", getState("lab/scope"))
            .as("arrays"),
        fault("one-IM user asks for a missing IM", "NOT_AUTHORIZED", getState("lab/nothing"))
            .as("arrays"),
        fault("one-IM user sends a path trick", "UNKNOWN_IM", getState("lab/array2500/../scope"))
            .as("arrays"),
        fault("wrong password", "NOT_AUTHENTICATED", getState("lab/scope")).as("intruder"));
  }
}
