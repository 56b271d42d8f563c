#!/usr/bin/python3
"""Vendors' example programs, as a lab user runs them: pyvisa with the pyvisa-py backend, each
command in the order the manufacturer's example sends it, with that vendor's own error check after
every line.

    vendor_examples.py PROGRAM RESOURCE

PROGRAM is one of:
  infiniivision  Keysight InfiniiVision X-Series programmer's guide, "Programming Examples": the
                 VISA/Python example (initialize, capture, analyze) with do_command,
                 do_query_string, do_query_ieee_block, do_command_ieee_block and
                 check_instrument_errors as the guide writes them (SYSTem:ERRor? must start "+0,")
  34461a         Keysight 34461A (Truevolt) programming examples: DC volts with range and
                 resolution, triggered readings into memory, reading memory, statistics
  tek-waveforms  Tektronix 4/5/6 Series MSO, github.com/tektronix/Programmatic-Control-Examples:
                 mdo_simple_plot.py (SimplePlotExample), CurveQueryMain.cs (CSharpCurveQueryWinforms),
                 HelloScope/Program.cs (CSharpHelloScope) and mso_data_log.py (DataLoggerExample),
                 with *ESR? and ALLEv? after every line (both must say nothing happened)
  tek-screenshots  the same repository's save_hardcopy_example.py (SaveHardCopyExample) and
                 Save_Pic_test.py (SavePicLocalTimeExample): SAVE:IMAGe, FILESystem:READFile read
                 raw to the message's END, FILESystem:DELEte; over VXI-11 as the examples address
                 the scope (TCPIP::...::INSTR): on a raw socket a VISA library sees no END
  rs-rtb2000     Rohde & Schwarz, github.com/Rohde-Schwarz/Examples:
                 Oscilloscopes/Python/RsInstrument/RsInstrument_RTB2000_Example.py (and its C#
                 twin), sent as RsInstrument sends it: its session set-up, reset and clear_status,
                 and its status check after every command (*STB?, then SYSTem:ERRor? until "0,")
  rigol-ds1000z  Rigol MSO1000Z/DS1000Z Programming Guide: the command pages' procedures and the
                 programming demos' reading of :WAVeform:DATA? and :DISPlay:DATA? (the 11-byte TMC
                 header cut off, the terminator dropped), with :SYSTem:ERRor? after every line
  blocks         blocks in both directions: every byte value 0-255, newlines included; a block
                 holding ';*RST' changes nothing but the setting it was sent to
  vxi11-pieces   VXI-11 with pyvisa-py's own RPC client: a setup block and a block holding
                 commands sent in device_writes of 100 bytes, END on every piece, then END on the
                 last only (RESOURCE is the host; the instrument is inst0)
The commands are facts from the manuals and the vendors' examples; this script is ours. Prints
"PASSED <program>" and exits 0 when the program ran to its end.
"""
import re
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


class TekProgram:
    """Tektronix's examples check for errors by reading the standard event status register and
    then the event queue (mdo_simple_plot.py at its end, Save_Pic_test.py's
    Clear_Scope_Error_Register); here after every line."""

    def __init__(self, inst):
        self.inst = inst

    def check_events(self, command):
        esr = int(self.inst.query("*esr?"))
        events = self.inst.query("allev?").strip()
        if esr != 0 or events != '0,"No events to report - queue empty"':
            raise ExitedBecauseOfError(f"ERROR: *ESR? {esr}, ALLEV? {events}, command: '{command}'")

    def write(self, command):
        self.inst.write(command)
        self.check_events(command)

    def query(self, query):
        result = self.inst.query(query).strip()
        self.check_events(query)
        return result

    def query_binary(self, query, datatype, big_endian):
        values = self.inst.query_binary_values(
            query, datatype=datatype, is_big_endian=big_endian, container=list
        )
        self.check_events(query)
        return values

    def read_file(self, command):
        """FILESystem:READFile then read_raw(), as the examples read it: they set no read
        termination, so the read runs to the end of the message."""
        self.inst.write(command)
        termination = self.inst.read_termination
        self.inst.read_termination = None
        try:
            data = self.inst.read_raw()
        finally:
            self.inst.read_termination = termination
        self.check_events(command)
        return data


