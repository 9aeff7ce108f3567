import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from './account-repository.js';
import { ContentRepository } from './content-repository.js';
import { MediaRepository } from './media-repository.js';

export { AccountRepository, ContentRepository, MediaRepository };
export type { Batch, Owned } from './content-repository.js';

/** The one interface handlers and the seed use to reach the store, whatever the dialect. */
export interface Repositories {
  content: ContentRepository;
  accounts: AccountRepository;
  media: MediaRepository;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    content: new ContentRepository(db),
    accounts: new AccountRepository(db),
    media: new MediaRepository(db),
  };
}
