import { lstat } from 'node:fs/promises';
import { basename } from 'node:path';
import { hasBinaryExtension, looksBinary } from '../text/binary';
import { hashFile, type HashedContent } from './content-hashes';
import { isArchive, isMedia, isScript, isSource, type ContentInput } from './content-type';
import { splitName } from './file-name';
import { detectMagic, MAGIC_HEAD_BYTES } from './magic-detector';
import { detectLexer } from './programming-language';

/** ScanCode's `--info` fields for one resource (scancode.api.get_file_info). */
export interface FileInfo {
  type: 'file' | 'directory' | 'symlink';
  name: string;
  base_name: string;
  extension: string;
  size: number;
  md5: string;
  sha1: string;
  sha256: string;
  sha1_git: string;
  mime_type: string;
  file_type: string;
  programming_language: string;
  is_binary: boolean;
  is_text: boolean;
  is_archive: boolean;
  is_media: boolean;
  is_source: boolean;
  is_script: boolean;
}

/** Pygments' content guessing looks at the first 4 KiB; a shebang needs far less. */
const GUESS_TEXT_BYTES = 4096;

export function emptyInfo(type: FileInfo['type'], name: string): FileInfo {
  const { base_name, extension } = splitName(name, type === 'file');
  return {
    type, name, base_name, extension, size: 0,
    md5: '', sha1: '', sha256: '', sha1_git: '',
    mime_type: '', file_type: '', programming_language: '',
    is_binary: false, is_text: false, is_archive: false, is_media: false, is_source: false, is_script: false,
  };
}

/**
 * File info for a path, without following symlinks. Symlinks and directories get names only
 * (ScanCode.io gives symlinks no further info); other non-regular files (fifos, devices) are
 * reported as empty files and never opened, since reading them can block or never end.
 */
export async function getFileInfo(absPath: string): Promise<FileInfo> {
  const stat = await lstat(absPath);
  const name = basename(absPath);
  if (stat.isSymbolicLink()) return emptyInfo('symlink', name);
  if (stat.isDirectory()) return emptyInfo('directory', name);
  const info = emptyInfo('file', name);
  if (!stat.isFile()) return info;

  return fileInfoFromContent(name, await hashFile(absPath, MAGIC_HEAD_BYTES));
}

/**
 * File info for a regular file whose content was already read and hashed (the scan workers read
 * each file once, for the info and the text scanners alike).
 */
export async function fileInfoFromContent(name: string, { hashes, head, size }: HashedContent): Promise<FileInfo> {
  const info = emptyInfo('file', name);
  const magic = await detectMagic(head, hashes.sha256 ? `${hashes.sha256}:${size}` : undefined);
  const is_binary = hasBinaryExtension(name) || looksBinary(head);
  const content: ContentInput = { name, extension: info.extension, ...magic, is_text: !is_binary };
  const is_media = isMedia(content);
  // ScanCode asks Pygments only about text that is not media (an SVG has no language).
  const lexer = content.is_text && !is_media
    ? detectLexer(name, info.extension, () => head.subarray(0, GUESS_TEXT_BYTES).toString('utf8'))
    : '';
  const is_source = isSource(content, lexer !== '');
  return {
    ...info,
    size,
    // commoncode hashes nothing for empty content: the toolkit reports null checksums there.
    ...(size === 0 ? {} : hashes),
    ...magic,
    programming_language: is_source ? lexer : '',
    is_binary,
    is_text: content.is_text,
    is_archive: isArchive(content),
    is_media,
    is_source,
    is_script: isScript(content),
  };
}
