/** Query key of the account's latest data export. */
export const DATA_EXPORT_QUERY_KEY = ['account', 'export'] as const;
