"""Provenance: the revision every polled and published value carries, and what it stands for."""

import pytest

from conftest import eventually
from instrument_element import errors


def test_a_set_moves_the_revision_that_values_and_messages_carry(connect):
    operator = connect("operator")
    observer = connect("observer")
    dmm = observer["lab/dmm"]
    before = dmm.provenance()
    assert before.im == "lab/dmm" and before.type
    assert before.descriptor == "scpi-dmm" and before.mock_model == "dmm"
    assert before.element and before.version and before.address == "MOCK::dmm"
    assert before.identity, "the DMM answers *IDN?"
    assert dmm.get("reading").provenance == before.current_revision

    old = float(operator["lab/dmm"].get_parameter("integration"))
    new = 1.0 if old != 1.0 else 2.0
    operator["lab/dmm"].set_parameter("integration", new)
    try:
        now = dmm.provenance()
        assert now.current_revision == before.current_revision + 1
        last = now.changes[-1]
        assert (last.user, last.source, last.parameter) == ("operator", "SET", "integration")
        assert float(last.old_value) == old and float(last.new_value) == new
        assert float(now.parameters["integration"]) == new
        then = dmm.provenance(before.current_revision)
        assert float(then.parameters["integration"]) == old

        reading = dmm.get("reading")
        assert reading.provenance == now.current_revision
        received = []
        sub = observer.subscribe("lab/dmm", "reading", received.append)
        try:
            eventually(
                lambda: any(v.provenance == now.current_revision for v in received),
                message="a message with the new revision",
            )
        finally:
            sub.close()
    finally:
        operator["lab/dmm"].set_parameter("integration", old)


def test_a_revision_not_known_is_out_of_range(connect):
    dmm = connect("observer")["lab/dmm"]
    current = dmm.provenance().current_revision
    with pytest.raises(errors.Fault) as e:
        dmm.provenance(current + 100)
    assert e.value.code == "OUT_OF_RANGE"
