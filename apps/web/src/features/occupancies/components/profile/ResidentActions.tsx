import { useId, useState } from "react";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import BadgeIcon from "@mui/icons-material/Badge";
import EditIcon from "@mui/icons-material/Edit";
import HistoryIcon from "@mui/icons-material/History";
import LoginIcon from "@mui/icons-material/Login";
import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import MailIcon from "@mui/icons-material/Mail";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import type { Action, Occupant } from "@portico/contract";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { occupantName } from "./model.ts";

export type ResidentActionKind = "photo" | "welcome" | "impersonate" | "idcard" | "history";

export interface ResidentAbilities {
  edit: boolean;
  photo: boolean;
  welcomeEmail: boolean;
  impersonate: boolean;
  idCard: boolean;
  history: boolean;
  /** The resident's e-mails in the email history (staff with email.history). */
  emailHistory: boolean;
}

/**
 * What the current user may do with a resident (document 1 section 6): edit, impersonate and ID
 * cards for managers (ID cards when the building has them), welcome e-mails for managers when
 * the tenant site is not federated (active residents), photos for any staff, history for front
 * desk and managers.
 */
export function residentAbilities(
  can: (a: Action) => boolean,
  occupant: Pick<Occupant, "is_active">,
): ResidentAbilities {
  return {
    edit: can("occupant.edit"),
    photo: can("occupant.photo"),
    welcomeEmail: occupant.is_active && can("occupant.welcome_email"),
    impersonate: can("occupant.impersonate"),
    idCard: can("idcard.replace"),
    history: can("occupancy.history"),
    emailHistory: can("email.history"),
  };
}

export interface ResidentActionsProps {
  occupant: Occupant;
  buildingId: number;
  abilities: ResidentAbilities;
  /** Small screens: impersonation moves into the menu. */
  isMobile: boolean;
  busy?: ResidentActionKind | null;
  onAction: (kind: ResidentActionKind, occupant: Occupant) => void;
}

/**
 * A resident card's buttons: Edit (managers), Retake photo (any staff), Email history (staff),
 * Impersonate (managers, large screens).
 */
export function ResidentActions({
  occupant,
  buildingId,
  abilities: a,
  isMobile,
  busy,
  onAction,
}: ResidentActionsProps) {
  const name = occupantName(occupant);
  return (
    <>
      {a.edit && (
        <Button
          size="small"
          startIcon={<EditIcon />}
          component={RouterLink}
          to={`/${buildingId}/manage/occupant/edit/${occupant.id}`}
          aria-label={`Edit ${name}`}
        >
          Edit
        </Button>
      )}
      {a.photo && (
        <Button
          size="small"
          startIcon={<PhotoCameraIcon />}
          onClick={() => onAction("photo", occupant)}
          aria-label={`Retake photo of ${name}`}
        >
          Retake photo
        </Button>
      )}
      {a.emailHistory && (
        <Button
          size="small"
          startIcon={<EmailOutlinedIcon />}
          component={RouterLink}
          to={`/${buildingId}/communication?tab=history&occupant_id=${occupant.id}`}
          aria-label={`Email history of ${name}`}
        >
          Email history
        </Button>
      )}
      {a.impersonate && !isMobile && (
        <Button
          size="small"
          startIcon={<LoginIcon />}
          onClick={() => onAction("impersonate", occupant)}
          loading={busy === "impersonate"}
          aria-label={`Impersonate ${name}`}
        >
          Impersonate
        </Button>
      )}
    </>
  );
}

/**
 * A resident card's 'More actions' menu: Send Welcome Email, Replace ID card, Impersonate (small
 * screens), View history. Nothing when the user may do none of them.
 */
export function ResidentMenu({
  occupant,
  abilities: a,
  isMobile,
  busy,
  onAction,
}: Omit<ResidentActionsProps, "buildingId">) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = occupantName(occupant);
  const run = (kind: ResidentActionKind) => {
    setAnchor(null);
    onAction(kind, occupant);
  };
  const entries: { kind: ResidentActionKind; shown: boolean; Icon: typeof MailIcon; label: string }[] = [
    { kind: "welcome", shown: a.welcomeEmail, Icon: MailIcon, label: "Send Welcome Email" },
    { kind: "idcard", shown: a.idCard, Icon: BadgeIcon, label: "Replace ID card" },
    { kind: "impersonate", shown: a.impersonate && isMobile, Icon: LoginIcon, label: "Impersonate" },
    { kind: "history", shown: a.history, Icon: HistoryIcon, label: "View history" },
  ];
  const items = entries
    .filter((e) => e.shown)
    .map(({ kind, Icon, label }) => (
      <MenuItem key={kind} onClick={() => run(kind)}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    ));
  if (items.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={!!busy}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={`${id}-menu`} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items}
      </Menu>
    </>
  );
}
