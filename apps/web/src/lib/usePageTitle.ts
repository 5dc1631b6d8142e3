import { useEffect } from "react";

/** "Dashboard · Portico" */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Portico` : "Portico";
  }, [title]);
}
