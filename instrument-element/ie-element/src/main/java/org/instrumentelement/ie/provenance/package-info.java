/**
 * Where the values of each Instrument Manager come from: a provenance revision per IM that every
 * published and polled value carries, and the record behind it (the Instrument Element, the IM and
 * its instrument, the parameter values, and a bounded log of their changes), which {@code
 * getProvenance} returns. Knows nothing of SOAP or JMS.
 */
package org.instrumentelement.ie.provenance;
