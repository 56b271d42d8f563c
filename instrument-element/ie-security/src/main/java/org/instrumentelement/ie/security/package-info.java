/**
 * Access control: users with hashed passwords and role grants on IM subtrees (one file), the policy
 * that decides what a caller may do, reservations of IM subtrees, password logins and their
 * throttle, and the audit log. The HTTP front applies them to SOAP requests, {@code
 * pubsub.security} to the broker's clients; the SOAP operations themselves carry no credentials.
 */
package org.instrumentelement.ie.security;
