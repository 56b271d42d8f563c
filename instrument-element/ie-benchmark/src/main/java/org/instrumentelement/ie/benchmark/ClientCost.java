package org.instrumentelement.ie.benchmark;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;

/**
 * What one Java client costs its own machine per vector of 2,500 doubles: {@code getAttribute} in
 * the BINARY form on one thread, one call after the other, and a subscription through {@code
 * AttributeSubscriber}; vectors/s and this JVM's CPU time per vector (user + system of the whole
 * process: JIT and GC included). The Python client's benchmark
 * (ie-client-python/benchmark/client_cost.py) runs it against the same IE, beside its own figures.
 *
 * <pre>
 * java -cp ie-benchmark.jar org.instrumentelement.ie.benchmark.ClientCost \
 *   --url=http://localhost:8080/ie/services/InstrumentElement --broker=tcp://localhost:61616 \
 *   --warmup=15 --measure=10 --only=get,subscription
 * </pre>
 *
 * Prints one JSON object per measurement. Expects the IM {@code lab/array2500} and, for the
 * subscription, that it is sampled fast (the Python script sets 1 ms).
 */
public final class ClientCost {
  private static final String IM = "lab/array2500";
  private static final String ATTRIBUTE = "vector";

  private ClientCost() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("url", null);
    o.put("broker", null);
    o.put("user", "admin");
    o.put("password", "admin");
    o.put("warmup", "15");
    o.put("measure", "10");
    o.put("only", "get,subscription");
    for (String a : args) {
      int eq = a.indexOf('=');
      String key = a.startsWith("--") && eq > 2 ? a.substring(2, eq) : null;
      if (key == null || !o.containsKey(key)) {
        System.err.println("unknown option " + a + "; options: " + o.keySet());
        System.exit(2);
      }
      o.put(key, a.substring(eq + 1));
    }
    double warmup = Double.parseDouble(o.get("warmup"));
    double measure = Double.parseDouble(o.get("measure"));
    if (o.get("only").contains("get")) {
      InstrumentElementPort ie =
          InstrumentElementClient.connect(o.get("url"), o.get("user"), o.get("password"));
      get(ie, warmup);
      print("get BINARY", get(ie, measure));
    }
    if (o.get("only").contains("subscription")) {
      InstrumentElementPort ie =
          InstrumentElementClient.connect(o.get("url"), o.get("user"), o.get("password"));
      print("subscription", subscription(ie, o, warmup, measure));
    }
  }

  /** Vectors read and CPU nanoseconds, in {@code seconds} of calls one after the other. */
  private static long[] get(InstrumentElementPort ie, double seconds) throws Exception {
    GetAttribute req = new GetAttribute();
    req.setIm(IM);
    req.setAttribute(ATTRIBUTE);
    req.setEncoding(VectorEncoding.BINARY);
    long count = 0;
    long sum = 0;
    long cpu = cpuNanos();
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    while (System.nanoTime() < end) {
      double[] v = InstrumentElementClient.vector(ie.getAttribute(req).getValue());
      sum += v.length;
      count++;
    }
    if (sum != count * 2500) {
      throw new IllegalStateException("vectors of the wrong length");
    }
    return new long[] {count, cpuNanos() - cpu, System.nanoTime() - start};
  }

  private static long[] subscription(
      InstrumentElementPort ie, Map<String, String> o, double warmup, double measure)
      throws Exception {
    AtomicLong received = new AtomicLong();
    AtomicLong doubles = new AtomicLong();
    try (AttributeSubscriber s =
        AttributeSubscriber.connect(o.get("broker"), o.get("user"), o.get("password"))) {
      s.subscribe(
          ie,
          IM,
          ATTRIBUTE,
          new SubscriptionListener() {
            @Override
            public void onValue(SampledValue v) {
              doubles.addAndGet(v.doubles().length); // decoded, as the Python client does
              received.incrementAndGet();
            }
          });
      Thread.sleep((long) (warmup * 1000));
      long n = received.get();
      long cpu = cpuNanos();
      long start = System.nanoTime();
      Thread.sleep((long) (measure * 1000));
      return new long[] {received.get() - n, cpuNanos() - cpu, System.nanoTime() - start};
    }
  }

  private static long cpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static void print(String what, long[] m) {
    double seconds = m[2] / 1e9;
    System.out.printf(
        java.util.Locale.ROOT,
        "{\"client\": \"Java (ie-client, CXF / ActiveMQ OpenWire)\", \"case\": \"%s\","
            + " \"vectors\": %d, \"seconds\": %.2f, \"vectors_per_s\": %.1f,"
            + " \"cpu_us_per_vector\": %.1f}%n",
        what,
        m[0],
        seconds,
        m[0] / seconds,
        m[0] == 0 ? 0.0 : m[1] / 1e3 / m[0]);
  }
}
