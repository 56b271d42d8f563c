/**
 * What the Instrument Element keeps across restarts: parameter values and sampling settings set at
 * run time, and reservations, in one small crash-safe file under {@code data.dir} ({@link
 * org.instrumentelement.ie.state.StateFile}, written by one thread in {@link
 * org.instrumentelement.ie.state.StateStore}); the rules that decide at start-up what is restored
 * (a changed configuration wins for the keys it changes); and where each parameter's value came
 * from, for {@code describeInstrumentManager}.
 */
package org.instrumentelement.ie.state;
