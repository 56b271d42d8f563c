package org.instrumentelement.im.descriptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.ImModel;

/**
 * A SCPI instrument described by a file: its IM model (parameters, attributes, commands), how each
 * item maps to SCPI, and how its waveform is read. The format is documented in the bundled {@code
 * keysight-infiniivision.properties}; {@link DescriptorParser} checks every key.
 *
 * @param identity a pattern the {@code *IDN?} reply must match at link, or {@code null}
 * @param link a program message sent at link, before the parameters, or {@code null}
 * @param start sent by the {@code start} command, or {@code null}
 * @param stop sent by the {@code stop} command, or {@code null}
 * @param alarmLimits the attributes' alarm limits ({@code attribute.<a>.alarm.*}), by attribute and
 *     statistic
 * @param waveform how the waveform is read, or {@code null} if the instrument has none
 */
record InstrumentDescriptor(
    String name,
    ImModel model,
    Pattern identity,
    ScpiTemplate link,
    ScpiTemplate start,
    ScpiTemplate stop,
    Map<String, Bindings.Parameter> parameters,
    Map<String, Bindings.Attribute> attributes,
    Map<String, Bindings.Command> commands,
    Map<String, Map<Statistic, AlarmLimits>> alarmLimits,
    WaveformSpec waveform) {

  /** The profiles that come with the Instrument Element, by name. */
  public static final List<String> BUNDLED =
      List.of("keysight-infiniivision", "tektronix-mso", "rigol-ds1000z", "rs-rtb", "scpi-dmm");

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9_-]+");

  /**
   * Reads the properties of a descriptor: a bundled profile by name ({@code rigol-ds1000z}), a
   * class path resource ({@code classpath:com/example/my-dmm.properties}) or a file path.
   *
   * @throws IOException if there is no such descriptor, or it is not a properties file
   */
  static Properties read(String ref) throws IOException {
    Properties p = new Properties();
    if (PROFILE_NAME.matcher(ref).matches() && !Files.exists(Path.of(ref))) {
      try (InputStream in = InstrumentDescriptor.class.getResourceAsStream(ref + ".properties")) {
        if (in == null) {
          throw new IOException(
              "no bundled SCPI profile '" + ref + "' (bundled: " + BUNDLED + ", or a file path)");
        }
        load(p, new InputStreamReader(in, StandardCharsets.UTF_8));
      }
    } else if (ref.startsWith("classpath:")) {
      String path = ref.substring("classpath:".length());
      try (InputStream in = InstrumentDescriptor.class.getClassLoader().getResourceAsStream(path)) {
        if (in == null) {
          throw new IOException("no class path resource '" + path + "'");
        }
        load(p, new InputStreamReader(in, StandardCharsets.UTF_8));
      }
    } else {
      try (Reader r = Files.newBufferedReader(Path.of(ref), StandardCharsets.UTF_8)) {
        load(p, r);
      }
    }
    return p;
  }

  /**
   * Loads properties; a malformed {@code \\uxxxx} escape, which {@link Properties#load} reports as
   * an IllegalArgumentException, is an IOException like any other unreadable file.
   */
  private static void load(Properties p, Reader r) throws IOException {
    try {
      p.load(r);
    } catch (IllegalArgumentException e) {
      throw new IOException("not a properties file (" + e.getMessage() + ")", e);
    }
  }
}
