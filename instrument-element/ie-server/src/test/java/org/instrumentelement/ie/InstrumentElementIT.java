package org.instrumentelement.ie;

import static org.instrumentelement.ie.client.InstrumentElementClient.doubleValue;
import static org.instrumentelement.ie.client.InstrumentElementClient.named;
import static org.instrumentelement.ie.client.InstrumentElementClient.stringValue;
import static org.instrumentelement.ie.client.InstrumentElementClient.vector;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.CommandInfo;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetParameter;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.ImDescription;
import org.instrumentelement.ie.client.soap.ImSummary;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.Quality;
import org.instrumentelement.ie.client.soap.SetAttribute;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.ValueType;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every operation, through the client generated from the published WSDL, against the Instrument
 * Element with the mock laboratory on embedded Tomcat.
 */
class InstrumentElementIT {
  static RunningElement running;
  static InstrumentElementPort ie;

  @BeforeAll
  static void start() throws Exception {
    running = RunningElement.mockLab();
    ie = running.client();
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static Value get(String im, String attribute, VectorEncoding encoding) throws Exception {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute(attribute);
    r.setEncoding(encoding);
    return ie.getAttribute(r).getValue();
  }

  static String execute(String im, String command, Value... args) throws Exception {
    ExecuteCommand r = new ExecuteCommand();
    r.setIm(im);
    r.setCommand(command);
    r.getArgument().addAll(List.of(args));
    return ie.executeCommand(r).getState();
  }

  static Value setParameter(String im, String parameter, Value v) throws Exception {
    SetParameter r = new SetParameter();
    r.setIm(im);
    r.setParameter(parameter);
    r.setValue(v);
    return ie.setParameter(r).getValue();
  }

  static String faultCode(Executable call) {
    return assertThrows(InstrumentElementFault.class, call::run).getFaultInfo().getCode();
  }

  interface Executable {
    void run() throws Exception;
  }

  @Test
  void listsTheHierarchy() throws Exception {
    List<ImSummary> ims =
        ie.listInstrumentManagers(new ListInstrumentManagers()).getInstrumentManager();
    assertEquals(
        List.of("lab", "lab/array1250", "lab/array2500", "lab/scope"),
        ims.stream().map(ImSummary::getPath).sorted().toList());
    ImSummary scope = ims.stream().filter(i -> i.getPath().equals("lab/scope")).findFirst().get();
    assertEquals("lab", scope.getParent());
    assertEquals("oscilloscope", scope.getType());
    assertEquals("RUNNING", scope.getState());
    assertNull(ims.get(0).getParent(), "parents come first");
  }

  @Test
  void describesAnInstrumentManager() throws Exception {
    DescribeInstrumentManager r = new DescribeInstrumentManager();
    r.setIm("lab/scope");
    ImDescription d = ie.describeInstrumentManager(r).getDescription();
    assertEquals("MOCK::oscilloscope", d.getAddress());
    assertTrue(d.getStateName().containsAll(List.of("UNLINKED", "LINKED", "RUNNING", "ERROR")));
    var params =
        d.getParameter().stream()
            .collect(Collectors.toMap(ParameterInfo::getName, Function.identity()));
    assertEquals(50.0, params.get("timebase").getMaximum());
    assertEquals("s/div", params.get("timebase").getUnits());
    assertEquals(ValueType.DOUBLE, params.get("timebase").getValue().getType());
    assertEquals(
        List.of("AC", "DC", "GND"), params.get("coupling").getChoice().stream().sorted().toList());
    var attrs =
        d.getAttribute().stream()
            .collect(Collectors.toMap(AttributeInfo::getName, Function.identity()));
    assertTrue(attrs.get("waveform").isSubscribable());
    assertEquals(ValueType.DOUBLE_ARRAY, attrs.get("waveform").getType());
    assertTrue(attrs.get("triggerLevel").isWritable());
    var commands =
        d.getCommand().stream()
            .collect(Collectors.toMap(CommandInfo::getName, Function.identity()));
    assertEquals(List.of("LINKED"), commands.get("start").getAllowedIn());
    assertEquals("RUNNING", commands.get("start").getTargetState());
    DescribeInstrumentManager lab = new DescribeInstrumentManager();
    lab.setIm("lab");
    assertEquals(3, ie.describeInstrumentManager(lab).getDescription().getChild().size());
  }

  @Test
  void readsA2500DoubleVectorInEachEncoding() throws Exception {
    Value xml = get("lab/array2500", "vector", null);
    assertEquals(2500, vector(xml).length);
    assertEquals(2500, xml.getLength());
    assertEquals(ValueType.DOUBLE_ARRAY, xml.getType());
    assertEquals(Quality.GOOD, xml.getQuality());
    assertNotNull(xml.getTimestamp());
    Value binary = get("lab/array2500", "vector", VectorEncoding.BINARY);
    assertTrue(binary.getDoubles().isEmpty());
    assertEquals(2500 * 8, binary.getData().length);
    InstrumentElementPort mtom =
        InstrumentElementClient.connect(
            running.url(),
            InstrumentElementClient.Options.DEFAULTS.withMtom().withCredentials("admin", "admin"));
    GetAttribute r = new GetAttribute();
    r.setIm("lab/array1250");
    r.setAttribute("vector");
    r.setEncoding(VectorEncoding.BINARY);
    assertEquals(1250, vector(mtom.getAttribute(r).getValue()).length);
  }

  @Test
  void xmlAndBinaryCarryTheSameDoublesExactly() throws Exception {
    assertEquals("LINKED", execute("lab/scope", "stop"));
    try {
      double[] xml = vector(get("lab/scope", "waveform", VectorEncoding.XML));
      double[] bin = vector(get("lab/scope", "waveform", VectorEncoding.BINARY));
      assertArrayEquals(bin, xml, 0.0, "a held trace, bit for bit in both encodings");
    } finally {
      execute("lab/scope", "start");
    }
  }

  @Test
  void readsSeveralAttributesInOneCall() throws Exception {
    GetAttributes r = new GetAttributes();
    r.setIm("lab/scope");
    r.getAttribute().addAll(List.of("timeIncrement", "identity", "waveform"));
    List<Value> values = ie.getAttributes(r).getValue();
    assertEquals(
        List.of("timeIncrement", "identity", "waveform"),
        values.stream().map(Value::getName).toList());
    assertTrue(values.get(1).getStringValue().contains("MockScope"));
    assertEquals("s", values.get(0).getUnits());
  }

  @Test
  void setsAParameterOfTheOscilloscope() throws Exception {
    MockDevice scope = running.device("MOCK::oscilloscope");
    Value applied = setParameter("lab/scope", "timebase", doubleValue(0.002));
    assertEquals(0.002, applied.getDoubleValue());
    assertEquals("0.002", scope.setting("timebase", 1));
    GetParameter g = new GetParameter();
    g.setIm("lab/scope");
    g.setParameter("timebase");
    assertEquals(0.002, ie.getParameter(g).getValue().getDoubleValue());
    assertEquals("AC", setParameter("lab/scope", "coupling", stringValue("ac")).getStringValue());
    setParameter("lab/scope", "coupling", stringValue("DC"));
    setParameter("lab/scope", "timebase", doubleValue(0.001));
  }

  @Test
  void writesAWritableAttribute() throws Exception {
    SetAttribute r = new SetAttribute();
    r.setIm("lab/scope");
    r.setAttribute("triggerLevel");
    r.setValue(doubleValue(0.3));
    ie.setAttribute(r);
    assertEquals(0.3, get("lab/scope", "triggerLevel", null).getDoubleValue());
    r.setValue(doubleValue(0));
    ie.setAttribute(r);
  }

  @Test
  void executesCommandsAlongTheStateMachine() throws Exception {
    // The scope's sampled attributes would read it (and so take the single acquisition) at any
    // moment: no sampling while the test looks at the acquisition state.
    sampling("waveform", 0);
    sampling("peakToPeak", 0);
    try {
      assertEquals("LINKED", execute("lab/scope", "stop"));
      assertEquals("LINKED", execute("lab/scope", "single"));
      GetState s = new GetState();
      s.setIm("lab/scope");
      assertEquals("LINKED", ie.getState(s).getState());
      // The simulated signal triggers at once: the single acquisition is complete and held.
      assertEquals("STOP", get("lab/scope", "acquisitionState", null).getStringValue());
      get("lab/scope", "waveform", null);
      assertEquals("STOP", get("lab/scope", "acquisitionState", null).getStringValue());
      assertEquals("NOT_ALLOWED_IN_STATE", faultCode(() -> execute("lab/scope", "stop")));
      assertEquals("RUNNING", execute("lab/scope", "start"));
      assertEquals(
          "UNKNOWN_ARGUMENT",
          faultCode(() -> execute("lab/scope", "stop", named("now", doubleValue(1)))));
    } finally {
      running.ie.node("lab/scope").im().executeCommand("reset", java.util.Map.of());
      running.ie.node("lab/scope").im().executeCommand("start", java.util.Map.of());
      sampling("waveform", 200);
      sampling("peakToPeak", 500);
    }
  }

  private static void sampling(String attribute, long periodMillis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute(attribute);
    c.setSamplingPeriodMillis(periodMillis);
    ie.configureSampling(c);
  }

  @Test
  void refusedRequestsGetSpecificFaultsAndLeaveTheInstrumentAlone() throws Exception {
    MockDevice scope = running.device("MOCK::oscilloscope");
    long changes = scope.settingsChanged();
    assertEquals("UNKNOWN_IM", faultCode(() -> get("lab/toaster", "vector", null)));
    assertEquals("UNKNOWN_ATTRIBUTE", faultCode(() -> get("lab/scope", "colour", null)));
    assertEquals(
        "UNKNOWN_PARAMETER", faultCode(() -> setParameter("lab/scope", "colour", doubleValue(1))));
    assertEquals("UNKNOWN_COMMAND", faultCode(() -> execute("lab/scope", "selfDestruct")));
    assertEquals(
        "WRONG_TYPE", faultCode(() -> setParameter("lab/scope", "timebase", stringValue("fast"))));
    assertEquals(
        "OUT_OF_RANGE", faultCode(() -> setParameter("lab/scope", "timebase", doubleValue(1e3))));
    assertEquals(
        "OUT_OF_RANGE",
        faultCode(() -> setParameter("lab/scope", "coupling", stringValue("DC;*RST"))));
    assertEquals(
        "INVALID_VALUE",
        faultCode(() -> setParameter("lab/scope", "timebase", doubleValue(Double.NaN))));
    assertEquals("WRONG_TYPE", faultCode(() -> setParameter("lab/scope", "timebase", new Value())));
    SetAttribute ro = new SetAttribute();
    ro.setIm("lab/scope");
    ro.setAttribute("waveform");
    ro.setValue(doubleValue(1));
    assertEquals("READ_ONLY", faultCode(() -> ie.setAttribute(ro)));
    assertEquals("MALFORMED_REQUEST", faultCode(() -> ie.getState(new GetState())));
    InstrumentElementFault f =
        assertThrows(
            InstrumentElementFault.class,
            () -> setParameter("lab/scope", "timebase", doubleValue(1e3)));
    assertEquals("lab/scope", f.getFaultInfo().getIm());
    assertEquals("timebase", f.getFaultInfo().getItem());
    assertTrue(f.getMessage().contains("not in [1.0E-9, 50.0]"), f.getMessage());
    assertEquals(changes, scope.settingsChanged(), "nothing reached the instrument");
  }

  @Test
  void instrumentFailureIsAFaultAndTheImRecovers() throws Exception {
    MockDevice array = running.device("MOCK::array::1250");
    array.powerOff();
    try {
      assertEquals("INSTRUMENT_ERROR", faultCode(() -> get("lab/array1250", "vector", null)));
      GetState s = new GetState();
      s.setIm("lab/array1250");
      assertEquals("ERROR", ie.getState(s).getState());
      assertTrue(ie.getState(s).getLastError().contains("not reachable"));
      assertEquals("INSTRUMENT_ERROR", faultCode(() -> get("lab/array1250", "vector", null)));
    } finally {
      array.powerOn();
    }
    assertEquals("LINKED", execute("lab/array1250", "reset"));
    assertEquals(1250, vector(get("lab/array1250", "vector", null)).length);
  }
}
