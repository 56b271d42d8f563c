/**
 * The Instrument Element: the hierarchy of Instrument Managers built from the configuration ({@link
 * org.instrumentelement.ie.InstrumentElement}), and the program that serves it ({@link
 * org.instrumentelement.ie.Main}).
 */
package org.instrumentelement.ie;
