package org.instrumentelement.ie.monitoring;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import org.instrumentelement.ie.security.PasswordLogins;

/** Password logins by way in and outcome, and the throttle's lock-outs. */
public final class LoginMeters implements MeterBinder {
  /** The ways in whose logins are counted apart. */
  static final List<String> TRANSPORTS = List.of("SOAP", "OPENWIRE", "STOMP", "MQTT");

  private final PasswordLogins logins;

  public LoginMeters(PasswordLogins logins) {
    this.logins = logins;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (String transport : TRANSPORTS) {
      for (PasswordLogins.Outcome outcome : PasswordLogins.Outcome.values()) {
        FunctionCounter.builder("ie.login.attempts", logins, l -> l.count(transport, outcome))
            .description(
                "password logins: OK, FAILED (wrong), REFUSED (by the throttle, not checked)")
            .tags("transport", transport, "outcome", outcome.name())
            .register(registry);
      }
    }
    FunctionCounter.builder("ie.login.lockouts", logins, l -> l.throttle().lockouts())
        .description("addresses and user names locked out after failed passwords")
        .register(registry);
  }
}
