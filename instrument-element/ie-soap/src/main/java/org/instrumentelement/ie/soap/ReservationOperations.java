package org.instrumentelement.ie.soap;

import java.time.Duration;
import java.util.ArrayList;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.security.Reservation;
import org.instrumentelement.ie.security.Reservations;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.BreakReservation;
import org.instrumentelement.ie.soap.types.BreakReservationResponse;
import org.instrumentelement.ie.soap.types.ListReservations;
import org.instrumentelement.ie.soap.types.ListReservationsResponse;
import org.instrumentelement.ie.soap.types.ReleaseReservation;
import org.instrumentelement.ie.soap.types.ReleaseReservationResponse;
import org.instrumentelement.ie.soap.types.RenewReservation;
import org.instrumentelement.ie.soap.types.RenewReservationResponse;
import org.instrumentelement.ie.soap.types.ReservationInfo;
import org.instrumentelement.ie.soap.types.Reserve;
import org.instrumentelement.ie.soap.types.ReserveResponse;
import org.instrumentelement.im.model.ImException;

/** Reserving IM subtrees for exclusive control, and the reservations in force. */
final class ReservationOperations {
  /** Reservation length when a request names none. */
  static final Duration DEFAULT_RESERVATION = Duration.ofMinutes(5);

  private final ElementView view;
  private final AccessControl access;

  ReservationOperations(ElementView view, AccessControl access) {
    this.view = view;
    this.access = access;
  }

  ReserveResponse reserve(Reserve request) throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    view.node(path);
    try {
      ReserveResponse r = new ReserveResponse();
      r.reservation =
          info(
              access
                  .reservations()
                  .reserve(view.caller().name(), path, duration(request.durationMillis)));
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
  }

  RenewReservationResponse renewReservation(RenewReservation request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    view.node(path);
    try {
      RenewReservationResponse r = new RenewReservationResponse();
      r.reservation =
          info(
              access
                  .reservations()
                  .renew(view.caller().name(), path, duration(request.durationMillis)));
      return r;
    } catch (ImException e) {
      throw view.fault(e, path, null);
    }
  }

  ReleaseReservationResponse releaseReservation(ReleaseReservation request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    ReleaseReservationResponse r = new ReleaseReservationResponse();
    r.released = access.reservations().release(view.caller().name(), path);
    return r;
  }

  BreakReservationResponse breakReservation(BreakReservation request)
      throws InstrumentElementFault {
    String path = ElementView.required(request == null ? null : request.im, "im");
    BreakReservationResponse r = new BreakReservationResponse();
    r.broken = access.reservations().breakReservation(path);
    return r;
  }

  ListReservationsResponse listReservations(ListReservations request) {
    ListReservationsResponse r = new ListReservationsResponse();
    r.reservation = new ArrayList<>();
    Caller c = view.caller();
    for (Reservation res : access.reservations().list()) {
      if (c.may(Role.OBSERVE, res.subtree())) {
        r.reservation.add(info(res));
      }
    }
    return r;
  }

  private static ReservationInfo info(Reservation res) {
    ReservationInfo i = new ReservationInfo();
    i.im = res.subtree();
    i.holder = res.holder();
    i.acquired = res.acquired();
    i.expires = res.expires();
    return i;
  }

  private static Duration duration(Long millis) throws ImException {
    if (millis == null) {
      return DEFAULT_RESERVATION;
    }
    if (millis <= 0 || millis > Reservations.MAX_DURATION.toMillis()) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE,
          "durationMillis: "
              + millis
              + " is not in [1, "
              + Reservations.MAX_DURATION.toMillis()
              + "]");
    }
    return Duration.ofMillis(millis);
  }
}
