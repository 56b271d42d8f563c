package org.instrumentelement.ie.soap;

import jakarta.jws.WebService;
import java.util.function.Supplier;
import org.instrumentelement.ie.alarm.Alarms;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarm;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarmResponse;
import org.instrumentelement.ie.soap.types.BreakReservation;
import org.instrumentelement.ie.soap.types.BreakReservationResponse;
import org.instrumentelement.ie.soap.types.CancelCommand;
import org.instrumentelement.ie.soap.types.CancelCommandResponse;
import org.instrumentelement.ie.soap.types.ClearLoginFailures;
import org.instrumentelement.ie.soap.types.ClearLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.ConfigureAlarmLimits;
import org.instrumentelement.ie.soap.types.ConfigureAlarmLimitsResponse;
import org.instrumentelement.ie.soap.types.ConfigureSampling;
import org.instrumentelement.ie.soap.types.ConfigureSamplingResponse;
import org.instrumentelement.ie.soap.types.DeleteRecording;
import org.instrumentelement.ie.soap.types.DeleteRecordingResponse;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManager;
import org.instrumentelement.ie.soap.types.DescribeInstrumentManagerResponse;
import org.instrumentelement.ie.soap.types.DescribeRecording;
import org.instrumentelement.ie.soap.types.DescribeRecordingResponse;
import org.instrumentelement.ie.soap.types.DownloadRecording;
import org.instrumentelement.ie.soap.types.DownloadRecordingResponse;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.ExecuteCommandResponse;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.GetAttributesResponse;
import org.instrumentelement.ie.soap.types.GetCommandStatus;
import org.instrumentelement.ie.soap.types.GetCommandStatusResponse;
import org.instrumentelement.ie.soap.types.GetParameter;
import org.instrumentelement.ie.soap.types.GetParameterResponse;
import org.instrumentelement.ie.soap.types.GetProvenance;
import org.instrumentelement.ie.soap.types.GetProvenanceResponse;
import org.instrumentelement.ie.soap.types.GetState;
import org.instrumentelement.ie.soap.types.GetStateResponse;
import org.instrumentelement.ie.soap.types.GetStatus;
import org.instrumentelement.ie.soap.types.GetStatusResponse;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfo;
import org.instrumentelement.ie.soap.types.GetSubscriptionInfoResponse;
import org.instrumentelement.ie.soap.types.ListAlarmLimits;
import org.instrumentelement.ie.soap.types.ListAlarmLimitsResponse;
import org.instrumentelement.ie.soap.types.ListAlarms;
import org.instrumentelement.ie.soap.types.ListAlarmsResponse;
import org.instrumentelement.ie.soap.types.ListCommands;
import org.instrumentelement.ie.soap.types.ListCommandsResponse;
import org.instrumentelement.ie.soap.types.ListInstrumentManagers;
import org.instrumentelement.ie.soap.types.ListInstrumentManagersResponse;
import org.instrumentelement.ie.soap.types.ListLoginFailures;
import org.instrumentelement.ie.soap.types.ListLoginFailuresResponse;
import org.instrumentelement.ie.soap.types.ListRecordings;
import org.instrumentelement.ie.soap.types.ListRecordingsResponse;
import org.instrumentelement.ie.soap.types.ListReservations;
import org.instrumentelement.ie.soap.types.ListReservationsResponse;
import org.instrumentelement.ie.soap.types.ListSubscriptions;
import org.instrumentelement.ie.soap.types.ListSubscriptionsResponse;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.ReleaseReservation;
import org.instrumentelement.ie.soap.types.ReleaseReservationResponse;
import org.instrumentelement.ie.soap.types.RenewReservation;
import org.instrumentelement.ie.soap.types.RenewReservationResponse;
import org.instrumentelement.ie.soap.types.Reserve;
import org.instrumentelement.ie.soap.types.ReserveResponse;
import org.instrumentelement.ie.soap.types.SetAttribute;
import org.instrumentelement.ie.soap.types.SetAttributeResponse;
import org.instrumentelement.ie.soap.types.SetParameter;
import org.instrumentelement.ie.soap.types.SetParameterResponse;
import org.instrumentelement.ie.soap.types.StartRecording;
import org.instrumentelement.ie.soap.types.StartRecordingResponse;
import org.instrumentelement.ie.soap.types.StopRecording;
import org.instrumentelement.ie.soap.types.StopRecordingResponse;

/**
 * The SOAP operations over an {@link InstrumentElement}: the one port CXF publishes, handing each
 * operation to the group of its concern (IM descriptions, control, subscriptions, reservations,
 * status, login failures). A plain class: tests call it directly, and CXF publishes it. Every
 * refusal becomes an {@link InstrumentElementFault} with the IM's error code.
 */
@WebService(
    serviceName = "InstrumentElement",
    portName = "InstrumentElementPort",
    targetNamespace = Namespaces.IE,
    endpointInterface = "org.instrumentelement.ie.soap.InstrumentElementPort")
