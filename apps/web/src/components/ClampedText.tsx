import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import type { SxProps, Theme } from "@mui/material/styles";
import { NOTE_BODY_CLAMP_LINES } from "@portico/contract";

export interface ClampedTextProps {
  /** The text (line breaks kept). */
  children: string;
  /** Lines shown before 'Show more'. */
  lines?: number;
  /** What the toggle's accessible name adds after 'Show more' / 'Show less' (e.g. 'of note 9:15 AM'). */
  toggleLabel?: string;
  sx?: SxProps<Theme>;
}

/**
 * Long text in a list: the first few lines, and a 'Show more' / 'Show less' toggle when there is
 * more. The whole text stays in the page (find in page, screen readers); only its height is cut.
 */
export function ClampedText({ children, lines = NOTE_BODY_CLAMP_LINES, toggleLabel, sx }: ClampedTextProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  const measure = useCallback(() => {
    const el = ref.current;
    // Measured while clamped: more content than the lines shown.
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [expanded]);

  useLayoutEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, children]);

  return (
    <Box>
      <Box
        ref={ref}
        id={id}
        data-clamped={!expanded && overflows ? "true" : undefined}
        sx={[
          { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
          !expanded && {
            display: "-webkit-box",
            WebkitBoxOrient: "vertical",
            WebkitLineClamp: String(lines),
            overflow: "hidden",
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </Box>
      {(overflows || expanded) && (
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={id}
          aria-label={toggleLabel ? `${expanded ? "Show less" : "Show more"} ${toggleLabel}` : undefined}
          onClick={(e) => {
            // Inside a clickable row or card, the toggle only toggles.
            e.stopPropagation();
            setExpanded((v) => !v);
          }}
          sx={{ px: 0.5, minWidth: 0, mt: 0.25, ml: -0.5 }}
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      )}
    </Box>
  );
}