NR3_TEK = re.compile(r"-?\d\.\d{4}E[-+]\d+$")


def tek_waveforms(p):
    # mdo_simple_plot.py
    p.write("*cls")
    idn = p.query("*idn?")
    assert idn.startswith("TEKTRONIX,MSO44,") and "CF:91.1CT FV:" in idn, idn
    p.write("*rst")
    assert p.query("*opc?") == "1"
    p.write("autoset EXECUTE")
    p.query("*opc?")
    p.write("header 0")
    p.write("data:encdg SRIBINARY")
    p.write("data:source CH1")
    p.write("data:start 1")
    record = int(p.query("horizontal:recordlength?"))
    p.write("data:stop {}".format(record))
    p.write("wfmoutpre:byt_n 1")
    p.write("acquire:state 0")
    p.write("acquire:stopafter SEQUENCE")
    p.write("acquire:state 1")
    p.query("*opc?")
    bin_wave = p.query_binary("curve?", "b", False)
    tscale = float(p.query("wfmoutpre:xincr?"))
    tstart = float(p.query("wfmoutpre:xzero?"))
    vscale = float(p.query("wfmoutpre:ymult?"))
    voff = float(p.query("wfmoutpre:yzero?"))
    vpos = float(p.query("wfmoutpre:yoff?"))
    # the example's own error checking
    assert int(p.inst.query("*esr?")) == 0
    assert p.inst.query("allev?").strip() == '0,"No events to report - queue empty"'
    assert len(bin_wave) == record, len(bin_wave)
    scaled_wave = [(v - vpos) * vscale + voff for v in bin_wave]
    assert 1.3 < max(scaled_wave) < 1.7, f"the 1.5 V sine peaks at {max(scaled_wave)}"
    assert tscale > 0 and tstart < 0 and NR3_TEK.match(p.query("wfmoutpre:xincr?"))
    # CurveQueryMain.cs
    p.write("*CLS")
    p.query("*IDN?")
    p.write("DATA:SOUR CH1")
    p.write("DAT:ENC RIB")
    p.write("DATA:WIDTH 2")
    xinc = float(p.query("WFMO:XINCR?"))
    xzero = float(p.query("WFMO:XZEro?"))
    pt_off = int(p.query("WFMO:PT_OFF?"))
    xunits = p.query("WFMO:XUNit?")
    ymult = float(p.query("WFMO:YMUlt?"))
    yzero = float(p.query("WFMO:YZEro?"))
    yoff = float(p.query("WFMO:YOFf?"))
    yunits = p.query("WFMO:YUNit?")
    raw_data = p.query_binary("CURVE?", "h", True)
    assert (xunits, yunits, pt_off) == ('"s"', '"V"', 0), (xunits, yunits, pt_off)
    volts = [(v - yoff) * ymult + yzero for v in raw_data]
    assert len(volts) == record and 1.3 < max(volts) < 1.7, max(volts)
    assert abs(xzero - tstart) < 1e-12 and abs(xinc - tscale) < 1e-12
    # HelloScope/Program.cs
    p.query("*IDN?")
    p.write("*RST")
    p.query("*OPC?")
    p.write("AUTOSET EXECUTE")
    p.query("*OPC?")
    p.write("MEASU:ADDMEAS AMPLITUDE")
    p.write("ACQ:STATE STOP")
    p.query("*OPC?")
    p.write("ACQ:STOPAFTER SEQUENCE")
    p.write("ACQ:STATE RUN")
    p.query("*OPC?")
    ampl = float(p.query("MEASU:MEAS1:RESULTS:CURRENTACQ:MEAN?"))
    assert 2.5 < ampl < 3.5, f"amplitude {ampl}"
    # mso_data_log.py
    p.write("*cls")
    p.query("*idn?")
    p.write("*rst")
    p.query("*opc?")
    p.write("autoset EXECUTE")
    p.query("*opc?")
    p.write("acquire:state 0")
    p.write("acquire:stopafter SEQUENCE")
    p.write("MEASUREMENT:ADDMEAS FREQUENCY")
    for _ in range(3):
        p.write("acquire:state 1")
        p.query("*opc?")
        meas = float(p.query("measu:meas1:resu:curr:mean?"))
        assert abs(meas - 1000) < 50, f"frequency {meas}"
    # An error reaches the event queue once *ESR? has summarised it, as the manual describes.
    p.inst.write("acquire:stopafter SOMETIMES")
    assert p.inst.query("allev?").strip() == '1,"No events to report - new events pending *ESR?"'
    assert int(p.inst.query("*esr?")) == 16, "an execution error"
    events = p.inst.query("allev?").strip()
    assert events.startswith('224,"Illegal parameter value'), events


