/**
 * The embedded broker's security, from the same user store as the SOAP API: its login of every
 * client (password or certificate, throttled as SOAP logins are), the rules of who may subscribe to
 * which topic and who may publish ({@link org.instrumentelement.ie.pubsub.security.BrokerSecurity},
 * enforced per frame by {@link org.instrumentelement.ie.pubsub.security.BrokerAccessFilter}), the
 * topics a sensor node may publish to ({@link
 * org.instrumentelement.ie.pubsub.security.PublishTarget}) and the advisories only administrators
 * receive. Users, roles and grants are the security package's; the connectors' limits before a
 * login are {@code pubsub.transport}'s.
 */
package org.instrumentelement.ie.pubsub.security;
