package org.instrumentelement.ie;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.config.ConfigLoader;

/**
 * The mock Keysight scope as {@code lab/kscope}, running (every read a new trace) and publishing
 * {@code waveform} every 100 ms, for the tests of its codes: the IE that holds it, the trace's
 * format, and the subscriber's doubles as files that the Python readers compare with.
 */
public final class MockKeysightScope {
  public static final String IM = "lab/kscope";
  public static final String ATTRIBUTE = "waveform";

  private MockKeysightScope() {}

  /** An IE on free ports with its data in {@code dataDir} and the scope running. */
  public static RunningElement start(Path dataDir, String... options) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--im.kscope.parent=lab",
                "--im.kscope.type=scpi",
                "--im.kscope.descriptor=keysight-infiniivision",
                "--im.kscope.address=MOCK::keysight-scope",
                "--im.kscope.attribute.waveform.period=100ms"));
    args.addAll(List.of(options));
    RunningElement running =
        RunningElement.of(
            RunningElement.freePorts(ConfigLoader.load(args, Map.of()))
                .with("data.dir", dataDir.toString()));
    ExecuteCommand run = new ExecuteCommand();
    run.setIm(IM);
    run.setCommand("start");
    running.client().executeCommand(run);
    return running;
  }

  /** Has the scope send its trace as {@code format} (WORD or BYTE); returns where it goes. */
  public static SubscriptionInfo sendAs(InstrumentElementPort ie, String format)
      throws InstrumentElementFault {
    SetParameter p = new SetParameter();
    p.setIm(IM);
    p.setParameter("dataFormat");
    p.setValue(InstrumentElementClient.stringValue(format));
    ie.setParameter(p);
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(IM);
    q.setAttribute(ATTRIBUTE);
    return ie.getSubscriptionInfo(q).getSubscription();
  }

  /**
   * A subscriber, signed in as observer, of the topic {@code info} names, that puts the doubles of
   * each trace it receives into {@code published} by sequence number.
   */
  public static AttributeSubscriber collect(SubscriptionInfo info, Map<Long, double[]> published)
      throws Exception {
    AttributeSubscriber sub =
        AttributeSubscriber.connect(info.getBrokerUrl(), "observer", "observer");
    sub.subscribe(info.getTopic(), v -> published.put(v.sequence(), v.doubles()));
    return sub;
  }

  /**
   * The doubles received, one file a sequence number ({@code <sequence>.f64}, little-endian
   * float64), in a new folder under target named after {@code prefix}.
   */
  public static Path writeDoubles(Map<Long, double[]> published, String prefix) throws Exception {
    Path folder = Files.createTempDirectory(Path.of("target"), prefix);
    for (Map.Entry<Long, double[]> e : published.entrySet()) {
      ByteBuffer b = ByteBuffer.allocate(e.getValue().length * 8).order(ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(e.getValue());
      Files.write(folder.resolve(e.getKey() + ".f64"), b.array());
    }
    return folder;
  }
}
