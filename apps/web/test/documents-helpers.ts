import { vi } from 'vitest';
import { documentAreaOf, encodeDocUrl, type PetDocument } from '@pet/contract';
import { json, type RecordedCall } from './helpers';

/** A document as GET /v1/document/mydocs answers it. */
export function makeDocument(
  overrides: Partial<PetDocument> & { files?: Array<{ id: string; type: string }> } = {},
): PetDocument {
  const { files = [{ id: 'file-1', type: 'pdf' }], ...rest } = overrides;
  const documentType = rest.document_type ?? 'Insurance';
  return {
    id: 'doc-1',
    document_type: documentType,
    area: documentAreaOf(documentType) ?? 'document-safe',
    description: 'Liability insurance 2025',
    doc_url: encodeDocUrl(
      files.map((file) => ({ url: `/v1/document/file?file_id=${file.id}`, type: file.type })),
    ),
    created_at: '2025-03-12T09:30:00.000Z',
    ...rest,
  };
}

/** Answers mydocs per pet_id from a table (unknown pets: an empty list). */
export function myDocsRoute(byPet: Record<string, PetDocument[]>) {
  return (call: RecordedCall) => {
    const petId = new URL(call.url, 'http://localhost').searchParams.get('pet_id') ?? '';
    return json(byPet[petId] ?? []);
  };
}

export interface FakeUpload {
  url: string;
  method: string;
  files: File[];
}

/**
 * XMLHttpRequest stand-in for api.upload: records each upload, reports progress in two steps and
 * answers with `respond` (status and body).
 */
export function installFakeXhr(
  respond: (upload: FakeUpload) => { status: number; body: unknown },
  options: { delayMs?: number } = {},
) {
  const delay = options.delayMs ?? 20;
  const uploads: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    timeout = 0;
    private method = 'GET';
    private url = '';
    private listeners: Record<string, Array<(event: unknown) => void>> = {};
    private uploadListeners: Record<string, Array<(event: unknown) => void>> = {};
    upload = {
      addEventListener: (name: string, listener: (event: unknown) => void) => {
        (this.uploadListeners[name] ??= []).push(listener);
      },
    };
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(name: string, listener: (event: unknown) => void) {
      (this.listeners[name] ??= []).push(listener);
    }
    private aborted = false;
    abort() {
      this.aborted = true;
      this.listeners.abort?.forEach((listener) => listener({}));
    }
    send(body: FormData) {
      const files = body.getAll('file').filter((value): value is File => value instanceof File);
      const upload = { url: this.url, method: this.method, files };
      uploads.push(upload);
      const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
      setTimeout(() => {
        if (this.aborted) return;
        this.uploadListeners.progress?.forEach((listener) =>
          listener({ lengthComputable: true, loaded: total / 2, total }),
        );
        setTimeout(() => {
          if (this.aborted) return;
          this.uploadListeners.progress?.forEach((listener) =>
            listener({ lengthComputable: true, loaded: total, total }),
          );
          const answer = respond(upload);
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.listeners.load?.forEach((listener) => listener({}));
        }, delay);
      }, delay);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

/** A File whose reported size is `size` without allocating it. */
export function fileOfSize(name: string, size: number, type = ''): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
