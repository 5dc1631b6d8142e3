import { useState } from "react";
import { useSnackbar } from "notistack";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { UNIT_PROFILE_MESSAGES as M, type Occupancy, type Occupant } from "@portico/contract";
import { ConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../../components/EmptyState.tsx";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { ApiError, errorMessage } from "../../../../lib/api.ts";
import { useBuilding, useCan, useMe } from "../../../../lib/session.tsx";
import { useIsMobile } from "../../../../lib/useIsMobile.ts";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { useImpersonate, useReplaceIdCard, useSendWelcomeEmail } from "../../profile-api.ts";
import { OccupantHistoryDialog } from "./HistoryDialog.tsx";
import { hasIdCardName, occupantName, residentsTitle } from "./model.ts";
import { ProfilePanel } from "./ProfilePanel.tsx";
import { ResidentActions, residentAbilities, ResidentMenu, type ResidentActionKind } from "./ResidentActions.tsx";
import { ResidentCard } from "./ResidentCard.tsx";
import { RetakePhotoDialog } from "./RetakePhotoDialog.tsx";
import { futureChipSx } from "./styles.ts";

type ResidentsOccupancy = Pick<
  Occupancy,
  "id" | "building_id" | "apartment_number" | "is_active" | "is_future" | "occupant_set" | "inactive_occupant_set"
>;

const CARD_GRID = {
  display: "grid",
  gap: 1.5,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 330px), 1fr))",
};

/** The host named in the impersonation refusal: the tenant site's, else this portal's. */
function tenantHost(url: string | null | undefined): string {
  try {
    if (url) return new URL(url).host;
  } catch {
    // not a URL
  }
  return window.location.host;
}

/**
 * 'Residents' (or 'Residents - DO NOT HAND OUT KEYS YET' for an inactive profile, tagged Future
 * for a future lease): a card per active resident, the inactive ones in a collapsed group, and
 * each resident's actions by role.
 */
