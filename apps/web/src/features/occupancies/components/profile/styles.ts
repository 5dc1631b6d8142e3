/**
 * Colours of the profile that must keep WCAG AA contrast with white text or on white (MUI's
 * warning orange and info blue do not at body sizes).
 */
export const FLAG_ORANGE = "#9a3412";
export const FLAG_ORANGE_DARK = "#7c2d12";
export const FUTURE_BLUE = "#01579b";

/** A resident's photo (or initials) box: 68 px wide, grey while empty. */
export const photoFrameSx = {
  width: 68,
  borderRadius: 1,
  overflow: "hidden",
  bgcolor: "grey.200",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
} as const;

export const flagButtonSx = (contained: boolean) =>
  contained
    ? { bgcolor: FLAG_ORANGE, color: "#fff", "&:hover": { bgcolor: FLAG_ORANGE_DARK } }
    : {
        color: FLAG_ORANGE,
        borderColor: FLAG_ORANGE,
        "&:hover": { borderColor: FLAG_ORANGE_DARK, bgcolor: "#fff7ed" },
      };

export const futureChipSx = { bgcolor: FUTURE_BLUE, color: "#fff" } as const;
