/**
 * Configuration: one properties file (which IMs, their addresses and parameters, the HTTP
 * endpoint), with defaults in code and the precedence command line &gt; environment &gt; file &gt;
 * default ({@link org.instrumentelement.ie.config.ConfigLayers}). Every key is declared once, with
 * its default, type and meaning: the global keys in {@link
 * org.instrumentelement.ie.config.ConfigKeys}, the IM and attribute settings in {@link
 * org.instrumentelement.ie.config.ImSettings}; the loader, {@code --help} and the test that holds
 * docs/configuration.md to them read the same tables. The VCR portal's {@code portal.*} keys are
 * the portal's and pass through unread.
 */
package org.instrumentelement.ie.config;
