/** Query keys of the care feature (issue 36). */
export const careKeys = {
  all: ['care'] as const,
  today: () => ['care', 'today'] as const,
  schedule: (medId: string) => ['care', 'schedule', medId] as const,
  doses: (medId: string) => ['care', 'doses', medId] as const,
  settings: () => ['care', 'settings'] as const,
  notices: () => ['care', 'notices'] as const,
  vaccinations: (petId: string) => ['care', 'vaccinations', petId] as const,
  weightGoal: (petId: string) => ['care', 'weight-goal', petId] as const,
  vaccinationAppointments: (petId: string) => ['care', 'vaccination-appointments', petId] as const,
};
