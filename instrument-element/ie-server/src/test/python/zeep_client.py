"""A third-party SOAP toolkit (Python zeep) driving the Instrument Element from its WSDL.

Run by ThirdPartyClientIT; also a usage example: python3 zeep_client.py <endpoint-url> <user> <password>
"""
import struct
import sys

import requests
import zeep
from zeep.transports import Transport

url, user, password = sys.argv[1:4]
session = requests.Session()
session.auth = requests.auth.HTTPBasicAuth(user, password)  # HTTP Basic, over HTTPS in a lab
ie = zeep.Client(url + "?wsdl", transport=Transport(session=session)).service

paths = [im.path for im in ie.listInstrumentManagers()]
assert "lab/array2500" in paths and "lab/scope" in paths, paths

xml = ie.getAttribute(im="lab/array2500", attribute="vector")
assert xml.type == "DOUBLE_ARRAY" and xml.length == 2500 and len(xml.doubles) == 2500, xml.length

binary = ie.getAttribute(im="lab/array2500", attribute="vector", encoding="BINARY")
values = struct.unpack("<2500d", binary.data)  # little-endian IEEE-754 doubles
assert len(values) == 2500

applied = ie.setParameter(im="lab/scope", parameter="timebase", value={"doubleValue": 0.002})
assert applied.doubleValue == 0.002 and applied.units == "s/div", applied

assert ie.executeCommand(im="lab/scope", command="stop").state == "LINKED"
assert ie.executeCommand(im="lab/scope", command="single").state == "LINKED"
assert ie.executeCommand(im="lab/scope", command="start").state == "RUNNING"

try:
    ie.setParameter(im="lab/scope", parameter="timebase", value={"doubleValue": 100})
    raise AssertionError("an out-of-range value was accepted")
except zeep.exceptions.Fault as fault:
    ns = {"ie": "http://instrumentelement.org/ie/1"}
    assert fault.detail.find("ie:fault/ie:code", ns).text == "OUT_OF_RANGE", zeep.helpers.serialize_object(fault.detail)

ie.setParameter(im="lab/scope", parameter="timebase", value={"doubleValue": 0.001})
print("zeep client: all checks passed")
