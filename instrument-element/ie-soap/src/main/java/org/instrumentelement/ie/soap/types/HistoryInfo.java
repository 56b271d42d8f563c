package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;
import java.util.List;

/**
 * What an archived attribute did over a range: its samples (raw, as {@code sample} elements or as
 * BINARY columns) or its buckets (processed), with the gaps in the range and, for a raw answer that
 * holds less than the range, the token to go on.
 */
@XmlType(
    name = "HistoryInfo",
    propOrder = {
      "sample",
      "times",
      "values",
      "sequences",
      "qualities",
      "provenances",
      "packedTimes",
      "sequenceRuns",
      "qualityRuns",
      "provenanceRuns",
      "bucket",
      "gap",
      "continuation"
    })
public class HistoryInfo {
  /** Raw, encoding XML: the samples in time order. */
  public List<HistorySample> sample;

  /**
   * Raw, encoding BINARY: when each sample was produced, little-endian int64 µs since the epoch.
   */
  public byte[] times;

  /** Raw, encoding BINARY, scalars: the values, little-endian float64. */
  public byte[] values;

  /** Raw, encoding BINARY: the sequence numbers, little-endian int64. */
  public byte[] sequences;

  /**
   * Raw, encoding BINARY: the qualities, one byte each (0 GOOD, 1 WARNING, 2 ALARM, 3 UNCERTAIN, 4
   * BAD).
   */
  public byte[] qualities;

  /** Raw, encoding BINARY: the provenance revisions, little-endian int64. */
  public byte[] provenances;

  /**
   * Raw, packed: the first time as little-endian int64 µs, then the zigzag LEB128 varint of each
   * following sample's delta of delta ({@code PackedColumns} of ie-contract).
   */
  public byte[] packedTimes;

  /** Raw, packed: runs of consecutive sequence numbers, each first int64 and length uint32 LE. */
  public byte[] sequenceRuns;

  /** Raw, packed: runs of equal quality, each the quality byte and length uint32 LE. */
  public byte[] qualityRuns;

  /** Raw, packed: runs of equal provenance revision, each revision int64 and length uint32 LE. */
  public byte[] provenanceRuns;

  /** Processed: the buckets in time order. */
  public List<HistoryBucket> bucket;

  /** The gaps in the range: where nothing was archived, and why. */
  public List<HistoryGap> gap;

  /** Raw: present when more samples remain in the range; send it back to go on. */
  public String continuation;

  /** The range answered. */
  @XmlAttribute
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant from;

  @XmlAttribute
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant to;

  /** DOUBLE for a scalar series, DOUBLE_ARRAY for vectors (raw lists their times only). */
  @XmlAttribute public ValueType type;

  @XmlAttribute public String units;

  /** Raw: how many samples this answer holds. */
  @XmlAttribute public Integer count;
}
