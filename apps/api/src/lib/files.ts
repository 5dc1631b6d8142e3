import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema.js";
import { validatorCompiler } from "fastify-type-provider-zod";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { S3Client } from "@aws-sdk/client-s3";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { MESSAGES, UPLOAD_LIMIT_BYTES } from "@portico/contract";
import type { Config, FilesS3 } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { storedFiles } from "../db/schema/index.ts";
import { HttpError, ValidationError } from "./errors.ts";
import { FILE_CSP, securityHeaders } from "../plugins/security-headers.ts";

/**
 * Shared file storage for every area (resident photos, instruction and package photos,
 * documents, signatures …).
 *
 *   const up = await readUpload(req, "photo_url");                 // multipart field or a binary body
 *   const file = await saveImage(app, { data: up.data, purpose: "occupant_photo",
 *                                       resize: { width: 340, height: 420 }, building_id, created_by_id });
 *   row.photo_url = file.url;                                      // /api/v1/files/{token}/occupant_photo.jpg
 *   await deleteFileByUrl(app, oldUrl);
 *
 * - Bytes go to a FileStore (disk under config.filesDir, or an S3-compatible bucket with
 *   config.filesS3), metadata to the stored_files table.
 * - Each file is served at /api/v1/files/{token}/{name}: the token (192 random bits) is the
 *   capability, so <img src> works without an Authorization header; the URL is only ever handed
 *   out by calls that checked the building. Files are immutable: a new upload gets a new token.
 * - Content types are sniffed from the bytes (the client's claim is not trusted); anything that
 *   is not a known image or PDF is served as an attachment with a sandboxing CSP.
 * - Size: UPLOAD_LIMIT_BYTES (48 MB) → 413 'File Too Large, please select a file under 48 MB'.
 *
 * Routes that take uploads call `registerUploadParsers(app)` in their plugin (multipart and raw
 * image/PDF bodies); the serving route comes from this module's default export, registered
 * under /api/v1.
 */

// ---------------------------------------------------------------------------------------------
// Stores

export interface FileStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the bytes, or null when missing. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of word characters, dots and dashes, never leaving the store's root. */
function checkKey(key: string): string {
  if (!/^[\w./-]+$/.test(key) || key.split("/").some((p) => p === ".." || p === "." || p === ""))
    throw new Error(`invalid storage key ${key}`);
  return key;
}

export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, file);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}

/**
 * Objects in a bucket of S3 or of an S3-compatible server (MinIO, Ceph, R2 …), under the same
 * keys as on disk. Without an access key the SDK's usual credentials apply (AWS_* variables,
 * an instance role …).
 */
export class S3FileStore implements FileStore {
  private sdk?: Promise<{ s3: typeof import("@aws-sdk/client-s3"); client: S3Client }>;

  constructor(private readonly settings: FilesS3) {}

  /** The SDK is loaded on first use: a server that keeps its files on disk never loads it. */
  private connect() {
    const { settings } = this;
    this.sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint ?? undefined,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
        // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's
        // default trailing checksums (aws-chunked bodies).
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return this.sdk;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    const { s3, client } = await this.connect();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return (out.Body as Readable | undefined) ?? null;
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }
}

type StoreConfig = Pick<Config, "filesDir"> & Partial<Pick<Config, "filesS3">>;

const stores = new Map<string, FileStore>();
/** The store of a configuration: its S3 bucket when config.filesS3 is set, else config.filesDir (one of each). */
export function fileStoreFor(config: StoreConfig): FileStore {
  const s3 = config.filesS3 ?? null;
  const id = s3 ? `s3:${JSON.stringify(s3)}` : `disk:${config.filesDir}`;
  let s = stores.get(id);
  if (!s) {
    s = s3 ? new S3FileStore(s3) : new DiskFileStore(config.filesDir);
    stores.set(id, s);
  }
  return s;
}

export interface FileDeps {
  db: DbOrTx;
  config: StoreConfig;
  /** Defaults to the store of the configuration (fileStoreFor). */
  fileStore?: FileStore;
}
const storeOf = (deps: FileDeps) => deps.fileStore ?? fileStoreFor(deps.config);

