/**
 * The composer's pieces that come from the e-mail history and the template and memo-group
 * library: the history list of a tab, the library's links, the template picker and memo groups.
 */
import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { RouterLink } from "../../../components/RouterLink.tsx";
import type { ChosenRecipient } from "../model.ts";

export { EmailHistoryList as HistoryTab } from "../../email-history/index.ts";

export function MemoLibraryLinks({ building }: { building: number }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button component={RouterLink} to={`/${building}/communication/templates`}>
        Templates
      </Button>
      <Button component={RouterLink} to={`/${building}/communication/memo-groups`}>
        Memo groups
      </Button>
    </Stack>
  );
}

export function TemplatePickerSlot(_props: { onPick: (t: { title: string; content: string }) => void }): ReactNode {
  return null;
}

export function MemoGroupSources(_props: { building: number; onAdd: (r: ChosenRecipient[]) => void }): ReactNode {
  return null;
}
