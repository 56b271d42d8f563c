/**
 * Figures of a trace (a vector of samples): the statistics that scopes measure, alarms watch and
 * IMs report, computed in one place for every side.
 */
package org.instrumentelement.ial.trace;
