import { lazy, Suspense, useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import AddIcon from "@mui/icons-material/Add";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import SettingsIcon from "@mui/icons-material/Settings";
import { type AmenityReservation } from "@portico/contract";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { ApartmentSearch } from "../../../components/SideDrawer.tsx";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useBuildingAmenityTypes, useBuildingClubs } from "../api.ts";
import { AmenityCalendar } from "../components/AmenityCalendar.tsx";
import { Legend } from "../components/Legend.tsx";
import { type DrawerTarget, ReservationDrawer } from "../components/ReservationDrawer.tsx";
import { AmenityReservationsTable } from "../components/ReservationsTable.tsx";
import { useReservationScan } from "../components/useReservationScan.ts";
import { amenityPaths } from "../model.ts";

const CodeScanner = lazy(() => import("../../../components/CodeScanner.tsx").then((m) => ({ default: m.CodeScanner })));

const SEARCH_DEBOUNCE_MS = 250;

export function Component() {
  const can = useCan();
  if (!can("amenity.view")) return <NotFound />;
  return <Page />;
}

/**
 * /{building}/amenity-reservations (document 3 section 2): the Upcoming list or the Calendar
 * (`view` in the URL), header links to each club's members, 'Manage clubs' and 'Add new
 * reservation'; the list's tabs ('All amenities' and one per amenity type), 'Name or apartment',
 * Scan (when a type sends QR codes) and 'Configure amenity'.
 */
function Page() {
  usePageTitle("Amenity reservations");
  const can = useCan();
  const { id: building, building: b } = useBuilding();
  const tz = b?.time_zone;
  const { params, update } = useListUrl(30);
  const view = params.get("view") === "calendar" ? "calendar" : "list";
  const typeParam = Number(params.get("type") ?? "") || undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get("date") ?? "") ? (params.get("date") as string) : dayInZone(tz);
  const clubs = useBuildingClubs(building);
  const types = useBuildingAmenityTypes(building);
  const typeList = types.data ?? [];
  const type = typeList.find((t) => t.id === typeParam);
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const openReservation = (r: AmenityReservation) => setTarget({ mode: "edit", reservation: r });
  const scan = useReservationScan(openReservation);
  const mayBook = can("amenity.book");

  const [search, setSearch] = useState(params.get("search") ?? "");
  useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get("search") ?? "") !== search.trim()) update({ search: search.trim(), offset: null }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, params, update]);

  const tabs = [{ key: "all", name: "All amenities" }, ...typeList.map((t) => ({ key: String(t.id), name: t.name }))];
  const current = tabs.find((t) => t.key === String(type?.id ?? "all")) ?? tabs[0];

  return (
    <Box>
      <PageHeader
        title="Amenity reservations"
        actions={
          <>
            {(clubs.data ?? []).map((c) => (
              <Button key={c.id} component={RouterLink} to={amenityPaths.members(building, c.id)}>
                {c.name} members
              </Button>
            ))}
            {can("club.manage") && (
              <Button component={RouterLink} to={amenityPaths.clubs(building)}>
                Manage clubs
              </Button>
            )}
            {mayBook && typeList.length > 0 && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setTarget({ mode: "new", date: day })}>
                Add new reservation
              </Button>
            )}
          </>
        }
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_, v: string | null) => v && update({ view: v === "calendar" ? "calendar" : null })}
        aria-label="View"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="list">Upcoming</ToggleButton>
        <ToggleButton value="calendar">Calendar</ToggleButton>
      </ToggleButtonGroup>
      {view === "calendar" ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <AmenityCalendar
            building={building}
            tz={tz}
            day={day}
            onDayChange={(d) => update({ date: d })}
            onReservation={openReservation}
            onFreeCell={mayBook ? (amenityId, date, start, end) => setTarget({ mode: "new", amenityId, date, start, end }) : undefined}
          />
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TabbedPanel
            label="Amenities"
            tabs={tabs}
            current={current}
            titleOf={(t) => t.name}
            onChange={(k) => update({ type: k === "all" ? null : k, offset: null })}
            panelSx={{ p: 2 }}
          >
            <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, mb: 1.5 }}>
              <Box sx={{ width: 260, maxWidth: "100%" }}>
                <ApartmentSearch label="Name or apartment" value={search} onChange={setSearch} />
              </Box>
              {typeList.some((t) => t.send_qr_codes) && can("amenity.checkin") && (
                <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={scan.start}>
                  Scan
                </Button>
              )}
              {type && can("club.manage") && (
                <Button component={RouterLink} to={amenityPaths.type(building, type.id)} startIcon={<SettingsIcon />}>
                  Configure amenity
                </Button>
              )}
              <Box sx={{ flex: 1 }} />
              <Legend />
            </Box>
            <AmenityReservationsTable
              buildingId={building}
              amenityTypeId={type?.id}
              search={params.get("search") ?? ""}
              onOpen={openReservation}
            />
          </TabbedPanel>
        </Paper>
      )}
      <ReservationDrawer target={target} onClose={() => setTarget(null)} />
      {scan.open && (
        <Suspense fallback={null}>
          <CodeScanner open title="Scan reservation QR code" onClose={scan.stop} onScan={scan.onScan} error={scan.error} />
        </Suspense>
      )}
    </Box>
  );
}
