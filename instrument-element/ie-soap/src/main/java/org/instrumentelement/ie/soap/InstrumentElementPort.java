package org.instrumentelement.ie.soap;

import jakarta.jws.WebMethod;
import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarm;
import org.instrumentelement.ie.soap.types.AcknowledgeAlarmResponse;
import org.instrumentelement.ie.soap.types.AddInstrumentManager;
import org.instrumentelement.ie.soap.types.AddInstrumentManagerResponse;
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
import org.instrumentelement.ie.soap.types.DiscoverInstruments;
import org.instrumentelement.ie.soap.types.DiscoverInstrumentsResponse;
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
import org.instrumentelement.ie.soap.types.GetHistory;
import org.instrumentelement.ie.soap.types.GetHistoryResponse;
import org.instrumentelement.ie.soap.types.GetHistoryValue;
import org.instrumentelement.ie.soap.types.GetHistoryValueResponse;
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
import org.instrumentelement.ie.soap.types.RemoveInstrumentManager;
import org.instrumentelement.ie.soap.types.RemoveInstrumentManagerResponse;
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
 * The Instrument Element's SOAP API, document/literal. Each operation takes one element named after
 * it and answers one {@code <operation>Response} element (the "wrapped" convention, which generated
 * clients unwrap into plain arguments). No operation carries credentials: identity, authorisation
 * and reservations come from the transport and interceptors.
 */
@WebService(name = "InstrumentElementPort", targetNamespace = Namespaces.IE)
@SOAPBinding(
    style = SOAPBinding.Style.DOCUMENT,
    use = SOAPBinding.Use.LITERAL,
    parameterStyle = SOAPBinding.ParameterStyle.BARE)
public interface InstrumentElementPort {

  /** Every IM in the hierarchy, parents before their children. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listInstrumentManagers")
  @WebResult(
      name = "listInstrumentManagersResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListInstrumentManagersResponse listInstrumentManagers(
      @WebParam(
              name = "listInstrumentManagers",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ListInstrumentManagers request)
      throws InstrumentElementFault;

  /** Parameters (with values), attributes, commands, states and the current state of one IM. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "describeInstrumentManager")
  @WebResult(
      name = "describeInstrumentManagerResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  DescribeInstrumentManagerResponse describeInstrumentManager(
      @WebParam(
              name = "describeInstrumentManager",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          DescribeInstrumentManager request)
      throws InstrumentElementFault;

  /** The current state of one IM. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getState")
  @WebResult(name = "getStateResponse", targetNamespace = Namespaces.IE, partName = "parameters")
  GetStateResponse getState(
      @WebParam(name = "getState", targetNamespace = Namespaces.IE, partName = "parameters")
          GetState request)
      throws InstrumentElementFault;

  /** Reads one attribute from the instrument; vectors in the requested encoding. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getAttribute")
  @WebResult(
      name = "getAttributeResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetAttributeResponse getAttribute(
      @WebParam(name = "getAttribute", targetNamespace = Namespaces.IE, partName = "parameters")
          GetAttribute request)
      throws InstrumentElementFault;

  /** Reads several attributes of one IM in one call. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getAttributes")
  @WebResult(
      name = "getAttributesResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetAttributesResponse getAttributes(
      @WebParam(name = "getAttributes", targetNamespace = Namespaces.IE, partName = "parameters")
          GetAttributes request)
      throws InstrumentElementFault;

  /** The current value of one parameter. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getParameter")
  @WebResult(
      name = "getParameterResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetParameterResponse getParameter(
      @WebParam(name = "getParameter", targetNamespace = Namespaces.IE, partName = "parameters")
          GetParameter request)
      throws InstrumentElementFault;

  /**
   * Where the values of an IM came from at one provenance revision (the one a published message or
   * a polled value carries; absent: the current one): the Instrument Element, the IM and its
   * instrument, every parameter's value and the changes that led there.
   */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getProvenance")
  @WebResult(
      name = "getProvenanceResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetProvenanceResponse getProvenance(
      @WebParam(name = "getProvenance", targetNamespace = Namespaces.IE, partName = "parameters")
          GetProvenance request)
      throws InstrumentElementFault;

