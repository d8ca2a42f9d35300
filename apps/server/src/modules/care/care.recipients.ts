import type { Kysely } from 'kysely';
import { getsReminders, type CareSettings, type UiLanguage } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { activeShareCondition, type PetAccessPolicy } from '../pets/pet-access.ts';
import type { Person } from '../sharing/sharing.repo.ts';
import type { CareSettingsStore } from './care.settings.ts';

/** Who the care reminders reach, read for a whole batch of the sweep at once (care.reminders.ts). */
export interface CareRecipientsDeps {
  db: Kysely<Database>;
  access: PetAccessPolicy;
  settings: CareSettingsStore;
  language: (userId: string) => Promise<UiLanguage | null>;
  /** Languages of many users at once; without it `language` is asked per person. */
  languages?: (userIds: string[]) => Promise<Map<string, UiLanguage>>;
}

/** What the sweep needs of one recipient, read for a whole batch at once. */
export interface Recipient {
  person: Person;
  settings: CareSettings;
  language: UiLanguage;
}
type Member = { memberId: string; role: Parameters<typeof getsReminders>[0]; reminders: boolean };

export function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class CareRecipients {
  constructor(private readonly deps: CareRecipientsDeps) {}

  /** Who hears about a pet: its owner and the active members whose role gets reminders. */
  recipientsOf(petId: string, ownerId: string, members: Map<string, Member[]>): string[] {
    const of = members.get(petId) ?? [];
    return [ownerId, ...of.filter((m) => getsReminders(m.role, m.reminders)).map((m) => m.memberId)];
  }

  /** The active members of many pets (as PetAccessPolicy.membersOf), one query per 500 pets. */
  async membersOfPets(petIds: string[]): Promise<Map<string, Member[]>> {
    const out = new Map<string, Member[]>();
    const now = this.deps.access.nowIso();
    for (const ids of chunks([...new Set(petIds)])) {
      const rows = await this.deps.db
        .selectFrom('pet_share as s')
        .select(['s.pet_id', 's.member_id', 's.role', 's.reminders'])
        .where('s.pet_id', 'in', ids)
        .where('s.member_id', 'is not', null)
        .where(activeShareCondition(now))
        .orderBy('s.accepted_at')
        .execute();
      for (const row of rows) {
        const list = out.get(row.pet_id) ?? [];
        list.push({
          memberId: row.member_id!,
          role: row.role as Member['role'],
          reminders: row.reminders === 1,
        });
        out.set(row.pet_id, list);
      }
    }
    return out;
  }

  /** Person, settings and language of many recipients: one query per kind (per 500 ids). */
  async load(userIds: string[]): Promise<Map<string, Recipient>> {
    const unique = [...new Set(userIds)];
    const out = new Map<string, Recipient>();
    if (unique.length === 0) return out;
    const persons = new Map<string, Person>();
    for (const ids of chunks(unique)) {
      const rows = await this.deps.db
        .selectFrom('user')
        .select(['id', 'name', 'email', 'partnerId'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) persons.set(row.id, row);
    }
    const settings = await this.deps.settings.getMany([...persons.keys()]);
    const languages = this.deps.languages
      ? await this.deps.languages([...persons.keys()])
      : new Map<string, UiLanguage>();
    for (const [id, person] of persons) {
      const language = this.deps.languages ? languages.get(id) : await this.deps.language(id);
      out.set(id, { person, settings: settings.get(id)!, language: language ?? 'de' });
    }
    return out;
  }
}
