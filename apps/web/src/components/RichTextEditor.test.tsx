import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MEMO_IMAGE_LIMIT_BYTES, MEMO_MESSAGES } from "@portico/contract";
import { RichTextEditor } from "./RichTextEditor.tsx";

function imageFile(size: number) {
  const file = new File([new Uint8Array([137, 80, 78, 71])], "photo.png", { type: "image/png" });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("RichTextEditor", () => {
  it("labels its editing area and toolbar, and reports the HTML typed", async () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="Body" value="<p>Hello</p>" onChange={onChange} />);
    const box = await screen.findByRole("textbox", { name: "Body" });
    expect(box.textContent).toBe("Hello");
    expect(screen.getByRole("toolbar", { name: "Body formatting" })).toBeTruthy();
    for (const name of [
      "Bold",
      "Italic",
      "Underline",
      "Strikethrough",
      "H2 heading",
      "H3 heading",
      "Bulleted list",
      "Numbered list",
      "Quote",
      "Align left",
      "Align center",
      "Align right",
      "Link",
      "Insert table",
      "Insert image",
      "Undo",
      "Redo",
    ]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Insert table" }));
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(String(onChange.mock.calls.at(-1)?.[0])).toContain("<table");
  });

  it("takes a new value from outside (a template, a reset)", async () => {
    function Host() {
      const [html, setHtml] = useState("<p>First</p>");
      return (
        <>
          <button onClick={() => setHtml("<p>Second</p>")}>swap</button>
          <RichTextEditor label="Body" value={html} onChange={setHtml} />
        </>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByRole("button", { name: "swap" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Body" }).textContent).toBe("Second"));
  });

  it("refuses images over 1 MB and inserts smaller ones as data: URLs", async () => {
    const onChange = vi.fn();
    render(<RichTextEditor label="Body" value="" onChange={onChange} />);
    await screen.findByRole("textbox", { name: "Body" });
    fireEvent.change(screen.getByLabelText("Image file"), {
      target: { files: [imageFile(MEMO_IMAGE_LIMIT_BYTES + 1)] },
    });
    expect(await screen.findByText(MEMO_MESSAGES.imageTooLarge)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [imageFile(1000)] } });
    await waitFor(() => expect(String(onChange.mock.calls.at(-1)?.[0])).toContain('src="data:image/png;base64,'));
    expect(screen.queryByText(MEMO_MESSAGES.imageTooLarge)).toBeNull();
  });

  it("says why a file could not be read", async () => {
    const original = FileReader.prototype.readAsDataURL;
    FileReader.prototype.readAsDataURL = function (this: FileReader) {
      Object.defineProperty(this, "error", { value: new DOMException("disk gone") });
      setTimeout(() => this.onerror?.(new ProgressEvent("error") as ProgressEvent<FileReader>));
    };
    try {
      render(<RichTextEditor label="Body" value="" onChange={() => {}} />);
      await screen.findByRole("textbox", { name: "Body" });
      fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [imageFile(10)] } });
      expect(await screen.findByText(`${MEMO_MESSAGES.fileReadFailed}disk gone`)).toBeTruthy();
    } finally {
      FileReader.prototype.readAsDataURL = original;
    }
  });
});
