package org.instrumentelement.ie.server;

import jakarta.jws.WebMethod;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.Access;
import org.instrumentelement.ie.soap.InstrumentElementPort;

/**
 * What each SOAP operation needs, read from the {@link Access} declaration on its method of {@link
 * InstrumentElementPort}: the one place an operation's role, audit and reservation rules are
 * written.
 */
final class Operations {
  private static final Map<String, Access> DECLARED = declared();

  private Operations() {}

  /** Every operation of the port with its declaration; fails if one has none. */
  static Map<String, Access> declared() {
    Map<String, Access> out = new TreeMap<>();
    for (Method m : InstrumentElementPort.class.getMethods()) {
      WebMethod web = m.getAnnotation(WebMethod.class);
      if (web == null) {
        continue;
      }
      Access access = m.getAnnotation(Access.class);
      if (access == null) {
        throw new IllegalStateException(
            "the SOAP operation " + web.operationName() + " declares no @Access");
      }
      out.put(web.operationName(), access);
    }
    return Map.copyOf(out);
  }

  /** The role an operation needs, or empty for a name the port does not have (refuse it). */
  static Optional<Role> role(String operation) {
    Access a = DECLARED.get(operation);
    return a == null ? Optional.empty() : Optional.of(a.role());
  }

  /** Whether an operation is recorded in the audit log. */
  static boolean audited(String operation) {
    Access a = DECLARED.get(operation);
    return a != null && a.audited();
  }

  /** Whether an operation changes an instrument, so that reservations apply to it. */
  static boolean controlling(String operation) {
    Access a = DECLARED.get(operation);
    return a != null && a.controlling();
  }
}
