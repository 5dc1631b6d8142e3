import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  EmailCategoryPatch,
  EmailCategoryWrite,
  EmailTemplate,
  EmailTemplateCategory,
  EmailTemplateDeleted,
  EmailTemplateHierarchy,
  EmailTemplatePatch,
  EmailTemplateWrite,
  FieldErrors,
  Id,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import * as service from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["email-templates"];
const READ = { can: "memo.send" } as const;
const WRITE = { can: "email_templates.manage" } as const;

/** The e-mail template library (document 3 section 7): the tree, one template, category and template writes. */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/emails/templates_hierarchy/",
    {
      config: READ,
      schema: {
        tags,
        summary: "The template tree: categories with their sub-categories and templates (by title)",
        response: { 200: EmailTemplateHierarchy, ...errors },
      },
    },
    async (req) => service.hierarchy(contextOf(req)),
  );

  app.get(
    "/emails/templates/:id/",
    {
      config: READ,
      schema: { tags, summary: "One template with its content", params: IdParams, response: { 200: EmailTemplate, ...errors } },
    },
    async (req) => service.getTemplate(contextOf(req), req.params.id),
  );

  app.post(
    "/emails/categories/",
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Adds a category (title; parent: under that category, else at the top)",
        body: EmailCategoryWrite,
        response: { 201: EmailTemplateCategory, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createCategory(contextOf(req), req.body)),
  );

  app.patch(
    "/emails/categories/:id/",
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Renames a category {title} or moves it under another {new_category_id} (null: to the top)",
        params: IdParams,
        body: EmailCategoryPatch,
        response: { 200: EmailTemplateCategory, ...errors },
      },
    },
    async (req) => service.updateCategory(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/emails/categories/:id/",
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Deletes an empty category (one holding sub-categories or templates: 400)",
        params: IdParams,
        response: { 200: EmailTemplateDeleted, ...errors },
      },
    },
    async (req) => service.deleteCategory(contextOf(req), req.params.id),
  );

  app.post(
    "/emails/templates/",
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Adds a template (title, content as HTML, cleaned; category)",
        body: EmailTemplateWrite,
        response: { 201: EmailTemplate, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createTemplate(contextOf(req), req.body)),
  );

  app.patch(
    "/emails/templates/:id/",
    {
      config: WRITE,
      schema: {
        tags,
        summary: "Renames {title}, moves {category} or edits {content} of a template ('Template successfully updated')",
        params: IdParams,
        body: EmailTemplatePatch,
        response: { 200: EmailTemplate, ...errors },
      },
    },
    async (req) => service.updateTemplate(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    "/emails/templates/:id/",
    {
      config: WRITE,
      schema: { tags, summary: "Deletes a template", params: IdParams, response: { 200: EmailTemplateDeleted, ...errors } },
    },
    async (req) => service.deleteTemplate(contextOf(req), req.params.id),
  );
};

export default routes;
