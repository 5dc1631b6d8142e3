import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMIT_BYTES } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  DiskFileStore,
  deleteFile,
  FileTooLargeError,
  processImage,
  readFileBytes,
  saveFile,
  saveImage,
  sniffContentType,
  tokenFromUrl,
} from "../../lib/files.ts";
import { pngOf } from "./test-helpers.ts";

/** lib/files.ts: the shared file storage every area uses (photos, documents, signatures). */
let t: TestApp;
let filesDir: string;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-files-"));
  t = await createTestApp({ filesDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe("lib/files.ts", () => {
  it("sniffs content types from the bytes", async () => {
    expect(sniffContentType(await pngOf())).toBe("image/png");
    expect(sniffContentType(Buffer.from("%PDF-1.7\n..."))).toBe("application/pdf");
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
    expect(sniffContentType(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
  });

  it("stores, serves and deletes a document; unknown bytes are attachments, never markup", async () => {
    const pdf = await saveFile(t.app, {
      data: Buffer.from("%PDF-1.4\nhello"),
      purpose: "document",
      original_name: "lease.pdf",
      building_id: 1,
    });
    expect(pdf.url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{32}\/document\.pdf$/);
    expect(tokenFromUrl(pdf.url)).toBe(pdf.token);
    const served = await t.app.inject({ method: "GET", url: pdf.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe('inline; filename="lease.pdf"');
    expect(served.body).toBe("%PDF-1.4\nhello");
    expect((await t.app.inject({ method: "GET", url: `/api/v1/files/${pdf.token}/` })).statusCode).toBe(200);

    const html = await saveFile(t.app, {
      data: Buffer.from("<html><script>alert(1)</script>"),
      purpose: "document",
      content_type: "text/html",
    });
    expect(html.content_type).toBe("application/octet-stream");
    const h = await t.app.inject({ method: "GET", url: html.url });
    expect(h.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(h.headers["content-security-policy"]).toContain("sandbox");
    const csv = await saveFile(t.app, {
      data: Buffer.from("a,b\n1,2\n"),
      purpose: "document",
      content_type: "text/csv",
    });
    expect(csv.content_type).toBe("text/csv");

    expect(await deleteFile(t.app, pdf.token)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: pdf.url })).statusCode).toBe(404);
    expect(await readFileBytes(t.app, pdf.token)).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/v1/files/short/x" })).statusCode).toBe(404);
  });

  it("resizes images without metadata and refuses what is not one", async () => {
    const img = await processImage(await pngOf(1000, 500), { width: 340, height: 420 });
    expect([img.contentType, img.width, img.height]).toEqual(["image/jpeg", 340, 420]);
    const webp = await saveImage(t.app, {
      data: await pngOf(),
      purpose: "test",
      resize: { width: 100, height: 100, fit: "inside", format: "webp" },
    });
    expect(webp.content_type).toBe("image/webp");
    expect(Math.max(webp.width, webp.height)).toBe(100);
    await expect(processImage(Buffer.from("nope"), { width: 10, height: 10 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("refuses files over the upload limit with 413", async () => {
    const big = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1);
    await expect(saveFile(t.app, { data: big, purpose: "document" })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(saveFile(t.app, { data: big, purpose: "document" })).rejects.toMatchObject({
      statusCode: 413,
      body: { detail: "File Too Large, please select a file under 48 MB" },
    });
  });

  it("keeps storage keys inside the files directory", async () => {
    const store = new DiskFileStore(filesDir);
    await expect(store.put("../escape.txt", Buffer.from("x"), "text/plain")).rejects.toThrow();
    await expect(store.put("a/./b", Buffer.from("x"), "text/plain")).rejects.toThrow();
    await store.put("ok/file.txt", Buffer.from("x"), "text/plain");
    expect(fs.readFileSync(path.join(filesDir, "ok/file.txt"), "utf8")).toBe("x");
  });
});
