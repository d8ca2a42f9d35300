import { randomToken } from '../ids.ts';
import type { Timestamp } from './types.ts';

export const toTimestamp = (date: Date): Timestamp => Math.floor(date.getTime() / 1000);

export const clientSecretFor = (id: string): string => `${id}_secret_${randomToken(25)}`;
