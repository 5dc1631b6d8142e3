import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MESSAGES } from "@portico/contract";
import { CAMERA_FAILURE_LOG, LANDSCAPE_PHOTO_FRAME, PHOTO_FRAME, PhotoCapture } from "./PhotoCapture.tsx";

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

describe("PhotoCapture frames", () => {
  it("takes its frame and camera from props: a landscape frame with the camera facing away, no upload", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const getUserMedia = vi.fn(() => Promise.reject(new Error("NotAllowedError")));
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
    render(
      <PhotoCapture onChange={() => {}} frame={LANDSCAPE_PHOTO_FRAME} facingMode="environment" allowUpload={false} />,
    );
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: "environment", width: { ideal: 840 }, height: { ideal: 680 } },
      audio: false,
    });
    const video = screen.getByLabelText("Camera");
    expect(getComputedStyle(video.parentElement!).aspectRatio.replace(/\s/g, "")).toBe("420/340");
    expect(screen.queryByLabelText("Upload photo")).toBeNull();
    expect(await screen.findByText("The camera is not available.")).toBeTruthy();
  });

  it("frames a resident's photo as a 340×420 portrait by default, with the user's camera", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const getUserMedia = vi.fn(() => Promise.reject(new Error("NotAllowedError")));
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
    render(<PhotoCapture onChange={() => {}} />);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: "user", width: { ideal: 680 }, height: { ideal: 840 } },
      audio: false,
    });
    expect(getComputedStyle(screen.getByLabelText("Camera").parentElement!).aspectRatio.replace(/\s/g, "")).toBe(
      `${PHOTO_FRAME.width}/${PHOTO_FRAME.height}`,
    );
  });
});
