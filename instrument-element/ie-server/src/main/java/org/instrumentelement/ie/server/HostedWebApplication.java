package org.instrumentelement.ie.server;

import jakarta.servlet.ServletContainerInitializer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;

/**
 * A web application that the embedded Tomcat serves beside the SOAP service when its jar is on the
 * class path, such as the VCR portal. The IE does not depend on it at compile time: the jar names
 * its {@link ServletContainerInitializer} in {@value #DESCRIPTOR}, with {@code name} (its
 * configuration namespace: the keys {@code <name>.*} are handed to it as context parameters and
 * {@code <name>.contextPath} says where it is served) and {@code initializer} (the class).
 *
 * <p>Why a descriptor rather than every {@code ServletContainerInitializer} on the class path:
 * Tomcat's own jars register initializers too, and those must not become web applications.
 */
record HostedWebApplication(String name, String initializerClass, URL source) {
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
        found.add(new HostedWebApplication(name, initializer, url));
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
}
