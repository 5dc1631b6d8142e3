import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BuildingCommentTemplateQuery,
  CommentTemplate,
  CommentTemplatePatch,
  CommentTemplateQuery,
  CommentTemplateWrite,
  Detail,
  FieldErrors,
  Id,
  MAINTENANCE_PERMISSION_TYPES,
  MaintenanceActivity,
  MaintenanceActivityQuery,
  MaintenanceNotificationSettings,
  MaintenanceNotificationSettingsPatch,
  MaintenanceNotificationSettingsQuery,
  MaintenancePermissionType,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import { bodyAsSent } from "../../lib/files.ts";
import { registerTypeList } from "../../lib/type-lists/routes.ts";
import { idInBody, readUploadForm } from "../../lib/upload-form.ts";
import * as activity from "./activity-service.ts";
import * as settings from "./notification-settings-service.ts";
import * as templates from "./templates-service.ts";
import { maintenanceTypeList } from "./types.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["maintenance-requests"];
const PREFIX = "/maintenance-requests";

/** A JSON body judged by its contract schema, after the access checks (field errors in the API's shape). */
const parsed = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => readUploadForm(schema, body).values;

/** What the OpenAPI document shows of a body read as sent (and judged after the access checks). */
const templateFields = {
  building_id: z
    .number()
    .int()
    .meta({ examples: [1] }),
  title: z.string().meta({ examples: ["Waiting for parts"] }),
  template: z.string().meta({ examples: ["We are waiting for parts and will be back."] }),
  display_order: z
    .number()
    .int()
    .meta({ examples: [1] }),
};
const templateBody = z.looseObject(templateFields);
const templatePatchBody = z.looseObject(templateFields).partial();
const settingsBody = z.looseObject({
  building_id: z
    .number()
    .int()
    .optional()
    .meta({ examples: [1] }),
  email_recipients: z
    .string()
    .optional()
    .meta({ examples: ["super@example.com;manager@example.com"] }),
});

/**
 * The setup of maintenance requests (document 2 section 7; issue 17 item 1): the request types
 * (a type list) and who may file them, comment templates, the building's notification settings
 * and its activity feed of the last 48 hours.
 */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerTypeList(app, maintenanceTypeList);

  // The spec names both paths.
  for (const path of [`${PREFIX}/permission_types/`, `${PREFIX}/maintenance-request-types/permission_types/`])
    app.get(
      path,
      {
        config: { can: "maintenance.use" },
        schema: {
          tags,
          summary: "Who may file a request of a type (the choices of access_permissions)",
          response: { 200: z.array(MaintenancePermissionType), ...errors },
        },
      },
      async () => MAINTENANCE_PERMISSION_TYPES.map((o) => ({ ...o })),
    );

  // Comment templates

  app.get(
    `${PREFIX}/comment-templates/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary:
          "Comment templates by display order, then title (building: one building's; else every building the user sees)",
        querystring: CommentTemplateQuery,
        response: { 200: paginated(CommentTemplate), ...errors },
      },
    },
    async (req) => templates.listTemplates(contextOf(req), req.query),
  );

  app.get(
    "/core/buildings/:id/comment-templates/",
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "The building's comment templates by display order, then title",
        params: IdParams,
        querystring: BuildingCommentTemplateQuery,
        response: { 200: paginated(CommentTemplate), ...errors },
      },
    },
    async (req) => templates.listBuildingTemplates(contextOf(req), req.params.id, req.query),
  );

  app.post(
    `${PREFIX}/comment-templates/`,
    {
      config: { can: "maintenance.manage_templates" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Adds a comment template (managers: building_id, title ≤ 100, template ≤ 2000, display_order ≥ 0)",
        body: templateBody,
        response: { 201: CommentTemplate, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const building = idInBody(req.body, "building_id");
      if (building !== undefined) await templates.requireTemplateBuilding(ctx, building);
      return reply.status(201).send(await templates.createTemplate(ctx, parsed(CommentTemplateWrite, req.body)));
    },
  );

  app.patch(
    `${PREFIX}/comment-templates/:id/`,
    {
      config: { can: "maintenance.manage_templates" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary: "Edits a comment template (managers; any of title, template, display_order, building_id)",
        params: IdParams,
        body: templatePatchBody,
        response: { 200: CommentTemplate, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await templates.requireTemplate(ctx, req.params.id);
      return templates.updateTemplate(ctx, req.params.id, parsed(CommentTemplatePatch, req.body));
    },
  );

  app.delete(
    `${PREFIX}/comment-templates/:id/`,
    {
      config: { can: "maintenance.manage_templates" },
      schema: {
        tags,
        summary: "Deletes a comment template (managers)",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await templates.deleteTemplate(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Notification settings

  app.get(
    `${PREFIX}/notification-settings/`,
    {
      config: { can: "maintenance.manage_templates" },
      schema: {
        tags,
        summary: "The building's maintenance notification settings (made on first read; managers)",
        querystring: MaintenanceNotificationSettingsQuery,
        response: { 200: MaintenanceNotificationSettings, ...errors },
      },
    },
    async (req) => settings.getSettings(contextOf(req), req.query.building),
  );

  app.patch(
    `${PREFIX}/notification-settings/:id/`,
    {
      config: { can: "maintenance.manage_templates" },
      validatorCompiler: bodyAsSent,
      schema: {
        tags,
        summary:
          "Sets who is mailed about new requests and status changes (email_recipients, semicolon-joined; managers)",
        params: IdParams,
        body: settingsBody,
        response: { 200: MaintenanceNotificationSettings, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await settings.requireSettings(ctx, req.params.id);
      return settings.updateSettings(ctx, req.params.id, parsed(MaintenanceNotificationSettingsPatch, req.body));
    },
  );

  // Activity

  app.get(
    `${PREFIX}/activity/`,
    {
      config: { can: "maintenance.use" },
      schema: {
        tags,
        summary: "What happened to the building's requests in the last 48 hours, newest first",
        querystring: MaintenanceActivityQuery,
        response: { 200: paginated(MaintenanceActivity), ...errors },
      },
    },
    async (req) => activity.listActivity(contextOf(req), req.query),
  );
};

export default routes;
