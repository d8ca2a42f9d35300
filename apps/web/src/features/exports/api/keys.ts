/** Query keys of the exports feature. */
export const handoverLinksQueryKey = (petId: string) => ['exports', 'handover-links', petId] as const;
export const handoverDocumentsQueryKey = (petId: string) => ['exports', 'documents', petId] as const;
