package org.instrumentelement.ie.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.instrumentelement.ie.config.ConfigException;

/**
 * Reads the PKCS#12 files of the configuration (keystores and trust stores), naming the
 * configuration key, the file and the reason when one cannot be read.
 */
public final class Pkcs12File {
  private Pkcs12File() {}

  /**
   * Reads a PKCS#12 file.
   *
   * @param key the configuration key that names it, for the error message
   */
  public static KeyStore read(Path file, String password, String key) throws ConfigException {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, chars(password));
      return ks;
    } catch (NoSuchFileException e) {
      throw new ConfigException(key + " " + file + " does not exist");
    } catch (IOException e) {
      throw new ConfigException(
          key + " " + file + " cannot be read: wrong password, or not a PKCS#12 file");
    } catch (GeneralSecurityException e) {
      throw new ConfigException(key + " " + file + " cannot be read: " + e.getMessage(), e);
    }
  }

  /** Trust managers that trust the certificates of a PKCS#12 trust store. */
  public static TrustManager[] trustManagers(Path file, String password, String key)
      throws ConfigException {
    try {
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(read(file, password, key));
      return tmf.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new ConfigException(key + " " + file + " cannot be used: " + e.getMessage(), e);
    }
  }

  static char[] chars(String password) {
    return password == null ? new char[0] : password.toCharArray();
  }
}
