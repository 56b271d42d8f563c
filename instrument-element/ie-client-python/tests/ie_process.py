"""An Instrument Element started from its runnable jar as a process of its own, as the Java tests'
ElementProcess does: free ports (or the ports of an earlier run, to restart it in place), output
to a log file, stopped with SIGTERM as systemd would."""

import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
REPOSITORY = PACKAGE_DIR.parent.parent
DEFAULT_JAR = PACKAGE_DIR.parent / "ie-server" / "target" / "instrument-element.jar"

_ENDPOINT = re.compile(r"SOAP endpoint: (\S+)")
# "Embedded broker: tcp://..." without a key; with one, "Embedded broker over TLS: ssl://..."
# first and then the plain connectors (on the loopback interface) or "no plain connectors".
_BROKER = re.compile(r"Embedded broker: tcp://[^:]+:(\d+) \(STOMP (\S+),")
_TLS_BROKER = re.compile(r"Embedded broker over TLS: ssl://[^:]+:(\d+) \(STOMP (\S+),")
_PLAIN_BROKER = re.compile(r"Embedded broker(?:, plain, for this machine only)?: tcp://[^:]+:(\d+) \(STOMP (\S+),")


def java():
    """The JVM to run the IE with: $IE_JAVA (Maven passes its own), $JAVA_HOME's, or java."""
    if os.environ.get("IE_JAVA"):
        return os.environ["IE_JAVA"]
    if os.environ.get("JAVA_HOME"):
        return str(Path(os.environ["JAVA_HOME"]) / "bin" / "java")
    return shutil.which("java") or "java"


def jar():
    path = Path(os.environ.get("IE_JAR", DEFAULT_JAR))
    if not path.is_file():
        raise FileNotFoundError(
            f"no Instrument Element jar at {path}: build it first "
            "(mvn -pl instrument-element/ie-server -am package -DskipTests) or set IE_JAR"
        )
    return path


class IeProcess:
    """One IE process. ``start()`` waits until it serves; ``url``, ``stomp_url`` (the TLS one when
    the IE has a key, as ``getSubscriptionInfo`` gives it) and the ports are known afterwards.
    ``restart()`` stops it and starts a new one on the same ports."""

    def __init__(self, log_dir, options=(), name="ie"):
        self.log_dir = Path(log_dir)
        self.options = list(options)
        self.name = name
        self.http_port = 0
        self.broker_port = 0
        self.stomp_port = 0
        self.tls_port = 0
        self.tls_stomp_port = 0
        self.url = None
        self.stomp_url = None
        self._process = None
        self._runs = 0

    def start(self, timeout=180):
        self._runs += 1
        self.log = self.log_dir / f"{self.name}-{self._runs}.log"
        cmd = [
            java(),
            "-Xmx512m",
            "-jar",
            str(jar()),
            f"--http.port={self.http_port}",
            f"--broker.port={self.broker_port}",
            f"--broker.stompPort={self.stomp_port}",
            "--broker.mqttPort=-1",
            f"--broker.tls.port={self.tls_port}",
            f"--broker.tls.stompPort={self.tls_stomp_port}",
            "--broker.tls.mqttPort=-1",
            "--audit.file=off",
            "--portal.contextPath=off",
            "--data.dir=off",
        ] + self.options
        out = open(self.log, "w")
        self._process = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=self.log_dir
        )
        ready = threading.Event()
        found = {}

        def follow(stream):
            for line in stream:
                out.write(line)
                out.flush()
                m = _ENDPOINT.search(line)
                if m:
                    found["url"] = m.group(1)
                m = _TLS_BROKER.search(line)
                if m:
                    found["tls"], found["stomp"] = m.group(1), m.group(2)
                m = _PLAIN_BROKER.search(line)
                if m:
                    found["broker"] = m.group(1)
                    found.setdefault("stomp", m.group(2))
                    ready.set()
                if "Embedded broker: no plain connectors" in line:
                    ready.set()
            out.close()
            ready.set()

        threading.Thread(target=follow, args=(self._process.stdout,), daemon=True).start()
        if not ready.wait(timeout) or "stomp" not in found:
            self.stop()
            raise RuntimeError(
                f"the Instrument Element did not start; see {self.log}:\n{self.output()[-3000:]}"
            )
        self.url = found["url"]
        self.stomp_url = found["stomp"]
        self.http_port = int(re.search(r":(\d+)/", self.url).group(1))
        if "tls" in found:
            self.tls_port = int(found["tls"])
            self.tls_stomp_port = int(self.stomp_url.rsplit(":", 1)[1])
        else:
            self.stomp_port = int(self.stomp_url.rsplit(":", 1)[1])
        if "broker" in found:
            self.broker_port = int(found["broker"])
        return self

    def output(self):
        return self.log.read_text() if self.log.exists() else ""

    def stop(self):
        """SIGTERM (its shutdown hook closes everything), SIGKILL after 30 s."""
        p = self._process
        if p is None or p.poll() is not None:
            return
        p.terminate()
        try:
            p.wait(30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(30)

    def restart(self, timeout=180):
        """Stops it and starts a new process on the same ports (a new epoch, sequences from 1)."""
        self.stop()
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.start(max(1, deadline - time.monotonic()))
            except RuntimeError:
                if time.monotonic() > deadline or "Address already in use" not in self.output():
                    raise
                time.sleep(0.5)  # a port still held by the old process; try again
