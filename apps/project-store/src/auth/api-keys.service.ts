import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ERROR_CODES } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { ProjectStoreConfig } from '../config/project-store.config';
import { generateApiKey, hashApiKey, verifyApiKey } from './api-key-hash';

export interface AuthenticatedUser { username: string }

@Injectable()
export class ApiKeysService {
  constructor(private readonly db: DataSource, private readonly config: ProjectStoreConfig) {}

  /** Looks the key up by its prefix, then checks the verifier (reference §1). */
  async verify(key: string): Promise<AuthenticatedUser> {
    const rows: { id: number; key_hash: string; username: string; is_active: boolean }[] = await this.db.query(
      'SELECT t.id, t.key_hash, u.username, u.is_active FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.prefix = $1',
      [key.slice(0, 8)],
    );
    const row = rows[0];
    const check = row ? await verifyApiKey(key, row.key_hash, this.config.API_KEY_PEPPER) : 'invalid';
    if (check === 'invalid') throw new DomainError(ERROR_CODES.unauthorized, 'Invalid token.');
    if (check === 'legacy') await this.upgrade(row.id, row.key_hash, key);
    if (!row.is_active) throw new DomainError(ERROR_CODES.unauthorized, 'User inactive or deleted.');
    return { username: row.username };
  }

  /**
   * Rewrites a PBKDF2 verifier in the fast format once its key has been shown, so that its prefix
   * stops being an expensive one to hit. Guarded on the old value: a key replaced meanwhile stays.
   */
  private async upgrade(id: number, old: string, key: string): Promise<void> {
    await this.db.query('UPDATE api_tokens SET key_hash = $1 WHERE id = $2 AND key_hash = $3', [hashApiKey(key, this.config.API_KEY_PEPPER), id, old]);
  }

  /** Creates the user (if needed) and, when asked, a fresh key; an existing key is replaced. */
  async createUser(username: string, opts: { generateKey: boolean; staff: boolean; superuser: boolean }): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const users: { id: number }[] = await tx.query(
        `INSERT INTO users (username, is_staff, is_superuser) VALUES ($1, $2, $3)
         ON CONFLICT (username) DO UPDATE SET is_staff = EXCLUDED.is_staff OR users.is_staff, is_superuser = EXCLUDED.is_superuser OR users.is_superuser
         RETURNING id`,
        [username, opts.staff || opts.superuser, opts.superuser],
      );
      if (!opts.generateKey) return null;
      const { key, prefix } = generateApiKey();
      await tx.query('DELETE FROM api_tokens WHERE user_id = $1', [users[0].id]);
      await tx.query('INSERT INTO api_tokens (user_id, prefix, key_hash) VALUES ($1, $2, $3)', [users[0].id, prefix, hashApiKey(key, this.config.API_KEY_PEPPER)]);
      return key;
    });
  }
}
