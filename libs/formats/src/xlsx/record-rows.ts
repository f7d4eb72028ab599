/**
 * Rows of the XLSX sheets built from the ReportInput records. ScanCode.io reads model
 * attributes (not serializer output) for its cells, so a few values are turned back into the
 * model's shape: a message's `traceback` is one text, its `created_date` a Python datetime.
 */
import type { MessageRecord, ResourceRecord } from '@sca/contracts';
import type { ReportInput } from '../report/report-input';
import { isTodoResource, type XlsxModel } from './sheet-columns';
import type { XlsxRow } from './sheet-writer';

const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

/** Python `str(datetime)` of an ISO date-time (`2026-01-16 12:40:25.319000+00:00`); other text is kept. */
export function pythonDateTime(iso: string): string {
  const match = ISO_DATETIME.exec(iso);
  if (!match) return iso;
  const [, date, time, fraction, zone] = match;
  const micros = fraction ? `.${fraction.slice(0, 6).padEnd(6, '0')}` : '';
  const offset = zone === undefined ? '' : zone === 'Z' ? '+00:00' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${date} ${time}${micros === '.000000' ? '' : micros}${offset}`;
}

export function messageRow(message: MessageRecord): XlsxRow {
  return {
    ...message,
    traceback: Array.isArray(message.traceback) ? message.traceback.join('\n') : message.traceback,
    created_date: message.created_date ? pythonDateTime(message.created_date) : message.created_date,
  };
}

async function* mapRows<T>(source: AsyncIterable<T>, map: (item: T) => XlsxRow | null): AsyncGenerator<XlsxRow> {
  for await (const item of source) {
    const row = map(item);
    if (row !== null) yield row;
  }
}

/** The rows of a model's sheet. */
export function modelRows(input: ReportInput, model: XlsxModel): AsyncIterable<XlsxRow> {
  switch (model) {
    case 'package':
      return input.packages();
    case 'dependency':
      return input.dependencies();
    case 'resource':
      return input.resources();
    case 'relation':
      return input.relations();
    case 'message':
      return mapRows(input.messages(), messageRow);
    case 'todo':
      return mapRows(input.resources(), (resource: ResourceRecord) => (isTodoResource(resource) ? resource : null));
  }
}

/** LAYERS rows from `extra_data.images[].layers[]`. */
export function layerRows(extraData: Record<string, unknown>): XlsxRow[] {
  const images = extraData['images'];
  if (!Array.isArray(images)) return [];
  const rows: XlsxRow[] = [];
  for (const image of images as Record<string, unknown>[]) {
    const imageId = asText(image?.['image_id']);
    const layers = Array.isArray(image?.['layers']) ? (image['layers'] as Record<string, unknown>[]) : [];
    layers.forEach((layer, index) => {
      const layerId = asText(layer?.['layer_id']);
      rows.push({
        layer_tag: layerTag(imageId, layerId, index + 1),
        created_by: layer?.['created_by'],
        layer_id: layer?.['layer_id'],
        image_id: image?.['image_id'],
        created: layer?.['created'],
        size: layer?.['size'],
        author: layer?.['author'],
        comment: layer?.['comment'],
        archive_location: layer?.['archive_location'],
      });
    });
  }
  return rows;
}

/** `img-<image id[:6]>-layer-<NN>-<layer id[:6]>`, short and sortable. */
export function layerTag(imageId: string, layerId: string, layerIndex: number): string {
  return `img-${imageId.slice(0, 6)}-layer-${String(layerIndex).padStart(2, '0')}-${layerId.slice(0, 6)}`;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

/** VULNERABILITIES rows: vulnerable packages, then vulnerable dependencies. */
export async function* vulnerabilityRows(input: ReportInput): AsyncGenerator<XlsxRow> {
  const sources: [string, AsyncIterable<{ purl: string; affected_by_vulnerabilities: Record<string, unknown>[] }>][] = [
    ['package', input.packages()],
    ['dependency', input.dependencies()],
  ];
  for (const [objectType, records] of sources) {
    for await (const record of records) {
      for (const vulnerability of record.affected_by_vulnerabilities ?? []) {
        yield {
          object_type: objectType,
          package_url: record.purl,
          // Older VulnerableCode data names the identifier `vulnerability_id`.
          advisory_id: vulnerability['advisory_id'] ?? vulnerability['vulnerability_id'] ?? '',
          aliases: vulnerability['aliases'] ?? '',
          summary: vulnerability['summary'] ?? '',
          risk_score: vulnerability['risk_score'] ?? '',
          exploitability: vulnerability['exploitability'] ?? '',
          weighted_severity: vulnerability['weighted_severity'] ?? '',
          resource_url: vulnerability['resource_url'] ?? '',
        };
      }
    }
  }
}
