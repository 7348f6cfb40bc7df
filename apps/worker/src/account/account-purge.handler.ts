import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobPayload } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';

/**
 * Finishes an account deletion: every object under the user's key prefix, then the account row
 * (its rows cascade). Safe to run again: a second run finds nothing left to remove.
 */
@Injectable()
export class AccountPurgeHandler implements JobHandler<'account.purge'> {
  readonly job = 'account.purge' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId }: JobPayload<'account.purge'>): Promise<void> {
    const [user] = await this.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM users WHERE id = $1 AND deleted_at IS NOT NULL',
      [userId],
    );
    if (!user) {
      return;
    }
    await this.storage.deletePrefix(`${userId}/`);
    await this.dataSource.query('DELETE FROM users WHERE id = $1 AND deleted_at IS NOT NULL', [userId]);
  }
}