// ---------------------------------------------------------------------------------------------
// Errors

export class FileTooLargeError extends HttpError {
  constructor() {
    super(413, { detail: MESSAGES.fileTooLarge });
  }
}

export const INVALID_IMAGE =
  "Upload a valid image. The file you uploaded was either not an image or a corrupted image.";

// ---------------------------------------------------------------------------------------------
// Content types

const IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/heic",
  "image/avif",
  "image/tiff",
  "image/bmp",
]);
/** Types served inline; everything else is an attachment. */
const INLINE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "application/pdf"]);

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/heic": ".heic",
  "image/avif": ".avif",
  "image/tiff": ".tif",
  "image/bmp": ".bmp",
  "application/pdf": ".pdf",
};

/** HEIF containers (stills and sequences) are all stored as image/heic. */
const HEIF_TYPES = new Set(["image/heif", "image/heif-sequence", "image/heic-sequence"]);

/**
 * The content type of the bytes, from their signature (file-type); null unless it is one of the
 * images above or a PDF.
 */
export async function sniffContentType(buf: Buffer): Promise<string | null> {
  const found = (await fileTypeFromBuffer(buf))?.mime as string | undefined;
  const type = found && HEIF_TYPES.has(found) ? "image/heic" : found;
  return type && (IMAGE_TYPES.has(type) || type === "application/pdf") ? type : null;
}

export const isImageType = (ct: string | null | undefined) => !!ct && IMAGE_TYPES.has(ct);

// ---------------------------------------------------------------------------------------------
// Images

export interface ImageOptions {
  width: number;
  height: number;
  /** cover (default): crop to exactly width × height; inside: fit within, keep the aspect. */
  fit?: "cover" | "inside";
  format?: "jpeg" | "webp";
  quality?: number;
}

/**
 * Decodes, orients (EXIF), resizes and re-encodes an image; metadata (EXIF, GPS, ICC) is not
 * carried over. A file that is not a decodable image → 400 {field: [INVALID_IMAGE]}.
 */
export async function processImage(
  input: Buffer,
  opts: ImageOptions,
  field = "photo_url",
): Promise<{ data: Buffer; contentType: string; width: number; height: number }> {
  const invalid = () => new ValidationError({ [field]: [INVALID_IMAGE] });
  if (!isImageType(await sniffContentType(input))) throw invalid();
  try {
    const format = opts.format ?? "jpeg";
    let img = sharp(input, { failOn: "error", limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: opts.width, height: opts.height, fit: opts.fit ?? "cover", position: "attention" });
    img =
      format === "webp"
        ? img.webp({ quality: opts.quality ?? 82 })
        : img.flatten({ background: "#ffffff" }).jpeg({ quality: opts.quality ?? 85 });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: format === "webp" ? "image/webp" : "image/jpeg",
      width: info.width,
      height: info.height,
    };
  } catch {
    throw invalid();
  }
}

// ---------------------------------------------------------------------------------------------
// Saving, reading, deleting

export const FILES_PATH = "/api/v1/files";
export const fileUrl = (token: string, name: string) => `${FILES_PATH}/${token}/${encodeURIComponent(name)}`;
/** The token of a URL made by fileUrl (null for anything else). */
export function tokenFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const m = url.match(/\/api\/v1\/files\/([A-Za-z0-9_-]{16,})(?:\/|$)/);
  return m ? m[1] : null;
}

export interface StoredFile {
  id: number;
  token: string;
  url: string;
  content_type: string;
  size: number;
}

export interface SaveFileInput {
  data: Buffer;
  /** What it is: 'occupant_photo', 'document' … (also the first part of the storage key). */
  purpose: string;
  original_name?: string;
  /** Used only when the bytes are not recognised. */
  content_type?: string;
  building_id?: number | null;
  created_by_id?: number | null;
  /** The file name in the URL (defaults to purpose + extension). */
  name?: string;
}

