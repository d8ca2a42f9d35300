import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  CLIENT_LOG_PATH,
  COUPON_MESSAGES,
  IDEMPOTENCY_HEADER,
  IDENTITY_HEADER,
  REQUEST_TIMEOUT_MS,
  type ClientLogBody,
} from '@pet/contract';
import {
  ApiError,
  api,
  buildUrl,
  readEarly,
  setIdentityId,
  setUnauthorizedHandler,
  type UploadProgress,
} from '@/lib/api-client';

interface Captured {
  url: string;
  init: RequestInit;
}

function stubFetch(respond: (call: Captured) => Response | Promise<Response>) {
  const calls: Captured[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const plain = (status: number, message?: string) =>
  message === undefined ? new Response(null, { status }) : json({ message }, status);

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  setIdentityId(null);
  setUnauthorizedHandler(null);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: requests', () => {
  it('sends the identity header, cookies and JSON, and parses the answer with the schema', async () => {
    const calls = stubFetch(() => json({ id: 'pet-1', extra: true }));
    const answer = await api.post('/v1/pet', { name: 'Bello' }, z.object({ id: z.string() }), {
      query: { pet_id: 'p 1', skip: undefined, many: ['a', 'b'] },
    });
    expect(answer).toEqual({ id: 'pet-1' });
    const [call] = calls;
    expect(call?.url).toBe('/v1/pet?pet_id=p+1&many=a&many=b');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"name":"Bello"}');
    const headers = new Headers(call?.init.headers);
    expect(headers.get(IDENTITY_HEADER)).toBe('web');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it("sends the signed-in user's id as the identity header once known", async () => {
    const calls = stubFetch(() => json([]));
    setIdentityId('user-42');
    await api.get('/v1/contact/mycontacts', z.array(z.unknown()));
    expect(new Headers(calls[0]?.init.headers).get(IDENTITY_HEADER)).toBe('user-42');
    setIdentityId(null);
    await api.get('/v1/contact/mycontacts', z.array(z.unknown()));
    expect(new Headers(calls[1]?.init.headers).get(IDENTITY_HEADER)).toBe('web');
  });

  // Issue 40.7: the server answers a repeat of a create's key with the first answer.
  it('sends a fresh Idempotency-Key with every POST, and none with other methods', async () => {
    const calls = stubFetch(() => json({}));
    await api.post('/v1/pet', { name: 'Bello' }, z.unknown());
    await api.post('/v1/pet', { name: 'Bello' }, z.unknown());
    await api.get('/v1/pet', z.unknown());
    await api.put('/v1/pet', { name: 'Bello' }, z.unknown());
    await api.post('/v1/pet', {}, z.unknown(), { headers: { [IDEMPOTENCY_HEADER]: 'mine' } });
    const keys = calls.map((call) => new Headers(call.init.headers).get(IDEMPOTENCY_HEADER));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.slice(2)).toEqual([null, null, 'mine']);
  });

  it('builds query strings onto paths that already have one', () => {
    expect(buildUrl('/v1/x?a=1', { b: 2, c: null })).toBe('/v1/x?a=1&b=2');
    expect(buildUrl('/v1/x')).toBe('/v1/x');
  });

  it('returns undefined for an empty 204 unless the context makes it an error', async () => {
    stubFetch(() => plain(204));
    await expect(api.delete('/v1/pet', z.unknown())).resolves.toBeUndefined();
    expect(
      (
        await caught(
          api.get('/v1/order/myorders', z.unknown(), { noContentIsError: true, context: 'orderList' }),
        )
      ).key,
    ).toBe('No_Orders_Text');
    expect((await caught(api.get('/v1/pet', z.unknown(), { noContentIsError: true }))).key).toBe(
      'No_Content_Text',
    );
  });

  it('reports an answer that breaks the contract as invalid-response', async () => {
    stubFetch(() => json({ id: 7 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await caught(api.get('/v1/pet', z.object({ id: z.string() })));
    expect(logged).toHaveBeenCalled();
    expect(error.kind).toBe('invalid-response');
    expect(error.key).toBe('Something_Went_Wrong_Text');
  });
});

describe('api client: error mapping', () => {
  it('prefers the key of the error body', async () => {
    stubFetch(() =>
      json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'name is required',
          key: 'Pet_Name_Error',
          field: 'name',
          fields: { name: 'Pet_Name_Error', pet_type: 'Select_Pet_Text' },
        },
        400,
      ),
    );
    const error = await caught(api.post('/v1/pet', {}, z.unknown()));
    expect(error).toMatchObject({ kind: 'http', status: 400, key: 'Pet_Name_Error', field: 'name' });
    expect(error.fields).toEqual({ name: 'Pet_Name_Error', pet_type: 'Select_Pet_Text' });
    expect(error.message).toBe('name is required');
    expect(error.isClientError).toBe(true);
  });

  it.each([
    [400, 'default', 'Bad_Request_Text'],
    [403, 'signup', 'PrimePet_Merging_Services'],
    [409, 'default', 'GPS_Tracker_Already_Exist'],
    [409, 'signup', 'User_Already_Exists'],
    [433, 'default', 'Code_Already_Redeemed'],
    [434, 'default', 'Order_Already_Placed_Message'],
    [438, 'default', 'User_Does_Not_Exist_On_This_Platform'],
    [470, 'activation', 'Wrong_Code_Text'],
    [470, 'activationPage', 'Wrong_Code_Text'],
    [470, 'default', 'No_User_Found'],
    [471, 'default', 'Product_Not_Attached_Text'],
    [473, 'default', 'Subscription_Expired'],
    [477, 'default', 'Code_Already_Redeemed'],
    [478, 'default', 'Batch_Code_Does_Not_Exist_Text'],
    [480, 'default', 'Amount_Less_Error'],
    [500, 'changePassword', 'Invalid_Password_Text'],
    [500, 'default', 'Failure_Call_Text'],
    [502, 'default', 'Server_Down_Text'],
    [503, 'default', 'Failure_Call_Text'],
  ] as const)('maps %i in context %s to %s when the body has no key', async (status, context, key) => {
    stubFetch(() => plain(status));
    const error = await caught(api.get('/v1/x', z.unknown(), { context }));
    expect(error).toMatchObject({ kind: 'http', status, key });
  });

  it('maps 476 by the server message', async () => {
    stubFetch(() => plain(476, COUPON_MESSAGES.tooMany));
    expect((await caught(api.post('/v1/coupon/isvalid', {}, z.unknown()))).key).toBe('Too_Many_Coupons_Text');
    stubFetch(() => plain(476, 'Code Expired since May'));
    expect((await caught(api.post('/v1/coupon/isvalid', {}, z.unknown()))).key).toBe('Code_Expired_Text');
  });

  it('maps a network failure to Server_Down_Text', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(api.get('/v1/pet', z.unknown()));
    expect(error).toMatchObject({ kind: 'network', status: 0, key: 'Server_Down_Text' });
  });

  it(`times out after ${REQUEST_TIMEOUT_MS} ms with Server_Down_Text`, async () => {
    vi.useFakeTimers();
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = caught(api.get('/v1/pet', z.unknown()));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'timeout', status: 0, key: 'Server_Down_Text' });
  });

  it("passes a caller's cancellation through instead of reporting an error", async () => {
    stubFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/v1/pet', z.unknown(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api client: 401', () => {
  it('calls the registered handler once for parallel 401s', async () => {
    stubFetch(() => plain(401));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const errors = await Promise.all([
      caught(api.get('/v1/pet', z.unknown())),
      caught(api.get('/v1/contact/mycontacts', z.unknown())),
    ]);
    expect(errors.map((error) => error.key)).toEqual(['Session_Expired_Text', 'Session_Expired_Text']);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
  });

  it('does not call it when a 401 is the answer (am I signed in?)', async () => {
    stubFetch(() => plain(401));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await caught(api.get('/v1/auth/myinfo', z.unknown(), { unauthorizedIsAnswer: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).not.toHaveBeenCalled();
  });

  it('stops calling a handler once it is unregistered', async () => {
    stubFetch(() => plain(401));
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    unregister();
    await caught(api.get('/v1/pet', z.unknown()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handler).not.toHaveBeenCalled();
  });
});

/** A stand-in for XMLHttpRequest: records what is sent and answers when told to. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  body: unknown;
  private listeners: Record<string, Array<() => void>> = {};
  readonly upload = {
    listeners: [] as Array<(event: { lengthComputable: boolean; loaded: number; total: number }) => void>,
    addEventListener(
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) {
      this.listeners.push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    this.upload.listeners.forEach((listener) => listener({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
  emit(type: string) {
    this.listeners[type]?.forEach((listener) => listener());
  }
}

describe('api client: uploads', () => {
  it('posts multipart with the identity header and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setIdentityId('user-7');
    const progress: UploadProgress[] = [];
    const form = new FormData();
    form.append('file', new Blob(['x']), 'petImage.jpg');
    const pending = api.upload('/v1/upload/image', form, z.object({ image_url: z.string() }), {
      query: { file_for: 'pet', pet_id: 'pet-1' },
      onProgress: (update) => progress.push(update),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/upload/image?file_for=pet&pet_id=pet-1');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers[IDENTITY_HEADER]).toBe('user-7');
    expect(xhr.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    expect(xhr.body).toBe(form);
    xhr.progress(50, 100);
    xhr.progress(100, 100);
    xhr.respond(201, { image_url: '/files/a.jpg' });
    await expect(pending).resolves.toEqual({ image_url: '/files/a.jpg' });
    expect(progress.map((update) => update.fraction)).toEqual([0.5, 1]);
  });

  it('maps upload failures like any other call', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = api.upload('/v1/upload/document', new FormData(), z.unknown());
    FakeXhr.last!.respond(500, {
      statusCode: 500,
      error: 'x',
      message: 'limit',
      key: 'Basic_Document_Limit_Reached_Message',
    });
    await expect(pending).rejects.toMatchObject({ status: 500, key: 'Basic_Document_Limit_Reached_Message' });

    const offline = api.upload('/v1/upload/document', new FormData(), z.unknown());
    FakeXhr.last!.emit('error');
    await expect(offline).rejects.toMatchObject({ kind: 'network', key: 'Server_Down_Text' });
  });
});

describe('api client: failure reports (the logging POST)', () => {
  const reportsOf = (calls: Captured[]) =>
    calls
      .filter((call) => call.url === CLIENT_LOG_PATH)
      .map((call) => ({ call, body: JSON.parse(call.init.body as string) as ClientLogBody }));

  // A fresh minute of the client's report budget for every test: the clock only moves on.
  let shift = 0;
  beforeEach(() => {
    shift += 3_600_000;
    vi.useFakeTimers({ now: Date.now() + shift, toFake: ['Date'] });
  });

  it('posts a report for a server error, without the query, with the identity header', async () => {
    setIdentityId('user-7');
    const calls = stubFetch((call) => (call.url === CLIENT_LOG_PATH ? plain(204) : plain(502)));
    const error = await caught(
      api.get('/v1/pet', z.unknown(), { query: { pet_id: 'p1', email: 'anna@example.org' } }),
    );
    expect(error.key).toBe('Server_Down_Text');
    await vi.waitFor(() => expect(reportsOf(calls)).toHaveLength(1));
    const [{ call, body }] = reportsOf(calls) as [{ call: Captured; body: ClientLogBody }];
    expect(call.init.method).toBe('POST');
    expect(new Headers(call.init.headers).get(IDENTITY_HEADER)).toBe('user-7');
    expect(body).toEqual({
      log: 'GET /v1/pet: 502 Server_Down_Text',
      platform: 'web',
      error: 'http: HTTP 502',
    });
    expect(JSON.stringify(body)).not.toContain('anna');
  });

  it('reports a network failure and an answer off the contract, on blobs and uploads too', async () => {
    const calls = stubFetch((call) => {
      if (call.url === CLIENT_LOG_PATH) return plain(204);
      if (call.url.startsWith('/v1/pet')) return json({ id: 42 });
      throw new TypeError('Failed to fetch');
    });
    await caught(api.get('/v1/pet', z.object({ id: z.string() })));
    await caught(api.blob('/v1/order/orderpdfweb', { query: { id: 'o1' } }));
    await vi.waitFor(() => expect(reportsOf(calls)).toHaveLength(2));
    expect(reportsOf(calls).map(({ body }) => body.log)).toEqual([
      'GET /v1/pet: 200 Something_Went_Wrong_Text',
      'GET /v1/order/orderpdfweb: 0 Server_Down_Text',
    ]);
    expect(reportsOf(calls)[1]!.body.error).toBe('network: The server could not be reached');
  });

  it('does not report 4xx answers, a failing report, or a caller’s cancellation', async () => {
    const calls = stubFetch((call) => (call.url === CLIENT_LOG_PATH ? plain(500) : plain(400, 'bad')));
    await caught(api.post('/v1/contact', {}, z.unknown()));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/v1/pet', z.unknown(), { signal: controller.signal })).rejects.toBeDefined();
    await caught(api.post(CLIENT_LOG_PATH, { log: 'x', platform: 'web', error: 'e' }, z.unknown()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Only the direct call to the log path itself; no report about it.
    expect(reportsOf(calls)).toHaveLength(1);
  });

  it('sends at most ten reports a minute', async () => {
    const calls = stubFetch((call) => (call.url === CLIENT_LOG_PATH ? plain(204) : plain(503)));
    for (let i = 0; i < 15; i++) await caught(api.get('/v1/pet', z.unknown()));
    await vi.waitFor(() => expect(reportsOf(calls)).toHaveLength(10));
    vi.setSystemTime(Date.now() + 61_000);
    await caught(api.get('/v1/pet', z.unknown()));
    await vi.waitFor(() => expect(reportsOf(calls)).toHaveLength(11));
  });
});

describe('api client: the German "service is not free" message', () => {
  it('becomes Free_Service_Text whatever its status or key', async () => {
    stubFetch(() => json({ message: 'Dieser Service ist nicht kostenlos' }, 403));
    expect((await caught(api.get('/v1/emergency', z.unknown()))).key).toBe('Free_Service_Text');
    stubFetch(() =>
      json(
        { statusCode: 500, error: 'x', message: 'Service ist NICHT kostenlos!', key: 'Failure_Call_Text' },
        500,
      ),
    );
    expect((await caught(api.post('/v1/appointment', {}, z.unknown()))).key).toBe('Free_Service_Text');
    stubFetch(() =>
      json({ statusCode: 500, error: 'x', message: 'Kostenlos testen', key: 'Failure_Call_Text' }, 500),
    );
    expect((await caught(api.post('/v1/appointment', {}, z.unknown()))).key).toBe('Failure_Call_Text');
  });
});

describe("early reads (a first visit asks for a screen's data before its code is there)", () => {
  const pet = z.object({ id: z.string() });

  it("the screen's GET of the same path and query takes the early answer, once", async () => {
    const calls = stubFetch(() => json({ id: 'p1' }));
    readEarly('/v1/pet', { pet_id: 'p1' });
    readEarly('/v1/pet', { pet_id: 'p1' }); // asked twice: still one request
    expect(calls.map((call) => call.url)).toEqual(['/v1/pet?pet_id=p1']);
    expect(calls[0]!.init.credentials).toBe('include');

    await expect(api.get('/v1/pet', pet, { query: { pet_id: 'p1' } })).resolves.toEqual({ id: 'p1' });
    expect(calls).toHaveLength(1);
    // Taken: the next call asks the server again.
    await api.get('/v1/pet', pet, { query: { pet_id: 'p1' } });
    expect(calls).toHaveLength(2);
  });

  it('is not taken by another query, another method or a call with headers of its own', async () => {
    const calls = stubFetch(() => json({ id: 'p1' }));
    readEarly('/v1/pet', { pet_id: 'p1' });
    await api.get('/v1/pet', pet, { query: { pet_id: 'p2' } });
    await api.delete('/v1/pet', z.unknown(), { query: { pet_id: 'p1' } });
    await api.get('/v1/pet', pet, { query: { pet_id: 'p1' }, headers: { 'X-Extra': '1' } });
    expect(calls).toHaveLength(4);
    // Still there for the screen's own call.
    await api.get('/v1/pet', pet, { query: { pet_id: 'p1' } });
    expect(calls).toHaveLength(4);
  });

  it('an early answer goes through the same checks: an error status is an ApiError', async () => {
    stubFetch(() => json({ key: 'Pet_Not_Found', message: 'no pet' }, 404));
    readEarly('/v1/pet', { pet_id: 'gone' });
    const error = await caught(api.get('/v1/pet', pet, { query: { pet_id: 'gone' } }));
    expect(error.status).toBe(404);
  });

  it('a cancelled call stops waiting for the early answer', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    readEarly('/v1/pet', { pet_id: 'slow' });
    const controller = new AbortController();
    const call = api.get('/v1/pet', pet, { query: { pet_id: 'slow' }, signal: controller.signal });
    controller.abort(new Error('left the screen'));
    await expect(call).rejects.toThrow('left the screen');
  });
});
