import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** A drawer of the shell closes when the user follows a link out of it (the page changes). */
export function useCloseOnNavigate(onClose: () => void): void {
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== shownAt.current) {
      shownAt.current = pathname;
      onClose();
    }
  }, [pathname, onClose]);
}
