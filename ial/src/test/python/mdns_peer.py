"""A third-party mDNS peer for ThirdPartyMdnsIT: python-zeroconf (Debian's python3-zeroconf) on
the loopback interface only.

  mdns_peer.py publish NAME SOCKET_PORT HISLIP_PORT
      announces an LXI-style instrument NAME (_scpi-raw._tcp and _hislip._tcp on 127.0.0.1 at
      those ports, with the LXI TXT keys), prints "ready", and withdraws it when stdin closes.
  mdns_peer.py browse TYPE SECONDS [TEXT...]
      browses TYPE (e.g. _hislip._tcp.local.) and prints one line per service resolved:
      name, port, addresses, and the TXT keys; for SECONDS, or until every TEXT given is in a
      line printed.
"""
import socket
import sys
import time

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf


def zeroconf():
    return Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def publish(name, socket_port, hislip_port):
    zc = zeroconf()
    txt = {"txtvers": "1", "Manufacturer": "Python Peer", "Model": "ZC-1", "SerialNumber": "ZC0001",
           "FirmwareVersion": "0.47"}
    infos = [
        ServiceInfo(t + "._tcp.local.", name + "." + t + "._tcp.local.",
                    addresses=[socket.inet_aton("127.0.0.1")], port=port, properties=txt,
                    server="python-peer.local.")
        for t, port in (("_scpi-raw", socket_port), ("_hislip", hislip_port))
    ]
    for info in infos:
        zc.register_service(info)
    print("ready", flush=True)
    sys.stdin.read()
    for info in infos:
        zc.unregister_service(info)
    zc.close()


def browse(service_type, seconds, awaited):
    zc = zeroconf()
    names = set()
    ServiceBrowser(zc, service_type, handlers=[lambda zeroconf, service_type, name, state_change:
                                               names.add(name)])
    deadline = time.time() + seconds
    done = set()
    missing = set(awaited)
    while time.time() < deadline and (missing or not awaited):
        for name in list(names - done):
            info = zc.get_service_info(service_type, name, timeout=1000)
            if info is not None:
                done.add(name)
                props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
                line = " ".join([name, str(info.port), ",".join(info.parsed_addresses()),
                                 str(sorted(props.items()))])
                print(line, flush=True)
                missing = {t for t in missing if t not in line}
        time.sleep(0.1)
    zc.close()


if __name__ == "__main__":
    if sys.argv[1] == "publish":
        publish(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        browse(sys.argv[2], float(sys.argv[3]), sys.argv[4:])
