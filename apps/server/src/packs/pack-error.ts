/** A pack refused or an export that cannot be made: the reasons, in French, for the operator. */
export class PackError extends Error {
  constructor(
    message: string,
    /** Every reason, when there are several (a hostile pack's list). */
    readonly reasons: readonly string[] = [message],
    /** `missing`: what was asked for does not exist (a 404 over HTTP); else a refusal (409). */
    readonly kind: 'missing' | 'refused' = 'refused',
  ) {
    super(message);
    this.name = 'PackError';
  }
}
