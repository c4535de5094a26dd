/** What a field says of its refusal (shown by `FieldError` with the id `errorId`): invalid, and why. */
export function invalidProps(
  errorId: string,
  error: string | null | undefined,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}
