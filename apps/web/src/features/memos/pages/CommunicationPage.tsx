import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import PrintIcon from "@mui/icons-material/Print";
import type { MemoType, SendMemoReply } from "@portico/contract";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { HistoryTab, MemoLibraryLinks, MemoGroupSources, TemplatePicker } from "../components/libraryParts.tsx";
import { MemoComposer } from "../components/MemoComposer.tsx";
import { type CommunicationTab, lettersPrintPath, tabOf } from "../model.ts";

const TABS: readonly { key: CommunicationTab; label: string; send?: boolean }[] = [
  { key: "history", label: "Memos" },
  { key: "letters", label: "Letters" },
  { key: "notifications", label: "Notifications" },
  { key: "memo", label: "Send tenant memo", send: true },
];

const HISTORY_TYPE = { history: "MEMO", letters: "LETTER", notifications: "AUTO" } as const;

/**
 * /{building}/communication (document 3 section 2): the e-mail history as Memos, Letters and
 * Notifications, and 'Send tenant memo' for those who may send. `?tab=memo|history|letters|
 * notifications`; `occupant_id` filters the history (and pre-selects the resident in a memo);
 * `club` writes to a club's members; `print` offers the letters just sent for printing.
 */
export function Component() {
  usePageTitle("Communication");
  const can = useCan();
  if (!can("email.history")) return <NotFound />;
  return <Page />;
}

function Page() {
  const { id: building } = useBuilding();
  const can = useCan();
  const canSend = can("memo.send");
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"), canSend);
  const occupantId = Number(params.get("occupant_id")) || undefined;
  const clubId = Number(params.get("club")) || undefined;
  const printRecord = Number(params.get("print")) || undefined;
  const tabs = TABS.filter((t) => !t.send || canSend);
  const current = tabs.find((t) => t.key === tab) ?? tabs[0];

  const go = (next: Record<string, string | undefined>) =>
    setParams(() => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
      return p;
    });

  const onSent = (reply: SendMemoReply, type: MemoType) => {
    const letters = type === "letter";
    const record = letters && reply.letter_recipient_count > 0 ? reply.record_ids[0] : undefined;
    go({ tab: letters ? "letters" : "history", print: record ? String(record) : undefined });
  };

  return (
    <>
      <PageHeader title="Communication" actions={canSend ? <MemoLibraryLinks building={building} /> : undefined} />
      {printRecord && tab !== "memo" && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              startIcon={<PrintIcon />}
              component={RouterLink}
              to={lettersPrintPath(building, printRecord)}
            >
              Print letters
            </Button>
          }
        >
          Some residents have no e-mail address: print their letters, one page per unit.
        </Alert>
      )}
      <Paper variant="outlined">
        <TabbedPanel
          label="Communication"
          tabs={tabs}
          current={current}
          titleOf={(t) => t.label}
          onChange={(key) => go({ tab: key, occupant_id: occupantId ? String(occupantId) : undefined })}
          panelSx={{ p: 2 }}
        >
          {current.key === "memo" ? (
            <MemoComposer
              key={clubId ? `club-${clubId}` : `building-${building}`}
              mode={clubId ? { kind: "club", building, clubId } : { kind: "building", building, occupantId }}
              onSent={onSent}
              templatePicker={(apply) => <TemplatePicker onPick={apply} />}
              recipientSources={(add) => <MemoGroupSources building={building} onAdd={add} />}
            />
          ) : (
            <HistoryTab type={HISTORY_TYPE[current.key]} occupantId={occupantId} />
          )}
        </TabbedPanel>
      </Paper>
    </>
  );
}
