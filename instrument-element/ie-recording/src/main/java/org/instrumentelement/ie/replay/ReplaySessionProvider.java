package org.instrumentelement.ie.replay;

import java.nio.file.Path;
import java.util.Set;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.mock.MockSessionProvider;

/**
 * Opens {@code REPLAY::<recording>[::<speed>][::once]}: {@code <recording>} is a recording's name
 * in the recordings directory, or a path (with a {@code /}) to a recording's directory or one
 * segment file; {@code <speed>} plays it that many times faster (default 1, the original pace);
 * {@code once} stops at the last vector instead of looping. The simulated instrument behind it is
 * the built-in mock model of the recorded IM type (oscilloscope, array), or for another IM type (a
 * SCPI instrument) the built-in model that answers {@code *IDN?} as the recorded instrument did; a
 * device of its own for each replay.
 */
public final class ReplaySessionProvider implements SessionProvider {
  static final String INTERFACE = "REPLAY";

  private final Path recordings;
  private final MockSessionProvider mocks;

  /**
   * @param recordings the recordings directory ({@code <data.dir>/recordings}), or null when the IE
   *     keeps none (then only paths are accepted)
   * @param mocks where the simulated instruments come from
   */
  public ReplaySessionProvider(Path recordings, MockSessionProvider mocks) {
    this.recordings = recordings;
    this.mocks = mocks;
  }

  @Override
  public boolean accepts(ResourceName name) {
    return name.interfaceType().equals(INTERFACE);
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    if (name.fields().isEmpty() || name.fields().size() > 3) {
      throw new InvalidResourceNameException(
          name.text(), "expected REPLAY::<recording>[::<speed>][::once]");
    }
    String recording = name.fields().get(0);
    double speed = 1;
    boolean loop = true;
    for (String f : name.fields().subList(1, name.fields().size())) {
      if (f.equalsIgnoreCase("once")) {
        loop = false;
      } else {
        try {
          speed = Double.parseDouble(f);
        } catch (NumberFormatException e) {
          speed = Double.NaN;
        }
        if (!(speed > 0 && speed <= 1_000_000)) {
          throw new InvalidResourceNameException(
              name.text(), "the speed must be a number above 0 (1: the original pace)");
        }
      }
    }
    Path where;
    if (recording.contains("/")) {
      where = Path.of(recording);
    } else if (recordings != null && recording.matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
      where = recordings.resolve(recording);
    } else {
      throw new InvalidResourceNameException(name.text(), "no recording '" + recording + "'");
    }
    Tape tape = Tape.open(where);
    boolean builtIn = tape.imType().equals("oscilloscope") || tape.imType().equals("array");
    String model = builtIn ? tape.imType() : mocks.modelIdentifiedAs(tape.identity());
    if (model == null) {
      tape.close();
      throw new InvalidResourceNameException(
          name.text(),
          "recordings of '"
              + tape.imType()
              + "' IMs can be replayed only from an instrument that a simulated one answers as"
              + " (the mock oscilloscope and array, the simulator's SCPI oscilloscopes); this one"
              + " answered *IDN? with '"
              + tape.identity()
              + "'");
    }
    // A device of its own: settings made on the replay never reach another IM's mock.
    String serial = "replay-" + Integer.toHexString(System.identityHashCode(tape));
    String address = "MOCK::" + model + "::" + serial;
    InstrumentSession simulated = mocks.open(ResourceName.parse(address), options);
    Playhead playhead = new Playhead(tape, speed, loop, System::nanoTime);
    if (builtIn) {
      return new ReplaySession(name, simulated, tape, playhead, ReplaySession.DATA_QUERIES);
    }
    // A SCPI instrument: the simulated one of its dialect answers the recorded traces, encoded
    // as it encodes any (format, byte order, preamble), and the IM decodes them as it did.
    mocks.device(address).play(channel -> tape.vector(playhead.now()));
    return new ReplaySession(name, simulated, tape, playhead, Set.of());
  }

  @Override
  public void close() {
    // sessions close their tapes
  }
}
