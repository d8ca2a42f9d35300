import { CONTACT_TYPES, type BuiltInContactType, type Contact } from '@pet/contract';

export interface ContactGroup {
  /** The stored contact_type. */
  type: string;
  builtIn: boolean;
  contacts: Contact[];
}

export function isBuiltInContactType(type: string): type is BuiltInContactType {
  return (CONTACT_TYPES as readonly string[]).includes(type);
}

/**
 * One group per contact type that has contacts: the built-in types in their fixed order
 * (Holder, Vet, Breeder, ...), then the user's own types alphabetically. Contacts keep the
 * order they were added in.
 */
export function groupContactsByType(contacts: readonly Contact[], language: string): ContactGroup[] {
  const byType = new Map<string, Contact[]>();
  for (const contact of contacts) {
    const type = contact.contact_type.trim();
    byType.set(type, [...(byType.get(type) ?? []), contact]);
  }
  const builtIn = CONTACT_TYPES.filter((type) => byType.has(type)).map((type) => ({
    type,
    builtIn: true,
    contacts: byType.get(type) ?? [],
  }));
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const custom = [...byType.keys()]
    .filter((type) => !isBuiltInContactType(type))
    .sort(collator.compare)
    .map((type) => ({ type, builtIn: false, contacts: byType.get(type) ?? [] }));
  return [...builtIn, ...custom];
}

/** The user's own types among the contacts, alphabetically (offered again in the type select). */
export function customContactTypes(contacts: readonly Contact[], language: string): string[] {
  return groupContactsByType(contacts, language)
    .filter((group) => !group.builtIn)
    .map((group) => group.type);
}
