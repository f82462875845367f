export const displayName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()
