/**
 * Sampling of subscribable attributes: an {@link
 * org.instrumentelement.im.sampling.AttributeSampler} reads an attribute at a period and hands
 * every change (by a {@link org.instrumentelement.im.sampling.ChangeFilter}) and heartbeat to a
 * {@link org.instrumentelement.im.sampling.SampleSink}. Knows nothing of JMS: the Instrument
 * Element's publisher is one sink.
 */
package org.instrumentelement.im.sampling;
