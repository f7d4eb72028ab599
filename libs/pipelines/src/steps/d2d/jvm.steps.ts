import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import type { RelationByIds, D2dResource } from '@sca/persistence';
import { candidateSourcePaths, findJvmPackage, fullyQualifiedSourcePath, JVM_LANGUAGES, PathSuffixIndex, type JvmLanguage } from '@sca/scanner';
import { defineStep, type StepDefinition } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

const count = (n: number) => n.toLocaleString('en-US');
const pythonTuple = (items: readonly string[]) => `(${items.map((i) => `'${i}'`).join(', ')}${items.length === 1 ? ',' : ''})`;

/** find_<lang>_packages: each from/ source file's package into extra_data; unreadable files get scanned-with-error. */
async function findPackages(ctx: StepContext, lang: JvmLanguage): Promise<void> {
  const sources = await ctx.d2dResources.list({ side: 'from', type: 'file', noStatus: true, extensions: lang.sourceExtensions });
  ctx.log(`Finding ${lang.name} packages for ${count(sources.length)} ${pythonTuple(lang.sourceExtensions)} resources.`);
  const found: { path: string; patch: Record<string, unknown> }[] = [];
  const failed: number[] = [];
  const messages = ctx.messages.batch();
  for (const r of sources) {
    ctx.throwIfStopped();
    try {
      const jvmPackage = findJvmPackage(lang, await readFile(join(ctx.dirs.codebase, r.path), 'utf8'));
      if (jvmPackage) found.push({ path: r.path, patch: { [lang.packageAttribute]: jvmPackage } });
    } catch (error) {
      failed.push(r.id);
      await messages.scanErrors(`find_${lang.name}_packages`, r.path, [(error as Error).message]);
    }
  }
  await ctx.resources.mergeExtraData(found);
  await ctx.d2dResources.setStatus(failed, RESOURCE_STATUS.scannedWithError);
  await messages.flush();
}

/** The from/ root of a source matched over its last `matchedSegments` segments, with a trailing `/`. */
function sourceRoot(path: string, matchedSegments: number): string {
  const parts = path.replace(/^\/+|\/+$/g, '').split('/');
  return `${parts.slice(0, parts.length - matchedSegments).join('/')}/`;
}

/** map_<lang>_to_class: each to/ class without a status or relation to the from/ source of its fully qualified name. */
async function mapToClass(ctx: StepContext, lang: JvmLanguage): Promise<void> {
  // Every from/ source with a package counts, mapped or not (ScanCode.io issue 1854).
  const sources = await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: lang.sourceExtensions, extraDataKey: lang.packageAttribute });
  if (sources.length === 0) {
    ctx.log(`No ${pythonTuple(lang.sourceExtensions)} resources to map.`);
    return;
  }
  const classes = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, noRelation: true, extensions: lang.binaryExtensions });
  ctx.log(`Mapping ${count(classes.length)} .class (or other deployed file) resources to ${count(sources.length)} ${pythonTuple(lang.sourceExtensions)}`);
  const byId = new Map(sources.map((r) => [r.id, r]));
  const index = new PathSuffixIndex(sources.map((r) => [r.id, fullyQualifiedSourcePath(String(r.extra_data[lang.packageAttribute]), r.name)] as const), false);
  const relations: RelationByIds[] = [];
  for (const target of classes) {
    for (const extension of lang.sourceExtensions) {
      const match = candidateSourcePaths(lang, target.path, extension).map((p) => index.find(p)).find((m) => m !== null);
      if (!match) continue;
      for (const id of match.ids) {
        const source = byId.get(id) as D2dResource;
        relations.push({ fromId: id, toId: target.id, mapType: lang.mapType, extraData: { from_source_root: sourceRoot(source.path, match.matchedSegments) } });
      }
    }
  }
  ctx.log(`${await ctx.relations.insertByIds(relations)} ${lang.mapType} relation(s) created`);
}

/** map_jar_to_<lang>_source: a to/ jar whose classes all come from one from/ source root is related to that directory. */
async function mapJarToSource(ctx: StepContext, lang: JvmLanguage): Promise<void> {
  const jars = await ctx.d2dResources.list({ side: 'to', type: 'file', extensions: ['.jar'] });
  ctx.log(`Mapping ${count(jars.length)} .jar resources using map_jar_to_source against from/ codebase`);
  if (jars.length === 0) return;
  const classRoots = new Map<number, string[]>();
  for (const r of await ctx.d2dResources.relations([lang.mapType])) classRoots.set(r.to_id, [...(classRoots.get(r.to_id) ?? []), String(r.extra_data.from_source_root ?? '')]);
  const toClasses = await ctx.d2dResources.list({ side: 'to', type: 'file', extensions: lang.binaryExtensions });
  const fromByPath = new Map((await ctx.d2dResources.list({ side: 'from' })).map((r) => [r.path, r]));
  const relations: RelationByIds[] = [];
  for (const jar of jars) {
    const prefix = `${jar.path}-extract/`;
    const roots = new Set(toClasses.filter((c) => c.path.startsWith(prefix)).flatMap((c) => classRoots.get(c.id) ?? []));
    if (roots.size !== 1) continue;
    const root = fromByPath.get([...roots][0].replace(/\/+$/, ''));
    if (root) relations.push({ fromId: root.id, toId: jar.id, mapType: 'jar_to_source' });
  }
  ctx.log(`${await ctx.relations.insertByIds(relations)} jar_to_source relation(s) created`);
}

const SOURCE_NAMES: Record<string, string> = { java: '.java', scala: '.scala', kotlin: 'kotlin', grammar: '.g/.g4', groovy: '.groovy', aspectj: '.aj', clojure: '.clj', xtend: 'xtend' };

/** The find, map and jar steps of each JVM language, in ScanCode.io's order (Xtend has no jar step). */
export const JVM_STEPS: StepDefinition[] = JVM_LANGUAGES.flatMap((lang) => {
  const groups = [lang.group];
  const source = SOURCE_NAMES[lang.name];
  const steps = [
    defineStep({ name: `find_${lang.name}_packages`, doc: `Find the package of the ${source} source files.`, groups, run: (ctx) => findPackages(ctx, lang) }),
    defineStep({ name: `map_${lang.name}_to_class`, doc: `Map a .class compiled file to its ${source} source.`, groups, run: (ctx) => mapToClass(ctx, lang) }),
  ];
  if (lang.name !== 'xtend') {
    steps.push(defineStep({ name: `map_jar_to_${lang.name}_source`, doc: 'Map .jar files to their related source directory.', groups, run: (ctx) => mapJarToSource(ctx, lang) }));
  }
  return steps;
});
