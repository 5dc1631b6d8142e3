import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { buildApp } from "./app.ts";
import { seedDemo } from "./db/seed/demo.ts";
import { isDatabaseUnavailable } from "./lib/db-errors.ts";

// A lost database connection surfacing outside a request (an event or a background promise)
// is logged; the pool reconnects when the database is back. Anything else still ends the process.
const survive = (err: unknown) => {
  if (!isDatabaseUnavailable(err)) throw err;
  console.error(`database unavailable: ${(err as Error).message}`);
};
process.on("uncaughtException", (err) => {
  try {
    survive(err);
  } catch {
    console.error(err);
    process.exit(1);
  }
});
process.on("unhandledRejection", (reason) => {
  try {
    survive(reason);
  } catch {
    console.error(reason);
    process.exit(1);
  }
});

/** Start: read config, open the database, migrate, seed the demo portfolio on first start, listen. */
async function main() {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig(process.env);
  if (args.has("--no-demo")) config.demoData = false;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.demoData) await seedDemo(database.db, { log: (m) => console.log(m), files: { config } });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    // Requests under way finish; keep-alive connections are closed as soon as they are idle
    // (Node closes the idle ones once, when the server stops listening).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(sweep);
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({
    port: config.port,
    host: config.host,
    // The socket's addresses are not for the browser: sign-in works only at PUBLIC_URL (below).
    listenTextResolver: (address) => `Listening on ${address.replace(/^https?:\/\//, "")}`,
  });
  app.log.info({ url: config.publicUrl, database: database.kind }, `Portico is ready at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
