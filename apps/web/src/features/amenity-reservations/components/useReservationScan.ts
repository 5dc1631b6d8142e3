import { useState } from "react";
import { AMENITY_RESERVATION_MESSAGES as M, type AmenityReservation, parseReservationQr } from "@portico/contract";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/api.ts";
import { fetchAmenityReservation } from "../api.ts";

/**
 * Scanning a reservation's QR code ('reservation_{id}'): the reservation opens (its check-in);
 * another code 'Invalid QR Code!', an unknown id 'Reservation not found!'.
 */
export function useReservationScan(onFound: (r: AmenityReservation) => void) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stop = () => {
    setOpen(false);
    setError(null);
  };
  const onScan = (text: string) => {
    const id = parseReservationQr(text);
    if (id === null) {
      setError(M.invalidQr);
      return;
    }
    setError(null);
    fetchAmenityReservation(id)
      .then((r) => {
        stop();
        onFound(r);
      })
      .catch((err: unknown) =>
        setError(err instanceof ApiError && (err.status === 404 || err.status === 403) ? M.notFound : errorMessage(err)),
      );
  };
  return { open, error, start: () => setOpen(true), stop, onScan };
}
