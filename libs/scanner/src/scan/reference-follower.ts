import type { FollowedRecordLicenses, ReferenceFollower } from '@sca/formats';
import { followFileReferences, referenceCandidates, referencedFilenames, type RecordDetection } from '../license/follow-references';

/**
 * ScanCode's post-scan following of license references to other files ("see LICENSE"), over a
 * codebase written record by record: the records whose detections name files are kept aside
 * (their detections only), the files they may point to are read back once every record is in,
 * and each kept record gets its followed license fields. Memory holds the rules that name files
 * and the records that use them, not the codebase.
 */
export class LicenseReferenceFollower implements ReferenceFollower {
  private readonly rules = new Map<string, readonly string[]>();
  private readonly noted = new Map<string, RecordDetection[]>();
  private readonly files = new Map<string, RecordDetection[]>();

  /** `root` is the codebase root's path, as records name it. */
  constructor(private readonly root: string) {}

  note(path: string, detections: unknown[], ruleReferences: Readonly<Record<string, string[]>>): boolean {
    for (const [rule, filenames] of Object.entries(ruleReferences)) this.rules.set(rule, filenames);
    const own = detections as RecordDetection[];
    if (!own.some((d) => referencedFilenames(d, this.rules).length > 0)) return false;
    this.noted.set(path, own);
    return true;
  }

  wanted(): ReadonlySet<string> {
    const out = new Set<string>();
    for (const [path, detections] of this.noted) {
      for (const d of detections) for (const f of referencedFilenames(d, this.rules)) for (const c of referenceCandidates(path, this.root, f)) out.add(c);
    }
    return out;
  }

  provide(path: string, detections: unknown[]): void {
    this.files.set(path, detections as RecordDetection[]);
  }

  follow(): ReadonlyMap<string, FollowedRecordLicenses> {
    const out = new Map<string, FollowedRecordLicenses>();
    for (const [path, detections] of this.noted) {
      const lookup = (filename: string) => {
        for (const c of referenceCandidates(path, this.root, filename)) {
          const found = this.files.get(c);
          if (found) return { path: c, detections: found };
        }
        return undefined;
      };
      const followed = followFileReferences(detections, this.rules, lookup);
      if (followed) out.set(path, followed);
    }
    return out;
  }
}
