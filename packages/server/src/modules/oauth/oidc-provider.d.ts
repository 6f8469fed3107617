/** The parts of oidc-provider (which ships no types) the authorization server and the test harness use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type Grant = {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    rejectOIDCScope(scope: string): void;
    rejectResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    getResourceScope(resource: string): string;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  };

  export type Interaction = {
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, string | undefined>;
    prompt: { name: string; reasons: string[]; details: { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> } };
    session?: { accountId?: string };
    grantId?: string;
    result?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
    destroy(): Promise<void>;
  };

  export type KoaContext = {
    req: IncomingMessage & { keydeckUserId?: string | null };
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  };

  export type AdapterPayload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; accountId?: string; clientId?: string; jti?: string };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type ClientMetadata = { clientId: string; clientName?: string; redirectUris: string[] };

  export class Check {
    constructor(name: string, description: string, check: (ctx: KoaContext) => symbol | boolean | Promise<symbol | boolean>);
    static REQUEST_PROMPT: symbol;
    static NO_NEED_TO_PROMPT: symbol;
  }
  export class Prompt {
    name: string;
    checks: Check[];
  }
  export const interactionPolicy: { base(): Prompt[] & { get(name: string): Prompt }; Check: typeof Check; Prompt: typeof Prompt };
  export const errors: { InvalidTarget: new (description?: string) => Error; AccessDenied: new (description?: string) => Error };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: { new (properties: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    Interaction: { find(uid: string): Promise<Interaction | undefined> };
    Client: { find(id: string): Promise<ClientMetadata | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
