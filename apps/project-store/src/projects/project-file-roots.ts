import { Inject, Injectable } from '@nestjs/common';
import type { ProjectDetailRow } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import type { ProjectFileRoots as Roots } from './project-serializer';

/** How long a listing is reused when nothing in the database says the files changed. */
export const FILE_ROOTS_MAX_AGE_MS = 1000;
/** Projects whose listings are kept; the oldest goes first. */
const MAX_PROJECTS = 1000;

interface Listing {
  at: number;
  fingerprint: string;
  roots: Promise<Roots>;
  /** A newer listing is being taken to replace this one. */
  refreshing?: boolean;
}

/**
 * What changes with the files of input/ and output/ that the database sees: an input added,
 * fetched (`stored`, `filename`) or removed, a run started or ended (a run writes output/ before
 * its end), the project archived (archive removes files).
 */
export function fileRootsFingerprint(p: Pick<ProjectDetailRow, 'is_archived' | 'input_sources' | 'runs'>): string {
  const inputs = p.input_sources.map((s) => `${s.uuid}:${s.filename}:${s.stored}`).join(',');
  const runs = p.runs.map((r) => `${r.uuid}:${r.task_start_date ?? ''}:${r.task_end_date ?? ''}:${r.task_exitcode ?? ''}`).join(',');
  return `${p.is_archived}|${inputs}|${runs}`;
}

/**
 * The detail's `input_root` and `output_root`: two storage listings, most of a detail's cost
 * (request signing, HTTP and XML for each). A listing is shared by the details of the project
 * read while its fingerprint is unchanged, for at most FILE_ROOTS_MAX_AGE_MS from when it started;
 * one in flight is shared too, so a burst of reads lists once. Past half that age the next read
 * starts a new listing in the background and is answered with the current one, so under steady
 * reads nobody waits for storage (waiting all at once made the p99). A write the database does not see
 * (reporting storing a generated download in output/, an upload removed after its request was
 * refused) shows within that time; project-store's own changes drop the listing at once.
 */
@Injectable()
export class ProjectFileRoots {
  private readonly listings = new Map<string, Listing>();

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  rootsFor(uuid: string, fingerprint: string, now = Date.now()): Promise<Roots> {
    const recent = this.listings.get(uuid);
    if (recent && recent.fingerprint === fingerprint && now - recent.at < FILE_ROOTS_MAX_AGE_MS) {
      if (now - recent.at >= FILE_ROOTS_MAX_AGE_MS / 2 && !recent.refreshing) this.refresh(uuid, recent, now);
      return recent.roots;
    }
    const listing: Listing = { at: now, fingerprint, roots: this.listNow(uuid) };
    this.remember(uuid, listing);
    // A failed listing is not shared: the next read tries again.
    listing.roots.catch(() => {
      if (this.listings.get(uuid) === listing) this.listings.delete(uuid);
    });
    return listing.roots;
  }

  /** Replaces `current` once a new listing has arrived, unless it was dropped or replaced meanwhile. */
  private refresh(uuid: string, current: Listing, now: number): void {
    current.refreshing = true;
    const roots = this.listNow(uuid);
    roots.then(
      () => {
        if (this.listings.get(uuid) === current) this.remember(uuid, { at: now, fingerprint: current.fingerprint, roots });
      },
      () => (current.refreshing = false),
    );
  }

  private listNow(uuid: string): Promise<Roots> {
    return Promise.all([this.storage.listNames(storageKeys.inputPrefix(uuid)), this.storage.listNames(storageKeys.outputPrefix(uuid))]).then(
      ([input_root, output_root]) => ({ input_root, output_root }),
    );
  }

  /** project-store changed the project's files or rows: the next detail lists again. */
  forget(uuid: string): void {
    this.listings.delete(uuid);
  }

  private remember(uuid: string, listing: Listing): void {
    this.listings.delete(uuid);
    this.listings.set(uuid, listing);
    if (this.listings.size > MAX_PROJECTS) this.listings.delete(this.listings.keys().next().value as string);
  }
}
