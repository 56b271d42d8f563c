package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.envelope;
import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;
import static org.instrumentelement.ie.hostile.HostileInput.operation;
import static org.instrumentelement.ie.hostile.HostileInput.setParameter;

import java.util.ArrayList;
import java.util.List;

/**
 * Names that try to reach something else: path tricks in IM paths, SCPI commands smuggled in values
 * and item names, and names too long to echo.
 */
final class NameInputs {
  private NameInputs() {}

  static final String UNKNOWN_IM = "UNKNOWN_IM";

  static List<HostileInput> inputs() {
    List<HostileInput> all = new ArrayList<>();
    all.addAll(pathTricks());
    all.addAll(scpiInjection());
    all.addAll(oversizedNames());
    return all;
  }

  static List<HostileInput> pathTricks() {
    List<HostileInput> all = new ArrayList<>();
    String[][] paths = {
      {"parent directory", ".."},
      {"parent of lab", "lab/.."},
      {"dot-dot back into the scope", "lab/../lab/scope"},
      {"double slash", "lab//scope"},
      {"trailing slash", "lab/scope/"},
      {"leading slash", "/lab/scope"},
      {"leading dot segment", "./lab/scope"},
      {"inner dot segment", "lab/./scope"},
      {"backslash separator", "lab\\scope"},
      {"upper case", "LAB/SCOPE"},
      {"percent-encoded slash", "lab%2Fscope"},
      {"Cyrillic look-alike letter", "lab/s\u0441ope"},
      {"fullwidth letters", "\uff4c\uff41\uff42/scope"},
      {"zero-width space", "lab/\u200bscope"},
      {"combining accent", "lab/scope\u0301"},
      {"right-to-left override", "\u202elab/scope"},
      {"trailing space", "lab/scope "},
      {"leading space", " lab/scope"},
      {"trailing newline", "lab/scope&#10;"},
      {"wildcard", "*"},
      {"wildcard below lab", "lab/*"},
      {"broker wildcard", "lab/>"},
      {"MQTT wildcard", "lab/#"},
      {"escape from the tree", "lab/scope/../../etc/passwd"},
      {"file URL", "file:///etc/passwd"},
      {"SCPI after the path", "lab/scope;*RST"},
    };
    for (String[] p : paths) {
      all.add(fault("IM path: " + p[0], UNKNOWN_IM, getState(p[1])));
    }
    all.add(
        fault(
            "IM path tricks reaching setParameter",
            UNKNOWN_IM,
            setParameter("timebase", "<ie:doubleValue>0.002</ie:doubleValue>")
                .replace("lab/scope", "lab/../lab/scope")));
    all.add(
        fault(
            "IM path tricks reaching executeCommand",
            UNKNOWN_IM,
            operation("executeCommand", "<ie:im>lab//scope</ie:im><ie:command>stop</ie:command>")));
    all.add(
        fault(
            "IM path tricks reaching reserve",
            UNKNOWN_IM,
            operation("reserve", "<ie:im>lab/scope/</ie:im>")));
    all.add(fault("IM path empty", "MALFORMED_REQUEST", getState("")));
    all.add(fault("IM path blank", "MALFORMED_REQUEST", getState(" \t ")));
    all.add(fault("IM path missing", "MALFORMED_REQUEST", operation("getState", "")));
    all.add(
        fault(
            "IM path given twice",
            "MALFORMED_REQUEST",
            operation("getState", "<ie:im>lab/array2500</ie:im><ie:im>lab/scope</ie:im>")));
    return all;
  }

