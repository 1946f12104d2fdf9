/**
 * Pieces of tool output for property tests of the error-line search: error words and marks,
 * the exceptions (`0 errors`), and every line break the searches must agree on.
 */
import fc from 'fast-check';

export const errorTextUnit = fc.constantFrom(
  'a',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  'error',
  'Errors',
  'FAIL',
  'E ',
  'E  ',
  '✗',
  '0 errors',
  'not found',
  '\u2028',
  'x',
);
