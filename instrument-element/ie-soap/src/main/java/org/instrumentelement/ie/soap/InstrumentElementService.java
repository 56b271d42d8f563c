package org.instrumentelement.ie.soap;

import java.util.List;
import java.util.function.Supplier;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;

/**
 * The SOAP operations over an {@link InstrumentElement}: builds the groups of each concern (IM
 * descriptions, control, commands, subscriptions, reservations, status, login failures, alarms,
 * recordings, provenance) and the one {@link #port() port} CXF publishes, which hands each
 * operation to the group that implements it. Plain classes: tests call the port directly. Every
 * refusal becomes an {@link InstrumentElementFault} with the IM's error code.
 */
public class InstrumentElementService {
  private final DescribeOperations describe;
  private final ControlOperations control;
  private final CommandOperations commands;
  private final SubscriptionOperations subscriptions;
  private final ReservationOperations reservations;
  private final StatusOperations status;
  private final LoginFailureOperations loginFailures;
  private final AlarmOperations alarms;
  private final RecordingOperations recordings;
  private final ProvenanceOperations provenance;
  private final InstrumentElementPort port;

  /**
   * @param access who may do what; operations are checked by an interceptor before they get here,
   *     this class only filters lists by what the caller may see and keeps reservations
   * @param caller who makes the current request
   * @param monitoring the figures getStatus reports
   */
  public InstrumentElementService(
      InstrumentElement ie,
      Publishing publishing,
      AccessControl access,
      Supplier<Caller> caller,
      Monitoring monitoring,
      Alarms alarms) {
    this(ie, publishing, access, caller, monitoring, alarms, null);
  }

  /**
   * @param alarms the alarms, for polled values' quality and the alarm operations
   * @param recordings the recordings, or null for a service that records nothing
   */
  public InstrumentElementService(
      InstrumentElement ie,
      Publishing publishing,
      AccessControl access,
      Supplier<Caller> caller,
      Monitoring monitoring,
      Alarms alarms,
      Recordings recordings) {
    this(ie, publishing, access, caller, monitoring, alarms, recordings, null, 1);
  }

  /**
   * @param history the history archive, or null when the IE keeps none
   * @param historyRawLimit the most samples one raw history answer holds ({@code history.rawLimit})
   */
  public InstrumentElementService(
      InstrumentElement ie,
      Publishing publishing,
      AccessControl access,
      Supplier<Caller> caller,
      Monitoring monitoring,
      Alarms alarms,
      Recordings recordings,
      HistoryArchive history,
      int historyRawLimit) {
    ElementView view = new ElementView(ie, caller);
    this.describe = new DescribeOperations(view);
    this.commands = new CommandOperations(view);
    FreshReads fresh =
        new FreshReads(
            ie.nodes().stream().map(ImNode::im).toList(),
            publishing == null || publishing.subscriptions() == null
                ? (imPath, attribute) -> null
                : publishing.subscriptions()::latest);
    this.control = new ControlOperations(view, commands, alarms, fresh);
    this.subscriptions = new SubscriptionOperations(view, publishing);
    this.reservations = new ReservationOperations(view, access);
    this.status = new StatusOperations(view, monitoring);
    this.loginFailures = new LoginFailureOperations(view, access);
    this.alarms = new AlarmOperations(view, alarms);
    this.recordings = new RecordingOperations(view, publishing.subscriptions(), access, recordings);
    this.provenance = new ProvenanceOperations(view);
    HistoryOperations historyOperations =
        new HistoryOperations(view, history, historyRawLimit, java.time.Clock.systemUTC());
    this.port =
        OperationRouter.port(
            List.of(
                describe,
                control,
                commands,
                this.subscriptions,
                reservations,
                status,
                loginFailures,
                new DiscoveryOperations(view, access),
                new ImAdministration(view, access, publishing, alarms, monitoring, fresh),
                this.alarms,
                this.recordings,
                provenance,
                historyOperations));
  }

  /**
   * The port CXF publishes and the polling lane and tests call: each operation handed to its group
   * ({@link OperationRouter}).
   */
  public InstrumentElementPort port() {
    return port;
  }
}
