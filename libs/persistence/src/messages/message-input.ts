import type { MessageSeverity } from '@sca/contracts';

/** A ProjectMessage to record: ScanCode.io's `add_error` / `add_warning` / `add_info` arguments. */
export interface MessageInput {
  severity: MessageSeverity;
  description: string;
  /** The step, pipeline or model the message is about (ScanCode.io: `extract_archives`, `DiscoveredPackage`…). */
  model: string;
  /** Often `resource_path`; `package_url`/`package_uuid` for a package. */
  details?: Record<string, unknown>;
  traceback?: string;
}
