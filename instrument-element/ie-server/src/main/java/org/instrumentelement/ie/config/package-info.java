/**
 * Configuration: one properties file (which IMs, their addresses and parameters, the HTTP
 * endpoint), with defaults in code and the precedence command line > environment > file > default.
 * Every key is documented in docs/configuration.md.
 */
package org.instrumentelement.ie.config;
