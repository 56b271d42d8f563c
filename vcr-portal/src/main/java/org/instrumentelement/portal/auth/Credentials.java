package org.instrumentelement.portal.auth;

/**
 * A user's name and password as the Instrument Elements know them. The portal keeps no users of its
 * own: it checks a password by calling an IE with it, and calls IEs as the signed-in user so that
 * the IE's roles and reservations apply to what they do in the portal. Held only in the server's
 * memory (deliberately not Serializable: a container persisting sessions leaves it out).
 *
 * @param password null for no credentials (an IE with access control off)
 * @param address the address the user signed in from, passed on to the IEs (as {@code
 *     X-Forwarded-For}) so that their login throttling counts each browser's failed passwords apart
 *     rather than the portal's; null for the portal's own account
 */
public record Credentials(String user, String password, String address) {
  /** No credentials. */
  public static final Credentials NONE = new Credentials(null, null, null);

  /** The portal's own account on an IE (no browser behind it). */
  public static Credentials service(String user, String password) {
    return new Credentials(user, password, null);
  }

  @Override
  public String toString() {
    return "Credentials[" + user + "]";
  }
}
