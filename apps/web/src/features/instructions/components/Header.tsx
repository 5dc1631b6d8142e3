import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import AddIcon from "@mui/icons-material/Add";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";

/**
 * The heading of the grid and the list: a button to the other view, and Create for those the
 * building lets write instructions.
 */
export function SectionHeader({
  other,
  createTo,
}: {
  other: { to: string; label: string; icon: ReactNode };
  createTo: string | null;
}) {
  return (
    <PageHeader title="Front desk instructions">
      <Button component={RouterLink} to={other.to} variant="outlined" startIcon={other.icon}>
        {other.label}
      </Button>
      {createTo && (
        <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />}>
          Create
        </Button>
      )}
    </PageHeader>
  );
}
