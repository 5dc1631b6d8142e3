import { useId } from "react";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Typography from "@mui/material/Typography";
import { type BatchedPackage, type Occupant, PACKAGE_MESSAGES } from "@portico/contract";
import { visuallyHidden } from "../../../components/visuallyHidden.ts";

/** A resident who may be told about a package, with what their preferences send them. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  /** Known to have no usable address ('No email on file!'). */
  noEmail: boolean;
  emailOn: boolean;
  textOn: boolean;
  hasPhone: boolean;
}

/**
 * Residents of a unit profile as recipients. Staff who may not see addresses get blank ones;
 * `has_email` still tells whether one is on file.
 */
export function recipientsOfOccupancy(occupants: readonly Occupant[]): Recipient[] {
  return occupants.filter((o) => o.is_active).map(recipientOf);
}

/** Residents of a batched package (the batch tells whether an address is on file). */
export function recipientsOfBatched(item: BatchedPackage): Recipient[] {
  return item.occupancy_details.occupant_set.filter((o) => o.is_active).map(recipientOf);
}

/** What a resident of a unit profile or of a batched package says about being notified. */
type RecipientSource = Pick<Occupant, "id" | "first_name" | "last_name" | "email" | "has_email" | "phone_number"> & {
  notification_preferences: Pick<
    Occupant["notification_preferences"],
    "is_email_package_activity" | "is_text_package_activity"
  >;
};

function recipientOf(o: RecipientSource): Recipient {
  return {
    id: o.id,
    name: `${o.first_name} ${o.last_name}`.trim(),
    email: o.email,
    noEmail: !o.has_email,
    emailOn: o.notification_preferences.is_email_package_activity,
    textOn: o.notification_preferences.is_text_package_activity,
    hasPhone: !!o.phone_number.trim(),
  };
}

/** Default choice: those whose preferences send them package mail or texts. */
export const defaultRecipientIds = (list: readonly Recipient[]) =>
  list.filter((r) => r.emailOn || r.textOn).map((r) => r.id);

function channels(r: Recipient): string {
  const out: string[] = [];
  if (r.emailOn) out.push("email");
  if (r.textOn) out.push(r.hasPhone ? "text" : "text (no phone)");
  return out.length ? out.join(" and ") : "no package notifications";
}

export interface RecipientsPickerProps {
  recipients: readonly Recipient[];
  /** Chosen ids; null = the default choice. */
  value: readonly number[] | null;
  onChange: (ids: number[]) => void;
  /** Names the group ("Notify residents of 1203"). */
  label: string;
  dense?: boolean;
  disabled?: boolean;
}

/** One checkbox per resident, with the channels their preferences use and 'No email on file!'. */
export function RecipientsPicker({ recipients, value, onChange, label, dense, disabled }: RecipientsPickerProps) {
  const id = useId();
  const chosen = new Set(value ?? defaultRecipientIds(recipients));
  if (recipients.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No residents to notify
      </Typography>
    );
  return (
    <Box
      role="group"
      aria-labelledby={id}
      sx={{ position: "relative", display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0 }}
    >
      <Typography id={id} variant="body2" sx={dense ? visuallyHidden : { width: "100%", fontWeight: 600 }}>
        {label}
      </Typography>
      {recipients.map((r) => (
        <Box key={r.id} sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <FormControlLabel
            sx={{ mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(r.id)}
                disabled={disabled}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(r.id);
                  else next.delete(r.id);
                  onChange(recipients.filter((x) => next.has(x.id)).map((x) => x.id));
                }}
              />
            }
            label={
              <Typography component="span" variant="body2">
                {r.name || "Resident"}{" "}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({channels(r)})
                </Typography>
              </Typography>
            }
          />
          {r.noEmail && (
            <Typography component="span" variant="body2" sx={{ color: "error.main", fontWeight: 600 }}>
              {PACKAGE_MESSAGES.noEmail}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
