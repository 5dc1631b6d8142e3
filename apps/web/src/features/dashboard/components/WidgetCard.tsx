import { Suspense, useId } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ErrorBoundary } from "../../../components/ErrorBoundary.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import type { DashboardWidget } from "../model.ts";

/** A widget's body: loaded on demand, a crash kept inside it. */
export function WidgetBody({ widget }: { widget: DashboardWidget }) {
  const Body = widget.Component;
  return (
    <ErrorBoundary resetKey={widget.key}>
      <Suspense fallback={<SectionProgress label={`Loading ${widget.title}`} />}>
        <Body />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A widget in a card of its own, headed by its title. */
export function WidgetCard({ widget }: { widget: DashboardWidget }) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      data-widget={widget.key}
      sx={{ height: "100%", p: { xs: 1.5, sm: 2 } }}
    >
      <Typography variant="h2" id={id} sx={{ fontSize: "1.15rem", mb: 1.5 }}>
        {widget.title}
      </Typography>
      <Box>
        <WidgetBody widget={widget} />
      </Box>
    </Paper>
  );
}
