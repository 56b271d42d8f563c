/**
 * Long-running commands: the progress a command's body reports, the record of one run (state,
 * progress, intermediate and final results) and the runner that executes runs on threads of its
 * own, cancels them and keeps their status for a while after they end. Knows nothing of SOAP or
 * JMS: the Instrument Element serves and publishes what a {@link
 * org.instrumentelement.im.command.CommandRunner} reports.
 */
package org.instrumentelement.im.command;
