export {
  evaluate,
  parseExpression,
  isValidExpression,
  ExpressionError,
  MAX_EXPRESSION_LENGTH,
  MAX_EXPRESSION_DEPTH,
} from './evaluate';
export type { EvaluateOptions } from './evaluate';
export { EXPRESSION_HELPERS } from './helpers';
