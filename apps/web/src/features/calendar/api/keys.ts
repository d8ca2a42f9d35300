/** Query key of the calendar subscription address. */
export const CALENDAR_FEED_QUERY_KEY = ['calendar', 'feed'] as const;
