import crypto from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import cookie from "@fastify/cookie";
import { errors, type Interaction, type Provider } from "oidc-provider";
import { MESSAGES } from "@portico/contract";
import { changePassword, portalName, signIn } from "./service.ts";
import { loginPage, messagePage, pageHeaders, passwordPage } from "./views.ts";
import { issuerPath } from "./provider.ts";
import { secureCookies } from "../../plugins/security-headers.ts";

type Form = Record<string, string | string[] | undefined>;
const str = (body: unknown, key: string): string => {
  const v = (body as Form | undefined)?.[key];
  return typeof v === "string" ? v : "";
};

const CSRF_COOKIE = "portico_pw_csrf";

/**
 * The provider's own pages, as Fastify routes under /oidc: the sign-in (interaction) page and
 * the 'Change password' page. Everything else under /oidc goes to oidc-provider untouched.
 */
export function pages(provider: Provider): FastifyPluginAsync {
  return async (app) => {
    await app.register(formbody, { bodyLimit: 16 * 1024 });
    await app.register(cookie);
    const { config, db } = app;
    const base = issuerPath(config);
    const portalUrl = `${config.publicUrl}/`;
    const passwordUrl = `${base}/password`;

    const send = (reply: FastifyReply, status: number, html: string) =>
      reply.code(status).headers(pageHeaders()).send(html);

    const expired = async (reply: FastifyReply) =>
      send(
        reply,
        400,
        messagePage({
          portal: await portalName(db),
          title: "Sign-in expired",
          message: "This sign-in page has expired. Go back to the portal and sign in again.",
          portalUrl,
        }),
      );

    /** The pending sign-in of this browser, when it is the one in the URL (cookie + uid: CSRF-safe). */
    const interaction = async (req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      let details: Interaction;
      try {
        details = await provider.interactionDetails(req.raw, reply.raw);
      } catch (err) {
        if (err instanceof errors.SessionNotFound) return null;
        throw err;
      }
      return details.uid === req.params.uid ? details : null;
    };

    const opts = { schema: { hide: true } };

    app.get<{ Params: { uid: string } }>("/interaction/:uid", opts, async (req, reply) => {
      const details = await interaction(req, reply);
      if (!details) return expired(reply);
      if (details.prompt.name !== "login") {
        req.log.warn({ prompt: details.prompt }, "unexpected sign-in prompt");
        return expired(reply);
      }
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
      return send(
        reply,
        200,
        loginPage({
          portal: await portalName(db),
          action: `${base}/interaction/${details.uid}`,
          username: hint,
          passwordUrl,
        }),
      );
    });

    app.post<{ Params: { uid: string } }>("/interaction/:uid", opts, async (req, reply) => {
      const details = await interaction(req, reply);
      if (!details || details.prompt.name !== "login") return expired(reply);
      const username = str(req.body, "username");
      const result = await signIn(db, { username, password: str(req.body, "password"), ip: req.ip });
      if (!result.ok) {
        return send(
          reply,
          result.message === MESSAGES.tooManyAttempts ? 429 : 401,
          loginPage({
            portal: await portalName(db),
            action: `${base}/interaction/${details.uid}`,
            username,
            error: result.message,
            passwordUrl,
          }),
        );
      }
      const returnTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: String(result.userId) } },
        { mergeWithLastSubmission: false },
      );
      return reply.header("cache-control", "no-store").redirect(returnTo, 303);
    });

    const csrfToken = (req: FastifyRequest, reply: FastifyReply): string => {
      const existing = req.cookies[CSRF_COOKIE];
      const token = existing && /^[\w-]{43}$/.test(existing) ? existing : crypto.randomBytes(32).toString("base64url");
      reply.setCookie(CSRF_COOKIE, token, {
        path: passwordUrl,
        httpOnly: true,
        sameSite: "strict",
        secure: secureCookies(app.config, req.protocol),
      });
      return token;
    };

    app.get("/password", opts, async (req, reply) =>
      send(
        reply,
        200,
        passwordPage({ portal: await portalName(db), action: passwordUrl, csrf: csrfToken(req, reply), portalUrl }),
      ),
    );

    app.post("/password", opts, async (req, reply) => {
      const portal = await portalName(db);
      const username = str(req.body, "username");
      const sent = Buffer.from(str(req.body, "csrf"));
      const expected = Buffer.from(req.cookies[CSRF_COOKIE] ?? "");
      const csrf = csrfToken(req, reply);
      if (!expected.length || sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) {
        const errs = { non_field_errors: ["This form has expired. Please try again."] };
        return send(reply, 403, passwordPage({ portal, action: passwordUrl, csrf, portalUrl, username, errors: errs }));
      }
      const result = await changePassword(db, {
        username,
        current_password: str(req.body, "current_password"),
        new_password: str(req.body, "new_password"),
        confirm_password: str(req.body, "confirm_password"),
        ip: req.ip,
      });
      if (!result.ok) {
        const limited = result.errors.non_field_errors?.includes(MESSAGES.tooManyAttempts);
        const status = limited ? 429 : result.errors.non_field_errors ? 401 : 400;
        return send(
          reply,
          status,
          passwordPage({ portal, action: passwordUrl, csrf, portalUrl, username, errors: result.errors }),
        );
      }
      return send(reply, 200, passwordPage({ portal, action: passwordUrl, csrf, portalUrl, done: true }));
    });
  };
}
