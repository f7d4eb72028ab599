/**
 * Images of an OCI image layout (`oci-layout`, `index.json`, `blobs/<alg>/<hex>`): each entry
 * of index.json is one image. An entry that is itself an index (multi-arch, or Docker 25+ and
 * buildx saves) is resolved to one platform's manifest. Beyond container-inspector, which reads
 * only OCI manifests at the top level: nested indexes, Docker schema 2 manifests and lists (what
 * a registry serves and our docker:// fetch stores as is), and tags from the ref annotations.
 */
import { realpath } from 'node:fs/promises';
import { assignHistoryToLayers, bareId, configFields, field, historyOf, isObject, mergedLabels, stringField, type JsonObject } from './image-config';
import { ImageFormatError, messageOf, readJsonObject, resolveInside } from './image-files';
import type { ContainerImage, ImageLayer, ImageProblem } from './image-model';
import { DEFAULT_PLATFORM, formatPlatform, parsePlatform, platformOf, selectPlatformManifest, type Platform } from './image-platform';
import type { FoundImages } from './docker-archive-images';
import { layerFromArchive, type EmbeddedArchives } from './layer-archive';

export const INDEX_MEDIA_TYPES: readonly string[] = ['application/vnd.oci.image.index.v1+json', 'application/vnd.docker.distribution.manifest.list.v2+json'];
export const MANIFEST_MEDIA_TYPES: readonly string[] = ['application/vnd.oci.image.manifest.v1+json', 'application/vnd.docker.distribution.manifest.v2+json'];

/** Digests name blob files: only well-formed ones may become a path. */
const DIGEST = /^(sha256:[a-f0-9]{64}|sha512:[a-f0-9]{128})$/;

export interface OciReadOptions {
  /** The platform taken from a multi-arch index (`os/arch[/variant]`); linux/amd64 by default. */
  platform?: string;
  /** Layer archives left inside the input (see imagesFromInput). */
  embedded?: EmbeddedArchives;
}

export async function ociImagesFromDir(dir: string, archiveLocation: string | null = null, opts: OciReadOptions = {}): Promise<FoundImages> {
  const root = await realpath(dir);
  const index = await readJsonObject(await resolveInside(root, 'index.json'), 'index.json');
  if (field(index, 'schemaVersion') !== 2) throw new ImageFormatError('index.json: unsupported schemaVersion (only 2 is)');
  const manifests = field(index, 'manifests');
  if (!Array.isArray(manifests)) throw new ImageFormatError('index.json: no manifests list');
  const wanted = parsePlatform(opts.platform ?? DEFAULT_PLATFORM);
  const out: FoundImages = { images: [], problems: [] };
  for (const [i, descriptor] of manifests.entries()) {
    try {
      if (!isObject(descriptor)) throw new ImageFormatError('not a JSON object');
      out.images.push(await imageFromDescriptor(root, descriptor, tagsOf(descriptor), wanted, archiveLocation, 0, out.problems, opts.embedded));
    } catch (e) {
      out.problems.push({ path: `index.json[${i}]`, message: `image skipped: ${messageOf(e)}`, severity: 'error' });
    }
  }
  return out;
}

/** The name an OCI layout gives an entry: containerd's full name, else the ref name annotation. */
function tagsOf(descriptor: JsonObject): string[] {
  const annotations = field(descriptor, 'annotations');
  if (!isObject(annotations)) return [];
  const name = stringField(annotations, 'io.containerd.image.name') ?? stringField(annotations, 'org.opencontainers.image.ref.name');
  return name ? [name] : [];
}

export async function readBlob(root: string, descriptor: JsonObject, what: string): Promise<string> {
  const digest = stringField(descriptor, 'digest');
  if (!digest || !DIGEST.test(digest)) throw new ImageFormatError(`${what}: invalid digest ${JSON.stringify(digest)}`);
  const [alg, hex] = digest.split(':');
  return resolveInside(root, `blobs/${alg}/${hex}`);
}

async function imageFromDescriptor(
  root: string, descriptor: JsonObject, tags: string[], wanted: Platform, archiveLocation: string | null, depth: number, problems: ImageProblem[], embedded?: EmbeddedArchives,
): Promise<ContainerImage> {
  const mediaType = stringField(descriptor, 'mediaType') ?? '';
  const doc = await readJsonObject(await readBlob(root, descriptor, 'manifest'), `manifest ${stringField(descriptor, 'digest')}`);
  // An index blob may omit the descriptor's media type; its own mediaType or its manifests list tells.
  const docType = stringField(doc, 'mediaType') ?? mediaType;
  if (INDEX_MEDIA_TYPES.includes(docType) || (!docType && Array.isArray(field(doc, 'manifests')))) {
    if (depth >= 4) throw new ImageFormatError('indexes nested too deep');
    const entries = (field(doc, 'manifests') as unknown[] | undefined ?? []).filter(isObject);
    const chosen = selectPlatformManifest(entries, wanted);
    if (!chosen) {
      const available = entries.map((e) => formatPlatform(platformOf(e))).join(', ');
      throw new ImageFormatError(`no manifest for ${formatPlatform(wanted)} in the index (available: ${available || 'none'})`);
    }
    return imageFromDescriptor(root, chosen, tags, wanted, archiveLocation, depth + 1, problems, embedded);
  }
  if (docType && !MANIFEST_MEDIA_TYPES.includes(docType)) throw new ImageFormatError(`unsupported manifest media type ${docType}`);
  if (field(doc, 'schemaVersion') !== 2) throw new ImageFormatError('unsupported manifest schemaVersion (only 2 is)');
  const configDescriptor = field(doc, 'config');
  if (!isObject(configDescriptor)) throw new ImageFormatError('manifest without config');
  const configDigest = stringField(configDescriptor, 'digest') ?? '';
  const config = await readJsonObject(await readBlob(root, configDescriptor, 'config'), `config ${configDigest}`);
  const layers: ImageLayer[] = [];
  const layerDescriptors = field(doc, 'layers');
  for (const d of Array.isArray(layerDescriptors) ? layerDescriptors : []) {
    if (!isObject(d)) throw new ImageFormatError('invalid layer descriptor');
    const digest = stringField(d, 'digest');
    const { layer, warning } = await layerFromArchive(await readBlob(root, d, 'layer'), digest, stringField(d, 'mediaType'), embedded);
    if (warning) problems.push({ path: `blobs/${digest?.replace(':', '/')}`, message: warning, severity: 'warning' });
    layers.push(layer);
  }
  const history = historyOf(config);
  assignHistoryToLayers(history, layers);
  return {
    image_format: 'oci',
    image_id: bareId(configDigest),
    config_digest: configDigest,
    tags,
    ...configFields(config),
    labels: mergedLabels(config),
    layers,
    history,
    distro: null,
    extractedLocation: root,
    archiveLocation,
  };
}
