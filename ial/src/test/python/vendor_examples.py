#!/usr/bin/python3
"""Vendors' example programs, as a lab user runs them: pyvisa with the pyvisa-py backend, each
command in the order the manufacturer's programming guide sends it, with the guide's own error check
after every line (an exit on any SYSTem:ERRor? reply that does not start with "+0,").

    vendor_examples.py PROGRAM RESOURCE

PROGRAM is one of:
  infiniivision  Keysight InfiniiVision X-Series programmer's guide, "Programming Examples": the
                 VISA/Python example (initialize, capture, analyze) with do_command,
                 do_query_string, do_query_ieee_block, do_command_ieee_block and
                 check_instrument_errors as the guide writes them
  34461a         Keysight 34461A (Truevolt) programming examples: DC volts with range and
                 resolution, triggered readings into memory, reading memory, statistics
  blocks         blocks in both directions: every byte value 0-255, newlines included; a block
                 holding ';*RST' changes nothing but the setting it was sent to
  vxi11-pieces   VXI-11 with pyvisa-py's own RPC client: a setup block and a block holding
                 commands sent in device_writes of 100 bytes, END on every piece, then END on the
                 last only (RESOURCE is the host; the instrument is inst0)
The commands are facts from the manuals; this script is ours. Prints "PASSED <program>" and exits 0
when the program ran to its end.
"""
import struct
import sys
import zlib

import pyvisa


class ExitedBecauseOfError(Exception):
    pass


class Program:
    def __init__(self, inst):
        self.inst = inst

    # The guide's helpers, as its example writes them.
    def check_instrument_errors(self, command, exit_on_error=True):
        while True:
            error_string = self.inst.query(":SYSTem:ERRor?")
            if error_string:
                if error_string.find("+0,", 0, 3) == -1:
                    message = f"ERROR: {error_string.strip()}, command: '{command}'"
                    if exit_on_error:
                        raise ExitedBecauseOfError(message)
                    print(message)
                else:
                    break
            else:
                raise ExitedBecauseOfError(f":SYSTem:ERRor? returned nothing, command: '{command}'")

    def do_command(self, command):
        self.inst.write(command)
        self.check_instrument_errors(command)

    def do_command_ieee_block(self, command, values):
        self.inst.write_binary_values(f"{command} ", values, datatype="B")
        self.check_instrument_errors(command)

    def do_query_string(self, query):
        result = self.inst.query(query)
        self.check_instrument_errors(query)
        return result.strip()

    def do_query_number(self, query):
        return float(self.do_query_string(query))

    def do_query_ieee_block(self, query):
        result = self.inst.query_binary_values(query, datatype="s", container=bytes)
        self.check_instrument_errors(query, exit_on_error=False)
        return result


