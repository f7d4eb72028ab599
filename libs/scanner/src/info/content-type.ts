/**
 * The typecode content flags ScanCode derives from libmagic's output and the file name
 * (typecode/contenttype.py). Matching is on the lower-cased libmagic description, as there.
 */

/** libmagic description phrases that mean a picture, sound or video. */
const MEDIA_TYPE_PHRASES = [
  'image data', 'graphics image', 'ms-windows metafont .wmf', 'windows enhanced metafile', 'png image',
  'interleaved image', 'microsoft asf', 'image text', 'photoshop image', 'shop pro image', 'ogg data',
  'vorbis', 'mpeg', 'theora', 'bitmap', 'audio', 'video', 'sound', 'riff', 'icon', 'pc bitmap', 'netpbm',
];
const MEDIA_MIME_WORDS = ['image', 'picture', 'audio', 'video', 'graphic', 'sound'];

/** Documentation and data formats Pygments would lex but ScanCode does not count as source. */
const PLAIN_TEXT_SUFFIXES = ['.rst', '.rest', '.md', '.txt', '.log', '.json', '.xml'];
const MAKEFILE_SUFFIXES = ['Makefile', 'Makefile.inc'];
const JS_MAP_SUFFIXES = ['.js.map', '.css.map'];
const JAVA_SUFFIXES = ['.java', '.aj', '.jad', '.ajt'];
const C_EXTENSIONS = new Set(['.c', '.cc', '.cp', '.cpp', '.cxx', '.c++', '.h', '.hh', '.s', '.asm', '.hpp', '.hxx', '.h++', '.i', '.ii', '.m']);
const OFFICE_SUFFIXES = ['.doc', '.docx', '.xlsx', '.ppt', '.pptx'];
const PACKAGE_ARCHIVE_SUFFIXES = ['.jar', '.war', '.ear', '.zip', '.whl', '.egg'];
/**
 * Stand-in for extractcode's "can extract" check: the kinds the archive step handles. libmagic
 * already recognises nearly all of them; this catches the rest (e.g. a truncated download).
 */
const EXTRACTABLE_SUFFIXES = [
  '.zip', '.jar', '.war', '.ear', '.whl', '.egg', '.nupkg', '.apk', '.xpi', '.tar', '.tgz', '.tbz', '.tbz2',
  '.txz', '.tzst', '.gz', '.bz2', '.xz', '.zst', '.lzma', '.7z', '.deb', '.rpm', '.cpio', '.ar',
];

export interface ContentInput {
  /** The file name (no directory). */
  name: string;
  extension: string;
  file_type: string;
  mime_type: string;
  is_text: boolean;
}

const endsWithAny = (value: string, suffixes: readonly string[]): boolean => suffixes.some((s) => value.endsWith(s));

export function isMedia({ name, file_type, mime_type }: ContentInput): boolean {
  const ft = file_type.toLowerCase();
  if (MEDIA_MIME_WORDS.some((word) => mime_type.includes(word))) return true;
  if (MEDIA_TYPE_PHRASES.some((phrase) => ft.includes(phrase))) return true;
  // libmagic 5.38+ no longer recognises Targa images: ScanCode trusts the extension then.
  return ft === 'data' && mime_type === 'application/octet-stream' && name.toLowerCase().endsWith('.tga');
}

export function isScript({ file_type, is_text }: ContentInput): boolean {
  const ft = file_type.toLowerCase();
  return is_text && ft.includes('script') && !ft.includes('makefile');
}

/** `hasLexer`: a Pygments lexer (other than JSON) was found for the file. */
export function isSource(input: ContentInput, hasLexer: boolean): boolean {
  const { name, extension, is_text } = input;
  if (!is_text) return false;
  // Case-sensitive like ScanCode: "NOTES.TXT" is not treated as plain text.
  if (endsWithAny(name, PLAIN_TEXT_SUFFIXES)) return false;
  if (endsWithAny(name, MAKEFILE_SUFFIXES) || endsWithAny(name, JS_MAP_SUFFIXES)) return false;
  if (endsWithAny(name.toLowerCase(), JAVA_SUFFIXES) || C_EXTENSIONS.has(extension.toLowerCase())) return true;
  return hasLexer || isScript(input);
}

export function isArchive(input: ContentInput): boolean {
  const ft = input.file_type.toLowerCase();
  if (input.is_text || ft.startsWith('gem image data')) return false;
  if (isCompressed(input) || ft.includes('archive') || isPackage(input) || ft.includes('squashfs filesystem')) return true;
  if (isOfficeDocument(input) && ft.endsWith('2007+')) return true;
  return ft.includes('(zip)') || endsWithAny(input.name.toLowerCase(), EXTRACTABLE_SUFFIXES);
}

function isCompressed(input: ContentInput): boolean {
  const ft = input.file_type.toLowerCase();
  if (input.is_text) return false;
  return (
    ft.includes('(zip)') ||
    ft.startsWith('zip archive') ||
    ft.startsWith('java archive') ||
    isPackage(input) ||
    ft.includes('squashfs filesystem') ||
    ft.includes('compressed') ||
    (isOfficeDocument(input) && input.name.endsWith('x'))
  );
}

function isPackage({ name, file_type }: ContentInput): boolean {
  const ft = file_type.toLowerCase();
  const lower = name.toLowerCase();
  return (
    ft.includes('debian binary package') ||
    ft.startsWith('rpm ') ||
    (ft === 'posix tar archive' && lower.endsWith('.gem')) ||
    ((ft.startsWith('zip archive') || ft.startsWith('java archive')) && endsWithAny(lower, PACKAGE_ARCHIVE_SUFFIXES))
  );
}

function isOfficeDocument({ name, file_type }: ContentInput): boolean {
  const ft = file_type.toLowerCase();
  return endsWithAny(name.toLowerCase(), OFFICE_SUFFIXES) || (ft.startsWith('microsoft') && ft.endsWith('2007+'));
}
