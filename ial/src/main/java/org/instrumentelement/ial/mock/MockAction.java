package org.instrumentelement.ial.mock;

import java.util.Map;

/**
 * A command without a property of its own ({@code :RUN}, {@code :AUToscale}): it sets properties to
 * fixed values, or, for a query header, answers a fixed reply.
 *
 * @param sets property name to the SCPI argument it is set to (all channels of a per-channel one)
 * @param response the reply to a query header, or {@code null} for a command
 */
record MockAction(String name, ScpiHeader header, Map<String, String> sets, String response) {}
