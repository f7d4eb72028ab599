import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { GatewayConfig } from '../config/gateway.config';
import { BodyLimits } from '../http/body-guard';
import { mediaType, ParsedBody, readBody } from '../http/request-body';
import { readMultipart, StoredUpload } from '../http/multipart';

export interface ReadProjectBody {
  body: ParsedBody;
  upload: StoredUpload | null;
  errors: Record<string, string[]>;
}

/** Reads request bodies within the configured limits; a multipart file lands in the project's input/. */
@Injectable()
export class ProjectBodyService {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage, private readonly config: GatewayConfig) {}

  /** A body of any supported kind, file included. */
  async read(req: Request, projectUuid: string): Promise<ReadProjectBody> {
    if (mediaType(req) === 'multipart/form-data') {
      const mp = await readMultipart(req, {
        storage: this.storage,
        keyFor: (filename) => storageKeys.input(projectUuid, filename),
        maxFileBytes: this.config.MAX_UPLOAD_BYTES,
        maxFieldsBytes: this.config.MAX_BODY_BYTES,
        idleMs: this.config.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      });
      return { body: { kind: 'form', fields: mp.fields }, upload: mp.upload, errors: mp.errors };
    }
    return { body: await this.readPlain(req), upload: null, errors: {} };
  }

  /**
   * A JSON, urlencoded or multipart body, for the actions that take no file (DRF parses all
   * three for every action): a file sent along is stored nowhere (taken in, then removed).
   */
  async readPlain(req: Request): Promise<ParsedBody> {
    if (mediaType(req) !== 'multipart/form-data') return readBody(req, this.limits());
    const mp = await readMultipart(req, {
      storage: this.storage,
      keyFor: () => `tmp/ignored-uploads/${randomUUID()}`,
      maxFileBytes: this.config.MAX_UPLOAD_BYTES,
      maxFieldsBytes: this.config.MAX_BODY_BYTES,
      idleMs: this.config.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
    });
    await this.discard(mp.upload);
    return { kind: 'form', fields: mp.fields };
  }

  /** Removes an upload whose request was refused, so that nothing half-created remains. */
  async discard(upload: StoredUpload | null): Promise<void> {
    if (upload) await this.storage.remove(upload.key);
  }

  private limits(): BodyLimits {
    return { maxBytes: this.config.MAX_BODY_BYTES, idleMs: this.config.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000 };
  }
}
