import useMediaQuery from "@mui/material/useMediaQuery";
import { MOBILE_BREAKPOINT_PX } from "@portico/contract";

/** Mobile layout: width up to 991 px (spec document 1 section 9). */
export const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}
