import Paper from "@mui/material/Paper";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { TemplatePicker } from "../components/libraryParts.tsx";
import { MemoComposer } from "../components/MemoComposer.tsx";

const TITLE = "Send Memo To All Tenants In Portfolio";

/**
 * /admin/messaging/portfolio_memo (document 3 section 2; Office): the composer without the
 * recipient picker, to every current tenant of the chosen buildings.
 */
export function Component() {
  usePageTitle(TITLE);
  const can = useCan();
  if (!can("memo.send_portfolio")) return <NotFound />;
  return (
    <>
      <PageHeader title={TITLE} back={{ to: "/admin/dashboard", label: "Admin" }} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <MemoComposer
          mode={{ kind: "portfolio" }}
          onSent={() => undefined}
          templatePicker={(apply) => <TemplatePicker onPick={apply} />}
        />
      </Paper>
    </>
  );
}
