export { emptyInfo, fileInfoFromContent, getFileInfo, type FileInfo } from './file-info';
export { classify, findTopLevelDepth, isCommunityFile, type Classification, type ClassifyOptions } from './classify';
export { hashFile, inputDigests, readFileContent, type ContentHashes, type HashedContent, type ReadFileContent } from './content-hashes';
export { detectMagic, MAGIC_HEAD_BYTES, type MagicResult } from './magic-detector';
export { detectLexer, lexerForFileName, lexerForShebang } from './programming-language';
export { splitName, type NameParts } from './file-name';
