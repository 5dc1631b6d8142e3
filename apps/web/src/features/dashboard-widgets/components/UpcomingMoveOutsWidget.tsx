import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { DASHBOARD_MESSAGES as M, mayInvite, MOVE_OUT_GROUP_SIZE, type MoveOutOccupancy } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { refusalOf, useSendMoveOutInvite, useSendMoveOutInviteAll, useUpcomingMoveOuts } from "../api.ts";
import { invitable, widgetPaths } from "../model.ts";
import { NoResults, WidgetList, WidgetRow, WidgetStatus } from "./WidgetStatus.tsx";

type Notice = { severity: "success" | "info" | "error"; text: string } | null;

function Group({
  title,
  rows,
  building,
  action,
}: {
  title: string;
  rows: MoveOutOccupancy[];
  building: number;
  action?: (row: MoveOutOccupancy) => React.ReactNode;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, MOVE_OUT_GROUP_SIZE);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 1.5 }}>
      <Typography variant="h3" sx={{ fontSize: "0.95rem", color: "text.secondary", mb: 0.5 }}>
        {title} ({rows.length})
      </Typography>
      {rows.length === 0 ? (
        <NoResults />
      ) : (
        <WidgetList>
          {shown.map((r) => (
            <WidgetRow inline key={r.id}>
              <Link component={RouterLink} to={widgetPaths.profile(building, r.id)} sx={{ fontWeight: 600 }}>
                Unit {r.apartment_number}
              </Link>
              <Typography variant="body2" sx={{ color: "text.secondary", flex: 1 }}>
                {formatDate(r.lease_end_date)}
              </Typography>
              {action?.(r)}
            </WidgetRow>
          ))}
        </WidgetList>
      )}
      {rows.length > MOVE_OUT_GROUP_SIZE && (
        <Button size="small" onClick={() => setAll(!all)} sx={{ mt: 0.5 }}>
          {all ? M.showLess : M.showMore}
        </Button>
      )}
    </Box>
  );
}

/**
 * 'Upcoming move outs' (buildings with reservations): leases ending within 7 days, 'Not ready'
 * (no Move-Out booked; Invite, then 'Invite sent' for three days) and 'Move-out reserved'; 4 of
 * each, then Show more. 'Invite all' invites the eligible ones, or says none may be invited.
 */
export function UpcomingMoveOutsWidget() {
  const { id: building } = useBuilding();
  const query = useUpcomingMoveOuts(building);
  const invite = useSendMoveOutInvite(building);
  const inviteAll = useSendMoveOutInviteAll(building);
  const [sent, setSent] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<Notice>(null);

  const markSent = (ids: number[]) => setSent((s) => new Set([...s, ...ids]));
  const sendOne = (id: number) => {
    setNotice(null);
    invite.mutate(id, {
      onSuccess: () => markSent([id]),
      onError: (err) => setNotice({ severity: "error", text: refusalOf(err) }),
    });
  };
  const sendAll = (notReady: MoveOutOccupancy[]) => {
    const ids = invitable(notReady)
      .filter((r) => !sent.has(r.id))
      .map((r) => r.id);
    if (!ids.length) {
      setNotice({ severity: "info", text: M.noInvites });
      return;
    }
    setNotice(null);
    inviteAll.mutate(ids, {
      onSuccess: (res) => {
        markSent(res.sent);
        setNotice({ severity: "success", text: M.invitesSent(res.sent_count) });
      },
      onError: (err) => setNotice({ severity: "error", text: refusalOf(err) }),
    });
  };

  const inviteCell = (r: MoveOutOccupancy) =>
    sent.has(r.id) || !mayInvite(r.move_out_invite_sent_time) ? (
      <Typography variant="body2" sx={{ color: "success.main", whiteSpace: "nowrap" }}>
        {M.inviteSent}
      </Typography>
    ) : (
      <Button
        size="small"
        variant="outlined"
        onClick={() => sendOne(r.id)}
        disabled={invite.isPending && invite.variables === r.id}
        aria-label={`${M.invite} unit ${r.apartment_number}`}
      >
        {M.invite}
      </Button>
    );

  return (
    <WidgetStatus query={query} label="the upcoming move outs">
      {(data) => {
        const notReady = data.occupancies_expiring_without_reservations;
        const ready = data.occupancies_expiring_with_reservations;
        if (!notReady.length && !ready.length) return <NoResults />;
        return (
          <>
            {notice && (
              <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 1 }}>
                {notice.text}
              </Alert>
            )}
            {notReady.length > 0 && (
              <Button variant="contained" size="small" onClick={() => sendAll(notReady)} disabled={inviteAll.isPending}>
                {M.inviteAll}
              </Button>
            )}
            <Group title={M.notReady} rows={notReady} building={building} action={inviteCell} />
            <Group title={M.moveOutReserved} rows={ready} building={building} />
          </>
        );
      }}
    </WidgetStatus>
  );
}
