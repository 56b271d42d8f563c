package org.instrumentelement.ial.mock;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;

/**
 * Opens sessions to simulated instruments: {@code MOCK[board]::<model>[::<serial>][::INSTR]}. The
 * model names a description file (built-in: {@code oscilloscope}, {@code array}); each distinct
 * board/model/serial is one device, shared by all sessions opened for it.
 */
public final class MockSessionProvider implements SessionProvider {
  private final List<Path> searchPath;
  private final Map<String, MockDevice> devices = new ConcurrentHashMap<>();

  /** A provider that knows the built-in models only. */
  public MockSessionProvider() {
    this(List.of());
  }

  /** A provider that looks for {@code <model>.properties} in these directories first. */
  public MockSessionProvider(List<Path> searchPath) {
    this.searchPath = List.copyOf(searchPath);
  }

  @Override
  public boolean accepts(ResourceName name) {
    return name.interfaceType().equals("MOCK");
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    return new MockSession(name, device(name), options);
  }

  /** The device behind a resource string, created on first use (tests inspect it). */
  public MockDevice device(String resource) throws InstrumentException {
    return device(ResourceName.parse(resource));
  }

  private MockDevice device(ResourceName name) throws InstrumentException {
    if (!accepts(name)
        || name.fields().isEmpty()
        || name.fields().size() > 2
        || !name.resourceClass().equals("INSTR")) {
      throw new InvalidResourceNameException(
          name.text(), "expected MOCK[board]::<model>[::<serial>][::INSTR]");
    }
    String model = name.fields().get(0).toLowerCase(Locale.ROOT);
    String key = name.board() + "::" + model + "::" + name.field(1, "0");
    MockDevice existing = devices.get(key);
    if (existing != null) {
      return existing;
    }
    try {
      MockDeviceDescription description = MockDeviceDescription.load(model, searchPath);
      return devices.computeIfAbsent(key, k -> new MockDevice(description, name.text()));
    } catch (IOException e) {
      throw new InvalidResourceNameException(name.text(), e.getMessage());
    }
  }

  /**
   * The built-in model that answers {@code *IDN?} as the instrument {@code identity} comes from
   * (the same manufacturer and model, the first two fields), or null: which simulated instrument
   * speaks the dialect of a recorded one.
   */
  public String modelIdentifiedAs(String identity) {
    String wanted = makeAndModel(identity);
    if (wanted.isEmpty()) {
      return null;
    }
    for (String model : MockDeviceDescription.BUILT_IN) {
      try {
        if (makeAndModel(MockDeviceDescription.load(model, searchPath).identity).equals(wanted)) {
          return model;
        }
      } catch (IOException e) {
        // a model that cannot be loaded answers nothing
      }
    }
    return null;
  }

  /**
   * The built-in models that simulate an instrument answering {@code *IDN?} with {@code identity}:
   * those answering its manufacturer and model themselves, then those whose {@code
   * identity.matches} pattern fits its {@code manufacturer,model} (a model simulating a family).
   */
  public java.util.List<String> modelsMatching(String identity) {
    String wanted = makeAndModel(identity);
    java.util.List<String> exact = new java.util.ArrayList<>();
    java.util.List<String> family = new java.util.ArrayList<>();
    if (wanted.isEmpty()) {
      return exact;
    }
    String[] f = identity.split(",");
    String asWritten = f[0].trim() + "," + f[1].trim();
    for (String model : MockDeviceDescription.BUILT_IN) {
      try {
        MockDeviceDescription d = MockDeviceDescription.load(model, searchPath);
        if (makeAndModel(d.identity).equals(wanted)) {
          exact.add(model);
        } else if (d.identityMatches != null && d.identityMatches.matcher(asWritten).matches()) {
          family.add(model);
        }
      } catch (IOException e) {
        // a model that cannot be loaded answers nothing
      }
    }
    exact.addAll(family);
    return exact;
  }

  private static String makeAndModel(String identity) {
    String[] f = identity == null ? new String[0] : identity.split(",");
    return f.length < 2 ? "" : (f[0].trim() + "," + f[1].trim()).toUpperCase(Locale.ROOT);
  }

  @Override
  public void close() {
    devices.clear();
  }
}
