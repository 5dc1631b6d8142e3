import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { ClampedText } from "./ClampedText.tsx";

/** jsdom has no layout: each element is as tall as its own text's lines (20 px a line), cut at maxLines. */
function fakeLayout() {
  const lines = (el: HTMLElement) => (el.textContent ?? "").split("\n").length;
  const clamp = (el: HTMLElement) => Number(getComputedStyle(el).webkitLineClamp || el.style.webkitLineClamp) || 0;
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return lines(this) * 20;
  });
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    const n = clamp(this);
    return (n ? Math.min(n, lines(this)) : lines(this)) * 20;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ClampedText", () => {
  it("a long text: four lines and 'Show more'; 'Show less' folds it again; the whole text stays in the page", () => {
    fakeLayout();
    const text = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join("\n");
    render(<ClampedText toggleLabel="of note 9:15 AM">{text}</ClampedText>);
    const body = screen.getByText(/Line 1\s/);
    expect(body.textContent).toBe(text);
    expect(body.dataset.clamped).toBe("true");
    expect(getComputedStyle(body).webkitLineClamp).toBe("4");
    const more = screen.getByRole("button", { name: "Show more of note 9:15 AM" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    expect(more.getAttribute("aria-controls")).toBe(body.id);
    fireEvent.click(more);
    const less = screen.getByRole("button", { name: "Show less of note 9:15 AM" });
    expect(less.getAttribute("aria-expanded")).toBe("true");
    expect(body.dataset.clamped).toBeUndefined();
    expect(getComputedStyle(body).webkitLineClamp).toBe("");
    fireEvent.click(less);
    expect(screen.getByRole("button", { name: "Show more of note 9:15 AM" })).toBeTruthy();
    expect(body.dataset.clamped).toBe("true");
  });

  it("a short text has no toggle", () => {
    fakeLayout();
    render(<ClampedText>{"Package left at the desk\nfor 1203"}</ClampedText>);
    expect(screen.getByText(/Package left/).textContent).toBe("Package left at the desk\nfor 1203");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("a toggle click does not reach a clickable row around it", () => {
    fakeLayout();
    const onRow = vi.fn();
    render(
      <div onClick={onRow}>
        <ClampedText lines={2}>{"a\nb\nc"}</ClampedText>
      </div>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(onRow).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Show less" })).toBeTruthy();
  });
});
