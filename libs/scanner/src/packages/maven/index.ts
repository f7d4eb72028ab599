import type { DatafileHandler } from '../handler';
import { javaJarHandler } from './java-jar';
import { javaJarManifestHandler, javaOsgiManifestHandler } from './jar-manifest';
import { mavenPomHandler } from './pom';
import { mavenPomPropertiesHandler } from './pom-properties';

export const handlers: DatafileHandler[] = [
  mavenPomHandler, mavenPomPropertiesHandler, javaJarManifestHandler, javaOsgiManifestHandler, javaJarHandler,
];
