import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  mergeSentFields,
  sortWeightsNewestFirst,
  type BrandConfig,
  type Pet,
  type PetCreateBody,
  type PetProfile,
  type PetSummary,
  type PetUpdateBody,
  type WeightEntry,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { defineJob, type JobQueue } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { newFileKey, ownerKeyPrefix } from '../../platform/storage/index.ts';
import { replaceImage, type ImageUpload } from '../../platform/uploads/images.ts';
import { assertCanAddPet } from '../plans/plan-limits.ts';
import * as repo from './pets.repo.ts';
import { petNotFound, refuseUnless, type PetAccessPolicy } from './pet-access.ts';

/** Job that removes a deleted pet's files; scheduled in the delete's transaction. */
export const DELETE_FILES_JOB = defineJob('storage.delete-prefix', z.object({ prefix: z.string() }));
/** Signed image URLs last a day; the app refetches pets far more often than that. */
const IMAGE_URL_SECONDS = 24 * 3600;

export interface PetsServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  storage: FileStorage;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  access: PetAccessPolicy;
}

/** A weight as the activity log names it. */
const weightNotFound = () => notFound('Weight not found');
const weightLabel = (entry: WeightEntry) => `${entry.weight} kg, ${entry.date}`;

/**
 * Work another module does in the pet delete's transaction before the pet's rows cascade (e.g. the
 * appointments module cancels the pending reminder jobs of the pet's appointments).
 */
export type PetDeletionStep = (trx: Transaction<Database>, userId: string, petId: string) => Promise<void>;
export type PetWeightStep = (trx: Transaction<Database>, petId: string) => Promise<void>;

export class PetsService {
  private readonly deletionSteps: PetDeletionStep[] = [];
  private readonly weightSteps: PetWeightStep[] = [];

  constructor(private readonly deps: PetsServiceDeps) {}

  addDeletionStep(step: PetDeletionStep): void {
    this.deletionSteps.push(step);
  }

  /**
   * Work another module does in the transaction of a weight added to a pet (POST /v1/pet/weight
   * or a PUT /v1/pet with weights): the care module's weight-goal notice (issue 36).
   */
  addWeightStep(step: PetWeightStep): void {
    this.weightSteps.push(step);
  }

  private async weightsChanged(trx: Transaction<Database>, petId: string): Promise<void> {
    for (const step of this.weightSteps) await step(trx, petId);
  }

  imageUrl(imageKey: string | null): string | null {
    return imageKey
      ? this.deps.storage.signedUrl(imageKey, { expiresInSeconds: IMAGE_URL_SECONDS, disposition: 'inline' })
      : null;
  }

  private toPet(row: repo.PetRow, weights: Pet['weights']): Pet {
    return {
      id: row.id,
      name: row.name,
      pet_type: row.pet_type as Pet['pet_type'],
      gender: (row.gender as Pet['gender']) ?? null,
      race: row.race,
      date_of_birth: row.date_of_birth,
      size: row.size,
      color: row.color,
      features: row.features,
      labeling: row.labeling,
      ancestry: row.ancestry,
      weights: sortWeightsNewestFirst(weights),
      image_url: this.imageUrl(row.image_key),
    };
  }

