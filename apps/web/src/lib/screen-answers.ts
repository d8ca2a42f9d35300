import type { Notice, Pet, TodayResponse, UploadImageResponse } from '@pet/contract';
import { jsonSchemaAnswer, type JsonSchema } from './answer-check';
import schemas from './screen-answer-schemas.json';

/**
 * Answers that signed-in screens check without zod (see answer-check.ts), so that a pet page
 * shows and saves the pet before zod and the contract's schemas have arrived: the JSON Schemas
 * zod generates from the contract's schemas (scripts/answer-schemas.ts). A module apart from
 * contract-answers.ts, whose schemas are part of every first visit.
 */
const json = schemas as unknown as Readonly<
  Record<'pet' | 'uploadImageResponse' | 'todayResponse' | 'notices', JsonSchema>
>;

/**
 * GET, POST and PUT /v1/pet (the contract's petSchema). The schema's refinements (a real
 * calendar date, a size of 10..100 cm) are not repeated here: the server checked them when the
 * values came in.
 */
export const petAnswer = jsonSchemaAnswer<Pet>(json.pet);
/** POST /v1/upload/image (the contract's uploadImageResponseSchema). */
export const uploadImageAnswer = jsonSchemaAnswer<UploadImageResponse>(json.uploadImageResponse);
/** GET /v1/care/today (Home's "Today", issue 36). */
export const todayAnswer = jsonSchemaAnswer<TodayResponse>(json.todayResponse);
/** GET /v1/care/notices (Home's notices). */
export const noticesAnswer = jsonSchemaAnswer<Notice[]>(json.notices);
