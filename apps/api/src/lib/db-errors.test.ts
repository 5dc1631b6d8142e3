import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@portico/contract";
import errorsPlugin from "../plugins/errors.ts";
import { isDatabaseUnavailable } from "./db-errors.ts";

const pgError = (code: string, message: string, severity = "ERROR") =>
  Object.assign(new Error(message), { code, severity });
const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "terminated by an administrator",
      pgError("57P01", "terminating connection due to administrator command", "FATAL"),
    ],
    ["crash shutdown", pgError("57P02", "terminating connection because of crash of another server process")],
    ["starting up", pgError("57P03", "the database system is starting up", "FATAL")],
    ["too many connections", pgError("53300", "sorry, too many clients already")],
    ["connection exception class", pgError("08006", "connection failure")],
    ["refused", errno("ECONNREFUSED")],
    ["reset", errno("ECONNRESET")],
    ["cut", new Error("Connection terminated unexpectedly")],
    ["connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pool wait timeout", new Error("timeout exceeded when trying to connect")],
    ["client broken", new Error("Client has encountered a connection error and is not queryable")],
    ["wrapped by the query builder", new Error("Failed query: select 1", { cause: errno("ECONNREFUSED") })],
    ["several addresses refused", new AggregateError([errno("ECONNREFUSED"), errno("ECONNREFUSED")], "")],
  ])("%s", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ["unique violation", pgError("23505", "duplicate key value violates unique constraint")],
    ["syntax error", pgError("42601", 'syntax error at or near "selec"')],
    ["serialization failure", pgError("40001", "could not serialize access")],
    ["statement timeout", pgError("57014", "canceling statement due to statement timeout")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["wrapped bug", new Error("Failed query", { cause: pgError("23503", "foreign key") })],
    ["nothing", undefined],
    ["a string", "Connection terminated"],
  ])("not %s", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe("the error handler", () => {
  async function appThrowing(err: unknown) {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get("/x", async () => {
      throw err;
    });
    await app.ready();
    return app;
  }

  it("answers 503 with a message to retry when the database is unreachable", async () => {
    const app = await appThrowing(
      new Error("Failed query: insert …", {
        cause: pgError("57P01", "terminating connection due to administrator command", "FATAL"),
      }),
    );
    const r = await app.inject("/x");
    expect(r.statusCode).toBe(503);
    expect(r.headers["retry-after"]).toBe("2");
    expect(r.json()).toEqual({ detail: MESSAGES.databaseUnavailable });
    await app.close();
  });

  it("still answers 500 without details for other failures", async () => {
    const app = await appThrowing(pgError("42601", "syntax error at or near x"));
    const r = await app.inject("/x");
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ detail: "A server error occurred." });
    await app.close();
  });
});
