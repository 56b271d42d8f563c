/**
 * What an Instrument Manager offers, as data: typed values with timestamp and quality, the specs of
 * parameters, attributes and commands, and the validation that refuses bad input before any
 * instrument is touched.
 */
package org.instrumentelement.im.model;