def tek_screenshots(p):
    # save_hardcopy_example.py
    print(p.query("*IDN?"))
    p.write("SAVE:IMAGE 'c:/TEMP.PNG'")
    p.query("*OPC?")
    data = p.read_file("FILESYSTEM:READFILE 'c:/TEMP.PNG'")
    assert data.endswith(b"\n"), "the scope ends every message with a newline"
    png_size(data[:-1])
    # Save_Pic_test.py
    def clear_scope_error_register():
        esr = p.inst.query("*ESR?")
        assert int(esr) == 0, esr
        assert p.inst.query("allev?").strip().startswith('0,"No events')

    clear_scope_error_register()
    p.write("*RST")
    p.query("*OPC?")
    p.write("DISplay:WAVEView1:CH1:STATE 1")
    p.write("AUTOSet EXECute")
    p.query("*OPC?")
    p.write("ACQUIRE:STOPAFTER SEQUENCE")
    p.write("SAVe:IMAGe:COMPosition INVErted")
    p.write("TRIGger:A:MODe NORMal")
    for i in range(2):
        p.write("ACQuire:STATE RUN")
        p.query("*OPC?")
        p.write('SAVe:IMAGe "C:\\MyScreenFrame' + str(i) + '.png"')
        p.query("*OPC?")
        raw_data = p.read_file('FILESYSTEM:READFILE "C:\\MyScreenFrame' + str(i) + '.png"')
        png_size(raw_data[:-1])
        try:
            import io

            from PIL import Image

            image = Image.open(io.BytesIO(raw_data[:-1])).convert("RGB")
            assert min(image.getpixel((5, 5))) > 200, "inverted: a light background"
        except ImportError:
            pass
        p.write('FILESYSTEM:DELETE "C:\\MyScreenFrame' + str(i) + '.png"')
    clear_scope_error_register()
    # The file is gone: reading it again is an execution error in the event queue.
    p.inst.write('FILESYSTEM:READFILE "C:\\MyScreenFrame0.png"')
    assert int(p.inst.query("*ESR?")) == 16
    events = p.inst.query("ALLEV?").strip()
    assert events.startswith('256,"File name not found'), events


