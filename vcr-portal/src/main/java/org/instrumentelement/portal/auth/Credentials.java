package org.instrumentelement.portal.auth;

/**
 * A user's name and password as the Instrument Elements know them. The portal keeps no users of its
 * own: it checks a password by calling an IE with it, and calls IEs as the signed-in user so that
 * the IE's roles and reservations apply to what they do in the portal. Held only in the server's
 * memory (deliberately not Serializable: a container persisting sessions leaves it out).
 *
 * @param password null for no credentials (an IE with access control off)
 */
public record Credentials(String user, String password) {
  /** No credentials. */
  public static final Credentials NONE = new Credentials(null, null);

  @Override
  public String toString() {
    return "Credentials[" + user + "]";
  }
}
