import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Employee, EmployeeSimple, paginated } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (user: string, query = "") => {
  const res = await t.as(user).get(`/api/v1/core/employees/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return paginated(Employee).parse(res.json());
};
const usernames = (body: { results: { app_user: { username: string } }[] }) =>
  body.results.map((e) => e.app_user.username).sort();
const granted = (b: number) =>
  DEMO_ACCOUNTS.filter((a) => a.buildings.includes(b))
    .map((a) => a.username)
    .sort();
const sharing = (bs: number[]) =>
  DEMO_ACCOUNTS.filter((a) => a.buildings.some((b) => bs.includes(b)))
    .map((a) => a.username)
    .sort();

describe("GET /core/employees/", () => {
  it("lists the employees of a building, by last name, in full shape", async () => {
    const body = await list("frontdesk", "?building=1");
    expect(usernames(body)).toEqual(granted(1));
    expect(body.count).toBe(granted(1).length);
    const last = body.results.map((e) => e.app_user.last_name.toLowerCase());
    expect(last).toEqual([...last].sort());
    const fd = body.results.find((e) => e.app_user.username === "frontdesk")!;
    expect(fd).toMatchObject({
      title: "Front Desk Concierge",
      department: "Front Desk",
      employment_start_date: "2021-09-07",
      is_shown_in_directory: true,
      directory_buildings: [1, 2],
      contact_buildings: [],
      app_user: { role: "FD", role_display: "Front Desk", is_active: true, buildings: [1, 2], first_name: "Frank" },
    });
    expect(fd.app_user.last_login).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const mg = body.results.find((e) => e.app_user.username === "manager")!;
    expect(mg.contact_buildings).toEqual([1, 2, 3]);
  });

  it("without a building: office sees everyone, others the employees sharing one of their buildings", async () => {
    expect((await list("office")).count).toBe(DEMO_ACCOUNTS.length);
    expect(usernames(await list("frontdesk"))).toEqual(sharing([1, 2]));
    expect(usernames(await list("manager"))).toEqual(sharing([1, 2, 3]));
    expect(usernames(await list("office", "?building=3"))).toEqual(granted(3));
  });

  it("filters by one role or a comma list of roles", async () => {
    expect(usernames(await list("frontdesk", "?building=1&app_user__role=FD"))).toEqual(["frontdesk", "lromero"]);
    expect(usernames(await list("frontdesk", "?building=1&app_user__role=FD,MG"))).toEqual([
      "frontdesk",
      "lromero",
      "manager",
    ]);
    const bad = await t.as("frontdesk").get("/api/v1/core/employees/?app_user__role=FD,XX");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ app_user__role: ["Select a valid choice. XX is not one of the available choices."] });
  });

  it("filters by active flag", async () => {
    expect(usernames(await list("office", "?app_user__user__is_active=false"))).toEqual(["hwright"]);
    expect((await list("office", "?app_user__user__is_active=True")).count).toBe(DEMO_ACCOUNTS.length - 1);
    expect(usernames(await list("office", "?building=2&app_user__user__is_active=false"))).toEqual(["hwright"]);
  });

  it("filters by last login date", async () => {
    const all = await list("office");
    const fd = all.results.find((e) => e.app_user.username === "frontdesk")!;
    const day = fd.app_user.last_login!.slice(0, 10);
    const recent = await list("office", `?min_last_login_date=${day}&limit=200`);
    expect(usernames(recent)).toContain("frontdesk");
    expect(usernames(recent)).not.toContain("joconnor"); // never signed in
    expect(usernames(recent)).not.toContain("hwright"); // months ago
    for (const e of recent.results) expect(e.app_user.last_login! >= `${day}T00:00:00.000Z`).toBe(true);
    const bad = await t.as("office").get("/api/v1/core/employees/?min_last_login_date=2024-13");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().min_last_login_date).toContain("Invalid date");
  });

  it("searches names, username, email and title", async () => {
    expect(usernames(await list("office", "?search=alvarez"))).toEqual(["salvarez"]);
    expect(usernames(await list("office", "?search=Sofia%20Alv"))).toEqual(["salvarez"]);
    expect(usernames(await list("office", "?search=CONCIERGE"))).toEqual(["frontdesk", "joconnor"]);
    expect(usernames(await list("office", "?search=tbecker@"))).toEqual(["tbecker"]);
    expect(usernames(await list("frontdesk", "?search=alvarez"))).toEqual([]);
  });

  it("orders and pages in SQL", async () => {
    const byLogin = await list("office", "?ordering=-last_login&limit=3");
    expect(byLogin.results.map((e) => e.app_user.username)).toEqual(["frontdesk", "office", "salvarez"]);
    const p1 = await list("office", "?ordering=username&limit=5");
    expect(p1.next).toBe("/api/v1/core/employees/?ordering=username&limit=5&offset=5");
    const p2 = await list("office", "?ordering=username&limit=5&offset=5");
    expect(p2.previous).toBe("/api/v1/core/employees/?ordering=username&limit=5");
    const names = [...p1.results, ...p2.results].map((e) => e.app_user.username);
    expect(names).toEqual(
      DEMO_ACCOUNTS.map((a) => a.username)
        .sort()
        .slice(0, 10),
    );
    expect((await t.as("office").get("/api/v1/core/employees/?ordering=password_hash")).statusCode).toBe(400);
    expect((await t.as("office").get("/api/v1/core/employees/?limit=1001")).statusCode).toBe(400);
  });

  it("is for staff only", async () => {
    for (const u of ["clubadmin", "owner", "amenity", "tenant"])
      expect((await t.as(u).get("/api/v1/core/employees/")).statusCode, u).toBe(403);
    expect((await t.as("maintenance").get("/api/v1/core/employees/?building=2")).statusCode).toBe(200);
  });
});

describe("GET /core/employees/simple-list/", () => {
  it("lists employees in short form with the same scoping", async () => {
    const res = await t.as("frontdesk").get("/api/v1/core/employees/simple-list/?limit=2000");
    expect(res.statusCode).toBe(200);
    const body = paginated(EmployeeSimple).parse(res.json());
    expect(body.results.map((e) => e.username).sort()).toEqual(sharing([1, 2]));
    expect(body.results[0]).toMatchObject({ last_name: "Adams", username: "clubadmin", role: "CA" });
    const b3 = (await t.as("office").get("/api/v1/core/employees/simple-list/?building=3")).json();
    expect(b3.results.map((e: { username: string }) => e.username).sort()).toEqual(granted(3));
    const active = (
      await t.as("office").get("/api/v1/core/employees/simple-list/?app_user__user__is_active=true")
    ).json();
    expect(active.count).toBe(DEMO_ACCOUNTS.length - 1);
    expect((await t.as("office").get("/api/v1/core/employees/simple-list/?limit=2001")).statusCode).toBe(400);
  });
});
