/**
 * What the IE hands its history archive ({@code ie-history}): the published samples of the
 * attributes it archives, and the gaps when an IM leaves LINKED or sampling stops.
 */
package org.instrumentelement.ie.archive;
