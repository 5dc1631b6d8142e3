import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  Event,
  FieldErrors,
  Id,
  OccupancyShiftLogNotesQuery,
  paginated,
  RECENT_SHIFT_LOG_NOTES_PER_OCCUPANCY,
  ShiftLogNote,
  ShiftLogNotePatch,
  ShiftLogNoteQuery,
  ShiftLogNoteWrite,
} from "@portico/contract";
import jobsPlugin from "../../lib/jobs.ts";
import mailPlugin from "../../lib/mail.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { registerTypeList } from "../../lib/type-lists/routes.ts";
import { contextOf, systemContext } from "../../lib/context.ts";
import { wantsXlsx, XlsxSheet } from "../../lib/xlsx.ts";
import { ensureShiftLogTypes } from "../../db/seed/shift-logs.ts";
import { NIGHTLY_CRON, NIGHTLY_JOB, runNightlyShiftLogEmails } from "./nightly.ts";
import * as service from "./service.ts";
import { shiftLogTypeList } from "./types.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["shift-logs"];

/**
 * Shift logs (document 1 section 7): notes, their history, note types, and the recent notes of
 * an occupancy. Also registers the nightly shift log e-mail job.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Shared layers; app.ts registers them at the root (then these are no-ops).
  if (!app.hasDecorator("jobs")) await app.register(jobsPlugin);
  if (!app.hasPlugin("portico-mail")) await app.register(mailPlugin);
  app.jobs.work(NIGHTLY_JOB, async () => runNightlyShiftLogEmails(systemContext(app)));
  app.jobs.schedule(NIGHTLY_JOB, NIGHTLY_CRON);
  // The default types and the end-of-shift type exist on every installation.
  app.addHook("onReady", async () => {
    await ensureShiftLogTypes(app.db);
  });

  // Notes ------------------------------------------------------------------------------------

  app.get(
    "/shift-logs/notes/",
    {
      config: { can: "shiftlog.view" },
      schema: {
        tags,
        summary: "Shift log notes (JSON page, or the spreadsheet with Accept: …spreadsheetml.sheet or format=xlsx)",
        querystring: ShiftLogNoteQuery,
        response: { 200: paginated(ShiftLogNote), ...errors },
      },
    },
    async (req, reply) => {
      const out = await service.searchNotes(contextOf(req), req.query, wantsXlsx(req, req.query.format));
      return out instanceof XlsxSheet ? out.send(reply) : out;
    },
  );

  app.post(
    "/shift-logs/notes/",
    {
      config: { can: "shiftlog.create" },
      schema: {
        tags,
        querystring: z.object({ building: Id.optional() }),
        body: ShiftLogNoteWrite,
        response: { 201: ShiftLogNote, ...errors },
      },
    },
    async (req, reply) => {
      const note = await service.createNote(contextOf(req), req.body, req.query.building);
      return reply.status(201).send(note);
    },
  );

  app.get(
    "/shift-logs/notes/:id/",
    {
      config: { can: "shiftlog.view" },
      schema: { tags, params: IdParams, response: { 200: ShiftLogNote, ...errors } },
    },
    async (req) => service.getNote(contextOf(req), req.params.id),
  );

  app.patch(
    "/shift-logs/notes/:id/",
    {
      config: { can: "shiftlog.create" },
      schema: { tags, params: IdParams, body: ShiftLogNotePatch, response: { 200: ShiftLogNote, ...errors } },
    },
    async (req) => service.updateNote(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/shift-logs/notes/:id/",
    { config: { can: "shiftlog.delete" }, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.deleteNote(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/shift-logs/notes/:id/events/",
    {
      config: { can: "shiftlog.view" },
      schema: {
        tags,
        params: IdParams,
        querystring: OccupancyShiftLogNotesQuery,
        response: { 200: paginated(Event), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, 100, 1000);
      const { count, results } = await service.noteEvents(contextOf(req), req.params.id, page);
      return paginate(req, page, count, results);
    },
  );

  // Types ------------------------------------------------------------------------------------

  registerTypeList(app, shiftLogTypeList);

  // Occupancy --------------------------------------------------------------------------------

  app.get(
    "/core/occupancies/:id/shift-log-notes/",
    {
      config: { can: "shiftlog.view" },
      schema: {
        tags,
        params: IdParams,
        querystring: OccupancyShiftLogNotesQuery,
        response: { 200: paginated(ShiftLogNote), ...errors },
      },
    },
    async (req) => {
      const page = pageOf(req.query, RECENT_SHIFT_LOG_NOTES_PER_OCCUPANCY, 1000);
      const { load } = await service.occupancyNotesView(contextOf(req), req.params.id, page);
      return paginate(req, page, ...(await load()));
    },
  );
};

export default routes;