  /** Sets a parameter; it is applied to the instrument if the IM is linked. */
  @Access(role = Role.CONTROL, audited = true, controlling = true)
  @WebMethod(operationName = "setParameter")
  @WebResult(
      name = "setParameterResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  SetParameterResponse setParameter(
      @WebParam(name = "setParameter", targetNamespace = Namespaces.IE, partName = "parameters")
          SetParameter request)
      throws InstrumentElementFault;

  /** Writes a writable attribute to the instrument. */
  @Access(role = Role.CONTROL, audited = true, controlling = true)
  @WebMethod(operationName = "setAttribute")
  @WebResult(
      name = "setAttributeResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  SetAttributeResponse setAttribute(
      @WebParam(name = "setAttribute", targetNamespace = Namespaces.IE, partName = "parameters")
          SetAttribute request)
      throws InstrumentElementFault;

  /** Runs a command if the state machine allows it in the current state. */
  @Access(role = Role.CONTROL, audited = true, controlling = true)
  @WebMethod(operationName = "executeCommand")
  @WebResult(
      name = "executeCommandResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ExecuteCommandResponse executeCommand(
      @WebParam(name = "executeCommand", targetNamespace = Namespaces.IE, partName = "parameters")
          ExecuteCommand request)
      throws InstrumentElementFault;

  /**
   * The status of a long-running command: state, progress, elapsed and estimated remaining time,
   * intermediate results and the final result; kept for {@code commands.statusRetention} after it
   * ended.
   */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getCommandStatus")
  @WebResult(
      name = "getCommandStatusResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetCommandStatusResponse getCommandStatus(
      @WebParam(name = "getCommandStatus", targetNamespace = Namespaces.IE, partName = "parameters")
          GetCommandStatus request)
      throws InstrumentElementFault;

  /**
   * Stops a long-running command at its next step, leaving the instrument in a defined state; an
   * ended command is unchanged.
   */
  @Access(role = Role.CONTROL, audited = true, controlling = true)
  @WebMethod(operationName = "cancelCommand")
  @WebResult(
      name = "cancelCommandResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  CancelCommandResponse cancelCommand(
      @WebParam(name = "cancelCommand", targetNamespace = Namespaces.IE, partName = "parameters")
          CancelCommand request)
      throws InstrumentElementFault;

