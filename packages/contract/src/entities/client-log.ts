import { z } from 'zod';

/**
 * The spec's "logging POST" (account-area section 7: log, platform, error; sent on failures). Its
 * path is not shown there; ours is CLIENT_LOG_PATH, documented in the OpenAPI document. Anyone may
 * send it (failures happen signed out too), so the server caps its size and rate and strips
 * personal data before a line is written.
 */
export const CLIENT_LOG_PATH = '/v1/logging';

/** The whole JSON body; a larger one is refused with 413 before it is parsed. */
export const CLIENT_LOG_MAX_BODY_BYTES = 8 * 1024;
export const CLIENT_LOG_MAX_LOG_LENGTH = 1000;
export const CLIENT_LOG_MAX_ERROR_LENGTH = 4000;

export const clientLogBodySchema = z.object({
  /** What failed, e.g. "GET /v1/pet: 502 Server_Down_Text". */
  log: z
    .string('Bad_Request_Text')
    .trim()
    .min(1, 'Bad_Request_Text')
    .max(CLIENT_LOG_MAX_LOG_LENGTH, 'Bad_Request_Text'),
  /** Who reports: web, ios, android. */
  platform: z
    .string('Bad_Request_Text')
    .trim()
    .regex(/^[\w.-]{1,32}$/, 'Bad_Request_Text'),
  /** The error: its kind, status and catalogue key, or a message. */
  error: z.string('Bad_Request_Text').max(CLIENT_LOG_MAX_ERROR_LENGTH, 'Bad_Request_Text'),
});
export type ClientLogBody = z.infer<typeof clientLogBodySchema>;
