/**
 * The sentence saying why a form or an action did not go through, announced when it appears
 * (`role="alert"`); nothing when there is none.
 */
export function FormError({ children }: { children: string | null | undefined }) {
  return children ? (
    <p role="alert" className="form-error">
      {children}
    </p>
  ) : null;
}
