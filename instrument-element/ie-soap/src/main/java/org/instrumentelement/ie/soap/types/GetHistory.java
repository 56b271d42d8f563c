package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/**
 * Request: what an archived attribute did between two times (docs/history.md): every sample (raw),
 * or the range cut into {@code buckets} with their statistics (processed).
 */
@XmlType(
    name = "GetHistory",
    propOrder = {
      "im",
      "attribute",
      "from",
      "to",
      "buckets",
      "limit",
      "continuation",
      "encoding",
      "packed"
    })
public class GetHistory implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  /** The start of the range (inclusive); absent: one hour before {@code to}. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant from;

  /** The end of the range (inclusive); absent: now. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant to;

  /** Present: processed, the range cut into this many buckets (1 to 10,000); absent: raw. */
  public Integer buckets;

  /** Raw: the most samples in the answer (at most, and by default, {@code history.rawLimit}). */
  public Integer limit;

  /** Raw: the token a previous answer gave, to go on after its last sample. */
  public String continuation;

  /** Raw: the samples as XML elements (default) or as BINARY columns. */
  public VectorEncoding encoding;

  /**
   * Raw: true for packed BINARY columns ({@code packedTimes}, {@code sequenceRuns}, {@code
   * qualityRuns}, {@code provenanceRuns} in place of {@code times}, {@code sequences}, {@code
   * qualities}, {@code provenances}; docs/history.md); with encoding XML it is refused.
   */
  public Boolean packed;

  @Override
  public String targetIm() {
    return im;
  }
}
