import { useLayoutEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { RouterLink } from "../../components/RouterLink.tsx";
import { hasShellDrawer, useShellDrawer } from "./drawers.tsx";
import type { NavItem } from "./nav.ts";

/** Space between the buttons (theme spacing 0.5). */
const GAP = 4;

/**
 * How many of the buttons (their widths, in order) fit in `available` pixels; when not all fit,
 * room is kept for the 'More' button (`more` pixels).
 */
export function fittingCount(widths: readonly number[], available: number, more: number): number {
  const all = widths.reduce((sum, w) => sum + w + GAP, 0) - GAP;
  if (all <= available) return widths.length;
  let used = more;
  let n = 0;
  while (n < widths.length && used + GAP + widths[n]! <= available) used += GAP + widths[n++]!;
  return n;
}

/**
 * The top bar's navigation, "priority plus": the buttons that fit the bar's free width in their
 * order, the rest under 'More' — the brand, the searches, the building and Sign out never
 * leave the bar, whatever the window's width or the role's number of buttons.
 */
export function TopNav({ items, building }: { items: readonly NavItem[]; building: number }) {
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);

  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure || typeof ResizeObserver === "undefined") return;
    const fit = () => {
      const widths = [...measure.children].map((c) => c.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setShown(fittingCount(widths, bar.getBoundingClientRect().width, more));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [items]);

  const visible = items.slice(0, shown);
  const overflow = items.slice(shown);
  return (
    <Box
      ref={barRef}
      component="nav"
      aria-label="Primary"
      sx={{ position: "relative", flex: "1 1 0", minWidth: 0, display: "flex", justifyContent: "flex-end", gap: 0.5 }}
    >
      {/* The buttons' natural widths, measured off screen. */}
      <Box
        ref={measureRef}
        aria-hidden
        sx={{
          position: "absolute",
          top: 0,
          left: 0,
          width: "max-content",
          display: "flex",
          visibility: "hidden",
          pointerEvents: "none",
        }}
      >
        {items.map((item) => (
          <Button key={item.key} color="inherit" tabIndex={-1} sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>
            {item.label}
          </Button>
        ))}
        <Button color="inherit" tabIndex={-1} endIcon={<ExpandMoreIcon />} sx={{ flexShrink: 0 }}>
          More
        </Button>
      </Box>
      {visible.map((item) => (
        <TopNavButton key={item.key} item={item} building={building} />
      ))}
      {overflow.length > 0 && <MoreMenu items={overflow} building={building} />}
    </Box>
  );
}

/** A top navigation button: opens its drawer when it has one, else goes to its page. */
function TopNavButton({ item, building }: { item: NavItem; building: number }) {
  const drawers = useShellDrawer();
  if (item.drawer && hasShellDrawer(item.key)) {
    const open = drawers.current === item.key;
    return (
      <Button
        color="inherit"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => drawers.open(item.key)}
        sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
      >
        {item.label}
      </Button>
    );
  }
  return (
    <Button color="inherit" component={RouterLink} to={item.to(building)} sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>
      {item.label}
    </Button>
  );
}

/** The buttons that did not fit, as a menu: drawers open as from the bar, pages are links. */
function MoreMenu({ items, building }: { items: readonly NavItem[]; building: number }) {
  const drawers = useShellDrawer();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        id="top-nav-more"
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? "top-nav-more-menu" : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
      >
        More
      </Button>
      <Menu
        id="top-nav-more-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { "aria-labelledby": "top-nav-more" } }}
      >
        {items.map((item) =>
          item.drawer && hasShellDrawer(item.key) ? (
            <MenuItem
              key={item.key}
              onClick={() => {
                close();
                drawers.open(item.key);
              }}
            >
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem key={item.key} component={RouterLink} to={item.to(building)} onClick={close}>
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
