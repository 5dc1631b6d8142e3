import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { type BuildingSettingsPatch, mergeBuildingSettings } from "@portico/contract";
import { buildingSettings } from "../db/schema/index.ts";
import type { TestApp } from "./app.ts";

/** Test set-up the feature suites share: building settings, a local SMTP server, polling. */

/** Merges a patch into a building's stored settings (straight into the table). */
export async function setBuildingSettings(t: TestApp, building: number, patch: BuildingSettingsPatch): Promise<void> {
  const [row] = await t.db.select().from(buildingSettings).where(eq(buildingSettings.building_id, building));
  const merged = mergeBuildingSettings(row?.settings, patch);
  await t.db
    .insert(buildingSettings)
    .values({ building_id: building, settings: merged })
    .onConflictDoUpdate({ target: buildingSettings.building_id, set: { settings: merged } });
}

export interface Received {
  to: string[];
  from: string;
  raw: string;
}

/** A real local SMTP server on a random port; `refuse`: an address it answers 550 (user unknown). */
export async function startSmtp(opts: { refuse?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse && address.address.toLowerCase() === opts.refuse) {
        const err = Object.assign(new Error("5.1.1 User unknown"), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c: string) => (raw += c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Polls until `fn` answers something truthy (that value), or fails after `ms`. */
export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}
