/**
 * The vendor profiles' everyday flows as tests: each flow, transcribed from a programming guide,
 * runs in every spelling against the simulator, in memory, over the IAL's transports and with
 * pyvisa-py.
 */
package org.instrumentelement.ial.flows;
