import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  EMAIL_TEMPLATE_MESSAGES as M,
  type EmailTemplate,
  type EmailTemplateCategory,
  type EmailTemplateHierarchy,
  MESSAGES,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";

const TREE = "/api/v1/emails/templates_hierarchy/";
const CATS = "/api/v1/emails/categories/";
const TEMPLATES = "/api/v1/emails/templates/";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from email_templates`);
  await t.db.execute(sql`delete from email_template_categories`);
});

async function category(title: string, parent?: number | null, user = "manager"): Promise<EmailTemplateCategory> {
  const res = await t.as(user).post(CATS, { title, parent });
  if (res.statusCode !== 201) throw new Error(`category ${res.statusCode}: ${res.body}`);
  return res.json();
}
async function template(title: string, categoryId: number, content = "<p>Hi</p>"): Promise<EmailTemplate> {
  const res = await t.as("manager").post(TEMPLATES, { title, content, category: categoryId });
  if (res.statusCode !== 201) throw new Error(`template ${res.statusCode}: ${res.body}`);
  return res.json();
}
const tree = async (user = "manager") => (await t.as(user).get(TREE)).json() as EmailTemplateHierarchy;

describe("email templates", () => {
  it("builds the tree of categories, sub-categories and templates, by title", async () => {
    const notices = await category("Building notices");
    const seasonal = await category("Seasonal");
    const winter = await category("Winter", seasonal.id);
    expect(winter).toEqual({ id: winter.id, title: "Winter", parent: seasonal.id });
    const water = await template("Water shut-off", notices.id);
    const alarm = await template("Fire alarm testing", notices.id);
    const heat = await template("Heating season", winter.id);
    expect(await tree()).toEqual({
      categories: [
        {
          id: notices.id,
          title: "Building notices",
          parent: null,
          categories: [],
          templates: [
            { id: alarm.id, title: "Fire alarm testing", category: notices.id },
            { id: water.id, title: "Water shut-off", category: notices.id },
          ],
        },
        {
          id: seasonal.id,
          title: "Seasonal",
          parent: null,
          templates: [],
          categories: [
            {
              id: winter.id,
              title: "Winter",
              parent: seasonal.id,
              categories: [],
              templates: [{ id: heat.id, title: "Heating season", category: winter.id }],
            },
          ],
        },
      ],
    });
    const one = await t.as("office").get(`${TEMPLATES}${water.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: water.id, title: "Water shut-off", category: notices.id, content: "<p>Hi</p>" });
  });

  it("cleans the template HTML: no scripts, handlers, javascript: links or iframes", async () => {
    const c = await category("Notices");
    const dirty =
      '<p onclick="alert(1)" style="text-align:center">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)">';
    const tpl = await template("Dirty", c.id, dirty);
    expect(tpl.content).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(tpl.content).toContain("Hi");
    const res = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { content: "<b>ok</b><script>x()</script>" });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe("<b>ok</b>");
  });

  it("renames and moves templates and categories; refuses cycles", async () => {
    const a = await category("A");
    const b = await category("B");
    const a1 = await category("A1", a.id);
    const tpl = await template("Welcome", a.id);
    let res = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { title: "Welcome home" });
    expect(res.json()).toMatchObject({ title: "Welcome home", category: a.id });
    res = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { category: b.id });
    expect(res.json()).toMatchObject({ category: b.id });
    res = await t.as("manager").patch(`${TEMPLATES}${tpl.id}/`, { category: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ category: [M.categoryNotFound] });

    res = await t.as("manager").patch(`${CATS}${a1.id}/`, { title: "Sub" });
    expect(res.json()).toEqual({ id: a1.id, title: "Sub", parent: a.id });
    res = await t.as("manager").patch(`${CATS}${a.id}/`, { new_category_id: a1.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ new_category_id: [M.categoryCycle] });
    res = await t.as("manager").patch(`${CATS}${a.id}/`, { new_category_id: a.id });
    expect(res.json()).toEqual({ new_category_id: [M.categoryCycle] });
    res = await t.as("manager").patch(`${CATS}${a.id}/`, { new_category_id: b.id });
    expect(res.json()).toEqual({ id: a.id, title: "A", parent: b.id });
    res = await t.as("manager").patch(`${CATS}${b.id}/`, { new_category_id: a1.id });
    expect(res.json()).toEqual({ new_category_id: [M.categoryCycle] });
    res = await t.as("manager").patch(`${CATS}${a.id}/`, { new_category_id: null });
    expect(res.json()).toEqual({ id: a.id, title: "A", parent: null });
    res = await t.as("manager").patch(`${CATS}${a.id}/`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: [M.nothingToChange] });
  });

  it("deletes only empty categories, and templates", async () => {
    const a = await category("A");
    const a1 = await category("A1", a.id);
    const tpl = await template("T", a1.id);
    let res = await t.as("manager").delete(`${CATS}${a.id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [M.categoryNotEmpty] });
    res = await t.as("manager").delete(`${CATS}${a1.id}/`);
    expect(res.json()).toEqual({ non_field_errors: [M.categoryNotEmpty] });
    res = await t.as("manager").delete(`${TEMPLATES}${tpl.id}/`);
    expect(res.json()).toEqual({ id: tpl.id, detail: M.templateDeleted("T") });
    expect((await t.as("manager").delete(`${CATS}${a1.id}/`)).statusCode).toBe(200);
    res = await t.as("manager").delete(`${CATS}${a.id}/`);
    expect(res.json()).toEqual({ id: a.id, detail: M.categoryDeleted("A") });
    expect((await t.as("manager").delete(`${CATS}${a.id}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${TEMPLATES}${tpl.id}/`)).statusCode).toBe(404);
    expect(await tree()).toEqual({ categories: [] });
  });

  it("checks the fields in the contract's words", async () => {
    let res = await t.as("manager").post(CATS, { title: "  " });
    expect(res.json()).toEqual({ title: [M.titleRequired] });
    res = await t.as("manager").post(CATS, { title: "X", parent: 999999 });
    expect(res.json()).toEqual({ parent: [M.categoryNotFound] });
    res = await t.as("manager").post(TEMPLATES, { title: "X", content: "<p/>" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ category: [M.categoryRequired] });
    res = await t.as("manager").post(TEMPLATES, { title: "X", category: "abc" });
    expect(res.statusCode).toBe(400);
    res = await t.as("manager").post(TEMPLATES, { title: "x".repeat(256), category: 1 });
    expect(res.json().title).toEqual([MESSAGES.maxLength(255)]);
  });

  it("managers and Office read and write; the other roles are refused", async () => {
    const c = await category("Office's", null, "office");
    for (const user of ["frontdesk", "maintenance", "clubadmin", "amenity", "owner"]) {
      expect((await t.as(user).get(TREE)).statusCode, user).toBe(403);
      expect((await t.as(user).post(CATS, { title: "x" })).statusCode, user).toBe(403);
      expect((await t.as(user).post(TEMPLATES, { title: "x", category: c.id })).statusCode, user).toBe(403);
      expect((await t.as(user).delete(`${CATS}${c.id}/`)).statusCode, user).toBe(403);
    }
    expect((await t.as(null).get(TREE)).statusCode).toBe(401);
    expect((await tree("office")).categories).toHaveLength(1);
  });
});
