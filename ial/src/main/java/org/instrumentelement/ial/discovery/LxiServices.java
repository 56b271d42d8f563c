package org.instrumentelement.ial.discovery;

import java.util.List;

/**
 * The DNS-SD service types of the LXI Device Specification's discovery, with the ports they
 * announce and the TXT keys that identify an instrument.
 */
public final class LxiServices {
  /** The instrument's LXI web identification (HTTP). */
  public static final String LXI = "_lxi._tcp.local.";

  /** VXI-11: the port is the portmapper's (111). */
  public static final String VXI11 = "_vxi-11._tcp.local.";

  /** HiSLIP (port 4880). */
  public static final String HISLIP = "_hislip._tcp.local.";

  /** SCPI over a raw socket (port 5025). */
  public static final String SCPI_RAW = "_scpi-raw._tcp.local.";

  /** Every type discovery browses. */
  public static final List<String> TYPES = List.of(LXI, VXI11, HISLIP, SCPI_RAW);

  /** The TXT keys of an LXI device's identity, and the version of the TXT layout. */
  public static final String TXTVERS = "txtvers";

  public static final String MANUFACTURER = "Manufacturer";
  public static final String MODEL = "Model";
  public static final String SERIAL_NUMBER = "SerialNumber";
  public static final String FIRMWARE_VERSION = "FirmwareVersion";

  private LxiServices() {}

  /** The short form of a type, {@code _hislip._tcp}, for people. */
  public static String shortName(String type) {
    return type.endsWith(".local.") ? type.substring(0, type.length() - ".local.".length()) : type;
  }
}
