/** A person's name as staff screens, mails and audit rows show it: first and last name, trimmed. */
export const displayName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()
