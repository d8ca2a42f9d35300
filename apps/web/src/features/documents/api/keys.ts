/** Query keys of the documents feature: every document query starts with DOCUMENTS_QUERY_KEY. */
export const DOCUMENTS_QUERY_KEY = ['documents'] as const;

export const petDocumentsQueryKey = (petId: string) => [...DOCUMENTS_QUERY_KEY, 'pet', petId] as const;
