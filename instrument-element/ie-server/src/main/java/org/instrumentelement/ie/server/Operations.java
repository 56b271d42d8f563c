package org.instrumentelement.ie.server;

import java.util.Map;
import java.util.Set;
import org.instrumentelement.ie.security.Role;

/** What each SOAP operation needs: the role it requires, and whether it is audited. */
final class Operations {
  /** Operations that change an instrument: they need CONTROL and respect reservations. */
  static final Set<String> CONTROLLING =
      Set.of("setParameter", "setAttribute", "executeCommand", "cancelCommand");

  /** Operations recorded in the audit log (with refused attempts). */
  static final Set<String> AUDITED =
      Set.of(
          "setParameter",
          "setAttribute",
          "executeCommand",
          "cancelCommand",
          "configureSampling",
          "reserve",
          "renewReservation",
          "releaseReservation",
          "breakReservation",
          "clearLoginFailures",
          "acknowledgeAlarm",
          "configureAlarmLimits",
          "startRecording",
          "stopRecording",
          "deleteRecording");

  private static final Map<String, Role> ROLES =
      Map.ofEntries(
          Map.entry("listInstrumentManagers", Role.OBSERVE),
          Map.entry("describeInstrumentManager", Role.OBSERVE),
          Map.entry("getState", Role.OBSERVE),
          Map.entry("getAttribute", Role.OBSERVE),
          Map.entry("getAttributes", Role.OBSERVE),
          Map.entry("getParameter", Role.OBSERVE),
          Map.entry("getProvenance", Role.OBSERVE),
          Map.entry("listSubscriptions", Role.OBSERVE),
          Map.entry("getSubscriptionInfo", Role.OBSERVE),
          Map.entry("listReservations", Role.OBSERVE),
          Map.entry("getStatus", Role.OBSERVE),
          // Recordings name their IMs inside: the operation checks every one of them.
          Map.entry("listRecordings", Role.OBSERVE),
          Map.entry("describeRecording", Role.OBSERVE),
          Map.entry("downloadRecording", Role.OBSERVE),
          Map.entry("startRecording", Role.CONTROL),
          Map.entry("stopRecording", Role.CONTROL),
          Map.entry("deleteRecording", Role.CONTROL),
          Map.entry("getCommandStatus", Role.OBSERVE),
          Map.entry("listCommands", Role.OBSERVE),
          Map.entry("cancelCommand", Role.CONTROL),
          Map.entry("listAlarms", Role.OBSERVE),
          Map.entry("listAlarmLimits", Role.OBSERVE),
          // Not in CONTROLLING: acknowledging touches no instrument, so reservations do not apply.
          Map.entry("acknowledgeAlarm", Role.CONTROL),
          Map.entry("configureAlarmLimits", Role.ADMIN),
          Map.entry("setParameter", Role.CONTROL),
          Map.entry("setAttribute", Role.CONTROL),
          Map.entry("executeCommand", Role.CONTROL),
          Map.entry("reserve", Role.CONTROL),
          Map.entry("renewReservation", Role.CONTROL),
          Map.entry("releaseReservation", Role.CONTROL),
          Map.entry("configureSampling", Role.ADMIN),
          Map.entry("breakReservation", Role.ADMIN),
          Map.entry("listLoginFailures", Role.ADMIN),
          Map.entry("clearLoginFailures", Role.ADMIN));

  private Operations() {}

  /** The role an operation needs; ADMIN for one this table does not know (fail closed). */
  static Role role(String operation) {
    return ROLES.getOrDefault(operation, Role.ADMIN);
  }
}