class RsInstrumentSession:
    """What the RsInstrument package sends (github.com/Rohde-Schwarz/RsInstrument,
    Internal/VisaSession.py and Instrument.py): at open a device clear, *CLS, the status byte
    read (VXI-11), *ESE 1 and *SRE 0; with instrument_status_checking, after every command *STB?
    and, when its error-queue bit is set, SYST:ERR? until an entry starts with "0," or "+0,"."""

    def __init__(self, inst):
        self.inst = inst
        self.vxi_capable = inst.resource_class == "INSTR"
        self.instrument_status_checking = True
        inst.clear()
        inst.write("*CLS")
        if self.vxi_capable:
            inst.read_stb()
        inst.write("*ESE 1")
        inst.write("*SRE 0")
        self.idn_string = inst.query("*IDN?").strip()

    def syst_errors(self):
        errors = []
        while True:
            error = self.inst.query("SYST:ERR?").strip()
            if error.startswith("0,") or error.startswith("+0,"):
                return errors
            errors.append(error)

    def check_status(self, context):
        if self.instrument_status_checking and int(self.inst.query("*STB?")) & 4:
            errors = self.syst_errors()
            raise ExitedBecauseOfError(f"StatusException: {errors} after '{context}'")

    def instrument_options(self):
        return self.inst.query("*OPT?").strip().split(",")

    def clear_status(self):
        self.inst.clear()
        if not self.vxi_capable:
            self.inst.write("*CLS")
            assert self.inst.query("*OPC?").strip() in ("0", "1")
        stb = int(self.inst.query("*STB?"))
        while stb & (4 | 16 | 32):
            self.inst.write("*CLS")
            self.syst_errors()
            stb = int(self.inst.query("*STB?"))

    def reset(self):
        self.inst.write("*RST")
        self.query_opc()
        self.clear_status()
        self.check_status("*RST")

    def write_str(self, command):
        self.inst.write(command)
        self.check_status(command)

    def query_str(self, query):
        result = self.inst.query(query).strip()
        self.check_status(query)
        return result

    def query_opc(self):
        return self.inst.query("*OPC?").strip() == "1"

    def query_bin_or_ascii_float_list(self, query, big_endian=False):
        """A block of floats if the reply starts with '#', else comma-separated ASCII numbers."""
        self.inst.write(query)
        start = self.inst.read_bytes(2)
        if start[:1] == b"#":
            digits = int(start[1:2])
            length = int(self.inst.read_bytes(digits))
            data = self.inst.read_bytes(length)
            assert self.inst.read_bytes(1) == b"\n"
            values = list(struct.unpack(("<" if not big_endian else ">") + "%df" % (length // 4), data))
        else:
            text = (start + self.inst.read_raw()).decode("ascii").strip()
            values = [float(v) for v in text.split(",")]
        self.check_status(query)
        return values

    def read_file_from_instrument_to_pc(self, instr_file):
        data = self.inst.query_binary_values(
            f"MMEM:DATA? '{instr_file}'", datatype="s", container=bytes
        )
        self.check_status("MMEM:DATA?")
        return data


NR3_RS = re.compile(r"-?\d\.\d{12}E[-+]\d\d$")


def rs_rtb2000(program):
    rtb = RsInstrumentSession(program.inst)
    assert rtb.idn_string.startswith("Rohde&Schwarz,RTB2004,"), rtb.idn_string
    assert rtb.instrument_options() == ["0"]
    rtb.clear_status()
    rtb.reset()
    # Basic Settings
    rtb.write_str("TIM:ACQT 0.01")
    rtb.write_str("CHAN1:RANG 5.0")
    rtb.write_str("CHAN1:OFFS 0.0")
    rtb.write_str("CHAN1:COUP ACL")
    rtb.write_str("CHAN1:STAT ON")
    # Trigger Settings
    rtb.write_str("TRIG:A:MODE AUTO")
    rtb.write_str("TRIG:A:TYPE EDGE;:TRIG:A:EDGE:SLOP POS")
    rtb.write_str("TRIG:A:SOUR CH1")
    rtb.write_str("TRIG:A:LEV1 0.05")
    assert rtb.query_opc()
    rtb.write_str("SING")
    assert rtb.query_opc()
    # Fetching the waveform in ASCII and binary format: the same trace
    trace_asc = rtb.query_bin_or_ascii_float_list("FORM ASC;:CHAN1:DATA?")
    trace_bin = rtb.query_bin_or_ascii_float_list("FORM REAL,32;:CHAN1:DATA?")
    assert len(trace_asc) == len(trace_bin) == 10000, (len(trace_asc), len(trace_bin))
    assert all(abs(a - b) < 1e-6 for a, b in zip(trace_asc, trace_bin))
    assert 1.3 < max(trace_bin) < 1.7, max(trace_bin)
    trace_cs = rtb.query_bin_or_ascii_float_list("FORM:BORD LSBF;:FORM REAL;:CHAN1:DATA?")
    assert trace_cs == trace_bin, "the C# example's byte order and format"
    # The screenshot, twice: the second time MMEM:DEL finds the file of the first (the first time
    # too if an earlier run left it: files outlive *RST).
    for run in range(2):
        rtb.write_str("MMEM:CDIR '/INT/'")
        # The C# example turns status checking off around MMEM:DEL; the Python example's
        # rtb.InstrumentStatusChecking = False sets no RsInstrument property and leaves it on, so
        # on a fresh instrument it stops here, as it would on the RTB.
        rtb.instrument_status_checking = False
        rtb.write_str("MMEM:DEL 'Dev_Screenshot.png'")
        errors = rtb.syst_errors()
        missing = '-256,"File name not found;/INT/Dev_Screenshot.png"'
        assert errors in ([], [missing]) and (errors == [] or run == 0), errors
        rtb.query_opc()
        rtb.clear_status()
        rtb.instrument_status_checking = True
        rtb.write_str("HCOP:LANG PNG;:MMEM:NAME 'Dev_Screenshot'")
        rtb.write_str("HCOP:IMM")
        rtb.query_opc()
        width, height = png_size(rtb.read_file_from_instrument_to_pc("Dev_Screenshot.png"))
        assert width > 0 and height > 0
    # Without MMEM:DEL the screenshot is an execution error, as the example's comment says; and
    # deleting a file that is not there is the error the example's comment expects.
    program.inst.write("HCOP:IMM")
    errors = rtb.syst_errors()
    assert len(errors) == 1 and errors[0].startswith("-200,"), errors
    program.inst.write("MMEM:DEL 'Dev_Screenshot.png'")
    assert rtb.syst_errors() == []
    program.inst.write("MMEM:DEL 'Dev_Screenshot.png'")
    assert rtb.syst_errors() == [missing]
    # The manual's answer forms.
    assert program.inst.query("SYST:ERR?").strip() == '0,"No error"'
    assert NR3_RS.match(rtb.query_str("TIM:SCAL?")), "NR3, 12 decimals"
    header = rtb.query_str("CHAN1:DATA:HEAD?")
    assert re.match(r"-\d\.\d{3}E-\d{3},\d\.\d{3}E-\d{3},10000,1$", header), header
    assert rtb.query_str("FORM?") == "REAL,32"
    png_size(program.inst.query_binary_values("HCOP:DATA?", datatype="s", container=bytes))


class RigolProgram:
    """The Rigol programming guide's error check, :SYSTem:ERRor? answering 0,"No error"."""

    def __init__(self, inst):
        self.inst = inst

    def check(self, command):
        error = self.inst.query(":SYSTem:ERRor?").strip()
        if error != '0,"No error"':
            raise ExitedBecauseOfError(f"ERROR: {error}, command: '{command}'")

    def cmd(self, command):
        self.inst.write(command)
        self.check(command)

    def query(self, query):
        result = self.inst.query(query).strip()
        self.check(query)
        return result

    def read_tmc(self, query):
        """Sends a query answering a TMC block and reads it as the demos do: the header of 11
        bytes (#9 and nine digits) removed, then the data, then the terminator 0x0A removed."""
        self.inst.write(query)
        header = self.inst.read_bytes(11)
        assert re.match(rb"#9\d{9}$", header), header
        data = self.inst.read_bytes(int(header[2:]))
        assert self.inst.read_bytes(1) == b"\n"
        self.check(query)
        return header, data


SCI_RIGOL = re.compile(r"-?\d\.\d{6}e[-+]\d\d$")


def rigol_ds1000z(p):
    idn = p.query("*IDN?")
    assert idn.startswith("RIGOL TECHNOLOGIES,DS1104Z,"), idn
    p.cmd("*RST")
    p.cmd(":RUN")
    p.cmd(":CHANnel1:DISPlay ON")
    p.cmd(":CHANnel1:SCALe 1")
    p.cmd(":TIMebase:MAIN:SCALe 0.001")
    p.cmd(":TRIGger:MODE EDGE")
    p.cmd(":TRIGger:EDGe:SOURce CHANnel1")
    p.cmd(":TRIGger:EDGe:LEVel 0.5")
    assert SCI_RIGOL.match(p.query(":TRIGger:EDGe:LEVel?"))
    p.cmd(":SINGle")
    assert p.query(":TRIGger:STATus?") == "STOP"
    vpp = p.query(":MEASure:ITEM? VPP,CHANnel1")
    assert SCI_RIGOL.match(vpp) and 2.7 < float(vpp) < 3.3, vpp
    # :WAVeform:DATA?, "Procedures of the screen waveform data reading"
    p.cmd(":WAV:SOUR CHAN1")
    p.cmd(":WAV:MODE NORM")
    p.cmd(":WAV:FORM BYTE")
    preamble = p.query(":WAV:PRE?").split(",")
    assert preamble[:4] == ["0", "0", "1200", "1"], preamble
    assert all(SCI_RIGOL.match(preamble[i]) for i in (4, 5, 7)), preamble
    x_increment, y_increment = float(preamble[4]), float(preamble[7])
    y_origin, y_reference = int(preamble[8]), int(preamble[9])
    # The demos' read: fread the whole reply, then wave = data(12:len-1).
    p.inst.write(":WAV:DATA?")
    data = p.inst.read_bytes(11 + 1200 + 1)
    p.check(":WAV:DATA?")
    assert data[:11] == b"#9000001200" and data[-1:] == b"\n", data[:11]
    wave = data[11:-1]
    volts = [(v - y_origin - y_reference) * y_increment for v in wave]
    assert 1.3 < max(volts) < 1.7 and x_increment == 1e-5, (max(volts), x_increment)
    p.cmd(":WAV:FORM ASC")
    _, text = p.read_tmc(":WAV:DATA?")
    values = text.decode("ascii").split(",")
    assert len(values) == 1200 and all(SCI_RIGOL.match(v) for v in values), values[:3]
    assert abs(max(map(float, values)) - max(volts)) < 0.05
    # :DISPlay:DATA? ON,OFF,PNG: colour, not inverted, a PNG
    _, png = p.read_tmc(":DISPlay:DATA? ON,OFF,PNG")
    png_size(png)
    # without parameters: a 24-bit BMP of 800 x 480, #9001152054 as the manual shows
    header, bmp = p.read_tmc(":DISPlay:DATA?")
    assert header == b"#9001152054" and bmp[:2] == b"BM", header
    p.cmd(":RUN")
    assert p.query(":TRIGger:STATus?") == "TD"
    p.cmd(":STOP")
    assert p.query(":TRIGger:STATus?") == "STOP"


PROGRAMS = {
    "infiniivision": (Program, infiniivision),
    "34461a": (Program, keysight_34461a),
    "blocks": (Program, blocks),
    "tek-waveforms": (TekProgram, tek_waveforms),
    "tek-screenshots": (TekProgram, tek_screenshots),
    "rs-rtb2000": (Program, rs_rtb2000),
    "rigol-ds1000z": (RigolProgram, rigol_ds1000z),
}


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
        kind, program = PROGRAMS[name]
        program(kind(inst))
    except ExitedBecauseOfError as e:
        print(f"{e}\nExited because of error.")
        sys.exit(1)
    finally:
        inst.close()
        rm.close()
    print(f"PASSED {name} {resource}")


if __name__ == "__main__":
    main()
