package org.instrumentelement.portal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * {@code target/vcr.war} deployed alone in a Tomcat of its own on a free port, configured by
 * context parameters, as an operator deploys it in a servlet container.
 */
final class StandalonePortal implements AutoCloseable {
  static final Path WAR = Path.of("target", "vcr.war");

  private final Tomcat tomcat = new Tomcat();
  private final Path base;
  private final Context context;

  private StandalonePortal(Map<String, String> parameters) throws IOException, LifecycleException {
    base = Files.createTempDirectory("vcr-war");
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(0);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    tomcat.getHost().setAppBase(base.toString());
    tomcat.setAddDefaultWebXmlToWebapp(false);
    context = tomcat.addWebapp("/vcr", WAR.toAbsolutePath().toString());
    // The WAR carries its libraries; the test's own class path is not the webapp's to scan.
    StandardJarScanner scanner = new StandardJarScanner();
    scanner.setScanClassPath(false);
    context.setJarScanner(scanner);
    parameters.forEach(context::addParameter);
    tomcat.start();
  }

  /** Deploys the WAR with these context parameters and starts its Tomcat. */
  static StandalonePortal start(Map<String, String> parameters) throws Exception {
    return new StandalonePortal(parameters);
  }

  /** Whether the portal's context started. */
  boolean available() {
    return context.getState().isAvailable();
  }

  /** The class loader of the WAR's classes (null before the context started). */
  ClassLoader webappClassLoader() {
    return context.getLoader() == null ? null : context.getLoader().getClassLoader();
  }

  /** Stops the portal's context, as a container does on undeploy, leaving Tomcat running. */
  void stopContext() throws LifecycleException {
    context.stop();
  }

  /** The portal's address, ending with '/'. */
  String url() {
    return "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/vcr/";
  }

  @Override
  public void close() throws Exception {
    tomcat.stop();
    tomcat.destroy();
    try (var walk = Files.walk(base)) {
      walk.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
