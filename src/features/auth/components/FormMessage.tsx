import { FormError } from '@/components/FormError';

export interface FormMessageProps {
  error?: string | undefined;
  notice?: string | undefined;
}

/** The form-level sentence: an error is announced at once, a notice politely. */
export function FormMessage({ error, notice }: FormMessageProps) {
  if (error) return <FormError>{error}</FormError>;
  if (notice) {
    return (
      <p role="status" className="form-notice">
        {notice}
      </p>
    );
  }
  return null;
}
