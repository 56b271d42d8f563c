package org.instrumentelement.ial.mock;

import org.instrumentelement.ial.scpi.device.HeaderPattern;

/**
 * The files an instrument keeps on its own disk, as far as its example programs use them: a picture
 * of the screen saved to a file ({@code SAVE:IMAGe "C:/screen.png"} on a Tektronix scope, {@code
 * HCOPy:IMMediate} into the file {@code MMEMory:NAME} names on a Rohde &amp; Schwarz one), read
 * back as a block ({@code MMEMory:DATA? 'screen.png'}) or as the file's bytes alone ({@code
 * FILESystem:READFile "C:/screen.png"}), and deleted. {@link VirtualDisk} holds the files.
 *
 * @param directory a string property holding the current directory, which names without one are
 *     taken in, or {@code null}
 * @param screen the screen whose picture {@code save} writes
 * @param save the command saving the picture: into the file its string parameter names, the image
 *     format following the name's extension; or, with {@code saveName}, a command without
 *     parameters saving into the file that property names, with the extension of the screen's
 *     current format
 * @param saveName a string property naming the file {@code save} writes, or {@code null}
 * @param read a query answering the file its parameter names as a definite-length block, or {@code
 *     null}
 * @param send a header answering the file's bytes alone, no block header, or {@code null}
 * @param delete a command deleting a file, or {@code null}
 * @param overwrite whether a save may replace a file (otherwise -200, as on a Rohde &amp; Schwarz
 *     scope, whose examples delete the file first)
 */
record MockDisk(
    String name,
    String directory,
    String screen,
    HeaderPattern save,
    String saveName,
    HeaderPattern read,
    HeaderPattern send,
    HeaderPattern delete,
    boolean overwrite) {}
