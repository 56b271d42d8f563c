package org.instrumentelement.ie.alarm;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.junit.jupiter.api.Test;

/**
 * Alarm limits the configuration reads but the IM's attributes cannot take stop the start, with the
 * key named ({@code config.AlarmConfigTest} holds the reading of the keys).
 */
class AlarmsStartTest {

  @Test
  void limitsThatDoNotFitTheAttributeStopTheStart() throws Exception {
    for (String bad :
        List.of(
            "--im.scope.attribute.peakToPeak.alarm.max.highAlarm=1", // a statistic of a scalar
            "--im.scope.attribute.waveform.alarm.highAlarm=1", // a vector without one
            "--im.scope.attribute.timeIncrement.alarm.highAlarm=1")) { // not sampled
      IeConfig c = ConfigLoader.load(List.of(bad), Map.of());
      InstrumentElement ie = new InstrumentElement(c);
      ie.start();
      Subscriptions subscriptions = new Subscriptions(ie, c);
      try {
        subscriptions.start(topic -> sample -> {});
        Alarms alarms =
            new Alarms(ie, subscriptions, new AlarmBoard(java.time.Clock.systemUTC()), 3);
        ConfigException e = assertThrows(ConfigException.class, alarms::start, bad);
        assertTrue(e.getMessage().startsWith("im.scope.attribute."), e.getMessage());
      } finally {
        subscriptions.close();
        ie.close();
      }
    }
  }

  @Test
  void descriptorLimitsOnAnAttributeTheConfigurationDoesNotSampleStopTheStart() throws Exception {
    String descriptor = "classpath:descriptors/dmm-with-limits.properties";
    IeConfig c =
        ConfigLoader.resolve(
            Map.of(),
            Map.of(),
            Map.of(
                "im.dmm.type", "scpi",
                "im.dmm.descriptor", descriptor,
                "im.dmm.address", "MOCK::dmm",
                "im.dmm.autoLink", "false",
                "im.dmm.attribute.reading.subscribable", "false"));
    InstrumentElement ie = new InstrumentElement(c);
    ie.start();
    Subscriptions subscriptions = new Subscriptions(ie, c);
    try {
      subscriptions.start(topic -> sample -> {});
      Alarms alarms = new Alarms(ie, subscriptions, new AlarmBoard(java.time.Clock.systemUTC()), 3);
      ConfigException e = assertThrows(ConfigException.class, alarms::start);
      assertTrue(
          e.getMessage()
              .startsWith("im.dmm.descriptor " + descriptor + ": attribute.reading.alarm.*"),
          e.getMessage());
      assertTrue(e.getMessage().contains("not sampled"), e.getMessage());
    } finally {
      subscriptions.close();
      ie.close();
    }
  }
}
