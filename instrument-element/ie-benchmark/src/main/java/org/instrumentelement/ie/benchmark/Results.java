package org.instrumentelement.ie.benchmark;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.link.LinkAccuracy;

/**
 * Every figure of a run, as the JSON file holds it (docs/benchmark.md, "The results file"): each
 * measurement fills its part; a part that did not run stays null and is left out of the file. A
 * figure that could not be measured is NaN, written as {@code null}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
final class Results {
  String started;
  MachineFigures machine;
  String settings;
  Link link;
  List<PollingPoint> polling;
  PollingFloor pollingFloor;
  PollingFloor pollingMaxAge;
  MaxAgeToFloor pollingMaxAgeToFloor;
  Map<String, Double> wireBytesPerVector;
  Subscription subscription;
  Peer peer;
  Tls subscriptionTls;
  List<ViewerPoint> viewers;
  List<LadderCell> ladder;
  Loss loss;
  SensorNetwork sensors;
  Recording recording;
  History history;
  Codes codes;
  List<HeapReading> soakHeap;
  Soak soak;
  List<TargetResult> targets;

  /** The machine, as the results file states it. */
  /**
   * The shaped link of {@code --link}: asked, and measured just before the stages ({@link
   * LinkAccuracy}).
   */
  record Link(
      String asked,
      String mechanism,
      double roundTripMillisAsked,
      double roundTripMillisMeasured,
      double megabitsPerSecondAsked,
      double payloadMegabitsPerSecondMeasured) {
    static Link of(LinkAccuracy a) {
      return new Link(
          a.asked().toString(),
          a.mechanism(),
          a.asked().roundTripMillis(),
          a.roundTripMillis(),
          a.asked().megabitsPerSecond(),
          a.megabitsPerSecond());
    }
  }

  record MachineFigures(int cores, String java, String os, String cpu, String loadAverage) {
    static MachineFigures of(Machine m) {
      return new MachineFigures(m.cores(), m.java(), m.os(), m.cpu(), m.loadAverages());
    }
  }

  /** One polling point: an encoding, a vector length and a number of clients. */
  record PollingPoint(
      String encoding,
      int length,
      int clients,
      double vectorsPerSecond,
      double ieCpuMicrosPerResponse,
      double ieSystemMicrosPerResponse,
      double meanResponseMillis,
      long errors) {}

  /** The fixed cost of a poll, measured with a short text. */
  record PollingFloor(
      String what,
      double answersPerSecond,
      double ieCpuMicrosPerResponse,
      double ieSystemMicrosPerResponse,
      long errors) {}

  /**
   * The maxAge point's IE CPU per answer over the floor's, measured side by side in pairs of
   * windows ({@link PollingMaxAgeBesideFloor}).
   *
   * @param ratios one per pair, in the order measured
   * @param floorAnsweringMicrosPerResponse the floor's IE CPU per answer less the JVM's own threads
   *     (compilers, collector, VM thread), median of its windows
   * @param maxAgeAnsweringMicrosPerResponse the same for the maxAge point
   * @param answeringRatios the ratio of those two per pair, in the order measured
   */
  record MaxAgeToFloor(
      double[] ratios,
      double medianRatio,
      double maxRatio,
      double floorAnsweringMicrosPerResponse,
      double maxAgeAnsweringMicrosPerResponse,
      double[] answeringRatios,
      double medianAnsweringRatio,
      double maxAnsweringRatio) {}

  /** The subscription figures: one object whose parts come from three measurements. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
  static final class Subscription {
    @JsonUnwrapped FullRate fullRate;
    @JsonUnwrapped Latency latency;
    Double jmsWireBytesPerVector;
    Loss fullRateLoss;
    Loss rate100Loss;
  }

  /** The IE sampling as fast as it can to 40 subscribers, against a bare publisher. */
  record FullRate(
      long ieSamplingPeriodMicros,
      double ieDeliveriesPerSecond,
      double ieCpuMicrosPerDeliveryAtFullRate,
      long iePublishedSamples,
      long ieSupersededSamples,
      double bareDeliveriesPerSecond,
      double bareCpuMicrosPerDeliveryAtFullRate,
      double ieToBareRatio) {}

  /** 100 samples per second to 40 subscribers, from the IE and from a bare publisher. */
  record Latency(
      double rate100DeliveriesPerSecond,
      double latencyP50Millis,
      double latencyP99Millis,
      long latencySamples,
      double ieCpuMicrosPerDelivery,
      double bareRate100DeliveriesPerSecond,
      double bareLatencyP50Millis,
      double bareLatencyP99Millis,
      double bareCpuMicrosPerDelivery) {}

  /**
   * The OPC UA peer's figures ({@code --peer=opcua}), each of its runs made just before ({@code
   * before}) and just after ({@code after}) the IE's, and the ratios of the IE's figures to them.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
  static final class Peer {
    /** The peer's server, as it names itself: {@code Eclipse Milo <version>}. */
    String implementation;

    List<PeerPollingPoint> polling;
    Map<String, Double> wireBytesPerRead;
    List<PeerSubscriptionRun> subscription;
    List<PeerRatio> ratios;
  }

  /**
   * One polling point of the OPC UA peer: sessions reading a {@code Double[length]} in closed
   * loops.
   *
   * @param run {@code before} or {@code after} the IE's polling run
   * @param serverCpuMicrosPerRead the server process's CPU per read
   * @param meanResponseMillis clients over reads per second, as the IE's figure
   * @param latencyP50Millis a read's round trip at the client, over the measured time
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when the run began
   */
  record PeerPollingPoint(
      String run,
      int length,
      int clients,
      double readsPerSecond,
      double serverCpuMicrosPerRead,
      double serverSystemMicrosPerRead,
      double meanResponseMillis,
      double latencyP50Millis,
      double latencyP99Millis,
      long errors,
      String loadAverage) {}

  /**
   * One subscription run of the OPC UA peer: the server replacing a {@code Double[length]} at a
   * fixed rate, each session subscribed to it.
   *
   * @param publishingIntervalMillis the publishing interval the server granted
   * @param queueSize the MonitoredItem queue size the server granted
   * @param latencyP50Millis arrival minus the update's time, over the measured time
   * @param delivered values delivered, over the whole run (warm-up included), duplicates not
   * @param lost sequence numbers never delivered, between each subscriber's first and last
   * @param wireBytesPerDelivery bytes the server sends one subscriber per delivered value (null
   *     after the IE's run: measured once)
   */
  record PeerSubscriptionRun(
      String run,
      int length,
      int subscribers,
      int updatesPerSecond,
      double publishingIntervalMillis,
      long queueSize,
      double deliveriesPerSecond,
      double serverCpuMicrosPerDelivery,
      double serverSystemMicrosPerDelivery,
      double latencyP50Millis,
      double latencyP99Millis,
      long latencySamples,
      long delivered,
      long lost,
      long late,
      long duplicates,
      long errors,
      double wireBytesPerDelivery,
      String loadAverage) {}

  /**
   * An IE figure over the same figure of the OPC UA peer's runs before and after it.
   *
   * @param ie the IE's figure
   * @param peerBefore the peer's, in its run before the IE's (NaN: not measured)
   * @param ratioBefore {@code ie / peerBefore}
   */
  record PeerRatio(
      String figure,
      double ie,
      double peerBefore,
      double peerAfter,
      double ratioBefore,
      double ratioAfter) {}

  /**
   * 100 samples per second to 40 subscribers over plain OpenWire and over TLS, from one IE with a
   * keystore, alternately (means of two runs each).
   */
  record Tls(
      double plainDeliveriesPerSecond,
      double plainLatencyP50Millis,
      double plainLatencyP99Millis,
      double plainCpuMicrosPerDelivery,
      double tlsDeliveriesPerSecond,
      double tlsLatencyP50Millis,
      double tlsLatencyP99Millis,
      double tlsCpuMicrosPerDelivery,
      double tlsToPlainCpuRatio) {}

  /**
   * One point of the live-trace load: this many portal viewers watching one waveform.
   *
   * @param framesPerSecondPerViewer frames received per second, over all viewers, per viewer
   * @param fewestFramesPerSecond frames per second of the viewer that received the fewest
   * @param latencyMaxMillis the largest latency of any frame in the measured repetitions
   * @param framesOver200Millis frames that arrived more than 200 ms after their acquisition
   * @param framesMeasured frames whose latency was measured
   * @param ieCpuMicrosPerFrame the IE process's CPU (IE, broker and portal) per delivered frame
   * @param ieCpuMicrosPerFrameAboveIdle the same, less what the IE spends sampling unwatched
   * @param framesBuiltPerSnapshot frames the portal built per snapshot sent out (encode-once: 1)
   * @param superseded frames the portal replaced by newer ones for viewers that fell behind
   * @param mostWaiting the most frames waiting for one viewer at the end (at most 2 per trace)
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when the point began
   */
  record ViewerPoint(
      int viewers,
      String format,
      int window,
      double framesPerSecondPerViewer,
      double fewestFramesPerSecond,
      double latencyP50Millis,
      double latencyP99Millis,
      double latencyMaxMillis,
      long framesOver200Millis,
      long framesMeasured,
      double ieCpuMicrosPerFrame,
      double ieCpuMicrosPerFrameAboveIdle,
      double loadGeneratorCpuMicrosPerFrame,
      double bytesPerFrame,
      double framesBuiltPerSnapshot,
      long superseded,
      int mostWaiting,
      long errors,
      String loadAverage) {}

  /**
   * The sensor-network load: simulated nodes publishing over MQTT, their aggregate vector sampled
   * and received by one subscriber.
   *
   * @param messagesLost sent by the nodes and never taken by the IM
   * @param sequenceGaps messages the IM saw missing from the nodes' numbering
   * @param latencyP50Millis a node's publish to the arrival of the aggregate vector holding it
   * @param ieCpuMicrosPerNodeMessage the IE process's CPU (broker, IM, sampling) per node message
   * @param samplingPeriodMillis how often the IE samples the aggregate (part of the latency)
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when the load began
   */
  record SensorNetwork(
      int nodes,
      double messagesPerSecondPerNode,
      long messagesSent,
      long messagesTaken,
      long messagesLost,
      long sequenceGaps,
      double latencyP50Millis,
      double latencyP99Millis,
      long latencySamples,
      double ieCpuMicrosPerNodeMessage,
      int samplingPeriodMillis,
      String loadAverage) {}

  /**
   * The Kieker study's loss accounting of one subscription run: what the IE published on the topic,
   * and per subscriber what it accounts for ({@link SequenceLedger}), with per-minute windows, the
   * first minute left out.
   *
   * @param run what ran: rate, subscribers, length
   * @param seconds from the start of sampling to its end
   * @param iePublished samples the IE published on the topic meanwhile ({@code
   *     getSubscriptionInfo})
   * @param ieSuperseded samples the IE's publisher replaced by newer ones before the broker took
   *     them
   * @param ieDiscarded messages the broker dropped for slow subscribers (null: not known)
   * @param published per subscriber summed: the numbers it accounts for, delivered + lost
   * @param lost numbers that never arrived (gaps in {@code ieSequence}, and at the end of a {@code
   *     loss} run those published after the last one seen)
   * @param late numbers that arrived after a later one (delivered, not lost)
   * @param duplicates numbers that arrived twice (not counted as delivered again)
   * @param restarts new {@code ieEpoch}s seen (the IE restarted)
   * @param minutesCounted complete minutes after the first, of which the per-minute figures are
   * @param deliveredPerMinuteMean mean over subscribers and minutes (NaN when no minute counted)
   * @param note why per-minute figures are missing, or null
   */
  record Loss(
      String run,
      int subscribers,
      double seconds,
      long iePublished,
      long ieSuperseded,
      Long ieDiscarded,
      long published,
      long delivered,
      long lost,
      long late,
      long duplicates,
      long restarts,
      int minutesCounted,
      double deliveredPerMinuteMean,
      double deliveredPerMinuteStdDev,
      double lostPerMinuteMean,
      double lostPerMinuteStdDev,
      String note,
      List<SubscriberLoss> perSubscriber) {}

  /** One subscriber's account; its per-minute means leave the first minute out, as above. */
  record SubscriberLoss(
      int subscriber,
      long published,
      long delivered,
      long lost,
      long late,
      long duplicates,
      double deliveredPerMinuteMean,
      double lostPerMinuteMean) {}

  /**
   * One cell of the streaming ladder (the Sensor Abstraction Layer study): this many clients
   * getting vectors of this size by polling or by subscription.
   *
   * @param mode {@code polling} (BINARY getAttribute, each client as fast as it can) or {@code
   *     subscription} (each client a JMS subscriber, the IE sampling at a fixed rate)
   * @param bytes raw bytes per vector (8 per double)
   * @param vectorsPerClientPerSecond vectors each client received per second, on average
   * @param ieCpuMicrosPerVector the IE process's CPU per vector delivered or answered
   * @param rssMinMegabytes the IE process's resident memory (VmRSS), least of the readings
   * @param rssReadings readings of VmRSS, twice a second during the measured time
   * @param lost subscription: numbers missing between each subscriber's first and last message
   */
  record LadderCell(
      String mode,
      int bytes,
      int length,
      int clients,
      double vectorsPerClientPerSecond,
      double vectorsPerSecond,
      double ieCpuMicrosPerVector,
      double ieJitMicrosPerVector,
      double rssMinMegabytes,
      double rssMeanMegabytes,
      double rssMaxMegabytes,
      int rssReadings,
      long errors,
      long lost) {}

  /**
   * What recording costs: the same samples published alone, then published and recorded.
   *
   * @param samplesPerSecond the sampling rate asked for
   * @param ieCpuMicrosPerVectorPublishing the IE process's CPU per vector published, not recorded
   * @param ieCpuMicrosPerVectorPublishingAndRecording the same while every vector is also recorded
   * @param ieCpuMicrosPerRecordedVector the difference of the two CPU rates per recorded vector
   * @param vectorsRecorded samples the recording took
   * @param vectorsDropped samples it could not keep up with (lost to it)
   * @param bytesOnDiskPerVector its segment files' bytes per vector (raw doubles: 8 x length)
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when it began
   */
  record Recording(
      int samplesPerSecond,
      int vectorLength,
      double publishingVectorsPerSecond,
      double ieCpuMicrosPerVectorPublishing,
      double recordingVectorsPerSecond,
      double ieCpuMicrosPerVectorPublishingAndRecording,
      double ieCpuMicrosPerRecordedVector,
      long vectorsRecorded,
      long vectorsDropped,
      double bytesOnDiskPerVector,
      String loadAverage) {}

  /**
   * The history archive (--only=history): a synthetic archive written offline, an IE answering
   * queries on it, and the live cost of archiving.
   *
   * @param samplesWritten samples of the synthetic archive
   * @param writtenPerSecond how fast the archive's writer took them
   * @param writerCpuMicrosPerSample the writing process's CPU per sample (journal, segments)
   * @param bytesPerSample10Hz segment bytes per sample of the 10/s series (a week)
   * @param bytesPerSample1Hz segment bytes per sample of the 100 series at 1/s (a day)
   * @param bytesPerSampleDirectory the archive directory's bytes per sample (index, gaps, journal)
   * @param buckets buckets of each trend
   * @param hourFirstMillis the first hour trend's answer (segments read from disk)
   * @param hourMedianMillis the median of the next ones
   * @param rawSamples samples of the raw read (the last day of the 10/s series)
   * @param rawBinaryPerSecond samples per second reading it in pages, BINARY
   * @param rawMtomPerSecond the same with the columns as MTOM attachments (an MTOM request)
   * @param rawPackedPerSecond the same in packed BINARY columns, decoded by the client
   * @param rawPackedIeCpuNanos the IE process's CPU per sample read packed
   * @param rawPackedMtomPerSecond packed columns as MTOM attachments
   * @param rawSlicedPerSecond packed over MTOM, the day cut into {@code rawSlices} time slices read
   *     at once (the Java client's RawHistory)
   * @param rawSlices the number of those slices
   * @param rawXmlPerSecond the same in XML
   * @param liveOffPerSecond samples published per second with the archive off
   * @param liveOffCpuMicros the IE's CPU per published sample with the archive off
   * @param liveOnPerSecond samples published (and archived) per second with it on
   * @param liveOnCpuMicros the IE's CPU per sample with it on
   * @param archivingCpuMicros the difference per archived sample: what archiving costs the IE
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when it began
   */
  record History(
      long samplesWritten,
      double writtenPerSecond,
      double writerCpuMicrosPerSample,
      double bytesPerSample10Hz,
      double bytesPerSample1Hz,
      double bytesPerSampleDirectory,
      int buckets,
      double hourFirstMillis,
      double hourMedianMillis,
      double hourP95Millis,
      double dayFirstMillis,
      double dayMedianMillis,
      double dayP95Millis,
      double weekFirstMillis,
      double weekMedianMillis,
      double weekP95Millis,
      long rawSamples,
      double rawBinaryPerSecond,
      double rawBinaryIeCpuNanos,
      double rawMtomPerSecond,
      double rawPackedPerSecond,
      double rawPackedIeCpuNanos,
      double rawPackedMtomPerSecond,
      double rawSlicedPerSecond,
      int rawSlices,
      double rawXmlPerSecond,
      double liveOffPerSecond,
      double liveOffCpuMicros,
      double liveOnPerSecond,
      double liveOnCpuMicros,
      double archivingCpuMicros,
      String loadAverage) {}

  /** One reading of the soak: the heap in use right after a full GC. */
  /**
   * A scope trace as doubles and as codes (--only=codes): the mock Keysight scope's trace in each
   * of its formats.
   *
   * @param points the trace's length
   * @param samplesPerSecond how often the IE sampled it while measuring
   * @param subscribers the subscribers of the CPU figures
   * @param formats the figures of each format (WORD, BYTE)
   * @param loadAverage the machine's 1, 5 and 15 minute load averages when it began
   */
  record Codes(
      int points,
      int samplesPerSecond,
      int subscribers,
      List<CodesFormat> formats,
      String loadAverage) {}

  /**
   * One format's figures, bytes per trace.
   *
   * @param format the scope's {@code dataFormat}: WORD (16-bit codes) or BYTE (8-bit)
   * @param topicBytesDoubles a message of the attribute's topic (doubles) as a subscriber receives
   *     it: body and marshalled properties
   * @param topicBytesCodes a message of its {@code .codes} topic
   * @param pollBytesBinary a getAttribute answer in BINARY, HTTP included
   * @param pollBytesMtom the same as an MTOM attachment
   * @param pollBytesCodes the same in CODES
   * @param recordingBytesDoubles a recording's segment bytes per vector of 2,500 doubles (the mock
   *     lab's array IM, recorded beside the scope)
   * @param recordingBytesCodes a recording's segment bytes per trace of codes
   * @param historyBytesDoubles the history archive's segment bytes per vector of 2,500 doubles
   * @param historyBytesCodes the history archive's segment bytes per trace of codes
   * @param ieCpuMicrosPerTraceNoSubscriber the IE's CPU per trace sampled, no subscriber
   * @param ieCpuMicrosPerDeliveredDoubles the IE's CPU per trace delivered to the subscribers of
   *     the doubles
   * @param deliveriesPerSecondDoubles their deliveries per second, all subscribers
   * @param ieCpuMicrosPerDeliveredCodes the same for the subscribers of the codes
   * @param deliveriesPerSecondCodes their deliveries per second
   */
  record CodesFormat(
      String format,
      double topicBytesDoubles,
      double topicBytesCodes,
      double pollBytesBinary,
      double pollBytesMtom,
      double pollBytesCodes,
      double recordingBytesDoubles,
      double recordingBytesCodes,
      double historyBytesDoubles,
      double historyBytesCodes,
      double ieCpuMicrosPerTraceNoSubscriber,
      double ieCpuMicrosPerDeliveredDoubles,
      double deliveriesPerSecondDoubles,
      double ieCpuMicrosPerDeliveredCodes,
      double deliveriesPerSecondCodes) {}

  record HeapReading(double minutes, double heapAfterGcMegabytes) {}

  /** The soak's outcome: the heap's trend, and what was served meanwhile. */
  record Soak(
      double heapSlopeMegabytesPerMinute,
      double heapMedianFirstHalfMegabytes,
      double heapMedianSecondHalfMegabytes,
      long responses,
      long deliveries,
      long errors) {}

  /** A target and whether the run met it (not met when not measured). */
  record TargetResult(String figure, String target, double value, boolean measured, boolean met) {}
}
