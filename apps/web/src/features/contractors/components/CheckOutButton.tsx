import { useState } from "react";
import { useSnackbar } from "notistack";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import LogoutIcon from "@mui/icons-material/Logout";
import { CONTRACTOR_MESSAGES, type ContractorVisit } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { formatZonedTime } from "../../../lib/zonedDates.ts";
import { useCloseVisit } from "../api.ts";

/**
 * 'Check out' for a visit in the building, after a confirmation (POST
 * /contractors/visits/{id}/close/ → 'Contractor visit closed'); a closed visit shows
 * 'Exited {time}'. A failure is only logged (document 2 section 8) and shown in the dialog.
 */
export function CheckOutButton({ visit, timeZone }: { visit: ContractorVisit; timeZone?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const close = useCloseVisit();
  const [asking, setAsking] = useState(false);
  if (!visit.in_building)
    return (
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {CONTRACTOR_MESSAGES.exited(visit.date_closed ? formatZonedTime(visit.date_closed, timeZone) : "")}
      </Typography>
    );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<LogoutIcon />}
        onClick={() => setAsking(true)}
        aria-label={`${CONTRACTOR_MESSAGES.checkOut} ${visit.name} (${visit.company_name})`}
      >
        {CONTRACTOR_MESSAGES.checkOut}
      </Button>
      <ConfirmDialog
        open={asking}
        title={CONTRACTOR_MESSAGES.checkOut}
        confirmLabel={CONTRACTOR_MESSAGES.checkOut}
        busy={close.isPending}
        error={close.error ? errorMessage(close.error) : null}
        onClose={() => {
          setAsking(false);
          close.reset();
        }}
        onConfirm={() =>
          close.mutate(visit.id, {
            onSuccess: () => {
              setAsking(false);
              enqueueSnackbar(CONTRACTOR_MESSAGES.closed, { variant: "success" });
            },
            onError: (err) => console.log("contractor check-out failed", err),
          })
        }
      >
        {`${CONTRACTOR_MESSAGES.checkOutConfirm} ${visit.name} (${visit.company_name})`}
      </ConfirmDialog>
    </>
  );
}
