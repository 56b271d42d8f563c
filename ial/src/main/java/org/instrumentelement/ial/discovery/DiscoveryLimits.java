package org.instrumentelement.ial.discovery;

import java.time.Duration;

/**
 * What one discovery may cost, whatever the network answers: how many replies it reads, how many
 * services and hosts it keeps, how long names and TXT records may be, how many connections it opens
 * at once. Past a limit the rest is dropped and the report says how much.
 *
 * @param maxReplies datagrams read from portmapper broadcasts, all networks together
 * @param maxServices mDNS service instances resolved, all types together
 * @param maxHosts hosts identified
 * @param maxPortsPerHost ports kept per host (announced or answering), all transports together
 * @param maxDevicesPerHost VXI-11 devices ({@code inst0..}) or HiSLIP sub-addresses tried per host
 * @param maxNameLength characters kept of a name (service instance, host, TXT value)
 * @param maxTxtBytes bytes of a TXT record read; a longer one is reported and cut
 * @param maxSubnetHosts addresses probed, all subnets together
 * @param probeConcurrency connections opened at once when probing subnets
 * @param probeTimeout how long a probe's TCP connect may take
 * @param identifyConcurrency instruments asked {@code *IDN?} at once
 * @param queryTimeout how long opening a session and one {@code *IDN?} may take
 * @param maxProblems problems listed; the others are counted
 */
public record DiscoveryLimits(
    int maxReplies,
    int maxServices,
    int maxHosts,
    int maxPortsPerHost,
    int maxDevicesPerHost,
    int maxNameLength,
    int maxTxtBytes,
    int maxSubnetHosts,
    int probeConcurrency,
    Duration probeTimeout,
    int identifyConcurrency,
    Duration queryTimeout,
    int maxProblems) {

  /** Enough for a laboratory's networks; small enough that a flood costs little. */
  public static final DiscoveryLimits DEFAULTS =
      new DiscoveryLimits(
          4096,
          256,
          256,
          16,
          8,
          128,
          1024,
          4096,
          64,
          Duration.ofMillis(300),
          4,
          Duration.ofSeconds(1),
          100);
}
