/** SPDX `Person: name (email)` / `Organization: name (email)` / `Tool: name` actors as parties. */
import type { Party } from '../packages/package-data';
import { spdxValue } from './values';

const ACTOR = /^\s*(Person|Organization|Tool)\s*:\s*(.*?)\s*(?:\(([^()]*)\))?\s*$/i;

/** A party for one SPDX actor string; null for NOASSERTION or an empty value. */
export function spdxActorParty(value: unknown, role: string): Party | null {
  const actor = spdxValue(value);
  if (!actor) return null;
  const m = ACTOR.exec(actor);
  if (!m) return { type: null, role, name: actor, email: null, url: null };
  const kind = m[1].toLowerCase();
  const email = m[3]?.trim() || null;
  return {
    type: kind === 'organization' ? 'organization' : kind === 'person' ? 'person' : 'tool',
    role,
    name: m[2] || null,
    email,
    url: null,
  };
}
