import type { Kysely, Transaction } from 'kysely';
import { uiLanguageToUserLanguage, type UiLanguage } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { CodeChoice } from '../../db/tables/identity.ts';
import type { IdentityDirectory } from '../../platform/auth/auth.ts';
import { defaultProduct } from '../plans/plans.repo.ts';
import * as repo from './identity.repo.ts';

const USER_LANGUAGE_TO_UI: Record<string, UiLanguage> = { German: 'de', English: 'en', Englisch: 'en' };

/**
 * Our rows of a user as the identity service (platform/auth) sees them: the settings it reads
 * (language, stay signed in), the profile and subscription rows of a new account, the sign-in
 * count. The other services ask it for a user's language.
 */
export class AccountDirectory implements IdentityDirectory {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  async userSettings(userId: string) {
    const profile = await repo.findProfile(this.deps.db, userId);
    if (!profile) return null;
    return {
      language: USER_LANGUAGE_TO_UI[profile.language] ?? 'de',
      stayLoggedIn: profile.stay_loggedin === 1,
    };
  }

  /** The user's interface language, or null when the user has no profile (gone). */
  async languageOf(userId: string): Promise<UiLanguage | null> {
    return (await this.userSettings(userId))?.language ?? null;
  }

  /** Languages of many users in one query per 500 (the care sweep); users without a profile are absent. */
  async languagesOf(userIds: string[]): Promise<Map<string, UiLanguage>> {
    const out = new Map<string, UiLanguage>();
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.deps.db
        .selectFrom('user_profile')
        .select(['user_id', 'language'])
        .where('user_id', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of rows) out.set(row.user_id, USER_LANGUAGE_TO_UI[row.language] ?? 'de');
    }
    return out;
  }

  async onUserCreated(user: { id: string; partnerId: string; language: UiLanguage }) {
    await this.ensureAccount(this.deps.db, user.id, user.partnerId, user.language, 'no');
  }

  async onSignedIn(userId: string) {
    await repo.countSignIn(this.deps.db, userId);
  }

  /** Profile and subscription rows (on the brand's default plan); idempotent. */
  async ensureAccount(
    db: Kysely<Database> | Transaction<Database>,
    userId: string,
    partnerId: string,
    language: UiLanguage,
    codeChoice: CodeChoice,
  ) {
    const plan = await defaultProduct(db, partnerId);
    if (!plan) throw new Error(`brand ${partnerId} has no default plan`);
    await repo.insertProfile(db, {
      userId,
      partnerId,
      language: uiLanguageToUserLanguage(language),
      stayLoggedIn: false,
    });
    await repo.insertSubscription(db, { userId, partnerId, productId: plan.id, codeChoice });
  }
}
