export { getFileInfo, type FileInfo } from './file-info';
export { classify, findTopLevelDepth, type Classification, type ClassifyOptions } from './classify';
export { hashFile, type ContentHashes, type HashedContent } from './content-hashes';
export { detectMagic, type MagicResult } from './magic-detector';
export { detectLexer, lexerForFileName, lexerForShebang } from './programming-language';
export { splitName, type NameParts } from './file-name';
