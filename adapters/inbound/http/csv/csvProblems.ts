import { type ErrorDetail, validationError } from '../../../../domain/shared/DomainError';

/**
 * Where in a CSV file a problem is: `rows[3].settings`, row numbers counting the header as
 * row 1 (as a spreadsheet shows them, empty lines aside), the column by its header name, or
 * `rows[3][7]` (0-based) for a cell no header names.
 */
export const cellPath = (row: number, column: string | number): string => (typeof column === 'number' ? `rows[${row}][${column}]` : `rows[${row}].${column}`);

/** The file itself is malformed: one 422 naming where, and nothing of it is written. */
export const invalidCsv = (details: readonly ErrorDetail[]) => validationError('invalid_csv', details);
