package org.instrumentelement.im.model;

import java.util.Set;

/**
 * The states every Instrument Manager has. An IM may add its own; these four are the ones the base
 * class drives: {@code link} opens the instrument, {@code start} begins continuous acquisition, and
 * a lost connection puts the IM in {@code ERROR}.
 */
public final class States {
  /** No connection to the instrument; parameters can still be set and are applied at link. */
  public static final String UNLINKED = "UNLINKED";

  /** Connected and configured; attributes can be read. */
  public static final String LINKED = "LINKED";

  /** Connected and acquiring continuously. */
  public static final String RUNNING = "RUNNING";

  /** The instrument failed; {@code link} or {@code reset} tries again. */
  public static final String ERROR = "ERROR";

  /** States in which the instrument is connected. */
  public static final Set<String> CONNECTED = Set.of(LINKED, RUNNING);

  private States() {}
}
