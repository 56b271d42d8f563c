/**
 * SCPI as an instrument reads it (IEEE 488.2 chapter 7, SCPI-99 chapters 6 and 7): program messages
 * cut into units with the {@code ;} and {@code :} path rules ({@link ProgramMessageParser}),
 * headers matched against a command tree declared once in the usual notation, every
 * short/long/any-case spelling derived from it ({@link HeaderPattern}, {@link CommandTree}),
 * parameters as numbers with units and multipliers, keywords in short or long form, booleans and
 * strings ({@link ProgramData}, {@link Keyword}, {@link UnitSuffix}), and the standard error codes
 * ({@link ScpiError}). Knows nothing of sockets: the simulated instruments use it, and it is tested
 * on strings.
 */
package org.instrumentelement.ial.scpi.device;