  /** The pets of user info (myinfo): id, name, image_url, type. */
  async summaries(userId: string): Promise<PetSummary[]> {
    const rows = await repo.listPets(this.deps.db, userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      image_url: this.imageUrl(row.image_key),
      type: row.pet_type as PetSummary['type'],
    }));
  }

  async get(userId: string, petId: string): Promise<Pet> {
    const { pet } = await this.deps.access.require(userId, petId, { action: 'read', resource: 'profile' });
    return this.toPet(pet, await repo.weightsOf(this.deps.db, petId));
  }

  /**
   * Every pet of the owner (oldest first), or only `onlyPetId` of them, with the storage key of its
   * photo: the emergency file (the caller checked access).
   */
  async listWithPhotoKeys(
    userId: string,
    onlyPetId?: string,
  ): Promise<Array<{ pet: Pet; photoKey: string | null }>> {
    const rows = (await repo.listPets(this.deps.db, userId)).filter(
      (row) => onlyPetId === undefined || row.id === onlyPetId,
    );
    const result = [];
    for (const row of rows) {
      result.push({
        pet: this.toPet(row, await repo.weightsOf(this.deps.db, row.id)),
        photoKey: row.image_key,
      });
    }
    return result;
  }

  /**
   * The bytes of a stored pet photo, or null when it is missing, unreadable or over `maxBytes`
   * (read into memory: photos are small and the PDF library needs the whole image).
   */
  async photoBytes(photoKey: string, maxBytes: number): Promise<Buffer | null> {
    try {
      const file = await this.deps.storage.get(photoKey);
      if (file.size > maxBytes) {
        file.stream.destroy();
        return null;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.stream) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > maxBytes) {
          file.stream.destroy();
          return null;
        }
        chunks.push(buffer);
      }
      return Buffer.concat(chunks);
    } catch (err) {
      this.deps.log.warn({ err, key: photoKey }, 'pet photo not readable');
      return null;
    }
  }

  /** The brand decides the species: the dog brand keeps only dogs. */
  private assertSpecies(brand: BrandConfig, petType: string) {
    if (!brand.species.includes(petType as never)) throw badRequest('Select_Pet_Text', 'pet_type');
  }

  async create(userId: string, brand: BrandConfig, body: PetCreateBody): Promise<Pet> {
    this.assertSpecies(brand, body.pet_type);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      await assertCanAddPet(trx, this.deps.kind, userId);
      const petId = await repo.insertPet(trx, userId, body);
      const access = await this.deps.access.require(
        userId,
        petId,
        { action: 'create', resource: 'profile' },
        { db: trx },
      );
      await this.deps.access.logActivity(trx, access, 'created', 'pet', petId, body.name);
      return petId;
    });
    return this.get(userId, id);
  }

  async update(userId: string, brand: BrandConfig, petId: string, body: PetUpdateBody): Promise<Pet> {
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.require(
        userId,
        petId,
        { action: 'update', resource: 'profile' },
        { db: trx },
      );
      // Fields left out keep their stored values; null clears (the rule of every PUT).
      const profile = mergeSentFields<PetProfile>(this.toPet(access.pet, []), body);
      this.assertSpecies(brand, profile.pet_type);
      await repo.updatePet(trx, petId, profile);
      // Leaving weights out keeps the stored list: a client cannot wipe it by omission.
      if (body.weights) {
        await repo.replaceWeights(trx, petId, body.weights, userId);
        await this.weightsChanged(trx, petId);
      }
      await this.deps.access.logActivity(trx, access, 'updated', 'pet', petId, profile.name);
    });
    return this.get(userId, petId);
  }

  /**
   * Deletes the pet and everything of it in one transaction (rows cascade); its files are removed
   * right after commit and, should that fail or the process die, by the durable job scheduled in
   * the same transaction.
   */
  async delete(userId: string, petId: string): Promise<void> {
    const prefix = ownerKeyPrefix({ petId });
    await this.deps.db.transaction().execute(async (trx) => {
      // Owner only (co-owners may not): the steps and the delete act on the owner's rows.
      const access = await this.deps.access.require(
        userId,
        petId,
        { action: 'delete', resource: 'profile' },
        { db: trx },
      );
      for (const step of this.deletionSteps) await step(trx, access.ownerId, petId);
      // No activity line: the pet's log goes with it (ON DELETE CASCADE).
      if (!(await repo.deletePet(trx, petId))) throw petNotFound();
      await this.deps.jobs.schedule(
        DELETE_FILES_JOB,
        { prefix },
        { trx, dedupeKey: `delete-files:${prefix}` },
      );
    });
    await this.deps.storage.deletePrefix(prefix).catch((err) => {
      this.deps.log.warn({ err, prefix }, 'pet files not deleted yet; the job will retry');
    });
  }

  /** POST /v1/pet/weight: one weight, without editing the profile (what a carer may do). */
  async addWeight(userId: string, petId: string, entry: WeightEntry): Promise<Pet> {
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.requireForInsert(trx, userId, petId, {
        action: 'create',
        resource: 'weight',
      });
      const id = await repo.insertWeight(trx, petId, entry, userId);
      await this.weightsChanged(trx, petId);
      await this.deps.access.logActivity(trx, access, 'created', 'weight', id, weightLabel(entry));
    });
    return this.get(userId, petId);
  }

  /** DELETE /v1/pet/weight: a carer only their own. Answers the pet. */
  async deleteWeight(userId: string, weightId: string): Promise<Pet> {
    const petId = await this.deps.db.transaction().execute(async (trx) => {
      const weight = await repo.findWeight(trx, weightId);
      if (!weight) throw weightNotFound();
      const access = await this.deps.access.find(userId, weight.pet_id, { db: trx });
      if (!access) throw weightNotFound();
      refuseUnless(access, { action: 'delete', resource: 'weight', entry: { createdBy: weight.created_by } });
      await repo.deleteWeight(trx, weightId);
      const label = weightLabel({ weight: Number(weight.weight), date: weight.date });
      await this.deps.access.logActivity(trx, access, 'deleted', 'weight', weightId, label);
      return weight.pet_id;
    });
    return this.get(userId, petId);
  }

  /**
   * Stores a new photo (image bytes only), then points the pet at it and drops the old one
   * (platform/uploads replaceImage: parallel replacements keep exactly one file).
   */
  async setImage(userId: string, petId: string, file: ImageUpload): Promise<string> {
    const check = { action: 'update', resource: 'profile' } as const;
    await this.deps.access.require(userId, petId, check);
    const key = await replaceImage(this.deps.storage, file, {
      keyFor: (ext) => newFileKey({ petId }, ext, 'photo'),
      log: this.deps.log,
      // Compare-and-swap: the update applies only if the photo is still the one read, so each
      // parallel replacement learns exactly which key it replaced.
      swap: async (newKey) => {
        for (;;) {
          const swapped = await this.deps.db.transaction().execute(async (trx) => {
            // Checked again: the pet may have been deleted, or the share ended, while uploading.
            const access = await this.deps.access.require(userId, petId, check, { db: trx });
            const updated = await trx
              .updateTable('pet')
              .set({ image_key: newKey })
              .where('id', '=', petId)
              .where('image_key', access.pet.image_key === null ? 'is' : '=', access.pet.image_key)
              .executeTakeFirst();
            if (Number(updated.numUpdatedRows) === 0) return undefined;
            await this.deps.access.logActivity(trx, access, 'updated', 'photo', petId, access.pet.name);
            return { previous: access.pet.image_key };
          });
          if (swapped) return swapped.previous;
        }
      },
    });
    return this.imageUrl(key)!;
  }
}
