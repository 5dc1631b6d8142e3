import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";

/** react-router's Link for MUI's `component` prop (Button, ListItemButton, Link). */
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} {...props} />;
});
