import type { DatafileHandler } from '../handler';
import { debianControlExtractedDebHandler, debianControlInSourceHandler } from './control';
import { debianCopyrightInPackageHandler, debianCopyrightInSourceHandler, debianCopyrightStandaloneHandler } from './copyright';
import { debianDebHandler } from './deb-archive';
import { debianInstalledFilesListHandler, debianInstalledMd5sumsHandler, debianMd5sumsInExtractedDebHandler } from './files-list';
import { debianDistrolessInstalledDbHandler, debianInstalledStatusDbHandler } from './installed-db';

export { parseParagraphs, type Paragraph } from './deb822';

export const handlers: DatafileHandler[] = [
  debianDebHandler,
  debianControlExtractedDebHandler,
  debianControlInSourceHandler,
  debianInstalledStatusDbHandler,
  debianDistrolessInstalledDbHandler,
  debianInstalledFilesListHandler,
  debianInstalledMd5sumsHandler,
  debianMd5sumsInExtractedDebHandler,
  debianCopyrightInSourceHandler,
  debianCopyrightInPackageHandler,
  debianCopyrightStandaloneHandler,
];
