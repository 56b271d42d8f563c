package org.instrumentelement.ial;

import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Opens instrument sessions by resource string, choosing the transport from the registered {@link
 * SessionProvider}s. Each resource manager owns its providers, so two managers (two tests, two
 * Instrument Elements in one JVM) never share simulated devices.
 */
public final class ResourceManager implements AutoCloseable {

  private final List<SessionProvider> providers = new CopyOnWriteArrayList<>();

  /** A resource manager with no providers; add them with {@link #register(SessionProvider)}. */
  public ResourceManager() {}

  /** A resource manager with every provider found by {@link ServiceLoader} on the class path. */
  public static ResourceManager withInstalledProviders() {
    ResourceManager rm = new ResourceManager();
    ServiceLoader.load(SessionProvider.class, ResourceManager.class.getClassLoader())
        .forEach(rm::register);
    return rm;
  }

  /** Adds a provider; it takes precedence over those registered before it. */
  public ResourceManager register(SessionProvider provider) {
    providers.add(0, provider);
    return this;
  }

  /** The registered provider of the given class, if any. */
  public <T extends SessionProvider> T provider(Class<T> type) {
    for (SessionProvider p : providers) {
      if (type.isInstance(p)) {
        return type.cast(p);
      }
    }
    throw new IllegalStateException("no " + type.getSimpleName() + " registered");
  }

  /** Opens a session with default options. */
  public InstrumentSession open(String resource) throws InstrumentException {
    return open(resource, SessionOptions.DEFAULTS);
  }

  /**
   * Opens a session for {@code resource}.
   *
   * @throws InvalidResourceNameException if the string is malformed or no transport accepts it
   * @throws InstrumentException if the instrument cannot be reached
   */
  public InstrumentSession open(String resource, SessionOptions options)
      throws InstrumentException {
    ResourceName name = ResourceName.parse(resource);
    for (SessionProvider p : providers) {
      if (p.accepts(name)) {
        return p.open(name, options);
      }
    }
    throw new InvalidResourceNameException(
        resource,
        "no transport for interface " + name.interfaceType() + "::" + name.resourceClass());
  }

  /**
   * Checks that {@code resource} is well-formed and that a transport takes it, without opening
   * anything.
   *
   * @throws InvalidResourceNameException if it is not
   */
  public void check(String resource) throws InvalidResourceNameException {
    ResourceName name = ResourceName.parse(resource);
    for (SessionProvider p : providers) {
      if (p.accepts(name)) {
        return;
      }
    }
    throw new InvalidResourceNameException(
        resource,
        "no transport for interface " + name.interfaceType() + "::" + name.resourceClass());
  }

  /** Closes every provider, in reverse order of registration. */
  @Override
  public void close() {
    // The list holds the newest provider first.
    for (SessionProvider p : providers) {
      p.close();
    }
  }
}
