/**
 * The refusal of one field, under it: the field points at it with `invalidProps(id, error)`, so a
 * screen reader reads it with the field; nothing when there is none.
 */
export function FieldError({ id, children }: { id: string; children: string | null | undefined }) {
  return children ? (
    <p id={id} className="field-error">
      {children}
    </p>
  ) : null;
}
