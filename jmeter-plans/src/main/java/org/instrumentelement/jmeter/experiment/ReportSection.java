package org.instrumentelement.jmeter.experiment;

/** One part of report.md, written from the measured points. */
interface ReportSection {
  /** Appends this section's Markdown (a heading, text and tables) to the report. */
  void appendTo(StringBuilder b);
}
