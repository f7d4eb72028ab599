import { RESOURCE_TYPES, type ResourceType, type TextClue } from '@sca/contracts/records';
import { complianceAlert, dict, flag, numberOrNull, objectList, text, textList } from './coerce';
import { problem, type InventoryItem, type InventoryResource } from './inventory-item';

/**
 * Maps one `files` entry onto a resource record. `path` is the project path the caller
 * derived (root-stripped for toolkit scans). Fields the entry lacks get their empty
 * value; fields the record does not know (`base_name`, `date`, `files_count`…) are
 * dropped.
 *
 * `status` is copied as given ('' for toolkit scans, which have none). ScanCode.io marks
 * toolkit resources that belong to a package `application-package` while linking them;
 * that decision is left to the writer, which does the linking.
 */
export function normalizeResource(raw: Record<string, unknown>, path: string, index: number): InventoryItem[] {
  const type = raw.type === undefined || raw.type === null ? 'file' : raw.type;
  if (!(RESOURCE_TYPES as readonly unknown[]).includes(type)) {
    return [problem('error', `Invalid resource type "${text(type)}"`, { section: 'files', index, resource_path: path })];
  }
  const record: InventoryResource = {
    path,
    type: type as ResourceType,
    name: text(raw.name),
    status: text(raw.status),
    for_packages: textList(raw.for_packages),
    tag: text(raw.tag),
    extension: text(raw.extension),
    size: numberOrNull(raw.size),
    mime_type: text(raw.mime_type),
    file_type: text(raw.file_type),
    programming_language: text(raw.programming_language),
    detected_license_expression: text(raw.detected_license_expression),
    detected_license_expression_spdx: text(raw.detected_license_expression_spdx),
    license_detections: objectList(raw.license_detections),
    license_clues: objectList(raw.license_clues),
    percentage_of_license_text: numberOrNull(raw.percentage_of_license_text),
    compliance_alert: complianceAlert(raw.compliance_alert),
    copyrights: objectList<TextClue>(raw.copyrights),
    holders: objectList<TextClue>(raw.holders),
    authors: objectList<TextClue>(raw.authors),
    package_data: objectList(raw.package_data),
    emails: objectList<TextClue>(raw.emails),
    urls: objectList<TextClue>(raw.urls),
    md5: text(raw.md5),
    sha1: text(raw.sha1),
    sha256: text(raw.sha256),
    sha512: text(raw.sha512),
    sha1_git: text(raw.sha1_git),
    is_binary: flag(raw.is_binary),
    is_text: flag(raw.is_text),
    is_archive: flag(raw.is_archive),
    is_media: flag(raw.is_media),
    is_legal: flag(raw.is_legal),
    is_manifest: flag(raw.is_manifest),
    is_readme: flag(raw.is_readme),
    is_top_level: flag(raw.is_top_level),
    is_key_file: flag(raw.is_key_file),
    extra_data: dict(raw.extra_data),
    rootfs_path: text(raw.rootfs_path),
  };
  const items: InventoryItem[] = [{ kind: 'resource', record }];
  // The toolkit records per-file scan failures on the file; ScanCode.io reports them
  // as project messages about that resource. The resource itself is still loaded.
  for (const error of textList(raw.scan_errors)) {
    items.push(problem('warning', error, { resource_path: path }));
  }
  return items;
}
