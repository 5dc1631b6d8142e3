import { useMemo, useState } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import DialogContent from "@mui/material/DialogContent";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import ApartmentIcon from "@mui/icons-material/Apartment";
import type { Building } from "@portico/contract";
import { useSwitchBuilding } from "../../lib/buildingSwitch.ts";

/** Mobile (< 992 px): a button opening a full-screen list of buildings by address. */
export function MobileBuildingPicker({ buildings, current }: { buildings: readonly Building[]; current: number }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const switchTo = useSwitchBuilding();
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? buildings.filter((b) => `${b.address} ${b.name}`.toLowerCase().includes(f)) : buildings;
  }, [buildings, filter]);

  const choose = (id: number) => {
    setOpen(false);
    setFilter("");
    if (id !== current) switchTo(id);
  };

  return (
    <>
      <IconButton color="inherit" aria-label="Choose building" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ApartmentIcon />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullScreen aria-labelledby="building-picker-title">
        <DialogTitle id="building-picker-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <span style={{ flex: 1 }}>Choose building</span>
          <IconButton aria-label="Close" onClick={() => setOpen(false)} edge="end">
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {buildings.length > 8 && (
            <Box sx={{ p: 2, pb: 1 }}>
              <TextField
                label="Filter buildings"
                size="small"
                fullWidth
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </Box>
          )}
          <List aria-label="Buildings">
            {shown.map((b) => (
              <ListItem key={b.id} disablePadding>
                <ListItemButton
                  selected={b.id === current}
                  aria-current={b.id === current ? "true" : undefined}
                  onClick={() => choose(b.id)}
                >
                  <ListItemText primary={b.address} secondary={b.name && b.name !== b.address ? b.name : undefined} />
                </ListItemButton>
              </ListItem>
            ))}
            {shown.length === 0 && <Typography sx={{ p: 2, color: "text.secondary" }}>No buildings</Typography>}
          </List>
        </DialogContent>
      </Dialog>
    </>
  );
}
