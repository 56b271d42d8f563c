package org.instrumentelement.ie.recording;

import static org.instrumentelement.ie.recording.RecordingCalls.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/**
 * A recording of a SCPI oscilloscope (the simulator's Keysight-flavoured scope on a raw socket,
 * driven by the keysight-infiniivision descriptor, sending 16-bit codes) replayed through {@code
 * REPLAY::}: the simulated scope of the same dialect answers the recorded traces in its own
 * encoding, and the SCPI IM serves them again, bit for bit, through getAttribute and over STOMP.
 */
class ReplayScpiIT {

  private static Map<String, String> scope(String address) {
    Map<String, String> file = new HashMap<>();
    file.put("im.scope.type", "scpi");
    file.put("im.scope.descriptor", "keysight-infiniivision");
    file.put("im.scope.address", address);
    file.put("im.scope.autoStart", "true"); // RUN: a new trace at every read
    file.put("im.scope.attribute.waveform.period", "100ms");
    return file;
  }

  @Test
  void aRecordedScpiScopeIsReplayedBitForBit() throws Exception {
    assumeTrue(RecordingCalls.h5pyInstalled(), "python3-h5py not installed");
    Path dataDir = RunningElement.newDataDir();
    String id;
    try (InstrumentSimulator simulator =
            InstrumentSimulator.builder().models("keysight-scope").build().start();
        RunningElement e =
            RunningElement.of(
                RunningElement.freePorts(
                        ConfigLoader.resolve(
                            Map.of(), Map.of(), scope(simulator.socketResource(0))))
                    .with("data.dir", dataDir.toString()))) {
      InstrumentElementPort admin = e.client();
      id = RecordingCalls.start(admin, "a SCPI scope", item("scope", "waveform")).getRecording();
      RecordingCalls.await(admin, id, r -> r.getSamples() >= 12, Duration.ofSeconds(60));
      RecordingCalls.stop(admin, id);
    }
    Path dir = dataDir.resolve("recordings").resolve(id);
    Set<ByteBuffer> recorded = recordedVectors(dir);
    assertTrue(recorded.size() >= 2, "the scope recorded " + recorded.size() + " distinct traces");

    Map<String, String> replay = scope("REPLAY::" + id + "::4");
    replay.put("im.scope.autoStart", "false");
    replay.put("im.scope.attribute.waveform.period", "20ms");
    try (RunningElement e =
        RunningElement.of(
            RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), replay))
                .with("data.dir", dataDir.toString()))) {
      InstrumentElementPort admin = e.client();
      GetState state = new GetState();
      state.setIm("scope");
      assertEquals("LINKED", admin.getState(state).getState());
      Set<ByteBuffer> served = new HashSet<>();
      for (int i = 0; i < 8; i++) {
        GetAttribute g = new GetAttribute();
        g.setIm("scope");
        g.setAttribute("waveform");
        g.setEncoding(VectorEncoding.BINARY);
        ByteBuffer v = bytes(InstrumentElementClient.vector(admin.getAttribute(g).getValue()));
        assertTrue(recorded.contains(v), "getAttribute answered a trace that was not recorded");
        served.add(v);
      }
      String out = RecordingCalls.checkReplayOverStomp(admin, "scope", "waveform", dir, 10);
      System.out.println(out + "; getAttribute served " + served.size() + " distinct traces");
    }
  }

  /** Every recorded waveform, as the bytes of its doubles. */
  private static Set<ByteBuffer> recordedVectors(Path dir) throws Exception {
    Set<ByteBuffer> out = new HashSet<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(x -> x.toString().endsWith(".h5")).toList()) {
        try (HdfFile h = new HdfFile(f)) {
          for (double[] row : doubles(h.getDatasetByPath("/scope/waveform/value"))) {
            out.add(bytes(row));
          }
        }
      }
    }
    return out;
  }

  /**
   * A vector dataset's doubles as docs/recording.md has a reader compute them: the codes of a trace
   * the scope sent as codes times {@code scale_factor} plus {@code add_offset}, or the doubles as
   * they are.
   */
  private static double[][] doubles(Dataset value) {
    Object data = value.getData();
    if (data instanceof double[][] d) {
      return d;
    }
    double scale = ((Number) value.getAttribute("scale_factor").getData()).doubleValue();
    double offset = ((Number) value.getAttribute("add_offset").getData()).doubleValue();
    Attribute fill = value.getAttribute("_FillValue");
    Integer nan = fill == null ? null : ((Number) fill.getData()).intValue();
    int rows = Array.getLength(data);
    double[][] out = new double[rows][];
    for (int r = 0; r < rows; r++) {
      Object row = Array.get(data, r);
      out[r] = new double[Array.getLength(row)];
      for (int i = 0; i < out[r].length; i++) {
        int code = ((Number) Array.get(row, i)).intValue();
        out[r][i] = nan != null && code == nan ? Double.NaN : code * scale + offset;
      }
    }
    return out;
  }

  private static ByteBuffer bytes(double[] v) {
    ByteBuffer b = ByteBuffer.allocate(v.length * 8);
    b.asDoubleBuffer().put(v);
    return b;
  }
}
