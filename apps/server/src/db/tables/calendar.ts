import type { IsoTimestamp } from '../schema.ts';

/**
 * A user's private calendar subscription (modules/calendar): one per user. Only a SHA-256 hash of the
 * feed token is stored, so the database never holds a working feed address; regenerating replaces
 * the row (the old address stops working), revoking deletes it.
 */
export interface CalendarFeedTable {
  user_id: string;
  token_hash: string;
  created_at: IsoTimestamp;
}

export interface CalendarTables {
  calendar_feed: CalendarFeedTable;
}
