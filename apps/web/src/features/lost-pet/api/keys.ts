/** Query keys of the lost-pet feature. */
export const petTagQueryKey = (petId: string) => ['lost-pet', 'tag', petId] as const;
export const petTagActivityQueryKey = (petId: string) => ['lost-pet', 'activity', petId] as const;
