import { useState, type ReactNode } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import FlagIcon from "@mui/icons-material/Flag";
import HistoryIcon from "@mui/icons-material/History";
import LogoutIcon from "@mui/icons-material/Logout";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import NotificationsIcon from "@mui/icons-material/Notifications";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import OutlinedFlagIcon from "@mui/icons-material/OutlinedFlag";
import StickyNote2Icon from "@mui/icons-material/StickyNote2";
import { TRACK_FIELDS, type Action, type BuildingSettings, type Occupancy } from "@portico/contract";
import { ConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { formatDate } from "../../../../lib/dates.ts";
import { useIsMobile } from "../../../../lib/useIsMobile.ts";
import { useMoveOut, useNoteCount } from "../../profile-api.ts";
import { visuallyHidden } from "../../../../components/visuallyHidden.ts";
import { FlagDialog } from "./FlagDialog.tsx";
import { flagButtonSx } from "./styles.ts";
import { HistoryDialog } from "./HistoryDialog.tsx";
import { NotesDialog } from "./NotesDialog.tsx";
import { SubscriptionsDialog } from "./SubscriptionsDialog.tsx";

export interface HeaderAbilities {
  flag: boolean;
  track: boolean;
  notes: boolean;
  moveOut: boolean;
  history: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * The profile's header buttons by role (document 1 sections 2.4, 4 and 6): Flag / Remove flag,
 * Subscriptions and Internal office notes (when the building enables them) for managers; Move
 * out (only without a move-out date) and View history for front desk and managers; the
 * managers' Edit unit profile and Delete.
 */
export function headerAbilities(
  can: (a: Action) => boolean,
  settings: BuildingSettings | undefined,
  o: Pick<Occupancy, "move_out_date">,
): HeaderAbilities {
  return {
    flag: can("occupancy.flag"),
    track: can("occupancy.track"),
    notes: !!settings?.coresettings.enable_occupancy_notes && can("occupancy.notes"),
    moveOut: !o.move_out_date && can("occupancy.move_out"),
    history: can("occupancy.history"),
    edit: can("occupancy.edit"),
    delete: can("occupancy.delete"),
  };
}

interface UnitAction {
  key: string;
  label: string;
  icon: ReactNode;
  /** 'flag': a dark orange that keeps AA contrast (MUI's warning orange does not). */
  color?: "primary" | "flag" | "error";
  variant?: "outlined" | "contained";
  /** A link (else a button opening a dialog). */
  to?: string;
  onClick?: () => void;
  badge?: number;
  /** Stays a button on small screens. */
  primary?: boolean;
}

/** A count in a pill after a button's text; screen readers hear '3 notes'. */
function CountPill({ count, noun }: { count: number; noun: string }) {
  return (
    <Box
      component="span"
      data-testid="notes-count"
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: "primary.main",
        color: "primary.contrastText",
        fontSize: "0.75rem",
        lineHeight: "20px",
        textAlign: "center",
        fontWeight: 700,
      }}
    >
      {count > 99 ? "99+" : count}{" "}
      <Box component="span" sx={visuallyHidden}>
        {noun}
      </Box>
    </Box>
  );
}

type Modal = "flag" | "subscriptions" | "notes" | "move-out" | "history" | null;

