#!/usr/bin/env bash
# The DORII polling-versus-subscription experiment in one command (docs/jmeter.md). Without options
# it starts an Instrument Element itself (the built-in mock laboratory, on free ports), runs 1,250
# and 2,500 doubles x 5, 10, 20, 40 clients, polling first, then subscription at 1/Tr, and writes
# the report to jmeter-plans/target/report (build output, not tracked).
#   --help                                            every option, its default and meaning
#   --ie.url=URL [--broker.url=URL] [--ie.pid=PID]    measure a running IE instead
#   --out=DIR --warmup=S --duration=S --clients=5,10 --lengths=2500 ...
#   --soak=true --duration=S                          run the soak plan instead
# Builds the IE jar and the JMeter installation first when they are missing or older than the sources.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runner="jmeter-plans/target/jmeter-plans.jar"
measure="instrument-element/ie-measure/target/ie-measure.jar"
ie_jar="instrument-element/ie-server/target/instrument-element.jar"
# The contract (topic names, message properties) as the build copies it for the JMS sampler.
contract() { ls jmeter-plans/target/jmeter/lib/ie-contract-*.jar 2>/dev/null | head -1; }
# --help, wherever it comes, prints the usage and does nothing else: no build, even when the runner
# is older than the sources (its usage may then lack a newer option). Before the first build there
# is no runner to ask: the lines above, and how to build it.
for a in "$@"; do
  case "$a" in
    -h | --help)
      if [ -f "$runner" ] && [ -f "$measure" ] && [ -n "$(contract)" ]; then
        exec java -cp "$runner:$measure:$(contract)" org.instrumentelement.jmeter.experiment.Experiment --help
      fi
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' jmeter-plans/run-experiment.sh
      echo "Every option with its default: the same after the first run, or after"
      echo "  mvn -q -DskipTests -pl jmeter-plans -am package"
      exit 0 ;;
  esac
done
stale=""
if [ -f "$runner" ] && [ -f "$measure" ] && [ -f "$ie_jar" ] && [ -n "$(contract)" ]; then
  stale=$(find ial instrument-managers instrument-element jmeter-plans/src jmeter-plans/pom.xml pom.xml \
    \( -path '*/src/*' -o -name pom.xml \) -type f -newer "$runner" -print -quit)
fi
if [ ! -f "$runner" ] || [ ! -f "$measure" ] || [ ! -f "$ie_jar" ] || [ -z "$(contract)" ] || [ -n "$stale" ]; then
  echo "Building the Instrument Element and JMeter (the first build downloads dependencies)..." >&2
  mvn -q -B -Dstyle.color=never -DskipTests -pl jmeter-plans -am package
fi
command="jmeter-plans/run-experiment.sh${*:+ $*}"
exec java -cp "$runner:$measure:$(contract)" org.instrumentelement.jmeter.experiment.Experiment "--command=$command" "$@"
