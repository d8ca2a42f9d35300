import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/** The SDK's response over an answer of app.inject. */
class InjectResponse extends Stripe.HttpClientResponse {
  constructor(
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {
    super(statusCode, headers as Record<string, string>);
  }

  override getRawResponse(): unknown {
    // The SDK decorates this object (statusCode, requestId, ...): a fresh one per response.
    return {};
  }

  override toStream(streamCompleteCallback: () => void): unknown {
    const stream = Readable.from([this.body]);
    stream.once('end', streamCompleteCallback);
    return stream;
  }

  override toJSON(): Promise<unknown> {
    return Promise.resolve().then(() => this._parseResponseBody(this.body));
  }
}

/**
 * The official SDK's HTTP client, pointed at the in-process sandbox: each request goes through
 * app.inject to `pathPrefix` + the SDK's path (/sandbox/stripe/v1/...), so the adapter runs the
 * SDK's real code (encoding, headers, retries, error classes) before the server listens and in tests.
 */
export class InjectHttpClient extends Stripe.HttpClient {
  constructor(
    private readonly app: FastifyInstance,
    private readonly pathPrefix: string,
  ) {
    super();
  }

  override getClientName(): string {
    return 'fastify-inject';
  }

  override async makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
  ): Promise<InjectResponse> {
    const response = await this.app.inject({
      method: method as 'GET' | 'POST' | 'DELETE',
      url: `${this.pathPrefix}${path}`,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
      ...(requestData ? { payload: requestData } : {}),
    });
    return new InjectResponse(response.statusCode, response.headers as Record<string, string>, response.body);
  }
}
