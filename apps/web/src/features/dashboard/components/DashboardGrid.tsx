import Grid from "@mui/material/Grid";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { cardsOf, type DashboardCard, type DashboardWidget, layoutOf } from "../model.ts";
import { WidgetCard } from "./WidgetCard.tsx";
import { WidgetTabs } from "./WidgetTabs.tsx";

function Card({ card }: { card: DashboardCard }) {
  return card.kind === "tabs" ? <WidgetTabs label={card.label} tabs={card.tabs} /> : <WidgetCard widget={card.widget} />;
}

/** The visible widgets laid out in columns (see layoutOf). */
export function DashboardGrid({ widgets }: { widgets: readonly DashboardWidget[] }) {
  const mobile = useIsMobile();
  const columns = layoutOf(cardsOf(widgets), mobile);
  return (
    <Grid container spacing={{ xs: 2, sm: 3 }}>
      {columns.map((column) => (
        <Grid key={column.key} size={column.size} data-testid={`dashboard-${column.key}`}>
          <Grid container spacing={{ xs: 2, sm: 3 }}>
            {column.cards.map((card) => (
              <Grid key={card.key} size={column.cardSize}>
                <Card card={card} />
              </Grid>
            ))}
          </Grid>
        </Grid>
      ))}
    </Grid>
  );
}
