import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MESSAGES } from "@portico/contract";
import { CAMERA_FAILURE_LOG, PhotoCapture } from "./PhotoCapture.tsx";

afterEach(() => vi.restoreAllMocks());

describe("PhotoCapture", () => {
  it("only logs a camera that cannot start, and still takes an upload", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: vi.fn(() => Promise.reject(new Error("NotAllowedError"))) },
    });
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    render(<PhotoCapture onChange={onChange} />);
    await waitFor(() => expect(log).toHaveBeenCalledWith(CAMERA_FAILURE_LOG));
    expect(error).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Take photo" }) as HTMLButtonElement).disabled).toBe(true);

    const file = new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [file] } });
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByRole("img", { name: "Photo preview" })).toBeTruthy();
  });

  it("refuses files over 48 MB", () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const onChange = vi.fn();
    render(<PhotoCapture onChange={onChange} autoStartCamera={false} />);
    const big = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 49 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [big] } });
    expect(screen.getByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
