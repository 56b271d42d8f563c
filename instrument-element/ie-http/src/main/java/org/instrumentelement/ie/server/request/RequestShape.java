package org.instrumentelement.ie.server.request;

import jakarta.jws.WebParam;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlEnumValue;
import jakarta.xml.bind.annotation.XmlList;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlTransient;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The elements and attributes one request element may hold, and the type of each leaf: the part of
 * the WSDL's schema the checks need, read from the request classes' JAXB annotations, so a field
 * added to a request type is checked without further work. A field of a type the checks do not know
 * stops the server at start-up rather than going unchecked.
 */
public final class RequestShape {
  /**
   * One element a request element may hold.
   *
   * @param name its local name (in the API's namespace)
   * @param index its position among its siblings, to notice one given twice
   * @param repeated whether it may occur more than once
   * @param leaf the type of its text, or null if it holds elements ({@code shape})
   * @param shape what it holds, or null for a leaf
   */
  public record Child(
      String name, int index, boolean repeated, LeafType leaf, RequestShape shape) {}

  private final Map<String, Child> children;
  private final Map<String, LeafType> attributes;

  private RequestShape(Map<String, Child> children, Map<String, LeafType> attributes) {
    this.children = children;
    this.attributes = attributes;
  }

  /** The child element with this local name, or null if there is none. */
  public Child child(String localName) {
    return children.get(localName);
  }

  /** The names of the child elements, in schema order (for messages). */
  public List<String> childNames() {
    return List.copyOf(children.keySet());
  }

  /** The typed attributes by name (attributes not named here are ignored, as JAXB does). */
  public Map<String, LeafType> attributes() {
    return attributes;
  }

  /**
   * The request element of each operation of a document/literal "bare" endpoint interface, by its
   * local name.
   */
  public static Map<String, RequestShape> operations(Class<?> endpointInterface) {
    Map<Class<?>, RequestShape> known = new HashMap<>();
    Map<String, RequestShape> operations = new LinkedHashMap<>();
    for (Method m : endpointInterface.getMethods()) {
      if (m.getParameterCount() != 1) {
        throw new IllegalStateException(m + ": a bare operation takes one request element");
      }
      WebParam p = m.getParameters()[0].getAnnotation(WebParam.class);
      String element = p == null || p.name().isEmpty() ? m.getName() : p.name();
      operations.put(element, of(m.getParameterTypes()[0], known));
    }
    return Map.copyOf(operations);
  }

  private static RequestShape of(Class<?> type, Map<Class<?>, RequestShape> known) {
    RequestShape cached = known.get(type);
    if (cached != null) {
      return cached;
    }
    Map<String, Child> children = new LinkedHashMap<>();
    Map<String, LeafType> attributes = new HashMap<>();
    for (Field f : fields(type)) {
      XmlAttribute attribute = f.getAnnotation(XmlAttribute.class);
      if (attribute != null) {
        String name = attribute.name().equals("##default") ? f.getName() : attribute.name();
        attributes.put(name, leaf(f, f.getType()));
        continue;
      }
      XmlElement element = f.getAnnotation(XmlElement.class);
      String name =
          element == null || element.name().equals("##default") ? f.getName() : element.name();
      int index = children.size();
      if (List.class.isAssignableFrom(f.getType()) && f.getAnnotation(XmlList.class) == null) {
        Class<?> item = listItem(f);
        children.put(name, child(name, index, true, f, item, known));
      } else {
        children.put(name, child(name, index, false, f, f.getType(), known));
      }
    }
    if (children.size() > Long.SIZE) {
      throw new IllegalStateException(type + ": more elements than the checks can track");
    }
    RequestShape shape = new RequestShape(Map.copyOf(children), Map.copyOf(attributes));
    known.put(type, shape);
    return shape;
  }

  private static Child child(
      String name,
      int index,
      boolean repeated,
      Field f,
      Class<?> type,
      Map<Class<?>, RequestShape> known) {
    if (isComplex(type)) {
      return new Child(name, index, repeated, null, of(type, known));
    }
    return new Child(name, index, repeated, leaf(f, type), null);
  }

  private static boolean isComplex(Class<?> type) {
    return type.isAnnotationPresent(jakarta.xml.bind.annotation.XmlType.class) && !type.isEnum();
  }

  private static LeafType leaf(Field f, Class<?> type) {
    if (f.getAnnotation(XmlList.class) != null) {
      XmlSchemaType schema = f.getAnnotation(XmlSchemaType.class);
      if (schema != null && schema.name().equals("double")) {
        return LeafType.DOUBLE_LIST;
      }
    } else if (type == String.class) {
      return LeafType.TEXT;
    } else if (type == Double.class || type == double.class) {
      return LeafType.DOUBLE;
    } else if (type == Long.class || type == long.class) {
      return LeafType.LONG;
    } else if (type == Integer.class || type == int.class) {
      return LeafType.INT;
    } else if (type == Boolean.class || type == boolean.class) {
      return LeafType.BOOLEAN;
    } else if (type == byte[].class) {
      return LeafType.BASE64;
    } else if (type == Instant.class && f.getAnnotation(XmlJavaTypeAdapter.class) != null) {
      return LeafType.DATE_TIME;
    } else if (type.isEnum()) {
      return LeafType.enumeration(enumNames(type));
    }
    throw new IllegalStateException(
        "no check for " + f.getDeclaringClass().getSimpleName() + "." + f.getName());
  }

  private static List<String> enumNames(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (Object constant : type.getEnumConstants()) {
      String name = ((Enum<?>) constant).name();
      try {
        XmlEnumValue v = type.getField(name).getAnnotation(XmlEnumValue.class);
        names.add(v == null ? name : v.value());
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException(e);
      }
    }
    return names;
  }

  private static Class<?> listItem(Field f) {
    Type t = f.getGenericType();
    if (t instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
      return c;
    }
    throw new IllegalStateException(f + ": a list of an unknown type");
  }

  /** The fields JAXB binds (field access): every non-static, non-transient one, from the top. */
  private static List<Field> fields(Class<?> type) {
    List<Field> fields = new ArrayList<>();
    if (type.getSuperclass() != null && type.getSuperclass() != Object.class) {
      fields.addAll(fields(type.getSuperclass()));
    }
    for (Field f : type.getDeclaredFields()) {
      int m = f.getModifiers();
      if (!Modifier.isStatic(m)
          && !Modifier.isTransient(m)
          && !f.isSynthetic()
          && f.getAnnotation(XmlTransient.class) == null) {
        fields.add(f);
      }
    }
    return fields;
  }
}
