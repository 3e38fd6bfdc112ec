/**
 * An error the user can fix (a bad name, not an App Router project, a failed install). The bin prints its message
 * alone, without a stack, and exits with 1. Every generator module throws this one class.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