export function HeaderActions({
  occupancy: o,
  abilities: a,
  today,
  timeZone,
}: {
  occupancy: Occupancy;
  abilities: HeaderAbilities;
  /** 'YYYY-MM-DD' in the building's time zone. */
  today: string;
  timeZone?: string | null;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [modal, setModal] = useState<Modal>(null);
  const [moveOutError, setMoveOutError] = useState<string | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const isMobile = useIsMobile();
  const noteCount = useNoteCount(o.id, a.notes);
  const moveOut = useMoveOut(o.id);
  const close = () => setModal(null);
  const count = noteCount.data?.count ?? 0;
  const subscribed = !!o.tracking && TRACK_FIELDS.some((f) => o.tracking?.[f]);

  const onMoveOut = async () => {
    setMoveOutError(null);
    try {
      const updated = await moveOut.mutateAsync();
      enqueueSnackbar(`Moved out: the move-out date is now ${formatDate(updated.move_out_date ?? today)}`, {
        variant: "success",
      });
      close();
    } catch (e) {
      setMoveOutError(errorMessage(e));
    }
  };

  const actions: UnitAction[] = [];
  if (a.flag)
    actions.push({
      key: "flag",
      label: o.flag ? "Remove flag" : "Flag",
      icon: o.flag ? <FlagIcon /> : <OutlinedFlagIcon />,
      color: "flag",
      variant: o.flag ? "contained" : "outlined",
      onClick: () => setModal("flag"),
      primary: true,
    });
  if (a.track)
    actions.push({
      key: "subscriptions",
      label: "Subscriptions",
      icon: subscribed ? <NotificationsActiveIcon /> : <NotificationsIcon />,
      onClick: () => setModal("subscriptions"),
    });
  if (a.notes)
    actions.push({
      key: "notes",
      label: "Internal office notes",
      icon: <StickyNote2Icon />,
      badge: count,
      onClick: () => setModal("notes"),
      primary: true,
    });
  if (a.moveOut)
    actions.push({
      key: "move-out",
      label: "Move out",
      icon: <LogoutIcon />,
      onClick: () => {
        setMoveOutError(null);
        setModal("move-out");
      },
      primary: true,
    });
  if (a.history)
    actions.push({ key: "history", label: "View history", icon: <HistoryIcon />, onClick: () => setModal("history") });
  if (a.edit)
    actions.push({
      key: "edit",
      label: "Edit unit profile",
      icon: <EditIcon />,
      to: `/${o.building_id}/manage/unit-profiles/edit/${o.id}`,
    });
  if (a.delete)
    actions.push({
      key: "delete",
      label: "Delete",
      icon: <DeleteIcon />,
      color: "error",
      to: `/${o.building_id}/manage/unit-profiles/delete/${o.id}`,
    });
  if (actions.length === 0) return null;

  // Small screens: the everyday actions stay buttons, the rest go into 'More unit actions'.
  const secondary = isMobile ? actions.filter((x) => !x.primary) : [];
  const inMenu = secondary.length > 1 ? secondary : [];
  const buttons = actions.filter((x) => !inMenu.includes(x));

  return (
    <>
      <Box
        role="group"
        aria-label="Unit actions"
        sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", justifyContent: { md: "flex-end" } }}
      >
        {buttons.map((x) => (
          <Button
            key={x.key}
            variant={x.variant ?? "outlined"}
            color={x.color === "flag" ? "primary" : (x.color ?? "primary")}
            sx={x.color === "flag" ? flagButtonSx(x.variant === "contained") : undefined}
            startIcon={x.icon}
            {...(x.to
              ? { component: RouterLink, to: x.to }
              : { onClick: x.onClick, "aria-haspopup": "dialog" as const })}
            endIcon={
              x.badge !== undefined ? <CountPill count={x.badge} noun={x.badge === 1 ? "note" : "notes"} /> : undefined
            }
          >
            {x.label}
          </Button>
        ))}
        {inMenu.length > 0 && (
          <>
            <Button
              variant="outlined"
              endIcon={<MoreVertIcon />}
              aria-haspopup="menu"
              aria-expanded={menuAnchor ? true : undefined}
              onClick={(e) => setMenuAnchor(e.currentTarget)}
            >
              More
            </Button>
            <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
              {inMenu.map((x) => (
                <MenuItem
                  key={x.key}
                  {...(x.to ? { component: RouterLink, to: x.to } : {})}
                  onClick={() => {
                    setMenuAnchor(null);
                    x.onClick?.();
                  }}
                  sx={x.color === "error" ? { color: "error.main" } : undefined}
                >
                  <ListItemIcon sx={x.color === "error" ? { color: "error.main" } : undefined}>{x.icon}</ListItemIcon>
                  <ListItemText>{x.label}</ListItemText>
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Box>

      {a.flag && <FlagDialog occupancy={o} open={modal === "flag"} onClose={close} timeZone={timeZone} />}
      {a.track && <SubscriptionsDialog occupancy={o} open={modal === "subscriptions"} onClose={close} />}
      {a.notes && <NotesDialog occupancy={o} open={modal === "notes"} onClose={close} />}
      {a.history && (
        <HistoryDialog
          occupancyId={o.id}
          apartmentNumber={o.apartment_number}
          open={modal === "history"}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={modal === "move-out"}
        title={`Move out unit ${o.apartment_number}?`}
        confirmLabel="Move out"
        busy={moveOut.isPending}
        error={moveOutError}
        onConfirm={() => void onMoveOut()}
        onClose={close}
      >
        This sets the move-out date to today, {formatDate(today)}. The unit profile and its residents stay active until
        they are deactivated in Edit unit profile.
      </ConfirmDialog>
    </>
  );
}
