import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Occupancy } from "@portico/contract";
import { formatDate } from "../../../../lib/dates.ts";
import { ProfilePanel } from "./ProfilePanel.tsx";

type LeaseFields = Pick<
  Occupancy,
  | "id"
  | "apartment_number"
  | "bedrooms"
  | "bathrooms"
  | "lease_start_date"
  | "lease_end_date"
  | "move_in_date"
  | "move_out_date"
  | "is_balcony_apt"
>;

/** Lease / apartment information: unit, bedrooms, bathrooms, lease and move dates (MM/DD/YYYY). */
export function LeaseInfo({ occupancy: o }: { occupancy: LeaseFields }) {
  const rows: [string, string][] = [
    ["Unit", o.apartment_number],
    ["Bedrooms", o.bedrooms],
    ["Bathrooms", o.bathrooms],
    ["Balcony", o.is_balcony_apt ? "Yes" : "No"],
    ["Lease start date", formatDate(o.lease_start_date)],
    ["Lease end date", formatDate(o.lease_end_date)],
    ["Move-in date", formatDate(o.move_in_date)],
    ["Move-out date", formatDate(o.move_out_date)],
  ];
  return (
    <ProfilePanel id={`lease-${o.id}`} title="Lease information">
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "minmax(8rem, auto) 1fr", sm: "repeat(2, minmax(8rem, auto) 1fr)" },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontWeight: value ? 500 : 400, color: value ? "text.primary" : "text.secondary" }}
            >
              {value || "Not set"}
            </Typography>
          </Box>
        ))}
      </Box>
    </ProfilePanel>
  );
}
