/** A pack refused or an export that cannot be made: the reasons, in French, for the operator. */
export class PackError extends Error {
  constructor(
    message: string,
    /** Every reason, when there are several (a hostile pack's list). */
    readonly reasons: readonly string[] = [message],
  ) {
    super(message);
    this.name = 'PackError';
  }
}
