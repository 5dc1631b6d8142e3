import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMIT_BYTES } from "@portico/contract";
import { createTestApp, type TestApp } from "../test/app.ts";
import { type FilesS3, loadConfig } from "../config.ts";
import {
  DiskFileStore,
  deleteFile,
  fileStoreFor,
  FileTooLargeError,
  findFile,
  processImage,
  readFileBytes,
  S3FileStore,
  saveFile,
  saveImage,
  sniffContentType,
  tokenFromUrl,
} from "./files.ts";

/** lib/files.ts: the shared file storage every area uses (photos, documents, signatures). */

const pngOf = (width = 60, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
const ftyp = (major: string, compatible = "mif1") =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${major}`), Buffer.alloc(4), Buffer.from(`${compatible}${major}`)]);

describe("content types", () => {
  it("are sniffed from the bytes: the accepted images and PDF, nothing else", async () => {
    const img = sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } });
    expect(await sniffContentType(await pngOf())).toBe("image/png");
    expect(await sniffContentType(await img.clone().gif().toBuffer())).toBe("image/gif");
    expect(await sniffContentType(await img.clone().webp().toBuffer())).toBe("image/webp");
    expect(await sniffContentType(await img.clone().tiff().toBuffer())).toBe("image/tiff");
    expect(await sniffContentType(await img.clone().avif().toBuffer())).toBe("image/avif");
    expect(await sniffContentType(ftyp("heic"))).toBe("image/heic");
    expect(await sniffContentType(ftyp("mif1", "heic"))).toBe("image/heic");
    expect(await sniffContentType(Buffer.concat([Buffer.from("BM"), Buffer.alloc(28)]))).toBe("image/bmp");
    expect(await sniffContentType(Buffer.from("%PDF-1.7\n..."))).toBe("application/pdf");
    expect(await sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
    expect(await sniffContentType(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    expect(await sniffContentType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // Recognised, but neither an accepted image nor a PDF: left to the caller's fallback.
    expect(await sniffContentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(40)]))).toBeNull();
    expect(await sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});

describe("FILES_S3_* settings", () => {
  it("choose an S3-compatible bucket instead of the files directory", () => {
    const env = (vars: Record<string, string>) => loadConfig(vars as NodeJS.ProcessEnv);
    expect(env({}).filesS3).toBeNull();
    expect(fileStoreFor(env({}))).toBeInstanceOf(DiskFileStore);
    const local = env({
      FILES_S3_BUCKET: "photos",
      FILES_S3_ENDPOINT: "http://127.0.0.1:9000",
      FILES_S3_ACCESS_KEY_ID: "key",
      FILES_S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(local.filesS3).toEqual({
      bucket: "photos",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(fileStoreFor(local)).toBeInstanceOf(S3FileStore);
    expect(fileStoreFor(local)).toBe(fileStoreFor(local));
    expect(env({ FILES_S3_BUCKET: "b", FILES_S3_REGION: "eu-west-3" }).filesS3).toMatchObject({
      endpoint: null,
      region: "eu-west-3",
      accessKeyId: null,
      forcePathStyle: false,
    });
    expect(env({ FILES_S3_BUCKET: "b", FILES_S3_ENDPOINT: "http://s3.local", FILES_S3_FORCE_PATH_STYLE: "0" }).filesS3)
      .toMatchObject({ forcePathStyle: false });
    expect(() => env({ FILES_S3_BUCKET: "b", FILES_S3_ACCESS_KEY_ID: "key" })).toThrow(/go together/);
    expect(() => env({ FILES_S3_BUCKET: "b", FILES_S3_ENDPOINT: "not a url" })).toThrow();
  });
});

/**
 * The same behaviour on disk and in a bucket of a real S3-compatible server (s3rver, started
 * here on a free port of 127.0.0.1).
 */
describe.each(["disk", "s3"] as const)("files stored on %s", (kind) => {
  let t: TestApp;
  let dir: string;
  let server: S3rver | null = null;
  let s3: FilesS3 | null = null;
  let client: S3Client | null = null;
  const filesDir = () => path.join(dir, "files");

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-files-"));
    if (kind === "s3") {
      server = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: path.join(dir, "s3"),
        configureBuckets: [{ name: "portico-files", configs: [] }],
      });
      const { port } = await server.run();
      s3 = {
        bucket: "portico-files",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      };
      client = new S3Client({
        endpoint: s3.endpoint!,
        region: s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
    }
    t = await createTestApp({ filesDir: filesDir(), filesS3: s3 });
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The stored object's content type and size (null when missing), read from the store's own side. */
  async function stored(key: string): Promise<{ type: string | null; size: number } | null> {
    if (!client) {
      const file = path.join(filesDir(), key);
      return fs.existsSync(file) ? { type: null, size: fs.statSync(file).size } : null;
    }
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: key }));
      return { type: head.ContentType ?? null, size: head.ContentLength ?? -1 };
    } catch {
      return null;
    }
  }
  async function count(): Promise<number> {
    if (!client) return fs.existsSync(filesDir()) ? fs.readdirSync(filesDir(), { recursive: true }).filter((f) => fs.statSync(path.join(filesDir(), String(f))).isFile()).length : 0;
    const list = await client.send(new ListObjectsV2Command({ Bucket: s3!.bucket }));
    return list.KeyCount ?? 0;
  }

  it("uses the store the settings choose", () => {
    expect(fileStoreFor(t.config)).toBeInstanceOf(kind === "s3" ? S3FileStore : DiskFileStore);
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
    const key = (await findFile(t.app, pdf.token))!.storage_key;
    expect(key).toMatch(/^document\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}\.pdf$/);
    expect(await stored(key)).toEqual({ type: kind === "s3" ? "application/pdf" : null, size: 14 });
    const served = await t.app.inject({ method: "GET", url: pdf.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-length"]).toBe("14");
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
    expect(h.body).toBe("<html><script>alert(1)</script>");
    const csv = await saveFile(t.app, {
      data: Buffer.from("a,b\n1,2\n"),
      purpose: "document",
      content_type: "text/csv",
    });
    expect(csv.content_type).toBe("text/csv");

    expect(await deleteFile(t.app, pdf.token)).toBe(true);
    expect(await stored(key)).toBeNull();
    expect(await deleteFile(t.app, pdf.token)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: pdf.url })).statusCode).toBe(404);
    expect(await readFileBytes(t.app, pdf.token)).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/v1/files/short/x" })).statusCode).toBe(404);
  });

  it("resizes images without metadata, reads them back whole, and refuses what is not one", async () => {
    const img = await processImage(await pngOf(1000, 500), { width: 340, height: 420 });
    expect([img.contentType, img.width, img.height]).toEqual(["image/jpeg", 340, 420]);
    const webp = await saveImage(t.app, {
      data: await pngOf(),
      purpose: "test",
      resize: { width: 100, height: 100, fit: "inside", format: "webp" },
    });
    expect(webp.content_type).toBe("image/webp");
    expect(Math.max(webp.width, webp.height)).toBe(100);
    const back = await readFileBytes(t.app, webp.token);
    expect(back?.length).toBe(webp.size);
    expect(await sharp(back!).metadata()).toMatchObject({ format: "webp", width: webp.width, height: webp.height });
    expect(await stored((await findFile(t.app, webp.token))!.storage_key)).toMatchObject({ size: webp.size });
    await expect(processImage(Buffer.from("nope"), { width: 10, height: 10 })).rejects.toMatchObject({
      statusCode: 400,
      body: { photo_url: [expect.stringMatching(/^Upload a valid image\./)] },
    });
    await expect(
      saveImage(t.app, { data: Buffer.from("%PDF-1.4\n"), purpose: "test", resize: { width: 10, height: 10 } }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("refuses files over the upload limit with 413 and keeps nothing", async () => {
    const before = await count();
    const big = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1);
    await expect(saveFile(t.app, { data: big, purpose: "document" })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(saveImage(t.app, { data: big, purpose: "document", resize: { width: 1, height: 1 } })).rejects.toMatchObject({
      statusCode: 413,
      body: { detail: "File Too Large, please select a file under 48 MB" },
    });
    expect(await count()).toBe(before);
  });

  it("keeps storage keys inside the store, and answers null for a missing key", async () => {
    const store = fileStoreFor(t.config);
    await expect(store.put("../escape.txt", Buffer.from("x"), "text/plain")).rejects.toThrow(/invalid storage key/);
    await expect(store.put("a/./b", Buffer.from("x"), "text/plain")).rejects.toThrow(/invalid storage key/);
    await expect(store.get("/etc/passwd")).rejects.toThrow(/invalid storage key/);
    await store.put("ok/file.txt", Buffer.from("x"), "text/plain");
    expect(await stored("ok/file.txt")).toMatchObject({ size: 1 });
    expect(await store.get("ok/missing.txt")).toBeNull();
    await store.delete("ok/file.txt");
    await store.delete("ok/file.txt");
    expect(await store.get("ok/file.txt")).toBeNull();
  });
});

describe("the S3 store", () => {
  it("reports an unreachable server as an error, not as a missing file", async () => {
    const store = new S3FileStore({
      bucket: "b",
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
      forcePathStyle: true,
    });
    await expect(store.get("a/b.txt")).rejects.toThrow();
  });
});
