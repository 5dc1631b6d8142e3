import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { KEY_MESSAGES, type KeyJourney } from "@portico/contract";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { journeyEntityType } from "../model.ts";

/** 'Current Key Journey' (document 2 section 2): the recipient's photo and who has the key since when. */
export function JourneyCard({
  journey,
  apartment,
  timeZone,
}: {
  journey: KeyJourney;
  apartment: string;
  timeZone?: string;
}) {
  const facts: [string, string][] = [
    [KEY_MESSAGES.currentlyOutTo, journey.readable_key_out_to_name],
    ["Type", journeyEntityType(journey)],
    ["Apartment", apartment],
    ["Taken out on", formatZonedDateTime(journey.key_out_datetime, timeZone)],
    ["Handed out by", journey.readable_key_out_by_employee],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={KEY_MESSAGES.currentJourney}>
      <CardContent sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        {journey.key_out_photo_url && (
          <Box
            component="img"
            src={journey.key_out_photo_url}
            alt={`Photo of ${journey.readable_key_out_to_name}`}
            sx={{ width: 120, height: 148, objectFit: "cover", borderRadius: 1 }}
          />
        )}
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h3" sx={{ fontSize: "1.05rem", mb: 1 }}>
            {KEY_MESSAGES.currentJourney}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5 }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: "contents" }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
