/**
 * Replay: a recording used as an instrument, {@code REPLAY::<recording>[::<speed>][::once]}. An IM
 * of the recorded type (oscilloscope, array) opened on such an address talks to a simulated
 * instrument of its type whose data query answers the recorded vectors, bit for bit, at the pace
 * they were acquired (or {@code speed} times faster), in a loop or once. Reads the files by their
 * documented layout only (docs/recording.md), as any reader of a recording would.
 */
package org.instrumentelement.ie.replay;
