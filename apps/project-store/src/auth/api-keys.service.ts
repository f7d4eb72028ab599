import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthenticatedUser, ERROR_CODES } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { findApiKeyByPrefix, replaceApiKeyHash, saveUserWithKey } from '@sca/persistence';
import { ProjectStoreConfig } from '../config/project-store.config';
import { generateApiKey, hashApiKey, verifyApiKey } from './api-key-hash';

export type { AuthenticatedUser };

@Injectable()
export class ApiKeysService {
  constructor(private readonly db: DataSource, private readonly config: ProjectStoreConfig) {}

  /** Looks the key up by its prefix, then checks the verifier (reference §1). */
  async verify(key: string): Promise<AuthenticatedUser> {
    const row = await findApiKeyByPrefix(this.db, key.slice(0, 8));
    const check = row ? await verifyApiKey(key, row.key_hash, this.config.API_KEY_PEPPER) : 'invalid';
    if (!row || check === 'invalid') throw new DomainError(ERROR_CODES.unauthorized, 'Invalid token.');
    if (check === 'legacy') await this.upgrade(row.id, row.key_hash, key);
    if (!row.is_active) throw new DomainError(ERROR_CODES.unauthorized, 'User inactive or deleted.');
    return { username: row.username };
  }

  /**
   * Rewrites a PBKDF2 verifier in the fast format once its key has been shown, so that its prefix
   * stops being an expensive one to hit. Guarded on the old value: a key replaced meanwhile stays.
   */
  private async upgrade(id: number, old: string, key: string): Promise<void> {
    await replaceApiKeyHash(this.db, id, old, hashApiKey(key, this.config.API_KEY_PEPPER));
  }

  /** Creates the user (if needed) and, when asked, a fresh key; an existing key is replaced. */
  async createUser(username: string, opts: { generateKey: boolean; staff: boolean; superuser: boolean }): Promise<string | null> {
    const generated = opts.generateKey ? generateApiKey() : null;
    const key = generated ? { prefix: generated.prefix, hash: hashApiKey(generated.key, this.config.API_KEY_PEPPER) } : null;
    await saveUserWithKey(this.db, username, { staff: opts.staff, superuser: opts.superuser }, key);
    return generated?.key ?? null;
  }
}
