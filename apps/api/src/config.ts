import path from "node:path";
import { z } from "zod";

const bool = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase())));

/** Every setting, from the environment. Documented in the README's settings table. */
const Env = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The address people use to reach the portal; the built-in sign-in issuer lives under it. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DEMO_DATA: bool,
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_SCOPE: z.string().default("openid profile email offline_access"),
  OIDC_USERNAME_CLAIM: z.string().default("preferred_username"),
  OIDC_ACCOUNT_URL: z.string().url().optional(),
  TENANT_SITE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Portico <no-reply@portico.local>"),
  FILES_DIR: z.string().optional(),
  /** Photos and documents in this S3 (or S3-compatible) bucket instead of FILES_DIR. */
  FILES_S3_BUCKET: z.string().min(1).optional(),
  FILES_S3_ENDPOINT: z.string().url().optional(),
  FILES_S3_REGION: z.string().min(1).default("us-east-1"),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_S3_FORCE_PATH_STYLE: bool,
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool,
  RUN_JOBS: bool,
  CACHES: bool,
  LIVE_MAX_STREAMS: z.coerce.number().int().positive().optional(),
  /** Delivery events (POST /emails/events/{provider}/): each provider is refused until its secret is set. */
  MAIL_EVENTS_SECRET: z.string().min(1).optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(1).optional(),
  SES_SNS_CERT_PEM: z.string().min(1).optional(),
  SES_SNS_TOPIC_ARNS: z.string().min(1).optional(),
  DSN_SECRET: z.string().min(1).optional(),
});

/** An S3-compatible bucket for the stored files (lib/files.ts, S3FileStore). */
export interface FilesS3 {
  bucket: string;
  /** null: AWS S3 itself; else the server's address, e.g. http://minio:9000 */
  endpoint: string | null;
  region: string;
  /** null: the SDK's usual credentials (AWS_* variables, instance role …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key) rather than in the host name */
  forcePathStyle: boolean;
}

/** The secrets that authenticate delivery events, per provider (null: that provider is refused). */
export interface MailEventsConfig {
  /** Standard Webhooks secret of the generic events ('whsec_…'). */
  secret: string | null;
  mailgunSigningKey: string | null;
  /** SendGrid's Event Webhook verification key (base64 DER or PEM, ECDSA P-256). */
  sendgridPublicKey: string | null;
  postmarkUser: string | null;
  postmarkPassword: string | null;
  /** The SNS signing certificate (PEM), configured: nothing is fetched from the network. */
  sesCertPem: string | null;
  /** The SNS topics accepted (comma-separated ARNs); none: every SES event is refused. */
  sesTopicArns: string[];
  /** Shared secret of the bounce (DSN) forwarder, in the X-Portico-Dsn-Secret header. */
  dsnSecret: string | null;
}

export type Config = {
  env: string;
  port: number;
  host: string;
  publicUrl: string;
  logLevel: z.infer<typeof Env>["LOG_LEVEL"];
  dataDir: string;
  databaseUrl: string | undefined;
  demoData: boolean;
  oidc: {
    /** true when the API hosts its own OpenID Connect provider */
    builtIn: boolean;
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
    usernameClaim: string;
    accountUrl: string | null;
  };
  tenantSiteUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  filesDir: string;
  /** Stored files go to this bucket instead of filesDir (null: on disk). */
  filesS3: FilesS3 | null;
  webDist: string | null;
  trustProxy: boolean;
  runJobs: boolean;
  /** In-process caches kept fresh by the change feed (off: every read goes to the database). */
  caches: boolean;
  /** Live screens: open event streams this instance accepts (each user at most 10 of them). */
  liveMaxStreams: number;
  mailEvents: MailEventsConfig;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = Env.parse(env);
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const builtIn = !e.OIDC_ISSUER;
  const issuer = (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, "");
  if (!e.FILES_S3_ACCESS_KEY_ID !== !e.FILES_S3_SECRET_ACCESS_KEY)
    throw new Error("FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together.");
  const base: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    oidc: {
      builtIn,
      issuer,
      clientId: e.OIDC_CLIENT_ID ?? "portico-web",
      audience: e.OIDC_AUDIENCE ?? (builtIn ? "portico-api" : (e.OIDC_CLIENT_ID ?? "portico-web")),
      scope: e.OIDC_SCOPE,
      usernameClaim: e.OIDC_USERNAME_CLAIM,
      accountUrl: e.OIDC_ACCOUNT_URL ?? (builtIn ? `${issuer}/password` : null),
    },
    tenantSiteUrl: e.TENANT_SITE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, "files")),
    filesS3: e.FILES_S3_BUCKET
      ? {
          bucket: e.FILES_S3_BUCKET,
          endpoint: e.FILES_S3_ENDPOINT ?? null,
          region: e.FILES_S3_REGION,
          accessKeyId: e.FILES_S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY ?? null,
          // S3-compatible servers mostly serve buckets by path; AWS by host name.
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE ?? !!e.FILES_S3_ENDPOINT,
        }
      : null,
    webDist: e.WEB_DIST ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    runJobs: e.RUN_JOBS ?? true,
    caches: e.CACHES ?? true,
    liveMaxStreams: e.LIVE_MAX_STREAMS ?? 10_000,
    mailEvents: {
      secret: e.MAIL_EVENTS_SECRET ?? null,
      mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY ?? null,
      sendgridPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY ?? null,
      postmarkUser: e.POSTMARK_WEBHOOK_USER ?? null,
      postmarkPassword: e.POSTMARK_WEBHOOK_PASSWORD ?? null,
      sesCertPem: e.SES_SNS_CERT_PEM?.replace(/\\n/g, "\n") ?? null,
      sesTopicArns: (e.SES_SNS_TOPIC_ARNS ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      dsnSecret: e.DSN_SECRET ?? null,
    },
  };
  return { ...base, ...overrides, oidc: { ...base.oidc, ...(overrides.oidc ?? {}) } };
}
