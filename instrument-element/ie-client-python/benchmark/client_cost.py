"""What a client costs its own machine per vector of 2,500 doubles: the Python client next to the
Java client (ie-client), against the same IE on the same machine. Not a test: figures to read.

    deploy/bin/ie-client-benchmark              # builds what it needs, then runs this
    deploy/bin/ie-client-benchmark --help

For each case: vectors/s and the client process's CPU time per vector (user + system, all its
threads). ``get``: one thread calling ``getAttribute(lab/array2500, vector)`` one call after the
other, BINARY unless said. ``subscription``: the IM sampled every 1 ms, one subscriber; its rate is
what the IE publishes and the client keeps up with. The IE runs as its own process on the same
cores, so rates depend on how busy the machine is; CPU per vector much less.
"""

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE.parent / "tests"))

from ie_process import IeProcess, java  # noqa: E402
from instrument_element import InstrumentElement  # noqa: E402

BENCHMARK_JAR = HERE.parent.parent / "ie-benchmark" / "target" / "ie-benchmark.jar"
IM, ATTRIBUTE = "lab/array2500", "vector"


def measure(call, warmup, seconds):
    """Calls ``call()`` repeatedly: (calls/s, CPU µs per call, the machine's load average at the
    end) over ``seconds`` after a warm-up."""
    end = time.perf_counter() + warmup
    while time.perf_counter() < end:
        call()
    count, cpu, start = 0, time.process_time(), time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        call()
        count += 1
    rate = count / (time.perf_counter() - start)
    return rate, (time.process_time() - cpu) / count * 1e6, os.getloadavg()[0]


def python_cases(url, user, password, warmup, seconds, zeep_too):
    ie = InstrumentElement(url, user, password)
    array = ie[IM]
    rows = []

    def binary():
        assert array.get(ATTRIBUTE).shape == (2500,)

    def xml():
        assert array.get(ATTRIBUTE, encoding="XML").shape == (2500,)

    rows.append(("Python (instrument_element)", "get BINARY", *measure(binary, warmup, seconds)))
    rows.append(("Python (instrument_element)", "get XML", *measure(xml, warmup, seconds)))
    rows.append(
        (
            "Python (requests + lxml, same parsing)",
            "get BINARY",
            *requests_get(url, user, password, warmup, seconds),
        )
    )
    if zeep_too:
        rows.append(
            (
                "Python (zeep + requests)",
                "get BINARY",
                *zeep_get(url, user, password, warmup, seconds),
            )
        )
    received = [0]
    lock = threading.Lock()

    def on_value(v):
        assert len(v) == 2500
        with lock:
            received[0] += 1

    sub = ie.subscribe(IM, ATTRIBUTE, on_value)
    time.sleep(warmup)
    n, cpu, start = received[0], time.process_time(), time.perf_counter()
    time.sleep(seconds)
    got, elapsed = received[0] - n, time.perf_counter() - start
    rows.append(
        (
            "Python (instrument_element)",
            "subscription",
            got / elapsed,
            (time.process_time() - cpu) / max(got, 1) * 1e6,
            os.getloadavg()[0],
        )
    )
    sub.close()
    ie.close()
    return rows


def requests_get(url, user, password, warmup, seconds):
    """The client's own envelope and parsing over requests instead of http.client: what the
    HTTP library alone costs."""
    import requests

    from instrument_element.soap import SoapEndpoint, field
    from instrument_element.xml_values import value_from_xml

    endpoint = SoapEndpoint(url)
    session = requests.Session()
    session.auth = (user, password)
    session.headers.update(endpoint._headers)
    body = (
        '<?xml version="1.0" encoding="UTF-8"?><soap:Envelope '
        'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" '
        'xmlns:ie="http://instrumentelement.org/ie/1"><soap:Body><ie:getAttribute>'
        + field("im", IM)
        + field("attribute", ATTRIBUTE)
        + field("encoding", "BINARY")
        + "</ie:getAttribute></soap:Body></soap:Envelope>"
    ).encode()

    def call():
        r = session.post(url, data=body)
        answer = endpoint._response("getAttribute", r.status_code, r.reason, r.content)
        assert value_from_xml(answer[0]).shape == (2500,)

    return measure(call, warmup, seconds)


def zeep_get(url, user, password, warmup, seconds):
    import numpy as np
    import requests
    import zeep
    from zeep.transports import Transport

    session = requests.Session()
    session.auth = (user, password)
    service = zeep.Client(url + "?wsdl", transport=Transport(session=session)).service

    def call():
        v = service.getAttribute(im=IM, attribute=ATTRIBUTE, encoding="BINARY")
        assert np.frombuffer(v.data, "<f8").shape == (2500,)

    return measure(call, warmup, seconds)


def java_cases(url, broker, user, password, warmup, seconds, java_options=(), label=""):
    if not BENCHMARK_JAR.is_file():
        raise SystemExit(f"no {BENCHMARK_JAR}: deploy/bin/ie-client-benchmark builds it")
    out = subprocess.run(
        [
            java(),
            *java_options,
            "-cp",
            str(BENCHMARK_JAR),
            "org.instrumentelement.ie.benchmark.ClientCost",
            f"--url={url}",
            f"--broker={broker}",
            f"--user={user}",
            f"--password={password}",
            f"--warmup={warmup}",
            f"--measure={seconds}",
            "--only=" + ("get" if label else "get,subscription"),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows = []
    load = os.getloadavg()[0]
    for line in out.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            rows.append(
                (r["client"] + label, r["case"], r["vectors_per_s"], r["cpu_us_per_vector"], load)
            )
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warmup", type=float, default=15, help="seconds of warm-up per case [15]")
    parser.add_argument("--measure", type=float, default=10, help="seconds measured per case [10]")
    parser.add_argument("--no-java", action="store_true", help="only the Python client")
    parser.add_argument("--no-zeep", action="store_true", help="leave zeep out")
    args = parser.parse_args()

    user = password = "admin"  # configureSampling needs the admin role
    log_dir = Path(os.environ.get("TMPDIR", "/tmp")) / "ie-client-benchmark"
    log_dir.mkdir(exist_ok=True)
    element = IeProcess(log_dir, name="ie").start()
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    load_before = os.getloadavg()
    try:
        admin = InstrumentElement(element.url, user, password)
        admin[IM].configure_sampling(ATTRIBUTE, period=0.001)
        broker = f"tcp://localhost:{element.broker_port}"
        rows = python_cases(
            element.url, user, password, args.warmup, args.measure, not args.no_zeep
        )
        if not args.no_java:
            rows += java_cases(element.url, broker, user, password, args.warmup, args.measure)
            rows += java_cases(
                element.url,
                broker,
                user,
                password,
                args.warmup,
                args.measure,
                ["-Dorg.apache.cxf.transport.http.forceURLConnection=true"],
                ", forceURLConnection",
            )
    finally:
        element.stop()
    print(
        f"\n{started}, {os.cpu_count()} cores, load average before {load_before[0]:.2f}, "
        f"after {os.getloadavg()[0]:.2f}; {args.warmup:g} s warm-up, {args.measure:g} s measured"
    )
    print("\n| Client | Case | vectors/s | client CPU per vector (µs) | load average after |")
    print("|---|---|---|---|---|")
    for client, case, rate, cpu, load in rows:
        print(f"| {client} | {case} | {rate:,.0f} | {cpu:,.0f} | {load:.1f} |")


if __name__ == "__main__":
    main()
