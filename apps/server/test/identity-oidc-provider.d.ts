// Minimal types of oidc-provider (it ships none) for the local OpenID provider of the Google test.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface KoaContext {
    path: string;
    req: IncomingMessage;
    res: ServerResponse;
  }

  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: Record<string, unknown>;
    jwks?: { keys: unknown[] };
    ttl?: Record<string, number>;
    findAccount?: (ctx: KoaContext, sub: string) => Promise<Account | undefined>;
  }

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: typeof Grant;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown>; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
