import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { GatewayConfig } from '../config/gateway.config';
import { mediaType, ParsedBody, readBody } from '../http/request-body';
import { readMultipart, StoredUpload } from '../http/multipart';

export interface ReadProjectBody {
  body: ParsedBody;
  upload: StoredUpload | null;
  errors: Record<string, string[]>;
}

/** Reads a request body of any supported kind; a multipart file lands in the project's input/. */
@Injectable()
export class ProjectBodyService {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage, private readonly config: GatewayConfig) {}

  async read(req: Request, projectUuid: string): Promise<ReadProjectBody> {
    if (mediaType(req) === 'multipart/form-data') {
      const mp = await readMultipart(req, {
        storage: this.storage,
        keyFor: (filename) => storageKeys.input(projectUuid, filename),
        maxFileBytes: this.config.MAX_UPLOAD_BYTES,
        maxFieldBytes: this.config.MAX_BODY_BYTES,
      });
      return { body: { kind: 'form', fields: mp.fields }, upload: mp.upload, errors: mp.errors };
    }
    return { body: await readBody(req, this.config.MAX_BODY_BYTES), upload: null, errors: {} };
  }

  /** Removes an upload whose request was refused, so that nothing half-created remains. */
  async discard(upload: StoredUpload | null): Promise<void> {
    if (upload) await this.storage.remove(upload.key);
  }
}
