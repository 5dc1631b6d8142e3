import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { createLocalJWKSet, jwtVerify } from "jose";
import {
  Event,
  GuestDetails,
  ImpersonateResult,
  NO_EMAIL_DOMAIN,
  Occupant,
  paginated,
  UNIT_PROFILE_MESSAGES as M,
  UPLOAD_LIMIT_BYTES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_TENANT, DEMO_UNITS } from "../../db/seed/demo-accounts.ts";
import { emailMessages, occupants, storedFiles, users } from "../../db/schema/index.ts";
import { loadSigningKeys, publicJwk } from "../../lib/signing-keys.ts";
import { API, currentUnits, eventsOf, firstOccupant, multipart, occupancyOf, pngOf } from "./test-helpers.ts";

let t: TestApp;
let filesDir: string;
let u1: string[];
let u3: string[];
let tenantOccupant: number;
const person = (id: number) => `${API}/core/occupants/${id}/`;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "portico-files-"));
  t = await createTestApp({ filesDir });
  u1 = await currentUnits(t, 1);
  u3 = await currentUnits(t, 3);
  const occ = await occupancyOf(t, 1, DEMO_UNITS.occupied);
  const [row] = await t.db
    .select({ id: occupants.id })
    .from(occupants)
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(eq(users.username, DEMO_TENANT.username));
  tenantOccupant = row.id;
  expect(occ).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe("GET /core/occupants/{id}/", () => {
  it("answers the resident; e-mails only for managers; other buildings not found", async () => {
    const mgr = Occupant.parse((await t.as("manager").get(person(tenantOccupant))).json());
    expect(mgr).toMatchObject({
      username: "tenant",
      email: DEMO_TENANT.email,
      apartment_number: "1203",
      building_id: 1,
    });
    const fd = Occupant.parse((await t.as("frontdesk").get(person(tenantOccupant))).json());
    expect(fd.email).toBe("");
    expect(fd.phone_number).toBe(DEMO_TENANT.phone_number);
    const b3 = await firstOccupant(t, await occupancyOf(t, 3, u3[0]));
    expect((await t.as("frontdesk").get(person(b3.id))).statusCode).toBe(404);
    expect((await t.as("clubadmin").get(person(tenantOccupant))).statusCode).toBe(403);
    expect((await t.as("manager").get(person(99999999))).statusCode).toBe(404);
  });
});

