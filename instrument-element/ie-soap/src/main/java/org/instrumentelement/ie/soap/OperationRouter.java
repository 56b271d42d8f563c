package org.instrumentelement.ie.soap;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Implements {@link InstrumentElementPort} by handing each operation to the operation group that
 * has a method of its name and request type: the port declares an operation, one group implements
 * it, and nothing in between is written by hand. Every operation must have exactly one
 * implementation; a port that does not is refused when the service is built. The port also
 * implements {@link KeptAnswers}, handed on alike (to the control group).
 */
final class OperationRouter implements InvocationHandler {
  private record Target(Object group, Method method) {}

  private final Map<Method, Target> targets = new HashMap<>();

  private OperationRouter(List<Object> groups) {
    List<String> problems = new ArrayList<>();
    List<Method> declared = new ArrayList<>(List.of(InstrumentElementPort.class.getMethods()));
    declared.addAll(List.of(KeptAnswers.class.getMethods()));
    for (Method op : declared) {
      List<Target> found = new ArrayList<>();
      for (Object group : groups) {
        try {
          Method m = group.getClass().getDeclaredMethod(op.getName(), op.getParameterTypes());
          if (!op.getReturnType().isAssignableFrom(m.getReturnType())) {
            problems.add(op.getName() + " answers another type in " + group.getClass());
            continue;
          }
          m.setAccessible(true);
          found.add(new Target(group, m));
        } catch (NoSuchMethodException e) {
          // not this group's
        }
      }
      if (found.size() != 1) {
        problems.add(op.getName() + " is implemented by " + found.size() + " groups, not 1");
      } else {
        targets.put(op, found.get(0));
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("SOAP operations without one implementation: " + problems);
    }
  }

  /** The port over {@code groups}; refused unless each operation has exactly one of them. */
  static InstrumentElementPort port(List<Object> groups) {
    return (InstrumentElementPort)
        Proxy.newProxyInstance(
            InstrumentElementPort.class.getClassLoader(),
            new Class<?>[] {InstrumentElementPort.class, KeptAnswers.class},
            new OperationRouter(groups));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Target t = targets.get(method);
    if (t == null) {
      return switch (method.getName()) {
        case "toString" -> "the Instrument Element's SOAP port";
        case "hashCode" -> System.identityHashCode(proxy);
        case "equals" -> proxy == args[0];
        default -> throw new UnsupportedOperationException(method.getName());
      };
    }
    try {
      return t.method().invoke(t.group(), args);
    } catch (InvocationTargetException e) {
      throw e.getCause(); // the operation's own fault or failure, as if called directly
    }
  }
}