def png_size(data):
    """Checks a PNG the way an image library does (signature, chunk CRCs, the image data
    inflating to the size IHDR announces); returns (width, height)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"not a PNG: {data[:8]!r}")
    at, width, height, idat = 8, None, None, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise AssertionError(f"PNG chunk {kind!r} has a bad CRC")
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
            row = 1 + (width * channels * depth + 7) // 8
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        at += 12 + length
    if len(zlib.decompress(idat)) != row * height:
        raise AssertionError("PNG image data does not fill the announced image")
    try:  # An image library, where Debian's python3-pil is installed: the traces must be drawn.
        import io

        from PIL import Image

        image = Image.open(io.BytesIO(data)).convert("RGB")
        colours = set(image.getdata())
        if len(colours) < 4:
            raise AssertionError(f"the screen holds {len(colours)} colours: no traces drawn")
    except ImportError:
        pass
    return width, height


def infiniivision(p):
    # initialize()
    p.inst.clear()
    p.do_command("*CLS")
    idn_string = p.do_query_string("*IDN?")
    if not idn_string.startswith("KEYSIGHT TECHNOLOGIES,"):
        raise AssertionError(f"*IDN? answered {idn_string}")
    p.do_command("*RST")
    # capture()
    p.do_command(":AUToscale")
    p.do_command(":TRIGger:MODE EDGE")
    qresult = p.do_query_string(":TRIGger:MODE?")
    assert qresult == "EDGE", qresult
    p.do_command(":TRIGger:EDGE:SOURce CHANnel1")
    qresult = p.do_query_string(":TRIGger:EDGE:SOURce?")
    assert qresult == "CHAN1", qresult
    p.do_command(":TRIGger:EDGE:LEVel 1.5")
    qresult = p.do_query_string(":TRIGger:EDGE:LEVel?")
    assert float(qresult) == 1.5 and qresult.startswith("+"), qresult
    p.do_command(":TRIGger:EDGE:SLOPe POSitive")
    qresult = p.do_query_string(":TRIGger:EDGE:SLOPe?")
    assert qresult == "POS", qresult
    setup_bytes = p.do_query_ieee_block(":SYSTem:SETup?")
    timebase_after_autoscale = p.do_query_number(":TIMebase:SCALe?")
    p.do_command(":CHANnel1:SCALe 0.05")
    qresult = p.do_query_number(":CHANnel1:SCALe?")
    assert qresult == 0.05, qresult
    p.do_command(":CHANnel1:OFFSet -1.5")
    p.do_command(":TIMebase:SCALe 0.0002")
    p.do_command(":TIMebase:POSition 0.0")
    p.do_command(":ACQuire:TYPE NORMal")
    # "Or, set up oscilloscope by loading a previously saved setup."
    p.do_command_ieee_block(":SYSTem:SETup", setup_bytes)
    assert p.do_query_number(":CHANnel1:SCALe?") != 0.05, "the setup restores the channel scale"
    assert p.do_query_number(":TIMebase:SCALe?") == timebase_after_autoscale
    assert p.do_query_number(":TRIGger:EDGE:LEVel?") == 1.5
    p.do_command(":DIGitize CHANnel1")
    # analyze()
    p.do_command(":MEASure:SOURce CHANnel1")
    qresult = p.do_query_string(":MEASure:SOURce?")
    assert qresult == "CHAN1", qresult
    p.do_command(":MEASure:FREQuency")
    frequency = p.do_query_number(":MEASure:FREQuency?")
    assert abs(frequency - 1000) < 50, f"frequency {frequency}"
    p.do_command(":MEASure:VAMPlitude")
    amplitude = p.do_query_number(":MEASure:VAMPlitude?")
    assert 2.5 < amplitude < 3.5, f"amplitude {amplitude}"
    p.do_command(":HARDcopy:INKSaver OFF")
    screen_bytes = p.do_query_ieee_block(":DISPlay:DATA? PNG, COLor")
    width, height = png_size(screen_bytes)
    assert width > 0 and height > 0
    p.do_command(":WAVeform:POINts:MODE RAW")
    p.do_command(":WAVeform:POINts 10240")
    p.do_command(":WAVeform:SOURce CHANnel1")
    p.do_command(":WAVeform:FORMat BYTE")
    preamble_string = p.do_query_string(":WAVeform:PREamble?")
    (
        wav_form,
        acq_type,
        wfmpts,
        avgcnt,
        x_increment,
        x_origin,
        x_reference,
        y_increment,
        y_origin,
        y_reference,
    ) = preamble_string.split(",")
    assert int(wav_form) == 0 and int(wfmpts) == 10240, preamble_string
    x_increment = p.do_query_number(":WAVeform:XINCrement?")
    x_origin = p.do_query_number(":WAVeform:XORigin?")
    y_increment = p.do_query_number(":WAVeform:YINCrement?")
    y_origin = p.do_query_number(":WAVeform:YORigin?")
    y_reference = p.do_query_number(":WAVeform:YREFerence?")
    data_bytes = p.do_query_ieee_block(":WAVeform:DATA?")
    values = struct.unpack("%dB" % len(data_bytes), data_bytes)
    assert len(values) == 10240, len(values)
    volts = [((v - y_reference) * y_increment) + y_origin for v in values]
    assert 1.2 < max(volts) < 1.8, f"the 1.5 V sine peaks at {max(volts)}"
    assert x_increment > 0 and x_origin < 0


def keysight_34461a(p):
    p.inst.clear()
    p.do_command("*RST")
    p.do_command("*CLS")
    idn = p.do_query_string("*IDN?")
    assert idn.startswith("Keysight Technologies,34461A,"), idn
    # One DC volts reading, range and resolution given.
    reading = p.do_query_number("MEASure:VOLTage:DC? 10,0.001")
    assert abs(reading - 1.23456) < 0.01, reading
    # Configure, then trigger readings into memory.
    p.do_command("CONFigure:VOLTage:DC 10,0.001")
    p.do_command("VOLTage:DC:NPLCycles 10")
    p.do_command("VOLTage:DC:ZERO:AUTO ON")
    p.do_command("VOLTage:DC:IMPedance:AUTO ON")
    p.do_command("TRIGger:SOURce IMMediate")
    p.do_command("TRIGger:DELay:AUTO ON")
    p.do_command("TRIGger:SLOPe POSitive")
    p.do_command("SAMPle:COUNt 5")
    p.do_command("TRIGger:COUNt 2")
    p.do_command("CALCulate:AVERage:STATe ON")
    p.do_command("INITiate")
    p.do_command("*WAI")
    points = p.do_query_string("DATA:POINts?")
    assert points == "+10", points
    readings = p.do_query_string("FETCh?").split(",")
    assert len(readings) == 10 and all(r.startswith("+") and "E" in r for r in readings), readings
    first = p.do_query_string("DATA:REMove? 3").split(",")
    assert len(first) == 3, first
    assert p.do_query_string("DATA:POINts?") == "+7"
    rest = p.inst.query_binary_values("R?", datatype="s", container=bytes)
    p.check_instrument_errors("R?")
    assert len(rest.decode("ascii").split(",")) == 7, rest
    assert p.do_query_string("DATA:POINts?") == "+0"
    average = p.do_query_number("CALCulate:AVERage:AVERage?")
    assert abs(average - 1.23456) < 0.01, average
    assert p.do_query_string("CALCulate:AVERage:COUNt?") == "+10"
    minimum = p.do_query_number("CALCulate:AVERage:MINimum?")
    maximum = p.do_query_number("CALCulate:AVERage:MAXimum?")
    assert minimum <= average <= maximum
    p.do_query_number("CALCulate:AVERage:SDEViation?")
    p.do_command("CALCulate:AVERage:CLEar")
    assert p.do_query_string("CALCulate:AVERage:COUNt?") == "+0"
    # The display and the beeper, as the examples use them to tell the operator.
    p.do_command('DISPlay:TEXT "TEST RUNNING"')
    assert p.do_query_string("DISPlay:TEXT?") == '"TEST RUNNING"'
    p.do_command("DISPlay:TEXT:CLEar")
    p.do_command("SYSTem:BEEPer")
    # READ? with a resistance range, and the counts read back.
    p.do_command("CONFigure:RESistance 10000")
    p.do_command("SAMPle:COUNt 1")
    resistance = p.do_query_number("READ?")
    assert abs(resistance - 1000.25) < 1, resistance
    assert p.do_query_string("SAMPle:COUNt?") == "+1"
    assert p.do_query_number("TRIGger:COUNt?") == 1.0
    assert p.do_query_string("*OPC?") == "1"


def blocks(p):
    p.inst.clear()
    p.do_command("*RST;*CLS")
    p.do_command(":TIMebase:SCALe 0.0005")
    p.do_command(":WAVeform:FORMat WORD")
    # A block holding a newline and commands, on a header that takes none: one -168, nothing else.
    payload = b"abc\n;*RST\n:TIM:SCAL 1\n;*CLS;xyzABCDEFGHIJKL"
    p.inst.write_raw(b":WAVeform:FORMat #2%02d" % len(payload) + payload + b"\n")
    errors = drain(p)
    assert errors == ['-168,"Block data not allowed"'], errors
    assert p.do_query_number(":TIMebase:SCALe?") == 0.0005, "*RST did not run"
    assert p.do_query_string(":WAVeform:FORMat?") == "WORD"
    # pyvisa's own block writer, with every byte value, on a header the scope does not know.
    p.inst.write_binary_values(":NOSuch:HEADer ", bytes(range(256)), datatype="B")
    errors = drain(p)
    assert len(errors) == 1 and errors[0].startswith("-113,"), errors
    # A setup is restored whole or not at all: a damaged one changes nothing.
    setup = p.do_query_ieee_block(":SYSTem:SETup?")
    p.do_command(":TIMebase:SCALe 0.002")
    damaged = bytearray(setup)
    damaged[len(damaged) // 2] ^= 0x0A
    p.inst.write_binary_values(":SYSTem:SETup ", bytes(damaged), datatype="B")
    errors = drain(p)
    assert len(errors) == 1 and errors[0].startswith("-224,"), errors
    assert p.do_query_number(":TIMebase:SCALe?") == 0.002
    p.do_command_ieee_block(":SYSTem:SETup", setup)
    assert p.do_query_number(":TIMebase:SCALe?") == 0.0005
    # From the instrument: 16-bit codes of a noisy trace carry every byte value, newlines too.
    p.do_command(":WAVeform:POINts 100000")
    data = p.do_query_ieee_block(":WAVeform:DATA?")
    assert len(data) == 200000, len(data)
    missing = set(range(256)) - set(data)
    assert not missing, f"byte values never sent: {sorted(missing)[:10]}"
    assert p.do_query_string("*OPC?") == "1", "the session still works"


def drain(p):
    errors = []
    while True:
        e = p.inst.query(":SYSTem:ERRor?").strip()
        if e.startswith("+0,"):
            return errors
        errors.append(e)


def vxi11_pieces(host):
    """device_write in pieces, with END on each or on the last only; the block goes by its length."""
    from pyvisa_py.protocols import vxi11

    client = vxi11.CoreClient(host)
    error, link, _, _ = client.create_link(0, False, 0, "inst0")
    assert error == 0, error

    def write(data, end_on_each, piece=100):
        for at in range(0, len(data), piece):
            last = at + piece >= len(data)
            flags = vxi11.OP_FLAG_END if end_on_each or last else 0
            error, size = client.device_write(link, 10000, 0, flags, data[at : at + piece])
            assert error == 0 and size == len(data[at : at + piece]), (error, size)

    def query(text):
        write(text.encode("ascii") + b"\n", False)
        error, reason, data = client.device_read(link, 1 << 20, 10000, 0, 0, 0)
        assert error == 0, error
        return bytes(data)

    def block(payload):
        length = str(len(payload)).encode("ascii")
        return b"#%d%s" % (len(length), length) + payload

    try:
        for end_on_each in (True, False):
            write(b"*RST;*CLS;:TIMebase:SCALe 0.0005;:WAVeform:FORMat WORD\n", end_on_each)
            reply = query(":SYSTem:SETup?")
            setup = reply[2 + int(reply[1:2]) : -1]
            write(b":TIMebase:SCALe 0.002\n", end_on_each)
            write(b":SYSTem:SETup " + block(setup) + b"\n", end_on_each)
            errors = query(":SYSTem:ERRor?").strip()
            assert errors.startswith(b"+0,"), (end_on_each, errors)
            assert float(query(":TIMebase:SCALe?")) == 0.0005, end_on_each
            payload = bytes(range(256)) + b"\n;*RST\n*CLS\n" + bytes(range(255, -1, -1))
            write(b":WAVeform:FORMat " + block(payload) + b"\n", end_on_each)
            errors = query(":SYSTem:ERRor?").strip()
            assert errors == b'-168,"Block data not allowed"', (end_on_each, errors)
            assert float(query(":TIMebase:SCALe?")) == 0.0005, "*RST did not run"
            assert query(":WAVeform:FORMat?").strip() == b"WORD"
    finally:
        client.destroy_link(link)
        client.close()


PROGRAMS = {"infiniivision": infiniivision, "34461a": keysight_34461a, "blocks": blocks}


def main():
    name, resource = sys.argv[1], sys.argv[2]
    if name == "vxi11-pieces":
        vxi11_pieces(resource)
        print(f"PASSED {name} {resource}")
        return
    rm = pyvisa.ResourceManager("@py")
    inst = rm.open_resource(resource)
    inst.timeout = 15000
    inst.read_termination = "\n"
    inst.write_termination = "\n"
    try:
        PROGRAMS[name](Program(inst))
    except ExitedBecauseOfError as e:
        print(f"{e}\nExited because of error.")
        sys.exit(1)
    finally:
        inst.close()
        rm.close()
    print(f"PASSED {name} {resource}")


if __name__ == "__main__":
    main()