export function ResidentsSection({ occupancy: o }: { occupancy: ResidentsOccupancy }) {
  const me = useMe();
  const can = useCan();
  const { settings } = useBuilding();
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const tz = useBuilding().building?.time_zone;
  const [photoFor, setPhotoFor] = useState<Occupant | null>(null);
  const [historyFor, setHistoryFor] = useState<{ id: number; name: string } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: "welcome" | "idcard"; occupant: Occupant } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // The confirmation's text stays while it hides.
  const [shownConfirm, setShownConfirm] = useState(confirm);
  if (confirm && confirm !== shownConfirm) setShownConfirm(confirm);
  const [busy, setBusy] = useState<{ kind: ResidentActionKind; id: number } | null>(null);
  const welcome = useSendWelcomeEmail(o.id);
  const impersonate = useImpersonate();
  const idCard = useReplaceIdCard();

  const onImpersonate = async (occupant: Occupant) => {
    // Opened now, while the click still counts as the user's, so that pop-up blockers let it through.
    const win = window.open("about:blank", "_blank");
    setBusy({ kind: "impersonate", id: occupant.id });
    try {
      const result = await impersonate.mutateAsync(occupant.id);
      if (win) {
        win.opener = null;
        win.location.href = result.redirect_url;
      } else window.open(result.redirect_url, "_blank", "noopener");
    } catch (e) {
      win?.close();
      const message =
        e instanceof ApiError && e.status === 404
          ? e.detail && e.detail !== "Not found."
            ? e.detail
            : M.impersonateFailed(tenantHost(me.tenant_site_url))
          : errorMessage(e);
      enqueueSnackbar(message, { variant: "error", autoHideDuration: 6000 });
    } finally {
      setBusy(null);
    }
  };

  const onAction = (kind: ResidentActionKind, occupant: Occupant) => {
    if (kind === "photo") setPhotoFor(occupant);
    else if (kind === "history") setHistoryFor({ id: occupant.id, name: occupantName(occupant) });
    else if (kind === "impersonate") void onImpersonate(occupant);
    else {
      setConfirmError(null);
      setConfirm({ kind, occupant });
    }
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const { kind, occupant } = confirm;
    setConfirmError(null);
    if (kind === "welcome") {
      try {
        await welcome.mutateAsync(occupant.id);
        enqueueSnackbar("Welcome email sent", { variant: "success" });
        setConfirm(null);
      } catch {
        setConfirmError(M.welcomeEmailFailed);
      }
      return;
    }
    if (!hasIdCardName(occupant)) {
      setConfirmError(M.idCardReplaceFailed);
      return;
    }
    try {
      const result = await idCard.mutateAsync({
        occupant_id: occupant.id,
        unit: o.apartment_number,
        name: `${occupant.first_name} ${occupant.last_name}`.trim(),
        building_id: o.building_id,
      });
      if (!result?.id) throw new Error(M.idCardReplaceFailed);
      enqueueSnackbar(M.idCardReplaced, { variant: "success" });
      setConfirm(null);
    } catch {
      setConfirmError(M.idCardReplaceFailed);
    }
  };

  const card = (occupant: Occupant) => {
    const props = {
      occupant,
      buildingId: o.building_id,
      abilities: residentAbilities(can, occupant),
      isMobile,
      busy: busy?.id === occupant.id ? busy.kind : null,
      onAction,
    };
    return (
      <ResidentCard
        key={occupant.id}
        occupant={occupant}
        actions={<ResidentActions {...props} />}
        menu={<ResidentMenu {...props} />}
      />
    );
  };

  const confirmName = shownConfirm ? occupantName(shownConfirm.occupant) : "";
  const portal = settings?.tenant_portal_name || "tenant site";

  return (
    <ProfilePanel
      id={`residents-${o.id}`}
      title={residentsTitle(o)}
      action={
        <>
          {o.is_future && <Chip label="Future" size="small" sx={futureChipSx} />}
          {can("occupant.create") && (
            <Button
              size="small"
              startIcon={<PersonAddIcon />}
              component={RouterLink}
              to={`/${o.building_id}/manage/occupant/create?occupancy_id=${o.id}`}
            >
              Add resident
            </Button>
          )}
        </>
      }
    >
      {o.occupant_set.length === 0 ? (
        <EmptyState>No active residents</EmptyState>
      ) : (
        <Box sx={CARD_GRID} data-testid="active-residents">
          {o.occupant_set.map(card)}
        </Box>
      )}
      {o.inactive_occupant_set.length > 0 && (
        <Accordion
          disableGutters
          variant="outlined"
          sx={{ mt: 1.5, "&::before": { display: "none" } }}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`inactive-residents-${o.id}`}>
            <Typography sx={{ fontWeight: 600 }}>Inactive residents ({o.inactive_occupant_set.length})</Typography>
          </AccordionSummary>
          <AccordionDetails id={`inactive-residents-${o.id}`}>
            <Box sx={CARD_GRID}>{o.inactive_occupant_set.map(card)}</Box>
          </AccordionDetails>
        </Accordion>
      )}

      <RetakePhotoDialog
        occupant={photoFor}
        occupancyId={o.id}
        buildingId={o.building_id}
        onClose={() => setPhotoFor(null)}
      />
      <OccupantHistoryDialog occupant={historyFor} onClose={() => setHistoryFor(null)} />
      <ConfirmDialog
        open={confirm !== null}
        title={shownConfirm?.kind === "idcard" ? "Replace ID card?" : "Send Welcome Email?"}
        confirmLabel={shownConfirm?.kind === "idcard" ? "Replace ID card" : "Send email"}
        busy={welcome.isPending || idCard.isPending}
        error={confirmError}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirm(null)}
      >
        {shownConfirm?.kind === "idcard" ? (
          <>
            A replacement ID card for {confirmName || "this resident"}, unit {o.apartment_number}, will be queued for
            printing.
          </>
        ) : (
          <>
            Send the {portal} welcome email to {confirmName}
            {shownConfirm?.occupant.email && !shownConfirm.occupant.is_placeholder_email
              ? ` (${shownConfirm.occupant.email})`
              : ""}
            ?
            {shownConfirm?.occupant.welcome_email_sent_time && (
              <>
                <br />
                Last sent {formatZonedDateTime(shownConfirm.occupant.welcome_email_sent_time, tz)}.
              </>
            )}
          </>
        )}
      </ConfirmDialog>
    </ProfilePanel>
  );
}