  static List<HostileInput> scpiInjection() {
    return List.of(
        fault("enum value followed by *RST", "OUT_OF_RANGE", coupling("DC;*RST")),
        fault("enum value and a newline", "OUT_OF_RANGE", coupling("DC&#10;*RST")),
        fault("enum value and a carriage return", "OUT_OF_RANGE", coupling("DC&#13;*RST")),
        fault("enum value is a SCPI command", "OUT_OF_RANGE", coupling(":SYST:PRES")),
        fault("enum value is *RST", "OUT_OF_RANGE", coupling("*RST")),
        fault("enum value and a line separator", "OUT_OF_RANGE", coupling("DC\u2028*RST")),
        fault(
            "channel followed by a query",
            "OUT_OF_RANGE",
            setParameter("channel", "<ie:stringValue>CH1;:SYST:ERR?</ie:stringValue>")),
        fault(
            "number followed by *RST",
            "WRONG_TYPE",
            setParameter("timebase", "<ie:stringValue>1e-3;*RST</ie:stringValue>")),
        fault("parameter name followed by *RST", "UNKNOWN_PARAMETER", parameter("timebase;*RST")),
        fault("parameter name and a newline", "UNKNOWN_PARAMETER", parameter("timebase&#10;*RST")),
        fault("parameter name is a SCPI command", "UNKNOWN_PARAMETER", parameter(":SYST:PRES")),
        fault("parameter name is *RST", "UNKNOWN_PARAMETER", parameter("*RST")),
        fault(
            "attribute name followed by *RST",
            "UNKNOWN_ATTRIBUTE",
            operation(
                "getAttribute",
                "<ie:im>lab/scope</ie:im><ie:attribute>identity;*RST</ie:attribute>")),
        fault(
            "attribute name is a SCPI query",
            "UNKNOWN_ATTRIBUTE",
            operation(
                "getAttribute", "<ie:im>lab/scope</ie:im><ie:attribute>*IDN?</ie:attribute>")),
        fault(
            "writable attribute value followed by *RST",
            "WRONG_TYPE",
            operation(
                "setAttribute",
                "<ie:im>lab/scope</ie:im><ie:attribute>triggerLevel</ie:attribute>"
                    + "<ie:value><ie:stringValue>0;*RST</ie:stringValue></ie:value>")),
        fault("command name followed by *RST", "UNKNOWN_COMMAND", command("autoscale;*RST", "")),
        fault("command name is *RST", "UNKNOWN_COMMAND", command("*RST", "")),
        fault("command name is a SCPI command", "UNKNOWN_COMMAND", command(":SYST:PRES", "")),
        fault(
            "argument name followed by *RST",
            "UNKNOWN_ARGUMENT",
            command(
                "measure",
                "<ie:argument name=\"quantity;*RST\"><ie:stringValue>MEAN</ie:stringValue>"
                    + "</ie:argument>")),
        fault(
            "argument value followed by *RST",
            "OUT_OF_RANGE",
            command(
                "measure",
                "<ie:argument name=\"quantity\"><ie:stringValue>MEAN;*RST</ie:stringValue>"
                    + "</ie:argument>")),
        fault(
            "argument without a name",
            "MALFORMED_REQUEST",
            command(
                "measure", "<ie:argument><ie:stringValue>MEAN</ie:stringValue></ie:argument>")));
  }

  static List<HostileInput> oversizedNames() {
    String huge = "x".repeat(60_000);
    return List.of(
        fault("IM path of 60,000 characters", UNKNOWN_IM, getState("lab/" + huge)),
        fault("parameter name of 60,000 characters", "UNKNOWN_PARAMETER", parameter(huge)),
        fault("enum value of 60,000 characters", "OUT_OF_RANGE", coupling(huge)),
        fault(
            "element name of 60,000 characters",
            "MALFORMED_REQUEST",
            envelope("<ie:" + huge + "/>")),
        fault(
            "attribute name of 60,000 characters",
            UNKNOWN_IM,
            getState("lab/none").replace("<ie:getState>", "<ie:getState " + huge + "=\"1\">")),
        fault(
            "namespace of 60,000 characters",
            "MALFORMED_REQUEST",
            envelope("<x:getState xmlns:x=\"urn:" + huge + "\"/>")),
        fault(
            "namespace prefix of 60,000 characters",
            "MALFORMED_REQUEST",
            envelope("<" + huge + ":getState xmlns:" + huge + "=\"urn:x\"/>")));
  }

  static String coupling(String value) {
    return setParameter("coupling", "<ie:stringValue>" + value + "</ie:stringValue>");
  }

  static String parameter(String name) {
    return setParameter(name, "<ie:stringValue>DC</ie:stringValue>");
  }

  static String command(String name, String arguments) {
    return operation(
        "executeCommand",
        "<ie:im>lab/scope</ie:im><ie:command>" + name + "</ie:command>" + arguments);
  }
}
