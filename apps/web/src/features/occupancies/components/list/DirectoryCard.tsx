import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Occupant } from "@portico/contract";
import { photoFrameSx } from "../profile/styles.ts";

export const occupantName = (o: Pick<Occupant, "first_name" | "last_name" | "username">) =>
  [o.first_name, o.last_name].filter(Boolean).join(" ") || o.username;

const initials = (o: Pick<Occupant, "first_name" | "last_name" | "username">) =>
  ([o.first_name[0], o.last_name[0]].filter(Boolean).join("") || o.username.slice(0, 2)).toUpperCase();

/** One resident of the print directory: photo (or initials), name, unit, type and contacts. */
export function DirectoryCard({ occupant }: { occupant: Occupant }) {
  const name = occupantName(occupant);
  const email = occupant.is_placeholder_email ? "" : occupant.email;
  return (
    <Box
      component="article"
      aria-label={`${name}, unit ${occupant.apartment_number}`}
      className="directory-card"
      sx={{
        display: "flex",
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        bgcolor: "background.paper",
        minWidth: 0,
        breakInside: "avoid",
      }}
    >
      <Box
        className="directory-photo"
        sx={{
          ...photoFrameSx,
          flex: "0 0 auto",
          height: 84,
          color: "grey.800",
          fontWeight: 700,
          fontSize: "1.25rem",
        }}
      >
        {occupant.photo_url ? (
          <Box
            component="img"
            src={occupant.photo_url}
            alt=""
            loading="lazy"
            sx={{ width: "100%", height: "100%", objectFit: "cover" }}
          />
        ) : (
          <span aria-hidden="true">{initials(occupant)}</span>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="h2"
          sx={{ fontWeight: 700, fontSize: "1rem", lineHeight: 1.3, overflowWrap: "anywhere" }}
        >
          {name}
        </Typography>
        <Typography sx={{ fontSize: "0.95rem", fontWeight: 600 }}>Unit {occupant.apartment_number}</Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {occupant.type_display}
        </Typography>
        {occupant.phone_number && (
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {occupant.phone_number}
          </Typography>
        )}
        {email && (
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {email}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
