package org.instrumentelement.ial;

/**
 * A transport: opens sessions for the resource strings it understands. Providers are found with
 * {@link java.util.ServiceLoader} or registered on a {@link ResourceManager}; to support a new kind
 * of connection, write one provider and list it in {@code
 * META-INF/services/org.instrumentelement.ial.SessionProvider}.
 */
public interface SessionProvider extends AutoCloseable {

  /**
   * Whether this provider opens sessions for {@code name} (e.g. interface MOCK, or TCPIP::SOCKET).
   */
  boolean accepts(ResourceName name);

  /**
   * Opens a session.
   *
   * @throws InvalidResourceNameException if the fields of {@code name} make no sense to this
   *     transport
   * @throws InstrumentException if the instrument cannot be reached
   */
  InstrumentSession open(ResourceName name, SessionOptions options) throws InstrumentException;

  /** Releases whatever the provider holds (threads, simulated devices). Default: nothing. */
  @Override
  default void close() {}
}
