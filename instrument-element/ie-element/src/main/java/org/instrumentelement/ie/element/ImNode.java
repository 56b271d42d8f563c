package org.instrumentelement.ie.element;

import java.util.List;
import org.instrumentelement.ie.config.ImConfig;
import org.instrumentelement.im.InstrumentManager;

/**
 * One Instrument Manager in the hierarchy.
 *
 * @param path slash-separated names from the top, e.g. {@code lab/scope}
 * @param parentPath the parent's path, or empty at the top
 * @param children paths of the IMs directly below, in configuration order
 */
public record ImNode(
    String path, String parentPath, ImConfig config, InstrumentManager im, List<String> children) {}
