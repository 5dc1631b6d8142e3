import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import TextField from "@mui/material/TextField";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { isValidDay } from "@portico/contract";
import { DateField } from "./DateField.tsx";
import { FilterBar, SelectFilter } from "./FilterBar.tsx";
import { dateFilterErrors } from "./listUrl.ts";

vi.setConfig({ testTimeout: 30_000 });

const END_BEFORE_START = "The end date must be on or after the start date.";
const RANGE = [["from", "to"]] as const;

/** A small filter form: a text field and a date range, checked with the contract's rules. */
function Filters({ initial, onSearch }: { initial: Record<string, string>; onSearch: (v: Record<string, string>) => void }) {
  const [v, setV] = useState<Record<string, string>>({ q: "", from: "", to: "", kind: "", ...initial });
  const errors = dateFilterErrors(v, RANGE, isValidDay);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <FilterBar
        label="Test filters"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(v);
        }}
        onReset={() => setV({ q: "", from: "", to: "", kind: "" })}
        errorFields={["from", "to"].filter((k) => errors[k])}
      >
        <TextField label="Words" name="q" value={v.q} onChange={(e) => setV({ ...v, q: e.target.value })} />
        <SelectFilter
          label="Kind"
          name="kind"
          value={v.kind}
          emptyLabel="All kinds"
          onChange={(kind) => setV({ ...v, kind })}
          choices={[
            { value: "a", label: "Kind A" },
            { value: "b", label: "Kind B" },
          ]}
        />
        <DateField id="f-from" name="from" label="From" value={v.from} onChange={(from) => setV({ ...v, from })} error={errors.from} />
        <DateField id="f-to" name="to" label="To" value={v.to} onChange={(to) => setV({ ...v, to })} error={errors.to} />
      </FilterBar>
    </LocalizationProvider>
  );
}

describe("dateFilterErrors", () => {
  it("'Invalid date' for a bad date; the contract's range rule under the end; one day is a range", () => {
    expect(dateFilterErrors({ from: "2026-03-05", to: "2026-03-01" }, RANGE, isValidDay)).toEqual({
      to: END_BEFORE_START,
    });
    expect(dateFilterErrors({ from: "2026-03-05", to: "2026-03-05" }, RANGE, isValidDay)).toEqual({});
    expect(dateFilterErrors({ from: "26-1-1", to: "2026-03-01" }, RANGE, isValidDay)).toEqual({ from: "Invalid date" });
    expect(dateFilterErrors({ from: "", to: "2026-03-01" }, RANGE, isValidDay)).toEqual({});
  });
});

describe("FilterBar", () => {
  it("a search region with the fields, Reset and Search; Search hands over the values", async () => {
    const onSearch = vi.fn();
    render(<Filters initial={{}} onSearch={onSearch} />);
    const bar = screen.getByRole("search", { name: "Test filters" });
    fireEvent.change(within(bar).getByRole("textbox", { name: "Words" }), { target: { value: "leak" } });
    fireEvent.mouseDown(within(bar).getByRole("combobox", { name: "Kind" }));
    fireEvent.click(await screen.findByRole("option", { name: "Kind B" }));
    fireEvent.click(within(bar).getByRole("button", { name: "Search" }));
    expect(onSearch).toHaveBeenCalledWith({ q: "leak", from: "", to: "", kind: "b" });
    fireEvent.click(within(bar).getByRole("button", { name: "Reset" }));
    expect((within(bar).getByRole("textbox", { name: "Words" }) as HTMLInputElement).value).toBe("");
    expect(within(bar).getByRole("combobox", { name: "Kind" }).textContent).toBe("All kinds");
  });

  it("errors from the URL: the message under the field, Search waits, the first errored field has the focus", async () => {
    const onSearch = vi.fn();
    const { container } = render(<Filters initial={{ from: "2026-03-05", to: "2026-03-01" }} onSearch={onSearch} />);
    const message = await screen.findByText(END_BEFORE_START);
    expect(message.id).toBe("f-to-helper-text");
    const search = screen.getByRole("button", { name: "Search" }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    // The picker's own sections take the focus inside the 'To' field.
    const to = container.querySelector<HTMLInputElement>('input[name="to"]')!.closest(".MuiFormControl-root")!;
    await waitFor(() => expect(to.contains(document.activeElement)).toBe(true));
    // Enter in a field does not search either; the focus goes back to the errored field.
    const words = screen.getByRole("textbox", { name: "Words" });
    words.focus();
    fireEvent.submit(screen.getByRole("search", { name: "Test filters" }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(to.contains(document.activeElement)).toBe(true);
  });

  it("an error made while the user is in the form leaves the focus there; one arriving from outside takes it", () => {
    const Bar = ({ errors }: { errors: string[] }) => (
      <FilterBar label="Two fields" onSubmit={(e) => e.preventDefault()} errorFields={errors}>
        <TextField label="First" name="first" />
        <TextField label="Second" name="second" />
      </FilterBar>
    );
    const { rerender } = render(<Bar errors={[]} />);
    const first = screen.getByRole("textbox", { name: "First" });
    const second = screen.getByRole("textbox", { name: "Second" });
    first.focus();
    rerender(<Bar errors={["second"]} />);
    expect(document.activeElement).toBe(first);
    expect((screen.getByRole("button", { name: "Search" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Bar errors={[]} />);
    first.blur();
    rerender(<Bar errors={["second"]} />);
    expect(document.activeElement).toBe(second);
  });
});
