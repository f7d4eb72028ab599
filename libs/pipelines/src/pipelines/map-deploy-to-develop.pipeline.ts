import { definePipeline } from '../framework/define';
import { collectAndCreateCodebaseResources } from '../steps/codebase/collect-resources.step';
import { extractArchivesToDisk } from '../steps/codebase/copy-and-extract.steps';
import { flagEmptyFiles, flagIgnoredResources } from '../steps/codebase/flag-resources.steps';
import { collectAndCreateLicenseDetections } from '../steps/codebase/license-detections.step';
import { flagMappedResourcesArchivesAndIgnoredDirectories, flagWhitespaceFiles, loadEcosystemConfigStep, mapRuby } from '../steps/d2d/d2d-flags.steps';
import { extractInputsToCodebaseDirectory, getInputs } from '../steps/d2d/d2d-inputs.steps';
import { fingerprintCodebaseDirectories } from '../steps/d2d/fingerprint-directories.step';
import {
  flagDeployedFromResourcesWithMissingLicense, performHouseKeepingTasks, removePackagesWithoutResources, scanIgnoredToFiles, scanMappedFromForFiles,
  scanUnmappedToFiles,
} from '../steps/d2d/house-keeping.steps';
import { mapJavascript, mapJavascriptColocation, mapJavascriptPath, mapJavascriptPostPurldbMatch } from '../steps/d2d/javascript-maps.steps';
import { mapJavascriptStrings, mapJavascriptSymbols } from '../steps/d2d/javascript-symbols.steps';
import { JVM_STEPS } from '../steps/d2d/jvm.steps';
import { createLocalFilesPackages } from '../steps/d2d/local-files-packages.step';
import { mapAboutFiles } from '../steps/d2d/map-about-files.step';
import { mapChecksum } from '../steps/d2d/map-checksum.step';
import { mapPath } from '../steps/d2d/map-path.step';
import { mapPython } from '../steps/d2d/map-python.step';
import { mapThirdpartyNpmPackages } from '../steps/d2d/npm-packages.step';
import { matchArchivesToPurldb, matchDirectoriesToPurldb, matchPurldbResourcesPostProcess, matchResourcesToPurldb } from '../steps/d2d/purldb.steps';
import { getSymbolsFromBinaries, mapElf, mapGo, mapMacho, mapRust, mapWinpe } from '../steps/d2d/unavailable.steps';

/** ScanCode.io's DeployToDevelop (reference §1.16), step for step. */
export const mapDeployToDevelopPipeline = definePipeline({
  name: 'map_deploy_to_develop',
  summary: 'Establish relationships between two code trees: deployment and development.',
  description: [
    'This pipeline requires a minimum of two archive files, each properly tagged with:',
    '',
    '- **from** for archives containing the development source code.',
    '- **to** for archives containing the deployment compiled code.',
    '',
    'When using download URLs as inputs, the "from" and "to" tags can be',
    'provided by adding a "#from" or "#to" fragment at the end of the download URLs.',
    '',
    'When uploading local files:',
    '',
    '- **User Interface:** Use the "Edit flag" link in the "Inputs" panel of the Project',
    '  details view.',
    '- **REST API:** Utilize the "upload_file_tag" field in addition to the',
    '  "upload_file".',
    '- **Command Line Interface:** Tag uploaded files using the "filename:tag" syntax,',
    '  for example, ``--input-file path/filename:tag``.',
  ].join('\n'),
  downloadInputs: true,
  isAddon: false,
  steps: [
    getInputs,
    extractInputsToCodebaseDirectory,
    extractArchivesToDisk,
    collectAndCreateCodebaseResources,
    fingerprintCodebaseDirectories,
    flagEmptyFiles,
    flagWhitespaceFiles,
    flagIgnoredResources,
    loadEcosystemConfigStep,
    mapRuby,
    mapAboutFiles,
    mapChecksum,
    matchArchivesToPurldb,
    ...JVM_STEPS,
    mapJavascript,
    mapJavascriptSymbols,
    mapJavascriptStrings,
    getSymbolsFromBinaries,
    mapElf,
    mapMacho,
    mapWinpe,
    mapGo,
    mapRust,
    mapPython,
    matchDirectoriesToPurldb,
    matchResourcesToPurldb,
    mapJavascriptPostPurldbMatch,
    mapJavascriptPath,
    mapJavascriptColocation,
    mapThirdpartyNpmPackages,
    mapPath,
    flagMappedResourcesArchivesAndIgnoredDirectories,
    performHouseKeepingTasks,
    matchPurldbResourcesPostProcess,
    removePackagesWithoutResources,
    scanIgnoredToFiles,
    scanUnmappedToFiles,
    scanMappedFromForFiles,
    collectAndCreateLicenseDetections,
    flagDeployedFromResourcesWithMissingLicense,
    createLocalFilesPackages,
  ],
});
