package org.instrumentelement.ial.mock;

/**
 * How a model writes its answers, declared once in its file beside its commands, as its manual
 * writes them: {@code answer.real} and {@code answer.integer} (the forms of numeric settings,
 * computed replies and measurements), {@code answer.errorCode} and {@code answer.noError} (the
 * {@code SYSTem:ERRor?} entry of an empty queue: {@code +0,"No error"} on Keysight, {@code 0,"No
 * error"} on Rohde &amp; Schwarz), {@code answer.blockDigits} (the length digits of a block header:
 * Rigol always writes nine, {@code #9000001200}) and {@code answer.events} (how errors are
 * reported: SCPI's error queue, or Tektronix's event queue read through {@code *ESR?}).
 *
 * @param blockDigits the fewest digits of a block's length, 1 for as few as it needs
 * @param tektronixEvents whether errors and events go to a Tektronix event queue ({@code ALLEv?},
 *     {@code EVMsg?}, {@code EVENT?}), readable once {@code *ESR?} has summarised them
 */
record AnswerForms(
    NumberForm real,
    NumberForm integer,
    NumberForm errorCode,
    String noError,
    int blockDigits,
    boolean tektronixEvents) {
  /** What a model that declares nothing answers. */
  static final AnswerForms DEFAULT =
      new AnswerForms(
          NumberForm.JAVA,
          NumberForm.PLAIN_INTEGER,
          NumberForm.PLAIN_INTEGER,
          "No error",
          1,
          false);

  /** A number of a computed reply: an integer form when it is whole, else the real form. */
  String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? integer.format(v) : real.format(v);
  }
}
