/** A thumbnail that could not be made; its message (French) is the command's failure reason. */
export class ThumbnailError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ThumbnailError';
  }
}
