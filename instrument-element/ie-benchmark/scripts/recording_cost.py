"""What recording costs the IE (docs/recording.md, "Figures"): one IE started from its runnable jar
on free ports samples the 2,500-double vector of lab/array2500 every PERIOD ms; its process CPU
time (/proc) is measured while it only publishes, then while it publishes and records the same
samples. Prints the CPU per vector of each phase, their difference per recorded vector, the bytes
on disk per vector, the samples dropped, and the machine's load average (the cores are shared).
Not a test: a short measured run (about a minute).
"""
import argparse
import base64
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request


def main():
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("--jar", default="instrument-element/ie-server/target/instrument-element.jar")
    a.add_argument("--period-ms", type=int, default=1, help="sampling period (1: 1,000 vectors/s)")
    a.add_argument("--seconds", type=int, default=15, help="length of each measured phase")
    a.add_argument("--warmup", type=int, default=20, help="seconds of publishing before measuring")
    args = a.parse_args()

    data = tempfile.mkdtemp(prefix="ie-recording-cost-")
    log_path = os.path.join(data, "ie.log")
    log = open(log_path, "w")
    p = subprocess.Popen(
        ["java", "-Xmx1g", "-jar", args.jar, "--http.port=0", "--broker.port=0",
         "--broker.stompPort=0", "--broker.mqttPort=0", "--broker.tls.port=0",
         "--data.dir=" + os.path.join(data, "data"), "--audit.file=off"],
        stdout=log, stderr=subprocess.STDOUT)
    try:
        url = None
        for _ in range(900):
            time.sleep(0.2)
            m = re.search(r"SOAP endpoint: (\S+)", open(log_path).read())
            if m:
                url = m.group(1)
                break
        assert url, "the IE did not start: see " + log_path
        auth = "Basic " + base64.b64encode(b"admin:admin").decode()

        def soap(body):
            envelope = ('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"'
                        ' xmlns:ie="http://instrumentelement.org/ie/1"><soap:Body>%s'
                        '</soap:Body></soap:Envelope>' % body)
            r = urllib.request.Request(
                url, envelope.encode(), {"Content-Type": "text/xml", "Authorization": auth})
            return urllib.request.urlopen(r, timeout=120).read().decode()

        def cpu():
            f = open("/proc/%d/stat" % p.pid).read().rsplit(")", 1)[1].split()
            return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

        def published():
            r = soap("<ie:getSubscriptionInfo><ie:im>lab/array2500</ie:im>"
                     "<ie:attribute>vector</ie:attribute></ie:getSubscriptionInfo>")
            return int(re.search(r"<published>(\d+)</published>", r).group(1))

        def phase():
            c0, n0, t0 = cpu(), published(), time.time()
            time.sleep(args.seconds)
            c1, n1, t1 = cpu(), published(), time.time()
            return c1 - c0, n1 - n0, t1 - t0

        soap("<ie:configureSampling><ie:im>lab/array2500</ie:im><ie:attribute>vector</ie:attribute>"
             "<ie:samplingPeriodMillis>%d</ie:samplingPeriodMillis></ie:configureSampling>"
             % args.period_ms)
        time.sleep(args.warmup)
        cpu_a, n_a, t_a = phase()
        r = soap("<ie:startRecording><ie:item><ie:im>lab/array2500</ie:im>"
                 "<ie:attribute>vector</ie:attribute></ie:item></ie:startRecording>")
        rid = re.search(r"<recording>([^<]+)</recording>", r).group(1)
        time.sleep(5)
        cpu_b, n_b, t_b = phase()
        r = soap("<ie:stopRecording><ie:recording>%s</ie:recording></ie:stopRecording>" % rid)
        samples = int(re.search(r"<samples>(\d+)</samples>", r).group(1))
        dropped = int(re.search(r"<dropped>(\d+)</dropped>", r).group(1))
        size = int(re.search(r"<bytes>(\d+)</bytes>", r).group(1))
        load = open("/proc/loadavg").read().split()[:3]
    finally:
        p.terminate()
        p.wait(60)
        shutil.rmtree(data, ignore_errors=True)
    print("publishing only:        %4.0f vectors/s, %5.1f us IE CPU per vector"
          % (n_a / t_a, 1e6 * cpu_a / max(1, n_a)))
    print("publishing + recording: %4.0f vectors/s, %5.1f us IE CPU per vector"
          % (n_b / t_b, 1e6 * cpu_b / max(1, n_b)))
    print("recording alone:        %5.1f us IE CPU per recorded vector (the difference)"
          % (1e6 * (cpu_b / t_b - cpu_a / t_a) / max(1e-9, n_b / t_b)))
    print("recorded: %d vectors, %d dropped, %.1f bytes on disk per vector (raw: 20000)"
          % (samples, dropped, size / max(1, samples)))
    print("load average %s on %d cores" % (" ".join(load), os.cpu_count()))


if __name__ == "__main__":
    main()
