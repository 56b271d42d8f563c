package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplesTest {
  private static final String HEADER =
      "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
          + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

  @Test
  void splitsQuotedFieldsAsJMeterWritesThem() {
    assertArrayEquals(
        new String[] {"1", "a,b", "say \"hi\"", ""},
        Samples.parseLine("1,\"a,b\",\"say \"\"hi\"\"\","));
  }

  @Test
  void leavesOutTheWarmUpAndSumsTheRest(@TempDir Path dir) throws Exception {
    Path jtl = dir.resolve("r.jtl");
    Files.write(
        jtl,
        List.of(
            HEADER,
            "1000,50,warm-up: getAttribute XML,200,,w 1-1,text,true,,9999,99,1,1,u,5,0,0",
            "1100,20,warm-up: JMS x,SEQUENCE_GAP,\"missed 15 before sequence 4\",w 1-1,text,false,,"
                + "1000,0,1,1,null,5,0,0",
            "2000,10,getAttribute XML,200,,p 1-1,text,true,,1000,100,1,1,u,5,0,0",
            "2010,30,getAttribute XML,200,,p 1-1,text,true,,1000,100,1,1,u,5,0,0",
            "2040,20,JMS x,SEQUENCE_GAP,\"missed 3 before sequence 9\",s 1-1,text,false,,1000,0,1,1,"
                + "null,5,0,0"));
    Path copy = dir.resolve("measured.jtl");
    Samples s = Samples.read(jtl, copy);
    assertEquals(3, s.count);
    assertEquals(1, s.errors);
    assertEquals(3, s.missed);
    assertEquals(15, s.warmUpMissed, "the warm-up's gaps, counted apart");
    assertEquals(1, s.errorCodes.get("SEQUENCE_GAP"));
    assertEquals(2000, s.windowStart);
    assertEquals(2060, s.windowEnd);
    assertEquals(3000, s.bytes);
    assertEquals(200, s.sentBytes);
    assertEquals(20.0, s.meanElapsed, 1e-9);
    assertEquals(10.0, s.sdElapsed, 1e-9);
    assertEquals(20, s.percentile(50));
    assertEquals(30, s.percentile(99));
    assertEquals(3200 / 0.06, s.trafficBytesPerSecond(), 1e-6);
    List<String> copied = Files.readAllLines(copy);
    assertEquals(4, copied.size());
    assertTrue(copied.stream().noneMatch(l -> l.contains("warm-up")));
  }
}
