import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import { RouterLink } from "../../../components/RouterLink.tsx";

/** A button of a page's or panel's row of actions: a link (`to`) or an action (`onClick`). */
export interface ActionButton {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  variant?: "contained" | "outlined";
}

/** A row of buttons, one per action, in the order given. */
export function ActionButtons({ actions, size }: { actions: readonly ActionButton[]; size?: "small" }) {
  return actions.map(({ label, icon, to, onClick, variant }) =>
    to !== undefined ? (
      <Button key={label} size={size} variant={variant} startIcon={icon} component={RouterLink} to={to}>
        {label}
      </Button>
    ) : (
      <Button key={label} size={size} variant={variant} startIcon={icon} onClick={onClick}>
        {label}
      </Button>
    ),
  );
}