/** Stores the bytes and records them; 413 over the upload limit. */
export async function saveFile(deps: FileDeps, input: SaveFileInput): Promise<StoredFile> {
  if (input.data.length > UPLOAD_LIMIT_BYTES) throw new FileTooLargeError();
  // Recognised bytes decide; otherwise a harmless claimed type (never image, PDF or markup) or octet-stream.
  const claimed = (input.content_type ?? "").split(";")[0].trim().toLowerCase();
  const contentType =
    (await sniffContentType(input.data)) ??
    (/^[\w.+-]+\/[\w.+-]+$/.test(claimed) && !/^image\/|pdf|html|xml|javascript|svg/.test(claimed)
      ? claimed
      : "application/octet-stream");
  const ext = EXTENSIONS[contentType] ?? ".bin";
  const token = crypto.randomBytes(24).toString("base64url");
  const purpose = input.purpose.replace(/[^\w-]/g, "_") || "file";
  const now = new Date();
  const key = `${purpose}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${token}${ext}`;
  const store = storeOf(deps);
  await store.put(key, input.data, contentType);
  try {
    const [row] = await deps.db
      .insert(storedFiles)
      .values({
        token,
        storage_key: key,
        content_type: contentType,
        size: input.data.length,
        original_name: (input.original_name ?? "").slice(0, 255),
        purpose,
        building_id: input.building_id ?? null,
        created_by_id: input.created_by_id ?? null,
      })
      .returning({ id: storedFiles.id });
    const name = (input.name ?? `${purpose}${ext}`).replace(/[^\w.-]/g, "_");
    return { id: row.id, token, url: fileUrl(token, name), content_type: contentType, size: input.data.length };
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
}

/** processImage, then saveFile. */
export async function saveImage(
  deps: FileDeps,
  input: Omit<SaveFileInput, "content_type"> & { resize: ImageOptions; field?: string },
): Promise<StoredFile & { width: number; height: number }> {
  if (input.data.length > UPLOAD_LIMIT_BYTES) throw new FileTooLargeError();
  const img = await processImage(input.data, input.resize, input.field);
  const saved = await saveFile(deps, { ...input, data: img.data, content_type: img.contentType });
  return { ...saved, width: img.width, height: img.height };
}

export async function findFile(deps: Pick<FileDeps, "db">, token: string) {
  const rows = await deps.db.select().from(storedFiles).where(eq(storedFiles.token, token)).limit(1);
  return rows[0] ?? null;
}

/** The bytes of a stored file as a stream, with its record; null when unknown or missing. */
export async function openFile(deps: FileDeps, token: string) {
  const row = await findFile(deps, token);
  if (!row) return null;
  const stream = await storeOf(deps).get(row.storage_key);
  return stream ? { row, stream } : null;
}

/** Reads a whole stored file (small files: thumbnails, tests). */
export async function readFileBytes(deps: FileDeps, token: string): Promise<Buffer | null> {
  const opened = await openFile(deps, token);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const c of opened.stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/** Forgets a file and removes its bytes; unknown tokens are ignored. */
export async function deleteFile(deps: FileDeps, token: string): Promise<boolean> {
  const rows = await deps.db.delete(storedFiles).where(eq(storedFiles.token, token)).returning();
  if (!rows.length) return false;
  await storeOf(deps)
    .delete(rows[0].storage_key)
    .catch(() => undefined);
  return true;
}

/** deleteFile for a URL made by fileUrl (other URLs are left alone). */
export async function deleteFileByUrl(deps: FileDeps, url: string | null | undefined): Promise<boolean> {
  const token = tokenFromUrl(url);
  return token ? deleteFile(deps, token) : false;
}

// ---------------------------------------------------------------------------------------------
// Uploads

/** A file of a multipart form read into the body (`registerUploadParsers(app, { fieldsToBody: true })`). */
export interface UploadedFile {
  data: Buffer;
  filename: string;
  mimetype: string;
}

export const isUploadedFile = (v: unknown): v is UploadedFile =>
  !!v && typeof v === "object" && Buffer.isBuffer((v as UploadedFile).data) && "filename" in v;

export interface Upload {
  data: Buffer;
  filename: string;
  mimetype: string;
  /** Other form fields (multipart), or the query string (binary body). */
  fields: Record<string, string>;
}

const BINARY_TYPES = /^(image\/[\w.+-]+|application\/octet-stream|application\/pdf)(;.*)?$/i;

/**
 * Lets a plugin's routes take uploads: multipart/form-data (the file under its field name, the
 * other fields as strings) and raw bodies of images, PDFs or application/octet-stream. Safe to
 * call from several plugins or after a root registration.
 */
export async function registerUploadParsers(
  app: FastifyInstance,
  options: { fieldsToBody?: boolean } = {},
): Promise<void> {
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 50, fieldSize: 1024 * 1024 },
      throwFileSizeLimit: true,
      // fieldsToBody: the form is read before validation, into `req.body` as for JSON: a field
      // repeated is an array, a file is `{ data, filename, mimetype }` (UploadedFile).
      ...(options.fieldsToBody
        ? {
            attachFieldsToBody: "keyValues" as const,
            onFile: async (part: MultipartFile) => {
              const file: UploadedFile = {
                data: await part.toBuffer(),
                filename: part.filename ?? "",
                mimetype: part.mimetype ?? "",
              };
              (part as MultipartFile & { value: unknown }).value = file;
            },
          }
        : {}),
    });
  }
  if (!app.hasContentTypeParser(BINARY_TYPES)) {
    app.addContentTypeParser(BINARY_TYPES, { parseAs: "buffer", bodyLimit: UPLOAD_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  }
}

/**
 * For bodies the service judges itself (row by row, or a multipart form): the route's body schema
 * documents the request and the body reaches the service as sent; path and query are checked as usual.
 */
export function bodyAsSent<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  if (route.httpPart === "body") return (data) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/**
 * The uploaded file of a request: the multipart part named `field` (other parts' fields are
 * collected), or a raw body. null when the request carries no file.
 */
export async function readUpload(req: FastifyRequest, field: string): Promise<Upload | null> {
  const query = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  if (typeof req.isMultipart === "function" && req.isMultipart()) {
    const fields: Record<string, string> = { ...query };
    let file: Upload | null = null;
    for await (const part of req.parts()) {
      if (part.type === "file") {
        if (part.fieldname === field && !file) {
          const data = await part.toBuffer();
          file = { data, filename: part.filename ?? "", mimetype: part.mimetype ?? "", fields };
        } else {
          part.file.resume();
        }
      } else {
        fields[part.fieldname] = String(part.value ?? "");
      }
    }
    return file ? { ...file, fields } : null;
  }
  if (Buffer.isBuffer(req.body)) {
    if (!req.body.length) return null;
    return {
      data: req.body,
      filename: String(req.headers["x-filename"] ?? ""),
      mimetype: String(req.headers["content-type"] ?? ""),
      fields: query,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Serving

/**
 * GET /files/{token}/ and /files/{token}/{name} (register under /api/v1). Public: the token is
 * the capability. Immutable content, cached privately.
 */
export default fp(
  async (app) => {
    const serve = async (req: FastifyRequest<{ Params: { token: string } }>, reply: import("fastify").FastifyReply) => {
      const token = req.params.token;
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return reply.status(404).send({ detail: MESSAGES.notFound });
      const opened = await openFile(app, token);
      if (!opened) return reply.status(404).send({ detail: MESSAGES.notFound });
      const { row, stream } = opened;
      const inline = INLINE_TYPES.has(row.content_type);
      const name = (row.original_name || `${row.purpose}${EXTENSIONS[row.content_type] ?? ""}`).replace(
        /["\\\r\n]/g,
        "_",
      );
      reply
        .header("content-type", row.content_type)
        .header("content-length", String(row.size))
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("content-disposition", `${inline ? "inline" : "attachment"}; filename="${name}"`)
        .headers(securityHeaders(FILE_CSP));
      return reply.send(stream);
    };
    const opts = { config: { public: true }, schema: { hide: true } };
    app.get("/files/:token/", opts, serve);
    app.get("/files/:token/:name", opts, serve);
  },
  { name: "portico-files" },
);