  /** The long-running commands kept (of one IM, or of all the caller may observe), newest first. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listCommands")
  @WebResult(
      name = "listCommandsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListCommandsResponse listCommands(
      @WebParam(name = "listCommands", targetNamespace = Namespaces.IE, partName = "parameters")
          ListCommands request)
      throws InstrumentElementFault;

  /** The subscribable attributes (of one IM, or of all) with topics and figures. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listSubscriptions")
  @WebResult(
      name = "listSubscriptionsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListSubscriptionsResponse listSubscriptions(
      @WebParam(
              name = "listSubscriptions",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ListSubscriptions request)
      throws InstrumentElementFault;

  /** What to subscribe to for one attribute: broker URLs, topic, message format. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getSubscriptionInfo")
  @WebResult(
      name = "getSubscriptionInfoResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetSubscriptionInfoResponse getSubscriptionInfo(
      @WebParam(
              name = "getSubscriptionInfo",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          GetSubscriptionInfo request)
      throws InstrumentElementFault;

  /** Changes the sampling period, deadbands or heartbeat of a subscribable attribute. */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "configureSampling")
  @WebResult(
      name = "configureSamplingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ConfigureSamplingResponse configureSampling(
      @WebParam(
              name = "configureSampling",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ConfigureSampling request)
      throws InstrumentElementFault;

  /**
   * Reserves an IM subtree for the caller: nobody else may control it until it lapses or is
   * released.
   */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "reserve")
  @WebResult(name = "reserveResponse", targetNamespace = Namespaces.IE, partName = "parameters")
  ReserveResponse reserve(
      @WebParam(name = "reserve", targetNamespace = Namespaces.IE, partName = "parameters")
          Reserve request)
      throws InstrumentElementFault;

  /** Extends the caller's reservation before it lapses. */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "renewReservation")
  @WebResult(
      name = "renewReservationResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  RenewReservationResponse renewReservation(
      @WebParam(name = "renewReservation", targetNamespace = Namespaces.IE, partName = "parameters")
          RenewReservation request)
      throws InstrumentElementFault;

  /** Gives up the caller's reservation. */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "releaseReservation")
  @WebResult(
      name = "releaseReservationResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ReleaseReservationResponse releaseReservation(
      @WebParam(
              name = "releaseReservation",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ReleaseReservation request)
      throws InstrumentElementFault;

  /** Removes someone's reservation (admin). */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "breakReservation")
  @WebResult(
      name = "breakReservationResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  BreakReservationResponse breakReservation(
      @WebParam(name = "breakReservation", targetNamespace = Namespaces.IE, partName = "parameters")
          BreakReservation request)
      throws InstrumentElementFault;

  /** The reservations in force. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listReservations")
  @WebResult(
      name = "listReservationsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListReservationsResponse listReservations(
      @WebParam(name = "listReservations", targetNamespace = Namespaces.IE, partName = "parameters")
          ListReservations request)
      throws InstrumentElementFault;

  /** Health and figures: readiness, IM states, process CPU time, request counts and latencies. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getStatus")
  @WebResult(name = "getStatusResponse", targetNamespace = Namespaces.IE, partName = "parameters")
  GetStatusResponse getStatus(
      @WebParam(name = "getStatus", targetNamespace = Namespaces.IE, partName = "parameters")
          GetStatus request)
      throws InstrumentElementFault;

  /** The addresses and user names with recent failed passwords (admin of everything). */
  @Access(role = Role.ADMIN)
  @WebMethod(operationName = "listLoginFailures")
  @WebResult(
      name = "listLoginFailuresResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListLoginFailuresResponse listLoginFailures(
      @WebParam(
              name = "listLoginFailures",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ListLoginFailures request)
      throws InstrumentElementFault;

  /** Forgets the failed passwords of an address or user name, or all (admin of everything). */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "clearLoginFailures")
  @WebResult(
      name = "clearLoginFailuresResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ClearLoginFailuresResponse clearLoginFailures(
      @WebParam(
              name = "clearLoginFailures",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ClearLoginFailures request)
      throws InstrumentElementFault;

  /**
   * Finds the instruments on the IE's networks: their addresses, {@code *IDN?}, what fits them and
   * the configuration that adds them (admin of everything).
   */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "discoverInstruments")
  @WebResult(
      name = "discoverInstrumentsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  DiscoverInstrumentsResponse discoverInstruments(
      @WebParam(
              name = "discoverInstruments",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          DiscoverInstruments request)
      throws InstrumentElementFault;

  /**
   * Adds a top-level IM at run time, built from its settings as the configuration builds IMs,
   * sampled on its topics at once and kept across restarts (admin of everything).
   */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "addInstrumentManager")
  @WebResult(
      name = "addInstrumentManagerResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  AddInstrumentManagerResponse addInstrumentManager(
      @WebParam(
              name = "addInstrumentManager",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          AddInstrumentManager request)
      throws InstrumentElementFault;

  /** Removes an IM added at run time, for good (admin of everything). */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "removeInstrumentManager")
  @WebResult(
      name = "removeInstrumentManagerResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  RemoveInstrumentManagerResponse removeInstrumentManager(
      @WebParam(
              name = "removeInstrumentManager",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          RemoveInstrumentManager request)
      throws InstrumentElementFault;

  /** Lists the active alarms the caller may observe, of one IM subtree or of all. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listAlarms")
  @WebResult(name = "listAlarmsResponse", targetNamespace = Namespaces.IE, partName = "parameters")
  ListAlarmsResponse listAlarms(
      @WebParam(name = "listAlarms", targetNamespace = Namespaces.IE, partName = "parameters")
          ListAlarms request)
      throws InstrumentElementFault;

  /** Acknowledges an active alarm in the caller's name (audited). */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "acknowledgeAlarm")
  @WebResult(
      name = "acknowledgeAlarmResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  AcknowledgeAlarmResponse acknowledgeAlarm(
      @WebParam(name = "acknowledgeAlarm", targetNamespace = Namespaces.IE, partName = "parameters")
          AcknowledgeAlarm request)
      throws InstrumentElementFault;

  /** Sets the alarm limits of an attribute's value or of a statistic of a vector attribute. */
  @Access(role = Role.ADMIN, audited = true)
  @WebMethod(operationName = "configureAlarmLimits")
  @WebResult(
      name = "configureAlarmLimitsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ConfigureAlarmLimitsResponse configureAlarmLimits(
      @WebParam(
              name = "configureAlarmLimits",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          ConfigureAlarmLimits request)
      throws InstrumentElementFault;

  /** Lists the alarm limits in effect on the attributes the caller may observe. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listAlarmLimits")
  @WebResult(
      name = "listAlarmLimitsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListAlarmLimitsResponse listAlarmLimits(
      @WebParam(name = "listAlarmLimits", targetNamespace = Namespaces.IE, partName = "parameters")
          ListAlarmLimits request)
      throws InstrumentElementFault;

  /** Starts recording attributes of IMs into HDF5 files (control on every IM). */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "startRecording")
  @WebResult(
      name = "startRecordingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  StartRecordingResponse startRecording(
      @WebParam(name = "startRecording", targetNamespace = Namespaces.IE, partName = "parameters")
          StartRecording request)
      throws InstrumentElementFault;

  /** Stops a recording; answers once it has written what it took. */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "stopRecording")
  @WebResult(
      name = "stopRecordingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  StopRecordingResponse stopRecording(
      @WebParam(name = "stopRecording", targetNamespace = Namespaces.IE, partName = "parameters")
          StopRecording request)
      throws InstrumentElementFault;

  /** The recordings the caller may read, newest first. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "listRecordings")
  @WebResult(
      name = "listRecordingsResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  ListRecordingsResponse listRecordings(
      @WebParam(name = "listRecordings", targetNamespace = Namespaces.IE, partName = "parameters")
          ListRecordings request)
      throws InstrumentElementFault;

  /** One recording with its segment files and their download addresses. */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "describeRecording")
  @WebResult(
      name = "describeRecordingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  DescribeRecordingResponse describeRecording(
      @WebParam(
              name = "describeRecording",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          DescribeRecording request)
      throws InstrumentElementFault;

  /** Deletes a stopped recording and its files (control on every IM in it). */
  @Access(role = Role.CONTROL, audited = true)
  @WebMethod(operationName = "deleteRecording")
  @WebResult(
      name = "deleteRecordingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  DeleteRecordingResponse deleteRecording(
      @WebParam(name = "deleteRecording", targetNamespace = Namespaces.IE, partName = "parameters")
          DeleteRecording request)
      throws InstrumentElementFault;

  /**
   * One complete segment file of a recording: an MTOM attachment streamed from disk to a client
   * that sends its request as MTOM (observe on every IM in the recording).
   */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "downloadRecording")
  @WebResult(
      name = "downloadRecordingResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  DownloadRecordingResponse downloadRecording(
      @WebParam(
              name = "downloadRecording",
              targetNamespace = Namespaces.IE,
              partName = "parameters")
          DownloadRecording request)
      throws InstrumentElementFault;

  /**
   * What an archived attribute did between two times: every sample (raw, with a continuation token
   * when more remain) or the range cut into buckets (docs/history.md).
   */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getHistory")
  @WebResult(name = "getHistoryResponse", targetNamespace = Namespaces.IE, partName = "parameters")
  GetHistoryResponse getHistory(
      @WebParam(name = "getHistory", targetNamespace = Namespaces.IE, partName = "parameters")
          GetHistory request)
      throws InstrumentElementFault;

  /** The archived value of an attribute at or before a time (a whole vector). */
  @Access(role = Role.OBSERVE)
  @WebMethod(operationName = "getHistoryValue")
  @WebResult(
      name = "getHistoryValueResponse",
      targetNamespace = Namespaces.IE,
      partName = "parameters")
  GetHistoryValueResponse getHistoryValue(
      @WebParam(name = "getHistoryValue", targetNamespace = Namespaces.IE, partName = "parameters")
          GetHistoryValue request)
      throws InstrumentElementFault;
}