describe("POST /core/occupants/", () => {
  const url = `${API}/core/occupants/`;

  it("adds a new resident (managers only)", async () => {
    const occ = await occupancyOf(t, 1, u1[0]);
    const body = {
      occupancy_id: occ,
      first_name: "Robin",
      last_name: "Hale",
      email: "robin.hale@example.com",
      username: "rhale_new",
      phone_number: "(212) 555-0001",
      pronouns: "they/them",
      emergency_contact_info: "Sam Hale (212) 555-0002",
      type: "OC",
      is_active: true,
      notification_preferences: { is_text_package_activity: true, is_email_package_activity: false },
    };
    expect((await t.as("frontdesk").post(url, body)).statusCode).toBe(403);
    const res = await t.as("manager").post(url, body);
    expect(res.statusCode).toBe(201);
    const o = Occupant.parse(res.json());
    expect(o).toMatchObject({
      occupancy_id: occ,
      first_name: "Robin",
      username: "rhale_new",
      email: "robin.hale@example.com",
      pronouns: "they/them",
      type: "OC",
      type_display: "Occupant",
      has_account: false,
      notification_preferences: {
        is_text_maintenance_activity: false,
        is_email_maintenance_activity: true,
        is_text_package_activity: true,
        is_email_package_activity: false,
      },
    });
    expect((await eventsOf(t, "occupant", o.id)).map((e) => e.type_display)).toEqual(["Created"]);
  });

  it("validates the resident like the form does", async () => {
    const occ = await occupancyOf(t, 1, u1[0]);
    const res = await t.as("manager").post(url, { occupancy_id: occ, first_name: "A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: ["This field is required"],
      email: ["This field is required."],
      username: ["This field is required."],
    });
    expect(
      (await t.as("manager").post(url, { occupancy_id: occ, first_name: "A", type: "XX", no_email: true })).json(),
    ).toEqual({
      type: ['"XX" is not a valid choice.'],
    });
    expect(
      (
        await t
          .as("manager")
          .post(url, { occupancy_id: occ, first_name: "A", type: "TN", email: "a@b.example", username: "tenant" })
      ).json(),
    ).toEqual({ username: [M.usernameTaken] });
    const b4 = await occupancyOf(t, 4, (await currentUnits(t, 4))[0]);
    expect(
      (await t.as("manager").post(url, { occupancy_id: b4, first_name: "A", type: "TN", no_email: true })).json(),
    ).toEqual({
      occupancy_id: ["Select a valid unit profile."],
    });
    expect((await t.as("manager").post(url, { first_name: "A", type: "TN", no_email: true })).json()).toEqual({
      occupancy_id: ["This field is required."],
    });
  });

  it("generates a placeholder e-mail and username with the no-email option", async () => {
    const occ = await occupancyOf(t, 1, u1[0]);
    const res = await t
      .as("manager")
      .post(url, { occupancy_id: occ, first_name: "Zoë", last_name: "O'Neil", type: "CH", no_email: true });
    expect(res.statusCode).toBe(201);
    const o = Occupant.parse(res.json());
    expect(o.username).toBe(`zoneil${u1[0].toLowerCase()}`);
    expect(o.email).toBe(`${o.username}@${NO_EMAIL_DOMAIN}`);
    expect(o.is_placeholder_email).toBe(true);
    expect(o.has_email).toBe(false);
  });
});

describe("PATCH /core/occupants/{id}/", () => {
  it("edits the resident with a change note; the username stays (managers only)", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[1]));
    expect((await t.as("frontdesk").patch(person(p.id), { first_name: "X" })).statusCode).toBe(403);
    expect((await t.as("manager").patch(person(p.id), { username: "someone_else" })).json()).toEqual({
      username: [M.usernameReadOnly],
    });
    const before = Occupant.parse((await t.as("manager").get(person(p.id))).json());
    const res = await t.as("manager").patch(person(p.id), {
      username: before.username,
      email: "new.address@example.com",
      phone_number: "",
      pronouns: "she/her",
      notification_preferences: {
        is_text_maintenance_activity: !before.notification_preferences.is_text_maintenance_activity,
      },
    });
    expect(res.statusCode).toBe(200);
    const after = Occupant.parse(res.json());
    expect(after).toMatchObject({
      email: "new.address@example.com",
      phone_number: before.phone_number,
      pronouns: "she/her",
    });
    const last = (await eventsOf(t, "occupant", p.id)).at(-1)!;
    const tm = before.notification_preferences.is_text_maintenance_activity;
    expect(last.note).toBe(
      `Changes: email: ${before.email || "None"} ==> new.address@example.com; pronouns: ${before.pronouns || "None"} ==> she/her; is_text_maintenance_activity: ${tm} ==> ${!tm}`,
    );
    // The front desk reads the history without the addresses.
    const fdEvents = paginated(Event).parse((await t.as("frontdesk").get(`${person(p.id)}events/`)).json());
    expect(fdEvents.results[0].note).toBe(
      `Changes: email: [hidden] ==> [hidden]; pronouns: ${before.pronouns || "None"} ==> she/her; is_text_maintenance_activity: ${tm} ==> ${!tm}`,
    );
    expect(fdEvents.results[0].performed_by).toBe("Marcus Reed");
    const mgrEvents = paginated(Event).parse((await t.as("manager").get(`${person(p.id)}events/`)).json());
    expect(mgrEvents.results[0].note).toBe(last.note);
    expect((await t.as("clubadmin").get(`${person(p.id)}events/`)).statusCode).toBe(403);
  });

  it("validates e-mail, names and type; no_email sets the placeholder", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[2]));
    expect((await t.as("manager").patch(person(p.id), { email: "nope" })).json()).toEqual({ email: [M.invalidEmail] });
    expect((await t.as("manager").patch(person(p.id), { email: "" })).json()).toEqual({
      email: ["This field is required."],
    });
    expect((await t.as("manager").patch(person(p.id), { type: "" })).json()).toEqual({
      type: ["This field is required"],
    });
    expect((await t.as("manager").patch(person(p.id), { first_name: "", last_name: "" })).json()).toEqual({
      first_name: [M.nameRequired],
    });
    const res = await t.as("manager").patch(person(p.id), { no_email: true });
    expect(res.json().email).toBe(`${p.username.toLowerCase()}@${NO_EMAIL_DOMAIN}`);
  });
});

