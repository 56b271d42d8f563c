/**
 * The {@code discover} command: the IAL's instrument discovery with the SCPI descriptors on the
 * class path, printed for people or as JSON, without an Instrument Element.
 */
package org.instrumentelement.im.discovery;
