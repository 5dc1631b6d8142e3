/**
 * The small part of oidc-provider 9 that Portico uses (the package ships no types and
 * @types/oidc-provider lags behind). Widen here when more of it is needed.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  export type AdapterConstructor = new (name: string) => Adapter;

  export interface ClaimsObject {
    sub: string;
    [claim: string]: unknown;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<ClaimsObject> | ClaimsObject;
  }

  export interface Client {
    clientId: string;
    redirectUris: string[];
    clientAuthMethod: string;
    applicationType: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: "opaque" | "jwt";
    jwt?: { sign?: { alg?: string; kid?: string } };
  }
  export interface ResourceServer extends ResourceServerInfo {
    readonly scopes: Set<string>;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    exp?: number;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }
  export interface GrantStatic {
    new (props: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface BaseToken {
    kind: string;
    accountId?: string;
    clientId?: string;
    resourceServer?: ResourceServer;
    remainingTTL: number;
    isSenderConstrained(): boolean;
  }

  export interface Session {
    accountId?: string;
    destroyed?: boolean;
    authorizations?: Record<string, { grantId?: string; persistsLogout?: boolean }>;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  }

  export interface OIDCContext {
    route: string;
    client?: Client;
    session: Session;
    account?: Account;
    result?: InteractionResults;
    entities: {
      RotatedRefreshToken?: BaseToken;
      [name: string]: unknown;
    };
    requestParamOIDCScopes: Set<string>;
    requestParamScopes: Set<string>;
    resourceServers: Record<string, ResourceServer>;
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    host: string;
    /** Koa's request object (host, hostname, protocol, secure getters). */
    request: object;
    req: IncomingMessage;
    set(field: string, value: string): void;
  }

  export type ErrorOut = { error: string; error_description?: string; state?: string; [k: string]: unknown };
  type CanBePromise<T> = T | Promise<T>;
  type TTLFunction<T> = (ctx: KoaContextWithOIDC, token: T, client: Client) => number;

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    application_type?: "web" | "native";
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    scope?: string;
  }

  export interface Configuration {
    adapter?: AdapterConstructor;
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: Record<string, string>;
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
      keys?: (string | Buffer)[];
    };
    expiresWithSession?: (ctx: KoaContextWithOIDC, token: BaseToken) => CanBePromise<boolean>;
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: BaseToken) => CanBePromise<Record<string, unknown> | undefined>;
    features?: Record<string, Record<string, unknown>>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: BaseToken) => CanBePromise<Account | undefined>;
    interactions?: {
      policy?: interactionPolicy.Prompt[];
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => CanBePromise<string>;
    };
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: BaseToken) => CanBePromise<boolean>;
    jwks?: { keys: Record<string, unknown>[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => CanBePromise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => CanBePromise<void>;
    responseTypes?: string[];
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => CanBePromise<boolean>);
    routes?: Record<string, string>;
    scopes?: string[];
    ttl?: Record<string, number | TTLFunction<BaseToken>>;
  }

  export namespace interactionPolicy {
    type CheckFn = (ctx: KoaContextWithOIDC) => CanBePromise<boolean>;
    class Check {
      constructor(reason: string, description: string, error: string, check: CheckFn);
      constructor(reason: string, description: string, check: CheckFn);
      static readonly REQUEST_PROMPT: true;
      static readonly NO_NEED_TO_PROMPT: false;
    }
    class Prompt {
      name: string;
      checks: Check[];
    }
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      status: number;
      error: string;
      error_description?: string;
    }
    class InvalidTarget extends OIDCProviderError {
      constructor(description?: string);
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantStatic;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: Middleware): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
  export default Provider;
}
