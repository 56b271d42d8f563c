/**
 * IEEE 488.2 message framing shared by every transport: arbitrary block headers and the binary
 * number formats instruments use inside blocks. Pure functions over bytes; no I/O.
 */
package org.instrumentelement.ial.ieee4882;
