package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.operation;
import static org.instrumentelement.ie.hostile.HostileInput.setParameter;

import java.util.ArrayList;
import java.util.List;

/**
 * Values of the wrong type in every typed field of the requests: numbers, booleans, enumerations,
 * dates, base64, attributes; and NaN and infinities in every numeric field.
 */
final class ValueInputs {
  private ValueInputs() {}

  static final String WRONG_TYPE = "WRONG_TYPE";
  static final String INVALID_VALUE = "INVALID_VALUE";
  static final String OUT_OF_RANGE = "OUT_OF_RANGE";

  static List<HostileInput> inputs() {
    List<HostileInput> all = new ArrayList<>();
    all.addAll(wrongTypes());
    all.addAll(enumerationsAndBooleans());
    all.addAll(notANumber());
    return all;
  }

  static List<HostileInput> wrongTypes() {
    return List.of(
        fault(
            "doubleValue is a word", WRONG_TYPE, timebase("<ie:doubleValue>fast</ie:doubleValue>")),
        fault(
            "doubleValue with a decimal comma",
            WRONG_TYPE,
            timebase("<ie:doubleValue>0,002</ie:doubleValue>")),
        fault(
            "doubleValue in hexadecimal",
            WRONG_TYPE,
            timebase("<ie:doubleValue>0x1p-9</ie:doubleValue>")),
        fault(
            "doubleValue with a Java suffix",
            WRONG_TYPE,
            timebase("<ie:doubleValue>0.002d</ie:doubleValue>")),
        fault("doubleValue empty", WRONG_TYPE, timebase("<ie:doubleValue></ie:doubleValue>")),
        fault(
            "integerValue with a fraction",
            WRONG_TYPE,
            setParameter("points", "<ie:integerValue>1000.5</ie:integerValue>")),
        fault(
            "integerValue beyond a long",
            WRONG_TYPE,
            setParameter("points", "<ie:integerValue>99999999999999999999</ie:integerValue>")),
        fault(
            "integerValue in hexadecimal",
            WRONG_TYPE,
            setParameter("points", "<ie:integerValue>0x400</ie:integerValue>")),
        fault("integerValue empty", WRONG_TYPE, setParameter("points", "<ie:integerValue/>")),
        fault(
            "two payload elements",
            WRONG_TYPE,
            timebase("<ie:doubleValue>0.002</ie:doubleValue><ie:integerValue>1</ie:integerValue>")),
        fault("no payload element", WRONG_TYPE, timebase("")),
        fault(
            "vector for a scalar parameter",
            WRONG_TYPE,
            timebase("<ie:doubles>0.002 0.003</ie:doubles>")),
        fault(
            "vector item that is not a number",
            WRONG_TYPE,
            triggerLevel("<ie:doubles>1 x 3</ie:doubles>")),
        fault(
            "base64 with invalid characters", WRONG_TYPE, triggerLevel("<ie:data>!!!!</ie:data>")),
        fault("truncated base64", WRONG_TYPE, triggerLevel("<ie:data>AAA</ie:data>")),
        fault(
            "base64 of part of a double", WRONG_TYPE, triggerLevel("<ie:data>AAAAAA==</ie:data>")),
        fault(
            "durationMillis is a word",
            WRONG_TYPE,
            operation(
                "reserve", "<ie:im>lab/scope</ie:im><ie:durationMillis>soon</ie:durationMillis>")),
        fault(
            "durationMillis in exponent notation",
            WRONG_TYPE,
            operation(
                "reserve", "<ie:im>lab/scope</ie:im><ie:durationMillis>6e4</ie:durationMillis>")),
        fault(
            "samplingPeriodMillis is a word",
            WRONG_TYPE,
            sampling("<ie:samplingPeriodMillis>fast</ie:samplingPeriodMillis>")),
        fault(
            "samplingPeriodMicros is a word",
            WRONG_TYPE,
            sampling("<ie:samplingPeriodMicros>fast</ie:samplingPeriodMicros>")),
        fault(
            "samplingPeriodMicros under 100",
            OUT_OF_RANGE,
            sampling("<ie:samplingPeriodMicros>99</ie:samplingPeriodMicros>")),
        fault(
            "heartbeatMillis with a fraction",
            WRONG_TYPE,
            sampling("<ie:heartbeatMillis>1.5</ie:heartbeatMillis>")),
        fault("deadband is a word", WRONG_TYPE, sampling("<ie:deadband>small</ie:deadband>")),
        fault(
            "relativeDeadband in hexadecimal",
            WRONG_TYPE,
            sampling("<ie:relativeDeadband>0x1p-3</ie:relativeDeadband>")),
        fault(
            "length attribute is a word",
            WRONG_TYPE,
            timebaseWith("length=\"abc\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "length attribute with a fraction",
            WRONG_TYPE,
            timebaseWith("length=\"1.5\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "timestamp attribute is a word",
            WRONG_TYPE,
            timebaseWith("timestamp=\"yesterday\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "timestamp attribute out of range",
            WRONG_TYPE,
            timebaseWith(
                "timestamp=\"2026-13-45T99:00:00Z\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "markup inside a string value",
            "MALFORMED_REQUEST",
            setParameter("coupling", "<ie:stringValue><b>DC</b></ie:stringValue>")),
        fault(
            "xsi:type naming another type",
            "MALFORMED_REQUEST",
            timebaseWith(
                "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"ie:ItemInfo\"",
                "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "xsi:nil value",
            WRONG_TYPE,
            timebaseWith(
                "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"", "")),
        fault(
            "command argument of the wrong type",
            WRONG_TYPE,
            operation(
                "executeCommand",
                "<ie:im>lab/scope</ie:im><ie:command>measure</ie:command>"
                    + "<ie:argument name=\"quantity\"><ie:integerValue>1</ie:integerValue>"
                    + "</ie:argument>")));
  }

  static List<HostileInput> enumerationsAndBooleans() {
    return List.of(
        fault("encoding GZIP", WRONG_TYPE, getAttribute("GZIP")),
        fault("encoding HEX", WRONG_TYPE, getAttribute("HEX")),
        fault("encoding in lower case", WRONG_TYPE, getAttribute("binary")),
        fault("encoding empty", WRONG_TYPE, getAttribute("")),
        fault("encoding padded with spaces", WRONG_TYPE, getAttribute(" BINARY ")),
        fault(
            "encoding of getAttributes unknown",
            WRONG_TYPE,
            operation(
                "getAttributes",
                "<ie:im>lab/scope</ie:im><ie:attribute>identity</ie:attribute>"
                    + "<ie:encoding>RAW</ie:encoding>")),
        fault(
            "booleanValue maybe", WRONG_TYPE, timebase("<ie:booleanValue>maybe</ie:booleanValue>")),
        fault("booleanValue TRUE", WRONG_TYPE, timebase("<ie:booleanValue>TRUE</ie:booleanValue>")),
        fault("booleanValue yes", WRONG_TYPE, timebase("<ie:booleanValue>yes</ie:booleanValue>")),
        fault("booleanValue 2", WRONG_TYPE, timebase("<ie:booleanValue>2</ie:booleanValue>")),
        fault("booleanValue empty", WRONG_TYPE, timebase("<ie:booleanValue/>")),
        fault(
            "type attribute unknown",
            WRONG_TYPE,
            timebaseWith("type=\"FLOAT\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "type attribute in lower case",
            WRONG_TYPE,
            timebaseWith("type=\"double\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "quality attribute unknown",
            WRONG_TYPE,
            timebaseWith("quality=\"EXCELLENT\"", "<ie:doubleValue>0.002</ie:doubleValue>")),
        fault(
            "type attribute of a command argument unknown",
            WRONG_TYPE,
            operation(
                "executeCommand",
                "<ie:im>lab/scope</ie:im><ie:command>measure</ie:command>"
                    + "<ie:argument name=\"quantity\" type=\"ENUMERATION\">"
                    + "<ie:stringValue>MEAN</ie:stringValue></ie:argument>")));
  }

  static List<HostileInput> notANumber() {
    List<HostileInput> all = new ArrayList<>();
    for (String v : new String[] {"NaN", "INF", "-INF"}) {
      all.add(
          fault(
              "timebase " + v,
              INVALID_VALUE,
              timebase("<ie:doubleValue>" + v + "</ie:doubleValue>")));
      all.add(
          fault(
              "triggerLevel " + v,
              INVALID_VALUE,
              triggerLevel("<ie:doubleValue>" + v + "</ie:doubleValue>")));
      all.add(
          fault("deadband " + v, INVALID_VALUE, sampling("<ie:deadband>" + v + "</ie:deadband>")));
      all.add(
          fault(
              "relativeDeadband " + v,
              INVALID_VALUE,
              sampling("<ie:relativeDeadband>" + v + "</ie:relativeDeadband>")));
      all.add(
          fault(
              "samplingPeriodMillis " + v,
              WRONG_TYPE,
              sampling("<ie:samplingPeriodMillis>" + v + "</ie:samplingPeriodMillis>")));
      all.add(
          fault(
              "points " + v,
              WRONG_TYPE,
              setParameter("points", "<ie:integerValue>" + v + "</ie:integerValue>")));
    }
    all.add(
        fault(
            "timebase Infinity in Java's spelling",
            WRONG_TYPE,
            timebase("<ie:doubleValue>Infinity</ie:doubleValue>")));
    all.add(fault("timebase +INF", WRONG_TYPE, timebase("<ie:doubleValue>+INF</ie:doubleValue>")));
    all.add(
        fault(
            "heartbeatMillis INF",
            WRONG_TYPE,
            sampling("<ie:heartbeatMillis>INF</ie:heartbeatMillis>")));
    all.add(
        fault(
            "durationMillis NaN",
            WRONG_TYPE,
            operation(
                "reserve", "<ie:im>lab/scope</ie:im><ie:durationMillis>NaN</ie:durationMillis>")));
    all.add(
        fault(
            "renewal durationMillis INF",
            WRONG_TYPE,
            operation(
                "renewReservation",
                "<ie:im>lab/scope</ie:im><ie:durationMillis>INF</ie:durationMillis>")));
    all.add(
        fault(
            "length attribute NaN",
            WRONG_TYPE,
            timebaseWith("length=\"NaN\"", "<ie:doubleValue>0.002</ie:doubleValue>")));
    all.add(
        fault(
            "vector holding NaN and INF",
            WRONG_TYPE,
            triggerLevel("<ie:doubles>1 NaN INF</ie:doubles>")));
    all.add(
        fault(
            "binary vector holding NaN",
            WRONG_TYPE,
            // one little-endian float64 NaN (0x7ff8000000000000)
            triggerLevel("<ie:data>AAAAAAAA+H8=</ie:data>")));
    return all;
  }

  static String timebase(String payload) {
    return setParameter("timebase", payload);
  }

  static String timebaseWith(String attributes, String payload) {
    return setParameter("timebase", payload).replace("<ie:value>", "<ie:value " + attributes + ">");
  }

  static String triggerLevel(String payload) {
    return operation(
        "setAttribute",
        "<ie:im>lab/scope</ie:im><ie:attribute>triggerLevel</ie:attribute><ie:value>"
            + payload
            + "</ie:value>");
  }

  static String sampling(String field) {
    return operation(
        "configureSampling",
        "<ie:im>lab/scope</ie:im><ie:attribute>peakToPeak</ie:attribute>" + field);
  }

  static String getAttribute(String encoding) {
    return operation(
        "getAttribute",
        "<ie:im>lab/scope</ie:im><ie:attribute>waveform</ie:attribute><ie:encoding>"
            + encoding
            + "</ie:encoding>");
  }
}
