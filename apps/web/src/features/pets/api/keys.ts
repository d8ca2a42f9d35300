/** Query keys of the pets feature. The pet list itself is the user info (SESSION_QUERY_KEY). */
export const petKeys = {
  all: ['pets'] as const,
  detail: (petId: string) => ['pets', petId] as const,
};
