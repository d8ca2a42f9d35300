import { Status } from '@pet/contract';
import { AppError } from '../errors.ts';

/** The source stream passed `maxBytes`; nothing of it was kept (spec pet-data 5: File_Too_Large_Error_Text). */
export class FileTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(Status.BadRequest, 'File_Too_Large_Error_Text', `File exceeds ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * A storage key (or prefix) that is not one of ours: `..`, backslashes, absolute paths, characters
 * outside [A-Za-z0-9/_.-]. Keys are chosen by the server, so this is a bug or an attack, never user input.
 */
export class InvalidStorageKeyError extends AppError {
  constructor(message: string) {
    super(Status.BadRequest, 'Bad_Request_Text', message);
    this.name = 'InvalidStorageKeyError';
  }
}