public class InstrumentElementService implements InstrumentElementPort {
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
    ElementView view = new ElementView(ie, caller);
    this.describe = new DescribeOperations(view);
    this.commands = new CommandOperations(view);
    this.control =
        new ControlOperations(
            view,
            commands,
            alarms,
            new FreshReads(
                ie.nodes().stream().map(ImNode::im).toList(),
                publishing == null || publishing.subscriptions() == null
                    ? (imPath, attribute) -> null
                    : publishing.subscriptions()::latest));
    this.subscriptions = new SubscriptionOperations(view, publishing);
    this.reservations = new ReservationOperations(view, access);
    this.status = new StatusOperations(view, monitoring);
    this.loginFailures = new LoginFailureOperations(view, access);
    this.alarms = new AlarmOperations(view, alarms);
    this.recordings = new RecordingOperations(view, publishing.subscriptions(), access, recordings);
    this.provenance = new ProvenanceOperations(view);
  }

  @Override
  public ListInstrumentManagersResponse listInstrumentManagers(ListInstrumentManagers request) {
    return describe.listInstrumentManagers(request);
  }

  @Override
  public DescribeInstrumentManagerResponse describeInstrumentManager(
      DescribeInstrumentManager request) throws InstrumentElementFault {
    return describe.describeInstrumentManager(request);
  }

  @Override
  public GetStateResponse getState(GetState request) throws InstrumentElementFault {
    return describe.getState(request);
  }

  @Override
  public GetAttributeResponse getAttribute(GetAttribute request) throws InstrumentElementFault {
    return control.getAttribute(request);
  }

  @Override
  public GetAttributesResponse getAttributes(GetAttributes request) throws InstrumentElementFault {
    return control.getAttributes(request);
  }

  @Override
  public GetParameterResponse getParameter(GetParameter request) throws InstrumentElementFault {
    return control.getParameter(request);
  }

  @Override
  public GetProvenanceResponse getProvenance(GetProvenance request) throws InstrumentElementFault {
    return provenance.getProvenance(request);
  }

  @Override
  public SetParameterResponse setParameter(SetParameter request) throws InstrumentElementFault {
    return control.setParameter(request);
  }

  @Override
  public SetAttributeResponse setAttribute(SetAttribute request) throws InstrumentElementFault {
    return control.setAttribute(request);
  }

  @Override
  public ExecuteCommandResponse executeCommand(ExecuteCommand request)
      throws InstrumentElementFault {
    return control.executeCommand(request);
  }

  @Override
  public GetCommandStatusResponse getCommandStatus(GetCommandStatus request)
      throws InstrumentElementFault {
    return commands.getCommandStatus(request);
  }

  @Override
  public CancelCommandResponse cancelCommand(CancelCommand request) throws InstrumentElementFault {
    return commands.cancelCommand(request);
  }

  @Override
  public ListCommandsResponse listCommands(ListCommands request) throws InstrumentElementFault {
    return commands.listCommands(request);
  }

  @Override
  public ListSubscriptionsResponse listSubscriptions(ListSubscriptions request)
      throws InstrumentElementFault {
    return subscriptions.listSubscriptions(request);
  }

  @Override
  public GetSubscriptionInfoResponse getSubscriptionInfo(GetSubscriptionInfo request)
      throws InstrumentElementFault {
    return subscriptions.getSubscriptionInfo(request);
  }

  @Override
  public ConfigureSamplingResponse configureSampling(ConfigureSampling request)
      throws InstrumentElementFault {
    return subscriptions.configureSampling(request);
  }

  @Override
  public ReserveResponse reserve(Reserve request) throws InstrumentElementFault {
    return reservations.reserve(request);
  }

  @Override
  public RenewReservationResponse renewReservation(RenewReservation request)
      throws InstrumentElementFault {
    return reservations.renewReservation(request);
  }

  @Override
  public ReleaseReservationResponse releaseReservation(ReleaseReservation request)
      throws InstrumentElementFault {
    return reservations.releaseReservation(request);
  }

  @Override
  public BreakReservationResponse breakReservation(BreakReservation request)
      throws InstrumentElementFault {
    return reservations.breakReservation(request);
  }

  @Override
  public ListReservationsResponse listReservations(ListReservations request) {
    return reservations.listReservations(request);
  }

  @Override
  public GetStatusResponse getStatus(GetStatus request) {
    return status.getStatus(request);
  }

  @Override
  public ListLoginFailuresResponse listLoginFailures(ListLoginFailures request)
      throws InstrumentElementFault {
    return loginFailures.listLoginFailures(request);
  }

  @Override
  public ClearLoginFailuresResponse clearLoginFailures(ClearLoginFailures request)
      throws InstrumentElementFault {
    return loginFailures.clearLoginFailures(request);
  }

  @Override
  public ListAlarmsResponse listAlarms(ListAlarms request) throws InstrumentElementFault {
    return alarms.listAlarms(request);
  }

  @Override
  public AcknowledgeAlarmResponse acknowledgeAlarm(AcknowledgeAlarm request)
      throws InstrumentElementFault {
    return alarms.acknowledgeAlarm(request);
  }

  @Override
  public ConfigureAlarmLimitsResponse configureAlarmLimits(ConfigureAlarmLimits request)
      throws InstrumentElementFault {
    return alarms.configureAlarmLimits(request);
  }

  @Override
  public ListAlarmLimitsResponse listAlarmLimits(ListAlarmLimits request)
      throws InstrumentElementFault {
    return alarms.listAlarmLimits(request);
  }

  @Override
  public StartRecordingResponse startRecording(StartRecording request)
      throws InstrumentElementFault {
    return recordings.startRecording(request);
  }

  @Override
  public StopRecordingResponse stopRecording(StopRecording request) throws InstrumentElementFault {
    return recordings.stopRecording(request);
  }

  @Override
  public ListRecordingsResponse listRecordings(ListRecordings request)
      throws InstrumentElementFault {
    return recordings.listRecordings(request);
  }

  @Override
  public DescribeRecordingResponse describeRecording(DescribeRecording request)
      throws InstrumentElementFault {
    return recordings.describeRecording(request);
  }

  @Override
  public DeleteRecordingResponse deleteRecording(DeleteRecording request)
      throws InstrumentElementFault {
    return recordings.deleteRecording(request);
  }

  @Override
  public DownloadRecordingResponse downloadRecording(DownloadRecording request)
      throws InstrumentElementFault {
    return recordings.downloadRecording(request);
  }
}
