/**
 * TLS for the Instrument Element's clients: the trust store that vouches for the IE's certificate,
 * an optional client certificate (mutual TLS, instead of a password), and a check of the broker's
 * TLS before subscribing, so that a missing or wrong trust store is an error in plain words rather
 * than a reconnection loop or a chain of handshake exceptions.
 */
package org.instrumentelement.ie.client.tls;
