import { DataSource } from 'typeorm';
import type { Queryable } from '../queryable';

/** An API key's stored verifier with its user, found by the key's lookup prefix. */
export interface ApiKeyRow {
  id: number;
  key_hash: string;
  username: string;
  is_active: boolean;
}

/** The key stored under this prefix (its first 8 characters), or null. */
export async function findApiKeyByPrefix(db: Queryable, prefix: string): Promise<ApiKeyRow | null> {
  const rows: ApiKeyRow[] = await db.query(
    'SELECT t.id, t.key_hash, u.username, u.is_active FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.prefix = $1',
    [prefix],
  );
  return rows[0] ?? null;
}

/** Rewrites a key's verifier, guarded on the old one: a key replaced meanwhile stays as it is. */
export async function replaceApiKeyHash(db: Queryable, id: number, oldHash: string, newHash: string): Promise<void> {
  await db.query('UPDATE api_tokens SET key_hash = $1 WHERE id = $2 AND key_hash = $3', [newHash, id, oldHash]);
}

export interface UserRoles {
  staff: boolean;
  superuser: boolean;
}

/**
 * Creates the user, or raises the roles of an existing one, and when `key` is given replaces the
 * user's key with it; one transaction.
 */
export async function saveUserWithKey(db: DataSource, username: string, roles: UserRoles, key: { prefix: string; hash: string } | null): Promise<void> {
  await db.transaction(async (tx) => {
    const users: { id: number }[] = await tx.query(
      `INSERT INTO users (username, is_staff, is_superuser) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO UPDATE SET is_staff = EXCLUDED.is_staff OR users.is_staff, is_superuser = EXCLUDED.is_superuser OR users.is_superuser
       RETURNING id`,
      [username, roles.staff || roles.superuser, roles.superuser],
    );
    if (!key) return;
    await tx.query('DELETE FROM api_tokens WHERE user_id = $1', [users[0].id]);
    await tx.query('INSERT INTO api_tokens (user_id, prefix, key_hash) VALUES ($1, $2, $3)', [users[0].id, key.prefix, key.hash]);
  });
}
