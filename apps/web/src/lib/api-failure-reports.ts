import { CLIENT_LOG_MAX_ERROR_LENGTH, CLIENT_LOG_PATH, type ClientLogBody } from '@pet/contract';
import { ApiError } from './api-error';
import { buildUrl, requestHeaders } from './api-request';

/*
 * Failure reports: the spec's logging POST (log, platform, error), sent from the API client, the
 * one place every call fails through.
 */

/** What the web app names itself in its reports (the mobile apps send ios or android). */
export const CLIENT_PLATFORM = 'web';
/** A page in trouble fails many calls at once; a few reports say as much as all of them. */
const REPORTS_PER_MINUTE = 10;
let reportWindow = { start: 0, count: 0 };

/**
 * Failures worth a report: no answer, an answer off the contract, or a server error. A 4xx is the
 * server's decision about the input and already shown to the user.
 */
function isReportable(error: ApiError): boolean {
  return error.kind !== 'http' || error.status >= 500;
}

/**
 * Sends the failure of `method path` to CLIENT_LOG_PATH, fire and forget. The path goes without
 * its query (queries carry codes, e-mail addresses and tokens); the server strips personal data
 * from the rest once more. A report that fails is dropped, never reported.
 */
export function reportFailure(method: string, path: string, error: ApiError): void {
  if (path === CLIENT_LOG_PATH || !isReportable(error)) return;
  const now = Date.now();
  if (now - reportWindow.start >= 60_000) reportWindow = { start: now, count: 0 };
  if (reportWindow.count >= REPORTS_PER_MINUTE) return;
  reportWindow.count += 1;
  const body: ClientLogBody = {
    log: `${method} ${path.split('?')[0]}: ${error.status} ${error.key}`,
    platform: CLIENT_PLATFORM,
    error: `${error.kind}: ${error.message}`.slice(0, CLIENT_LOG_MAX_ERROR_LENGTH),
  };
  try {
    // keepalive: the report still leaves when the failure makes the page navigate away.
    void fetch(buildUrl(CLIENT_LOG_PATH), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: requestHeaders(undefined, true),
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // No fetch at all: nothing to report with.
  }
}

/** Reports an ApiError thrown by `work` (a caller's own cancellation is not a failure). */
export async function reportingFailures<T>(method: string, path: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError) reportFailure(method, path, error);
    throw error;
  }
}
