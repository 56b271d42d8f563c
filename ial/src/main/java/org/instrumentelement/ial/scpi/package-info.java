/** SCPI conventions on top of a session: the error queue, and values made safe to send. */
package org.instrumentelement.ial.scpi;