describe("guest details and the last photo event", () => {
  it("answers the resident's unit and (until instructions exist) no registered guests", async () => {
    const res = await t.as("frontdesk").get(`${person(tenantOccupant)}guest_details/`);
    expect(res.statusCode).toBe(200);
    expect(GuestDetails.parse(res.json())).toMatchObject({
      occupant_id: tenantOccupant,
      apartment_number: "1203",
      building_id: 1,
      first_name: "Taylor",
      registered_guests: [],
    });
  });

  it("answers null before any photo", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[3]));
    for (const suffix of ["last_photo_event", "last_photo_event/"]) {
      const res = await t.as("frontdesk").get(`${API}/core/occupants/${p.id}/${suffix}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    }
  });
});

describe("PATCH /core/occupant-photos/{id}/", () => {
  const url = (id: number) => `${API}/core/occupant-photos/${id}/`;

  it("takes a multipart photo from any staff, crops it to 340×420 and serves it back", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[3]));
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .withMetadata({ exif: { IFD0: { Copyright: "Secret camera" } } })
      .png()
      .toBuffer();
    const form = multipart(
      { field: "photo_url", filename: "me.png", contentType: "image/png", data: png },
      { current_building_id: "1", unit: u1[3] },
    );
    const res = await t.as("frontdesk").patch(url(p.id), form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(200);
    const o = Occupant.parse(res.json());
    expect(o.photo_url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]{32}\/occupant_photo\.jpg$/);
    // Served without an Authorization header (the token is the capability).
    const img = await t.app.inject({ method: "GET", url: o.photo_url! });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/jpeg");
    expect(img.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 340, 420]);
    expect(meta.exif).toBeUndefined();
    // On disk under the files directory.
    const [file] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.token, o.photo_url!.split("/")[4]));
    expect(fs.existsSync(path.join(filesDir, file.storage_key))).toBe(true);
    expect(file).toMatchObject({
      purpose: "occupant_photo",
      building_id: 1,
      content_type: "image/jpeg",
      original_name: "me.png",
    });
    // The event, and the last photo event.
    const ev = await t.as("frontdesk").get(`${API}/core/occupants/${p.id}/last_photo_event`);
    expect(Event.parse(ev.json())).toMatchObject({
      type: "PHOTO_CHANGED",
      type_display: "Photo changed",
      performed_by: "Frank Delgado",
    });

    // A raw image body replaces it; the old file is gone.
    const res2 = await t
      .as("maintenance")
      .patch(url(p.id), await pngOf(), { headers: { "content-type": "image/png" } });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().photo_url).not.toBe(o.photo_url);
    expect((await t.app.inject({ method: "GET", url: o.photo_url! })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(filesDir, file.storage_key))).toBe(false);
    expect((await eventsOf(t, "occupant", p.id)).filter((e) => e.type === "PHOTO_CHANGED").map((e) => e.note)).toEqual([
      "Photo added.",
      "Photo replaced.",
    ]);
  });

  it("refuses what is not an image, a missing file and another building's resident", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[4]));
    const text = multipart({
      field: "photo_url",
      filename: "a.png",
      contentType: "image/png",
      data: Buffer.from("not an image at all"),
    });
    const bad = await t.as("frontdesk").patch(url(p.id), text.payload, { headers: text.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ photo_url: [M.invalidImage] });
    const truncated = (await pngOf()).subarray(0, 60);
    const bad2 = await t.as("frontdesk").patch(url(p.id), truncated, { headers: { "content-type": "image/png" } });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json()).toEqual({ photo_url: [M.invalidImage] });
    const none = multipart({ field: "other", filename: "a.png", contentType: "image/png", data: await pngOf() });
    expect((await t.as("frontdesk").patch(url(p.id), none.payload, { headers: none.headers })).json()).toEqual({
      photo_url: [M.noFile],
    });
    const wrong = multipart(
      { field: "photo_url", filename: "a.png", contentType: "image/png", data: await pngOf() },
      { current_building_id: "2" },
    );
    expect((await t.as("frontdesk").patch(url(p.id), wrong.payload, { headers: wrong.headers })).json()).toEqual({
      current_building_id: [M.wrongBuilding],
    });
    const b3 = await firstOccupant(t, await occupancyOf(t, 3, u3[0]));
    const ok = multipart({ field: "photo_url", filename: "a.png", contentType: "image/png", data: await pngOf() });
    expect((await t.as("frontdesk").patch(url(b3.id), ok.payload, { headers: ok.headers })).statusCode).toBe(404);
    expect((await t.as("clubadmin").patch(url(p.id), ok.payload, { headers: ok.headers })).statusCode).toBe(403);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.building_id, 3))).toEqual([]);
  });

  it("answers 413 over the upload limit", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[4]));
    const big = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1024, 0);
    (await pngOf()).copy(big);
    const raw = await t.as("frontdesk").patch(url(p.id), big, { headers: { "content-type": "image/png" } });
    expect(raw.statusCode).toBe(413);
    expect(raw.json()).toEqual({ detail: "File Too Large, please select a file under 48 MB" });
    const form = multipart({ field: "photo_url", filename: "big.png", contentType: "image/png", data: big });
    const res = await t.as("frontdesk").patch(url(p.id), form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "File Too Large, please select a file under 48 MB" });
  });
});

describe("GET and POST /core/occupants/{id}/send_tenant_welcome_email/", () => {
  const url = (id: number) => `${API}/core/occupants/${id}/send_tenant_welcome_email/`;

  it("mails the resident a link to the tenant site (managers)", async () => {
    expect((await t.as("frontdesk").post(url(tenantOccupant))).statusCode).toBe(403);
    const res = await t.as("manager").post(url(tenantOccupant));
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe("Welcome email sent.");
    const o = Occupant.parse((await t.as("manager").get(person(tenantOccupant))).json());
    expect(o.welcome_email_sent_time).toBe(res.json().welcome_email_sent_time);
    const [msg] = await t.db.select().from(emailMessages).where(eq(emailMessages.kind, "tenant_welcome"));
    expect(msg.recipients).toEqual([{ email: DEMO_TENANT.email, name: "Taylor Morgan" }]);
    expect(msg.subject).toBe("Welcome to Riverside Residents");
    expect(msg.body_text).toContain("https://residents.portico.example/");
    expect(msg.body_text).toContain("username tenant");
    expect(msg).toMatchObject({ building_id: 1, related_entity_type: "occupant", related_entity_id: tenantOccupant });
    const ev = (await eventsOf(t, "occupant", tenantOccupant)).at(-1)!;
    expect(ev).toMatchObject({
      type_display: "Welcome email sent",
      note: `Welcome email sent to ${DEMO_TENANT.email}.`,
    });
  });

  it("answers the spec's GET as well, and mails a resident at most once a minute", async () => {
    const welcomeMails = async () =>
      (await t.db.select().from(emailMessages).where(eq(emailMessages.kind, "tenant_welcome"))).length;
    expect((await t.as("frontdesk").get(url(tenantOccupant))).statusCode).toBe(403);
    // Sent by the previous test less than a minute ago: neither verb sends again.
    const mails = await welcomeMails();
    const first = Occupant.parse((await t.as("manager").get(person(tenantOccupant))).json()).welcome_email_sent_time;
    for (const send of [
      () => t.as("manager").get(url(tenantOccupant)),
      () => t.as("manager").post(url(tenantOccupant)),
    ]) {
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ welcome_email_sent_time: first, detail: M.welcomeEmailAlreadySent });
    }
    expect(await welcomeMails()).toBe(mails);
    // A minute later a GET sends; two at once (a double click) send one mail.
    await t.db.execute(
      sql`update occupants set welcome_email_sent_time = now() - interval '61 seconds' where id = ${tenantOccupant}`,
    );
    const both = await Promise.all([
      t.as("manager").get(url(tenantOccupant)),
      t.as("manager").get(url(tenantOccupant)),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().detail).sort()).toEqual([M.welcomeEmailAlreadySent, M.welcomeEmailSent].sort());
    expect(await welcomeMails()).toBe(mails + 1);
  });

  it("fails with the spec's message when the resident has no real address", async () => {
    const occ = await occupancyOf(t, 1, u1[5]);
    const created = await t.as("manager").post(`${API}/core/occupants/`, {
      occupancy_id: occ,
      first_name: "No",
      last_name: "Mail",
      type: "TN",
      no_email: true,
    });
    const res = await t.as("manager").post(url(created.json().id));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Could not send welcome email.");
  });

  it("is refused when the tenant site is federated", async () => {
    const b4 = await firstOccupant(t, await occupancyOf(t, 4, (await currentUnits(t, 4))[0]));
    const res = await t.as("office").post(url(b4.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: M.welcomeEmailFederated });
  });
});

describe("GET /core/occupants/{id}/impersonate/", () => {
  const url = (id: number) => `${API}/core/occupants/${id}/impersonate/`;

  it("signs a short-lived token for the tenant site (managers)", async () => {
    expect((await t.as("frontdesk").get(url(tenantOccupant))).statusCode).toBe(403);
    const res = await t.as("manager").get(url(tenantOccupant));
    expect(res.statusCode).toBe(200);
    const r = ImpersonateResult.parse(res.json());
    expect(r.client).toBe("tenant-site");
    expect(r.refresh_token).toBe("");
    expect(r.redirect_url).toBe(`https://residents.portico.example/impersonate#token=${r.access_token}`);
    const keys = createLocalJWKSet({ keys: (await loadSigningKeys(t.db)).map((k) => publicJwk(k.jwk)) });
    const { payload } = await jwtVerify(r.access_token, keys, {
      audience: "tenant-site",
      issuer: t.config.oidc.issuer,
    });
    const [tenant] = await t.db.select().from(users).where(eq(users.username, "tenant"));
    const [manager] = await t.db.select().from(users).where(eq(users.username, "manager"));
    expect(payload.sub).toBe(String(tenant.id));
    expect(payload.act).toMatchObject({ sub: String(manager.id) });
    expect(payload.exp! - payload.iat!).toBe(120);
    const id = await jwtVerify(r.id_token, keys, { audience: "tenant-site" });
    expect(id.payload).toMatchObject({ preferred_username: "tenant", email: DEMO_TENANT.email });
    // The token is for the tenant site, not for the staff API.
    const staff = await t.app.inject({
      method: "GET",
      url: `${API}/me/`,
      headers: { authorization: `Bearer ${r.access_token}` },
    });
    expect(staff.statusCode).toBe(401);
    expect((await eventsOf(t, "occupant", tenantOccupant)).at(-1)!.type_display).toBe("Impersonated");
  });

  it("answers 404 with the spec's message when the resident has no account", async () => {
    const p = await firstOccupant(t, await occupancyOf(t, 1, u1[6]));
    const res = await t.as("manager").get(url(p.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: "Could not impersonate this user.  They may not have an account on residents.portico.example",
    });
  });
});
