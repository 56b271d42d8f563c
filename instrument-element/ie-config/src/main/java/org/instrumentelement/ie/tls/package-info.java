/**
 * The Instrument Element's TLS: one key for HTTPS and the embedded broker's TLS connectors, the one
 * policy of protocols and cipher suites both apply (TLS 1.2 and 1.3, forward-secret AEAD suites
 * only), and the trust store of client certificates for mutual TLS. Which user a client certificate
 * logs in as is the security package's business.
 */
package org.instrumentelement.ie.tls;
