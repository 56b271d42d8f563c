/**
 * Instrument Managers: one per class of device. An IM is described by an {@link
 * org.instrumentelement.im.model.ImModel} (parameters, attributes, commands, states) and
 * implemented by extending {@link org.instrumentelement.im.AbstractInstrumentManager}, which owns
 * the lifecycle, the state machine, validation and the instrument session. Depends on the IAL only.
 */
package org.instrumentelement.im;
