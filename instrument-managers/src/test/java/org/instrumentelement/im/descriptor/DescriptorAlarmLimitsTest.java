package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ImModel;
import org.junit.jupiter.api.Test;

/**
 * A descriptor's {@code attribute.<a>.alarm.*} keys are read as the configuration's are (the same
 * settings, the same checks), and a wrong one stops the IM at load with the descriptor and the key
 * named.
 */
class DescriptorAlarmLimitsTest {

  private static Properties dmm() {
    Properties p = new Properties();
    p.setProperty("attribute.reading.type", "double");
    p.setProperty("attribute.reading.units", "V");
    p.setProperty("attribute.reading.get", "READ?");
    p.setProperty("attribute.reading.subscribable", "true");
    p.setProperty("attribute.trace.type", "vector");
    p.setProperty("attribute.trace.get", "TRAC?");
    p.setProperty("attribute.trace.subscribable", "true");
    p.setProperty("attribute.identity.type", "string");
    p.setProperty("attribute.identity.get", "*IDN?");
    p.setProperty("attribute.identity.subscribable", "true");
    return p;
  }

  private static InstrumentDescriptor parse(Properties p) throws ImException {
    return DescriptorParser.parse("my-dmm", p, ImModel.builder("scpi"));
  }

  private static String refusal(Properties p) {
    ImException e = assertThrows(ImException.class, () -> parse(p));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
    assertTrue(e.getMessage().startsWith("SCPI descriptor 'my-dmm': "), e.getMessage());
    return e.getMessage();
  }

  @Test
  void limitsOfAScalarAndOfAVectorsStatisticsAreRead() throws Exception {
    Properties p = dmm();
    p.setProperty("attribute.reading.alarm.lowAlarm", "-12");
    p.setProperty("attribute.reading.alarm.highWarning", "10.5");
    p.setProperty("attribute.reading.alarm.highAlarm", "11");
    p.setProperty("attribute.reading.alarm.hysteresis", "0.1");
    p.setProperty("attribute.reading.alarm.delay", "2s");
    p.setProperty("attribute.trace.alarm.max.highAlarm", "3.5");
    p.setProperty("attribute.trace.alarm.rms.lowWarning", "0.05");
    p.setProperty("attribute.trace.alarm.peakToPeak.highWarning", "4");
    p.setProperty("attribute.trace.alarm.peakToPeak.delay", "off");

    Map<String, Map<Statistic, AlarmLimits>> limits = parse(p).alarmLimits();

    assertEquals(
        Map.of(
            Statistic.VALUE, new AlarmLimits(-12.0, null, 10.5, 11.0, 0.1, Duration.ofSeconds(2))),
        limits.get("reading"));
    assertEquals(
        Map.of(
            Statistic.MAX,
            new AlarmLimits(null, null, null, 3.5, 0, Duration.ZERO),
            Statistic.RMS,
            new AlarmLimits(null, 0.05, null, null, 0, Duration.ZERO),
            Statistic.PEAK_TO_PEAK,
            new AlarmLimits(null, null, 4.0, null, 0, Duration.ZERO)),
        limits.get("trace"));
    assertEquals(2, limits.size(), "no entry for attributes without limits");
  }

  @Test
  void aDescriptorWithoutLimitsHasNone() throws Exception {
    assertEquals(Map.of(), parse(dmm()).alarmLimits());
    for (String name : InstrumentDescriptor.BUNDLED) {
      InstrumentDescriptor d =
          DescriptorParser.parse(name, InstrumentDescriptor.read(name), ImModel.builder("scpi"));
      assertEquals(Map.of(), d.alarmLimits(), name);
    }
  }

  @Test
  void limitsOnAnAttributeThatIsNotSampledAreRefused() {
    Properties p = dmm();
    p.setProperty("attribute.reading.subscribable", "false");
    p.setProperty("attribute.reading.alarm.highAlarm", "11");
    String m = refusal(p);
    assertTrue(m.contains("attribute.reading.alarm.*"), m);
    assertTrue(m.contains("attribute.reading.subscribable = true"), m);
  }

  @Test
  void theWrongStatisticForTheTypeIsRefused() {
    Properties scalar = dmm();
    scalar.setProperty("attribute.reading.alarm.max.highAlarm", "11");
    String m = refusal(scalar);
    assertTrue(m.contains("attribute.reading.alarm.max.*"), m);
    assertTrue(m.contains("without a statistic"), m);

    Properties vector = dmm();
    vector.setProperty("attribute.trace.alarm.highAlarm", "11");
    m = refusal(vector);
    assertTrue(m.contains("attribute.trace.alarm.*"), m);
    assertTrue(m.contains("one of its statistics"), m);

    Properties text = dmm();
    text.setProperty("attribute.identity.alarm.highAlarm", "1");
    m = refusal(text);
    assertTrue(m.contains("attribute.identity.alarm.*"), m);
    assertTrue(m.contains("not a number"), m);
  }

  @Test
  void limitsOutOfOrderOrMalformedAreRefusedWithTheKey() {
    Properties order = dmm();
    order.setProperty("attribute.reading.alarm.highWarning", "12");
    order.setProperty("attribute.reading.alarm.highAlarm", "11");
    String m = refusal(order);
    assertTrue(m.contains("attribute.reading.alarm.*: highWarning (12.0) must be at most"), m);

    Properties notANumber = dmm();
    notANumber.setProperty("attribute.reading.alarm.highAlarm", "eleven");
    m = refusal(notANumber);
    assertTrue(m.contains("attribute.reading.alarm.highAlarm must be a number: 'eleven'"), m);

    Properties badDelay = dmm();
    badDelay.setProperty("attribute.reading.alarm.highAlarm", "11");
    badDelay.setProperty("attribute.reading.alarm.delay", "2");
    m = refusal(badDelay);
    assertTrue(m.contains("attribute.reading.alarm.delay: '2' needs a unit"), m);

    Properties unknown = dmm();
    unknown.setProperty("attribute.reading.alarm.highAlram", "11");
    m = refusal(unknown);
    assertTrue(m.contains("unknown alarm setting 'attribute.reading.alarm.highAlram'"), m);

    Properties noLimit = dmm();
    noLimit.setProperty("attribute.reading.alarm.hysteresis", "0.1");
    m = refusal(noLimit);
    assertTrue(m.contains("a hysteresis or delay without any limit"), m);
  }
}
