import type { ReactNode } from "react";
import Typography from "@mui/material/Typography";
import Button from "@mui/material/Button";
import { StandalonePage } from "../../components/StandalonePage.tsx";
import { signOut } from "../../lib/auth.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";

/** A page that can only explain and offer to sign out (its title is also the heading). */
export function SignOutNotice({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <StandalonePage>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {children}
      <Button variant="outlined" onClick={() => void signOut()}>
        Sign out
      </Button>
    </StandalonePage>
  );
}
