package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The health and figures of an Instrument Element (the SOAP face of the IMS). */
@XmlType(
    name = "StatusInfo",
    propOrder = {
      "ready",
      "brokerConnected",
      "uptimeMillis",
      "processCpuMillis",
      "heapUsedBytes",
      "instrumentManager",
      "operation"
    })
public class StatusInfo {
  /** Serving fully: the service is up and the publisher reaches the broker. */
  public boolean ready;

  public boolean brokerConnected;
  public long uptimeMillis;

  /** CPU time of the IE process (with its embedded broker) since it started. */
  public long processCpuMillis;

  public long heapUsedBytes;

  /** Every IM the caller may observe. */
  public List<ImStatus> instrumentManager;

  /** Request figures by operation since start. */
  public List<OperationStatus> operation;
}
