import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client.ts";
import {
  apartments,
  documents,
  emailTemplateCategories,
  emailTemplates,
  memoGroupApartments,
  memoGroups,
  users,
} from "../schema/index.ts";
import { type FileDeps, saveFile } from "../../lib/files.ts";
import { cleanHtml } from "../../lib/html.ts";

/** The demo template library: categories (one nested) and their templates. */
export const DEMO_TEMPLATE_TREE: { title: string; parent?: string; templates: [string, string][] }[] = [
  {
    title: "Building notices",
    templates: [
      [
        "Water shut-off",
        "<p>Dear residents,</p><p>The water will be shut off on <strong>[date]</strong> from <strong>[time]</strong> to <strong>[time]</strong> for scheduled plumbing work. Please store some water beforehand.</p><p>Thank you for your patience.</p>",
      ],
      [
        "Elevator maintenance",
        "<p>Dear residents,</p><p>Elevator <strong>[A/B]</strong> will be out of service on <strong>[date]</strong> for routine maintenance. Please use the other elevator or the stairs.</p>",
      ],
      [
        "Fire alarm testing",
        "<p>Dear residents,</p><p>The fire alarm system will be tested on <strong>[date]</strong> between <strong>[time]</strong> and <strong>[time]</strong>. Alarms may sound briefly; no action is needed.</p>",
      ],
    ],
  },
  {
    title: "Seasonal",
    templates: [
      [
        "Holiday hours",
        "<p>Dear residents,</p><p>The management office will keep holiday hours from <strong>[date]</strong> to <strong>[date]</strong>. The front desk stays open around the clock.</p><p>Happy holidays!</p>",
      ],
    ],
  },
  {
    title: "Winter",
    parent: "Seasonal",
    templates: [
      [
        "Heating season",
        "<p>Dear residents,</p><p>Heating season starts on <strong>[date]</strong>. If a radiator in your home stays cold, please submit a maintenance request.</p>",
      ],
    ],
  },
  {
    title: "Welcome",
    templates: [
      [
        "Welcome to the building",
        "<p>Welcome home!</p><p>The front desk is open 24 hours a day. House rules and move-in forms are in the building documents.</p>",
      ],
    ],
  },
];

/** Memo groups of every building: a name and which units it holds (by unit number). */
const DEMO_GROUPS: { name: string; floor: (number: string) => boolean }[] = [
  { name: "Floor 2 east", floor: (n) => /^20[1-3]$/.test(n) },
  { name: "Penthouses", floor: (n) => /^PH\d+$/i.test(n) },
];

/** Building 1's documents: title, subtitle, file name, visible to tenants, visible to staff. */
const DEMO_DOCUMENTS: [string, string, string, boolean, boolean][] = [
  ["House rules", "Quiet hours, pets, common areas", "house-rules.pdf", true, true],
  ["Move-in checklist", "For residents moving in", "move-in-checklist.pdf", true, true],
  ["Emergency procedures", "Fire, flood and power outage", "emergency-procedures.pdf", false, true],
  ["Operating budget", "Management only", "operating-budget.pdf", false, false],
];

/** A one-page PDF showing this title (small, valid). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, "");
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export interface SeedEmailLibraryOptions {
  /** Where the demo documents' files go; without it there are no demo documents. */
  files?: Omit<FileDeps, "db">;
}

/** The template library (once), memo groups for every building, and building 1's documents. */
export async function seedEmailLibrary(db: DbOrTx, opts: SeedEmailLibraryOptions = {}): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTemplateCategories);
  if (Number(n) === 0) {
    const ids = new Map<string, number>();
    for (const [sort, c] of DEMO_TEMPLATE_TREE.entries()) {
      const [row] = await db
        .insert(emailTemplateCategories)
        .values({ title: c.title, parent_id: c.parent ? ids.get(c.parent)! : null, sort })
        .returning({ id: emailTemplateCategories.id });
      ids.set(c.title, row.id);
      if (c.templates.length)
        await db
          .insert(emailTemplates)
          .values(c.templates.map(([title, content]) => ({ title, content: cleanHtml(content), category_id: row.id })));
    }
  }

  const manager = (await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'manager'`))[0]?.id ?? null;
  const apts = await db
    .select({ id: apartments.id, building_id: apartments.building_id, number: apartments.apartment_number })
    .from(apartments)
    .orderBy(apartments.building_id, apartments.sort_key, apartments.id);
  const buildingIds = [...new Set(apts.map((a) => a.building_id))];
  for (const b of buildingIds) {
    for (const g of DEMO_GROUPS) {
      const units = apts.filter((a) => a.building_id === b && g.floor(a.number)).slice(0, 12);
      if (!units.length) continue;
      const [row] = await db
        .insert(memoGroups)
        .values({ building_id: b, name: g.name, created_by_id: manager, last_edited_by_id: manager })
        .onConflictDoNothing()
        .returning({ id: memoGroups.id });
      if (row)
        await db.insert(memoGroupApartments).values(units.map((u) => ({ memo_group_id: row.id, apartment_id: u.id })));
    }
  }

  if (!opts.files || !buildingIds.length) return;
  const building = buildingIds[0];
  for (const [title, subtitle, name, tenants, staff] of DEMO_DOCUMENTS) {
    const saved = await saveFile(
      { db, ...opts.files },
      {
        data: demoPdf(title),
        purpose: "document",
        original_name: name,
        name,
        building_id: building,
        created_by_id: manager,
      },
    );
    await db.insert(documents).values({
      building_id: building,
      title,
      subtitle,
      file: saved.url,
      file_name: name,
      content_type: saved.content_type,
      size: saved.size,
      is_visible_to_tenants: tenants,
      is_visible_to_staff: staff,
      created_by_id: manager,
    });
  }
}
