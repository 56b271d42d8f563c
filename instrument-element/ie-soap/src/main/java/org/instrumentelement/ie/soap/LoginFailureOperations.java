package org.instrumentelement.ie.soap;

import java.util.ArrayList;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.LoginThrottle;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.ClearLoginFailures;
import org.instrumentelement.ie.soap.types.ClearLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.ListLoginFailures;
import org.instrumentelement.ie.soap.types.ListLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.LoginFailureInfo;
import org.instrumentelement.im.model.ImException;

/** The login throttle's entries, for an administrator of the whole element to list and clear. */
final class LoginFailureOperations {
  private final ElementView view;
  private final AccessControl access;

  LoginFailureOperations(ElementView view, AccessControl access) {
    this.view = view;
    this.access = access;
  }

  ListLoginFailuresResponse listLoginFailures(ListLoginFailures request)
      throws InstrumentElementFault {
    ListLoginFailuresResponse r = new ListLoginFailuresResponse();
    r.entry = new ArrayList<>();
    for (LoginThrottle.Entry e : loginThrottle().list()) {
      LoginFailureInfo i = new LoginFailureInfo();
      i.kind = e.kind();
      i.key = e.key();
      i.failures = e.failures();
      i.lastFailure = e.lastFailure();
      i.blockedUntil = e.blockedUntil();
      i.locked = e.locked();
      r.entry.add(i);
    }
    return r;
  }

  ClearLoginFailuresResponse clearLoginFailures(ClearLoginFailures request)
      throws InstrumentElementFault {
    ClearLoginFailuresResponse r = new ClearLoginFailuresResponse();
    r.cleared = loginThrottle().clear(request == null ? null : request.key);
    return r;
  }

  /** The login throttle, for an admin of the whole element. */
  private LoginThrottle loginThrottle() throws InstrumentElementFault {
    try {
      access.checkRole(view.caller(), Role.ADMIN, Grant.EVERYTHING);
    } catch (ImException e) {
      throw InstrumentElementFault.of(e, null, null);
    }
    if (access.logins() == null) {
      throw InstrumentElementFault.of(
          new ImException(FaultCode.NOT_AUTHORIZED, "access control is off: no logins to list"),
          null,
          null);
    }
    return access.logins().throttle();
  }
}
