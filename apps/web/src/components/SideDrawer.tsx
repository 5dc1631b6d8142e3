import { useId, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";

/** A right-side drawer: its title, buttons beside it, and its body. */
export function SideDrawer({
  open,
  onClose,
  title,
  actions,
  children,
  width = 480,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { "aria-labelledby": titleId, role: "dialog", sx: { width: { xs: "100%", sm: width } } } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 2, pb: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: "1.2rem" }}>
          {title}
        </Typography>
        <Box className="print-hide" sx={{ display: "flex", gap: 1 }}>
          {actions}
          <IconButton onClick={onClose} aria-label="Close">
            <CloseIcon />
          </IconButton>
        </Box>
      </Box>
      <Box sx={{ p: 2, pt: 1, display: "grid", gap: 1.5 }}>{children}</Box>
    </Drawer>
  );
}

/** 'Search apartment or resident': the box above a list of instruction cards. */
export function ApartmentSearch({
  value,
  onChange,
  label = "Search apartment or resident",
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      fullWidth
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
