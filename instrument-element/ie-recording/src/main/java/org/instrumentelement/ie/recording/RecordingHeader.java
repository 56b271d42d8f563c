package org.instrumentelement.ie.recording;

import java.time.Instant;

/**
 * What every segment of a recording says about the whole recording and the IE that made it.
 *
 * @param ieVersion the IE's version (its jar's), or {@code unknown} when run from classes
 * @param host the machine's name
 */
record RecordingHeader(
    String id,
    String note,
    String startedBy,
    Instant startedAt,
    String ieName,
    String ieVersion,
    String host) {}
