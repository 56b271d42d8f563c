#!/usr/bin/python3
"""Runs the vendor profiles' everyday flows (ial/src/test/resources/vendor-flows) against
instruments with pyvisa and the pyvisa-py backend, as a lab script would: each flow in four
spellings derived from the manuals' notation, then the error queue must be empty.

    run_flows.py FLOW_DIR PROFILE=RESOURCE [PROFILE=RESOURCE ...] [--portmapper-port N]

Exits 0 when every flow passes; prints one line per flow and spelling.
"""
import re
import sys

import pyvisa

MNEMONIC = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
SPELLINGS = {
    "LONG": str.upper,
    "SHORT": lambda m: re.sub("[a-z]", "", m),
    "AS_WRITTEN": lambda m: m,
    "LOWER": str.lower,
}


def read_flow(path):
    steps = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            t = line.strip()
            if not t or t.startswith("#"):
                continue
            expectation = None
            if "=>" in t:
                t, expectation = (x.strip() for x in t.split("=>", 1))
            header, _, params = t.partition(" ")
            steps.append((header, params.strip(), expectation))
    return steps


def spell(header, params, spelling):
    text = MNEMONIC.sub(lambda m: spelling(m.group()), header)
    if params:
        parts = [p.strip() for p in params.split(",")]
        text += " " + ",".join(spelling(p) if MNEMONIC.fullmatch(p) else p for p in parts)
    return text


def check_text(where, expectation, reply):
    e = expectation.split()
    if e[0] == "any":
        return
    if e[0] == "approx":
        expected, tolerance = float(e[1]), abs(float(e[1])) * float(e[2].rstrip("%")) / 100
        if abs(float(reply) - expected) > tolerance:
            raise AssertionError(f"{where} answered {reply}, not {expected} within {e[2]}")
    elif e[0] == "list":
        values = [float(v) for v in reply.split(",")]
        if len(values) != int(e[1]):
            raise AssertionError(f"{where} answered {len(values)} values, not {e[1]}")
    elif not re.fullmatch(expectation, reply):
        raise AssertionError(f"{where} answered '{reply}', not /{expectation}/")


def check_block(where, expectation, data):
    kind, count = expectation.split()
    if kind == "block" and len(data) != int(count):
        raise AssertionError(f"{where} sent a block of {len(data)} bytes, not {count}")
    if kind == "ascii":
        values = [float(v) for v in bytes(data).decode("ascii").strip().split(",")]
        if len(values) != int(count):
            raise AssertionError(f"{where} sent {len(values)} ASCII values, not {count}")


def run(rm, resource, name, steps, spelling_name):
    spelling = SPELLINGS[spelling_name]
    inst = rm.open_resource(resource)
    try:
        inst.timeout = 20000
        inst.read_termination = "\n"
        inst.write_termination = "\n"
        for header, params, expectation in steps:
            sent = spell(header, params, spelling)
            where = f"{name} ({spelling_name}) over {resource}: '{sent}'"
            if expectation is None:
                inst.write(sent)
            elif expectation.split()[0] in ("block", "ascii"):
                data = inst.query_binary_values(sent, datatype="B", container=bytes)
                check_block(where, expectation, data)
            else:
                check_text(where, expectation, inst.query(sent).strip())
        errors = inst.query(":SYSTem:ERRor?").strip()
        if not re.match(r"\+?0,", errors):
            raise AssertionError(f"{name} ({spelling_name}): the instrument queued {errors}")
    finally:
        inst.close()


def main(argv):
    args = list(argv[1:])
    if "--portmapper-port" in args:
        i = args.index("--portmapper-port")
        import pyvisa_py.protocols.rpc as rpc

        rpc.PMAP_PORT = int(args[i + 1])
        del args[i : i + 2]
    flow_dir, targets = args[0], [a.split("=", 1) for a in args[1:]]
    rm = pyvisa.ResourceManager("@py")
    passed = failed = 0
    for profile, resource in targets:
        steps = read_flow(f"{flow_dir}/{profile}.scpi")
        for spelling_name in SPELLINGS:
            try:
                run(rm, resource, profile, steps, spelling_name)
                passed += 1
                print(f"ok   {profile} {spelling_name} {resource}")
            except Exception as e:  # report every failure, then exit non-zero
                failed += 1
                print(f"FAIL {profile} {spelling_name} {resource}: {type(e).__name__}: {e}")
    rm.close()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
