package org.instrumentelement.ie.server;

import jakarta.servlet.ServletContainerInitializer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.instrumentelement.ie.config.ConfigException;

/**
 * A web application that the embedded Tomcat serves beside the SOAP service when its jar is on the
 * class path, such as the VCR portal. The IE does not depend on it at compile time: the jar names
 * its {@link ServletContainerInitializer} in {@value #DESCRIPTOR}, with {@code name} (its
 * configuration namespace: the keys {@code <name>.*} are handed to it as context parameters and
 * {@code <name>.contextPath} says where it is served), {@code initializer} (the class) and {@code
 * contextPath} (where it is served by default; {@code /<name>} without).
 *
 * <p>Why a descriptor rather than every {@code ServletContainerInitializer} on the class path:
 * Tomcat's own jars register initializers too, and those must not become web applications.
 */
record HostedWebApplication(
    String name, String initializerClass, String defaultContextPath, URL source) {
  /** Where a jar describes the web application it offers. */
  static final String DESCRIPTOR = "META-INF/instrument-element/web-application.properties";

  /** Every web application offered by a jar on the class path. */
  static List<HostedWebApplication> discover(ClassLoader loader) {
    List<HostedWebApplication> found = new ArrayList<>();
    try {
      Enumeration<URL> urls = loader.getResources(DESCRIPTOR);
      while (urls.hasMoreElements()) {
        URL url = urls.nextElement();
        Properties p = new Properties();
        try (InputStream in = url.openStream()) {
          p.load(in);
        }
        String name = p.getProperty("name", "").trim();
        String initializer = p.getProperty("initializer", "").trim();
        if (name.isEmpty() || initializer.isEmpty()) {
          throw new IllegalStateException(url + " needs 'name' and 'initializer'");
        }
        String path = p.getProperty("contextPath", "/" + name).trim();
        found.add(new HostedWebApplication(name, initializer, path, url));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + DESCRIPTOR, e);
    }
    return found;
  }

  /** A new instance of the web application's initializer. */
  ServletContainerInitializer newInitializer(ClassLoader loader) {
    try {
      return (ServletContainerInitializer)
          Class.forName(initializerClass, true, loader).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException(
          "web application '" + name + "' (" + source + "): cannot create " + initializerClass, e);
    }
  }

  /** Its keys ({@code <name>.*}) among the web applications' keys of the configuration. */
  Map<String, String> keys(Map<String, String> webApplicationKeys) {
    Map<String, String> own = new TreeMap<>();
    webApplicationKeys.forEach(
        (k, v) -> {
          if (k.startsWith(name + ".")) {
            own.put(k, v);
          }
        });
    return own;
  }

  /**
   * Where it is served: {@code <name>.contextPath}, else its default; null for {@code off}.
   *
   * @param serviceContextPath the IE's own context path, which it may not take
   * @throws ConfigException if the path is not one
   */
  String contextPath(Map<String, String> keys, String serviceContextPath) throws ConfigException {
    String key = name + ".contextPath";
    String path = keys.getOrDefault(key, defaultContextPath).trim();
    if (path.equals("off")) {
      return null;
    }
    if (!path.startsWith("/") || path.endsWith("/") || path.equals(serviceContextPath)) {
      throw new ConfigException(
          key
              + " must be 'off' or start with '/', not end with one and differ from"
              + " http.contextPath: "
              + path);
    }
    return path;
  }
}
