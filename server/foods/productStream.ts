import type { ReadProduct } from '../../cloud/catalogue/importedFood';

/**
 * The products of one export as the import takes them: in a fixed order, each with a position that
 * only grows (a line's number, an `fdc_id`), so a resumed run skips those at or below the position
 * the interrupted one committed.
 */
export interface ProductStream {
  products(resumeAfter: number): AsyncIterable<{ position: number; read: ReadProduct }>;
  /** How far the stream has got, 0 to 1. */
  share(): number;
  close(): Promise<void> | void;
}
