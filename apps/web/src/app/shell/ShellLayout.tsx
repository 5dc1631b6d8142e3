import { Suspense, useState, type ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import AppBar from "@mui/material/AppBar";
import Toolbar from "@mui/material/Toolbar";
import IconButton from "@mui/material/IconButton";
import Drawer from "@mui/material/Drawer";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import MenuIcon from "@mui/icons-material/Menu";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { SectionProgress } from "../../components/FullPageProgress.tsx";
import { RouterLink } from "../../components/RouterLink.tsx";
import { useIsMobile } from "../../lib/useIsMobile.ts";
import { ConnectivityBanner } from "./ConnectivityBanner.tsx";

export const SIDEBAR_WIDTH = 240;

export interface ShellLayoutProps {
  /** Portfolio / product name shown at the left of the top bar. */
  brand: string;
  logoUrl?: string | null;
  brandTo: string;
  /** A mode label next to the brand (e.g. "Admin"). */
  modeLabel?: string;
  /** Sidebar content; null = no sidebar (property owners). */
  sidebar: ((close: () => void) => ReactNode) | null;
  /** Right side of the top bar. */
  actions: ReactNode;
  /** Mobile only: a second top-bar row (the quick search). */
  mobileRow?: ReactNode;
  children: ReactNode;
}

/**
 * The page frame: skip link, offline bar, <header> top bar, sidebar (permanent on desktop,
 * a temporary drawer below 992 px), and <main> with every routed section in an error boundary.
 */
export function ShellLayout({
  brand,
  logoUrl,
  brandTo,
  modeLabel,
  sidebar,
  actions,
  mobileRow,
  children,
}: ShellLayoutProps) {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const close = () => setDrawerOpen(false);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box sx={{ height: "100dvh", display: "flex", flexDirection: "column" }}>
        <Link
          href="#main"
          sx={{
            position: "absolute",
            left: 8,
            top: -48,
            zIndex: 2000,
            bgcolor: "background.paper",
            px: 2,
            py: 1,
            borderRadius: 1,
            "&:focus": { top: 8 },
          }}
        >
          Skip to main content
        </Link>
        <ConnectivityBanner />
        <AppBar position="relative" component="header" color="primary">
          <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56 } }}>
            {sidebar && isMobile && (
              <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, flexShrink: 0, maxWidth: { md: 280 } }}>
              <Link
                component={RouterLink}
                to={brandTo}
                color="inherit"
                underline="none"
                sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}
              >
                {logoUrl && <Box component="img" src={logoUrl} alt="" sx={{ height: 28, width: "auto" }} />}
                <Typography component="span" noWrap sx={{ fontWeight: 700, fontSize: "1.1rem" }}>
                  {brand}
                </Typography>
              </Link>
              {modeLabel && (
                <Typography component="span" noWrap sx={{ opacity: 0.85, fontSize: "0.9rem" }}>
                  {modeLabel}
                </Typography>
              )}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1.5 }}>
              {actions}
            </Box>
          </Toolbar>
          {isMobile && mobileRow && <Toolbar sx={{ minHeight: { xs: 56 }, pb: 1 }}>{mobileRow}</Toolbar>}
          {navigation.state === "loading" && (
            <LinearProgress
              color="secondary"
              aria-label="Loading page"
              sx={{ position: "absolute", bottom: 0, left: 0, right: 0 }}
            />
          )}
        </AppBar>
        <Box sx={{ flex: 1, minHeight: 0, display: "flex" }}>
          {sidebar &&
            (isMobile ? (
              <Drawer
                variant="temporary"
                open={drawerOpen}
                onClose={close}
                slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
              >
                {sidebar(close)}
              </Drawer>
            ) : (
              <Drawer
                variant="permanent"
                sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
                slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, position: "relative", height: "100%" } } }}
              >
                {sidebar(close)}
              </Drawer>
            ))}
          <Box
            component="main"
            id="main"
            tabIndex={-1}
            sx={{ flex: 1, minWidth: 0, overflow: "auto", p: { xs: 2, md: 3 }, outline: "none" }}
          >
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<SectionProgress />}>{children}</Suspense>
            </ErrorBoundary>
          </Box>
        </Box>
      </Box>
    </LocalizationProvider>
  );
}
