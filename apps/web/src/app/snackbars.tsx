import { forwardRef } from "react";
import { MaterialDesignContent, type CustomContentProps } from "notistack";

/**
 * notistack's default colours put white text on light green/orange/blue (contrast ≈ 3:1);
 * these darker tones keep every alert at WCAG AA (≥ 4.5:1).
 */
const COLORS = {
  default: "#313131",
  success: "#2e7d32",
  error: "#c62828",
  warning: "#9a3412",
  info: "#01579b",
} as const;

const make = (variant: keyof typeof COLORS) =>
  forwardRef<HTMLDivElement, CustomContentProps>(function Snack(props, ref) {
    return <MaterialDesignContent ref={ref} {...props} style={{ ...props.style, backgroundColor: COLORS[variant] }} />;
  });

export const SNACKBAR_COMPONENTS = {
  default: make("default"),
  success: make("success"),
  error: make("error"),
  warning: make("warning"),
  info: make("info"),
};
