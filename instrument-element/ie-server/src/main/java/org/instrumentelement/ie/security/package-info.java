/**
 * Access control: users with hashed passwords and role grants on IM subtrees (one file), the policy
 * that decides what a caller may do, reservations of IM subtrees, the audit log, and the glue that
 * applies them to SOAP requests (CXF interceptors) and to the broker (ActiveMQ plugins). The SOAP
 * operations themselves carry no credentials.
 */
package org.instrumentelement.ie.security;
