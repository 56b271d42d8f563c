/**
 * Signing in to the portal: a small, replaceable user store (a properties file of PBKDF2 hashes)
 * and a filter that keeps everything but the sign-in page behind a session. Roles and authorisation
 * are not here.
 */
package org.instrumentelement.portal.auth;
