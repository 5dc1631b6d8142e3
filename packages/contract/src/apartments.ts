/**
 * Apartment ordering: an apartment number reads as floor and unit ("1203" is floor 12,
 * unit 3). 'PH' counts as floor 99 and a letter suffix as unit 50 plus its index
 * (A = 50, B = 51 …), so "12A" follows "1203" and penthouses come last.
 * The key is a string that sorts the same way; it is stored with each apartment.
 */
export function apartmentSortKey(apartmentNumber: string): string {
  const n = apartmentNumber.trim().toUpperCase();
  const pad = (v: number) => String(Math.min(Math.max(v, 0), 9999)).padStart(4, "0");
  const unitOf = (rest: string): number => {
    if (/^\d+$/.test(rest)) return Number(rest);
    const letter = rest.match(/^[A-Z]/);
    return letter ? 50 + (letter[0].charCodeAt(0) - 65) : 0;
  };
  let floor: number;
  let unit: number;
  const ph = n.match(/^PH-?(.*)$/);
  const lettered = n.match(/^(\d+)-?([A-Z]+)$/);
  if (ph) {
    floor = 99;
    unit = unitOf(ph[1]);
  } else if (lettered) {
    floor = Number(lettered[1]);
    unit = unitOf(lettered[2]);
  } else if (/^\d+$/.test(n)) {
    floor = Math.floor(Number(n) / 100);
    unit = Number(n) % 100;
  } else {
    floor = 9999;
    unit = 0;
  }
  return `${pad(floor)}.${pad(unit)} ${n}`;
}

export function compareApartmentNumbers(a: string, b: string): number {
  const ka = apartmentSortKey(a);
  const kb = apartmentSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Buildings sort by the number at the start of their address. */
export function addressNumber(address: string): number {
  const m = address.trim().match(/^(\d+)/);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

export const BEDROOMS = ["STD", "1BR", "2BR", "3BR", "4BR"] as const;
export const BATHROOMS = ["1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0", "4.5", "5.0"] as const;
