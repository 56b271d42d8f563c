package org.instrumentelement.im;

import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Creates Instrument Managers by type name. Built-in and plugged-in IM classes are listed in {@code
 * META-INF/services/org.instrumentelement.im.InstrumentManager} and known by their model's type
 * ({@code oscilloscope}, {@code array}, {@code group}); any other class with a public no-arg
 * constructor can be named by its fully qualified class name.
 */
public final class InstrumentManagerTypes {
  private final Map<String, Class<? extends InstrumentManager>> byName = new TreeMap<>();

  private InstrumentManagerTypes() {}

  /** The types found on the class path. */
  public static InstrumentManagerTypes installed() {
    InstrumentManagerTypes types = new InstrumentManagerTypes();
    ServiceLoader.load(InstrumentManager.class, InstrumentManagerTypes.class.getClassLoader())
        .stream()
        .forEach(p -> types.byName.put(p.get().model().type(), p.type()));
    return types;
  }

  /** The short names known, sorted. */
  public java.util.Set<String> names() {
    return byName.keySet();
  }

  /**
   * A new, unopened IM.
   *
   * @param type a short name or a fully qualified class name
   * @throws IllegalArgumentException if no such type exists or it cannot be instantiated
   */
  public InstrumentManager create(String type) {
    Class<? extends InstrumentManager> cls = byName.get(type);
    try {
      if (cls == null) {
        Class<?> c = Class.forName(type, true, InstrumentManagerTypes.class.getClassLoader());
        if (!InstrumentManager.class.isAssignableFrom(c)) {
          throw new IllegalArgumentException(type + " is not an InstrumentManager");
        }
        cls = c.asSubclass(InstrumentManager.class);
      }
      return cls.getConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "unknown IM type '" + type + "' (known: " + byName.keySet() + ", or a class name)");
    } catch (NoSuchMethodException
        | InstantiationException
        | IllegalAccessException
        | InvocationTargetException e) {
      throw new IllegalArgumentException("cannot create IM type '" + type + "': " + e, e);
    }
  }
}
