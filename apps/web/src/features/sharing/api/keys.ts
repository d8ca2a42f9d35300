/** Query keys of the sharing feature. The member's shared pets are the user info (session). */
export const shareKeys = {
  all: ['sharing'] as const,
  list: (petId: string) => ['sharing', 'shares', petId] as const,
  activity: (petId: string) => ['sharing', 'activity', petId] as const,
  preview: (token: string) => ['sharing', 'invitation', token] as const,
};
